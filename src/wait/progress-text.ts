import { formatDuration } from '../lib/duration'
import type { PredictionBasis } from './poll-schedule'
import type { ProgressEvent } from './progress'

/** A moment as people read it in a log: `12:04:30 UTC` (runners log in UTC). */
export function clockTime(epochMs: number): string {
  return `${new Date(epochMs).toISOString().slice(11, 19)} UTC`
}

/** When the revision likely ends: its start plus the median of the earlier ones. */
export function expectedEndAt(basis: PredictionBasis): number {
  return basis.startedAt + basis.medianMs
}

/** When the revision counts as late: it has taken longer than the longest earlier one. */
function usualEndAt(basis: PredictionBasis): number {
  return basis.startedAt + basis.longestMs
}

/** `4m 05s–4m 30s`, or one duration when the earlier builds took the same (or there was one). */
export function earlierRange(basis: Pick<PredictionBasis, 'shortestMs' | 'longestMs'>): string {
  const shortest = formatDuration(basis.shortestMs)
  const longest = formatDuration(basis.longestMs)
  return shortest === longest ? shortest : `${shortest}–${longest}`
}

/** `expected around 12:04:30 UTC (in ~3m 10s)`, or `(due now)` once that moment has come. */
export function expectedEnd(basis: PredictionBasis, at: number): string {
  const end = expectedEndAt(basis)
  const left = end - at
  return `expected around ${clockTime(end)} (${left >= 1_000 ? `in ~${formatDuration(left)}` : 'due now'})`
}

/**
 * The log line of a progress event; `totalMs` is the time the run has taken so far. The status
 * comes from the service: the log escapes it (../report/log.ts).
 */
export function progressLine(event: ProgressEvent, totalMs: number): string | undefined {
  const total = formatDuration(totalMs)
  switch (event.kind) {
    case 'started':
      return event.basis
        ? `Earlier builds took ${earlierRange(event.basis)}; ${expectedEnd(event.basis, event.at)}.`
        : undefined
    case 'heartbeat': {
      if (event.status === undefined) return `Still waiting for the first status: ${total} in all.`
      const still = `Still ${event.status}: ${formatDuration(event.inStatusMs)}, ${total} in all`
      if (!event.basis) return `${still}.`
      const late = event.at - usualEndAt(event.basis)
      return late > 0
        ? `${still}; running ${formatDuration(late)} past the usual (earlier builds took ${earlierRange(event.basis)}).`
        : `${still}; ${expectedEnd(event.basis, event.at)}.`
    }
    case 'late':
      return `Running past the usual: earlier builds took ${earlierRange(event.basis)}, this one is still ${event.status} after ${formatDuration(event.at - event.basis.startedAt)}.`
  }
}

/** The GitHub deployment's in_progress description (at most 140 characters once escaped). */
export function expectedEndDescription(basis: PredictionBasis | undefined, at: number): string {
  if (!basis) return 'Waiting for the revision'
  return `Waiting for the revision; ${expectedEnd(basis, at)}; earlier builds took ${earlierRange(basis)}`
}
