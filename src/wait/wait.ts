import { DeadlineError } from '../control-plane/errors'
import type { CallOptions } from '../control-plane/client'
import { meaningOfError } from '../control-plane/status-policy'
import type { Revision } from '../control-plane/schemas'
import { HISTORY_LIMIT, predictedGap, predictFinish, type FinishPrediction } from './poll-schedule'
import type { WaitProgress } from './progress'
import { judgeStatus, type Verdict } from './revision-status'

/** The history as read for the prediction and the summary's comparison: `read` false on failure. */
export interface HistoryReading {
  read: boolean
  prediction?: FinishPrediction
}

export type WaitResult =
  | { kind: 'final'; verdict: Exclude<Verdict, 'waiting'>; status: string }
  | { kind: 'timeout'; status: string | undefined }

export interface WaitOptions {
  /** Reads the revision once; the wait loop passes the deadline and the signal through. */
  getRevision: (call: CallOptions) => Promise<Revision>
  /**
   * Reads the deployment's newest revisions (newest first, at most `limit`) to predict when this
   * one ends. Optional and best effort: without it, or when it fails, the wait backs off plainly.
   */
  getHistory?: (limit: number, call: CallOptions) => Promise<Revision[]>
  /** Epoch milliseconds: no poll is sent and no sleep lasts beyond it. */
  deadline: number
  /** The longest gap between two polls (the `poll-interval` input). */
  pollIntervalMs: number
  signal?: AbortSignal
  now: () => number
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>
  /** Called with the first status and with every change. */
  onStatus: (status: string) => void
  /**
   * Told every status read and the prediction; sleeps are split where it has a heartbeat to give.
   * It sends nothing: the polls stay those of the schedule.
   */
  progress?: WaitProgress
}

/**
 * Status checks in a row that may fail (each after its own quick retries, below) before the wait
 * gives up: a service that is down for longer than that is not coming back within the run. Which
 * failures a poll may ride out is status-policy.ts's `pollTolerates`.
 */
export const FAILED_POLL_BUDGET = 5
/**
 * Attempts of one status check, the first included. The next poll is itself a retry, so a poll
 * retries less than other reads: a dead service costs at most 5 × 3 = 15 GETs (not 5 × 5), spread
 * over the growing gaps, while a blip of a few failed GETs is ridden out within one poll.
 */
export const POLL_ATTEMPTS = 3

/** The first gap between polls; gaps then grow by half each poll up to the poll interval. */
const FIRST_GAP_MS = 2_000
const GAP_GROWTH = 1.5
/**
 * Once the predicted end has passed, the build is running late but likely ends soon: gaps grow
 * more slowly from the dense gap (a 15-min build 10 % over its history is noticed in about 2 s
 * rather than 6.5 s, for two more polls; BENCHMARKS.md).
 */
const LATE_GAP_GROWTH = 1.2

/**
 * Polls a revision until its status is final or the deadline passes. Gaps start short and grow
 * while nothing changes (a build takes minutes; a status change often comes with the next one
 * soon after), and never exceed `pollIntervalMs`. When the deployment's earlier revisions tell how
 * long a build takes, the wait instead polls sparsely until just before the predicted end and
 * densely around it (see poll-schedule.ts). Aborting the signal rejects with its reason.
 */
export async function waitForRevision(options: WaitOptions): Promise<WaitResult> {
  const { deadline, pollIntervalMs, signal, now, progress } = options
  const pause = (ms: number) =>
    progress ? progress.pause(ms, options.sleep, signal) : options.sleep(ms, signal)
  const firstGap = Math.min(FIRST_GAP_MS, pollIntervalMs)
  let gap = firstGap
  let lastStatus: string | undefined
  let failedPolls = 0
  let prediction: FinishPrediction | undefined
  let growth = GAP_GROWTH
  // Read once, at the first status, whether or not it steers the polls: the summary compares
  // this revision with the earlier ones. With a poll interval no longer than the first gap there
  // is nothing to save, so the prediction does not steer the polls then.
  let historyRead = options.getHistory === undefined
  const steers = pollIntervalMs > FIRST_GAP_MS
  const startedAt = now()
  for (;;) {
    let revision: Revision
    try {
      revision = await options.getRevision({ deadline, signal, maxAttempts: POLL_ATTEMPTS })
      failedPolls = 0
    } catch (error) {
      if (error instanceof DeadlineError) return { kind: 'timeout', status: lastStatus }
      failedPolls += 1
      if (!meaningOfError(error).pollTolerates || failedPolls >= FAILED_POLL_BUDGET) {
        if (failedPolls > 1 && error instanceof Error) {
          error.message = `${failedPolls} status checks in a row failed; the last: ${error.message}`
        }
        throw error
      }
      const remaining = deadline - now()
      if (remaining <= 0) return { kind: 'timeout', status: lastStatus }
      await pause(Math.min(gap, remaining))
      continue
    }
    progress?.polled(revision.status)
    if (revision.status !== lastStatus) {
      lastStatus = revision.status
      options.onStatus(revision.status)
      gap = firstGap
    } else {
      gap = Math.min(pollIntervalMs, gap * growth)
    }
    const verdict = judgeStatus(revision.status)
    if (!historyRead) {
      historyRead = true
      const history = await readPrediction(options, revision, startedAt)
      progress?.compared(history)
      prediction = history.read && steers ? history.prediction : undefined
      if (verdict === 'waiting') progress?.predicted(history.prediction?.basis)
    }
    if (verdict !== 'waiting') {
      progress?.predicted(undefined)
      return { kind: 'final', verdict, status: revision.status }
    }
    progress?.predicted(undefined)
    const predicted = prediction && predictedGap(prediction, now(), pollIntervalMs)
    if (prediction && predicted === undefined) {
      // The predicted end has passed: back off from the dense gap, slowly.
      gap = prediction.denseGap
      growth = LATE_GAP_GROWTH
      prediction = undefined
    }
    const remaining = deadline - now()
    if (remaining <= 0) return { kind: 'timeout', status: lastStatus }
    await pause(Math.min(predicted ?? gap, remaining))
  }
}

/**
 * The revision started when it was created, or when the wait started if the service's clock says
 * later (clocks can differ; the run created the revision just before waiting).
 */
async function readPrediction(
  options: WaitOptions,
  revision: Revision,
  waitStartedAt: number
): Promise<HistoryReading> {
  if (!options.getHistory) return { read: false }
  try {
    const history = await options.getHistory(HISTORY_LIMIT, {
      deadline: options.deadline,
      signal: options.signal
    })
    const createdAt = Date.parse(revision.created_at ?? '')
    const startedAt = Number.isFinite(createdAt)
      ? Math.min(createdAt, waitStartedAt)
      : waitStartedAt
    return { read: true, prediction: predictFinish(history, revision.id, startedAt, FIRST_GAP_MS) }
  } catch {
    return { read: false }
  }
}
