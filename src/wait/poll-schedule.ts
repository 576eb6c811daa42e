import type { Revision } from '../control-plane/schemas'

/**
 * When the revision being waited on will likely end, from how long the deployment's earlier
 * revisions took: the wait then polls sparsely until just before that moment and densely around it.
 */
export interface FinishPrediction {
  /** Epoch ms (local clock): the likeliest end, a little after the median of the earlier ones. */
  anchor: number
  /** Dense polling covers anchor ± halfWidth. */
  halfWidth: number
  /** The gap between polls inside that window. */
  denseGap: number
  /** What the prediction was made from, for the messages that show it (progress-text.ts). */
  basis: PredictionBasis
}

/** The revision's start and the durations of the earlier revisions the prediction used. */
export interface PredictionBasis {
  /** Epoch ms (local clock) the revision is taken to have started. */
  startedAt: number
  /** How many earlier revisions, and their shortest, median and longest durations. */
  count: number
  shortestMs: number
  medianMs: number
  longestMs: number
}

/** Earlier revisions read for the prediction, and the most of them used. */
export const HISTORY_LIMIT = 10
const HISTORY_USED = 5
/** A poll lands this long after the predicted end, so that the end has been recorded by then. */
const AFTER_END_MS = 250
/** The window is at least ±1 s, or ±1 % of the build, or half the spread of the history. */
const MIN_HALF_WIDTH_MS = 1_000
const HALF_WIDTH_SHARE = 0.01
/** At most about this many polls fall inside the window: a wide window gets wider gaps. */
const POLLS_PER_HALF_WIDTH = 5

/**
 * Predicts the end of a revision that started at `startedAt` (local epoch ms) from the newest
 * DEPLOYED revisions in `history` (other than `revisionId`), each taking `updated_at - created_at`.
 * Undefined when there is nothing to learn from.
 */
export function predictFinish(
  history: readonly Revision[],
  revisionId: string,
  startedAt: number,
  denseGapMs: number
): FinishPrediction | undefined {
  const durations = history
    .filter((revision) => revision.id !== revisionId && revision.status === 'DEPLOYED')
    .map(
      (revision) => Date.parse(revision.updated_at ?? '') - Date.parse(revision.created_at ?? '')
    )
    .filter((duration) => Number.isFinite(duration) && duration > 0)
    .slice(0, HISTORY_USED)
    .sort((a, b) => a - b)
  if (durations.length === 0) return undefined
  const middle = Math.floor(durations.length / 2)
  const median =
    durations.length % 2 === 1
      ? (durations[middle] as number)
      : ((durations[middle - 1] as number) + (durations[middle] as number)) / 2
  const spread = (durations[durations.length - 1] as number) - (durations[0] as number)
  const halfWidth = Math.max(MIN_HALF_WIDTH_MS, median * HALF_WIDTH_SHARE, spread / 2)
  return {
    anchor: startedAt + median + AFTER_END_MS,
    halfWidth,
    denseGap: Math.max(denseGapMs, halfWidth / POLLS_PER_HALF_WIDTH),
    basis: {
      startedAt,
      count: durations.length,
      shortestMs: durations[0] as number,
      medianMs: median,
      longestMs: durations[durations.length - 1] as number
    }
  }
}

/**
 * The gap before the next poll under a prediction, or undefined once the window is behind (the
 * caller then backs off as without one). Before the window, gaps of at most `pollIntervalMs` are
 * evened out so that a poll lands on the window's first grid point; inside it, polls follow a
 * grid of `denseGap` that passes through the anchor. Never more than `pollIntervalMs`.
 */
export function predictedGap(
  prediction: Pick<FinishPrediction, 'anchor' | 'halfWidth' | 'denseGap'>,
  now: number,
  pollIntervalMs: number
): number | undefined {
  const { anchor, halfWidth, denseGap } = prediction
  // Grid points before the anchor only where the window reaches them (a tight history aims the
  // sparse polls at the anchor itself); after it, until the window is covered.
  const windowStart = anchor - Math.floor(halfWidth / denseGap) * denseGap
  const windowEnd = anchor + Math.ceil(halfWidth / denseGap) * denseGap
  if (now >= windowEnd) return undefined
  if (now < windowStart) {
    const remaining = windowStart - now
    return remaining / Math.ceil(remaining / pollIntervalMs)
  }
  // The next grid point strictly after now (a poll exactly on one moves to the next).
  let next = anchor + (Math.floor((now - anchor) / denseGap) + 1) * denseGap
  if (next - now < 1) next += denseGap // rounding put now just short of a grid point
  return Math.min(next - now, pollIntervalMs)
}
