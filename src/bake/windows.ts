/**
 * When the bake reads what (spec "Bake window", "The window"): the window starts when the last
 * check ended and lasts `bake.duration`; the k-th of ⌈duration / interval⌉ reads covers
 * [start, start + k × interval) and is made a settling time after that end; the last covers the
 * whole window. Pure.
 */

/** Runs are ingested a little after they end: a window is read this long after it ended, at most. */
export const MAX_SETTLING_MS = 30_000
/** The last read and its retries may run this much past the window's end, at least. */
export const MIN_GRACE_MS = 60_000

export interface BakeRead {
  /** 1-based. */
  index: number
  /** The window it covers: [from, to), epoch ms. */
  from: number
  to: number
  /** When it is made. */
  due: number
  last: boolean
}

export interface BakeSchedule {
  start: number
  settlingMs: number
  reads: BakeRead[]
  /** The bake's end, its last read's retries included: start + duration + max(interval, 60 s). */
  end: number
}

/** The settling time: the smaller of 30 s and the interval. */
export function settlingMs(intervalMs: number): number {
  return Math.min(MAX_SETTLING_MS, intervalMs)
}

/** How long a bake may take from its start, its last read's retries included. */
export function bakeBudgetMs(durationMs: number, intervalMs: number): number {
  return durationMs + Math.max(intervalMs, MIN_GRACE_MS)
}

export function bakeSchedule(start: number, durationMs: number, intervalMs: number): BakeSchedule {
  const settling = settlingMs(intervalMs)
  const count = Math.ceil(durationMs / intervalMs)
  const reads: BakeRead[] = []
  for (let index = 1; index <= count; index++) {
    const to = start + Math.min(index * intervalMs, durationMs)
    reads.push({ index, from: start, to, due: to + settling, last: index === count })
  }
  return { start, settlingMs: settling, reads, end: start + bakeBudgetMs(durationMs, intervalMs) }
}

/**
 * The previous revision's window: `bake.duration` long, ending when this run started, read once
 * it ended a settling time ago (the time prepare waits until, when it is not yet).
 */
export function previousWindow(runStartedAt: number, durationMs: number, intervalMs: number) {
  return {
    from: runStartedAt - durationMs,
    to: runStartedAt,
    due: runStartedAt + settlingMs(intervalMs)
  }
}
