/**
 * Completion by coverage: nothing says when the evaluators are done, so the gate polls, with
 * backoff and within its deadline, until every run sent is ingested and every run without an
 * error has a numeric or boolean score for every gated key. Scores still missing at the deadline
 * are what they are: the verdict cannot conclude on them.
 */
import { DeadlineError } from '../control-plane/errors'
import { formatDuration } from '../lib/duration'
import { callOf, type GateDeps } from './types'
import type { Feedback } from '../tracing/schemas'
import type { RunOutcome } from './verdict'

export interface CoverageTarget {
  experimentId: string
  runs: readonly RunOutcome[]
}

export interface Coverage {
  /** experiment id → key → run id → score. */
  scores: Map<string, Map<string, Map<string, number>>>
  /** Experiments whose runs were not all seen by the service. */
  notIngested: string[]
  complete: boolean
  /** The tracing service failed past its retries: why (the gate cannot conclude). */
  serviceFailure?: string
  /** Status reads of the experiments and feedback reads made. */
  reads: number
}

/** First pause between polls; it grows by half each poll up to the longest. */
export const FIRST_POLL_GAP_MS = 5_000
export const LONGEST_POLL_GAP_MS = 60_000
const GAP_GROWTH = 1.5
const LAST_LOOK_MARGIN_MS = 1_000
/** Polls in a row that may fail (each after the client's retries) before the gate gives up. */
const FAILED_POLL_BUDGET = 3

export async function awaitCoverage(
  targets: readonly CoverageTarget[],
  keys: readonly string[],
  deadline: number,
  deps: GateDeps
): Promise<Coverage> {
  const scores = new Map(
    targets.map((target) => [
      target.experimentId,
      new Map(keys.map((key) => [key, new Map<string, number>()]))
    ])
  )
  const ingested = new Set<string>()
  let reads = 0
  let failedPolls = 0
  let gap = FIRST_POLL_GAP_MS
  let serviceFailure: string | undefined
  const startedAt = deps.now()
  for (;;) {
    try {
      reads += await poll(targets, keys, scores, ingested, { ...deps, deadline })
      failedPolls = 0
    } catch (error) {
      if (deps.signal?.aborted) throw deps.signal.reason
      if (error instanceof DeadlineError) break
      failedPolls += 1
      serviceFailure = error instanceof Error ? error.message : String(error)
      if (failedPolls >= FAILED_POLL_BUDGET) break
    }
    const complete = isComplete(targets, keys, scores, ingested)
    const counted = countScores(targets, keys, scores)
    deps.info(
      progressLine(counted, targets, ingested, deps.now() - startedAt, deadline - startedAt)
    )
    deps.progress?.(`waiting for evaluators: ${counted.seen} of ${counted.expected} scores`)
    if (complete) return { scores, notIngested: [], complete: true, reads }
    // The last look is a little before the deadline: a read at the deadline is not sent.
    const left = deadline - LAST_LOOK_MARGIN_MS - deps.now()
    if (left <= 0) break
    await deps.sleep(Math.min(gap, left), deps.signal)
    gap = Math.min(LONGEST_POLL_GAP_MS, gap * GAP_GROWTH)
  }
  return {
    scores,
    notIngested: targets.filter((t) => !ingested.has(t.experimentId)).map((t) => t.experimentId),
    complete: false,
    ...(failedPolls >= FAILED_POLL_BUDGET && serviceFailure !== undefined && { serviceFailure }),
    reads
  }
}

/** One round: each experiment's run count until ingested, and the scores still missing. */
async function poll(
  targets: readonly CoverageTarget[],
  keys: readonly string[],
  scores: Coverage['scores'],
  ingested: Set<string>,
  deps: GateDeps
): Promise<number> {
  let reads = 0
  for (const target of targets) {
    if (!ingested.has(target.experimentId)) {
      const session = await deps.client.getSession(target.experimentId, callOf(deps))
      reads += 1
      if ((session?.run_count ?? 0) >= target.runs.length) ingested.add(target.experimentId)
    }
    for (const key of keys) {
      const byRun = scores.get(target.experimentId)?.get(key)
      if (!byRun) continue
      const missing = target.runs
        .filter((run) => run.error === undefined && !byRun.has(run.runId))
        .map((run) => run.runId)
      if (missing.length === 0) continue
      const feedback = await deps.client.listFeedback(missing, key, callOf(deps))
      reads += Math.ceil(missing.length / 50)
      for (const [runId, score] of newestScores(feedback, key)) byRun.set(runId, score)
    }
  }
  return reads
}

/** One line per poll (polls are at most a minute apart): what is in, and for how long it waited. */
function progressLine(
  { seen, expected }: { seen: number; expected: number },
  targets: readonly CoverageTarget[],
  ingested: ReadonlySet<string>,
  waitedMs: number,
  allowedMs: number
): string {
  const notIngested = targets.filter((target) => !ingested.has(target.experimentId)).length
  return `Evaluation gate: ${seen} of ${expected} scores in${notIngested > 0 ? ', runs still being ingested' : ''}; waited ${formatDuration(waitedMs)} of ${formatDuration(allowedMs)} (gate.timeout).`
}

/** The scores awaited (every answered run, every key) and how many are in. */
function countScores(
  targets: readonly CoverageTarget[],
  keys: readonly string[],
  scores: Coverage['scores']
): { seen: number; expected: number } {
  let expected = 0
  let seen = 0
  for (const target of targets) {
    const answered = target.runs.filter((run) => run.error === undefined)
    for (const key of keys) {
      const byRun = scores.get(target.experimentId)?.get(key)
      expected += answered.length
      seen += answered.filter((run) => byRun?.has(run.runId)).length
    }
  }
  return { seen, expected }
}

function isComplete(
  targets: readonly CoverageTarget[],
  keys: readonly string[],
  scores: Coverage['scores'],
  ingested: ReadonlySet<string>
): boolean {
  return targets.every(
    (target) =>
      ingested.has(target.experimentId) &&
      keys.every((key) => {
        const byRun = scores.get(target.experimentId)?.get(key)
        return target.runs.every((run) => run.error !== undefined || byRun?.has(run.runId))
      })
  )
}

/**
 * Each run's score for `key`: its newest feedback whose score is a number or a boolean (1 or 0).
 * A null score is no score; comments and values are never read.
 */
export function newestScores(feedback: readonly Feedback[], key: string): Map<string, number> {
  const newest = new Map<string, { at: number; score: number }>()
  for (const item of feedback) {
    if (item.key !== key) continue
    const score =
      typeof item.score === 'boolean'
        ? item.score
          ? 1
          : 0
        : typeof item.score === 'number' && Number.isFinite(item.score)
          ? item.score
          : undefined
    if (score === undefined) continue
    const at = Date.parse(item.created_at ?? '') || 0
    const seen = newest.get(item.run_id.toLowerCase())
    if (!seen || at >= seen.at) newest.set(item.run_id.toLowerCase(), { at, score })
  }
  return new Map([...newest].map(([runId, { score }]) => [runId, score]))
}

/**
 * The scores of an earlier experiment made by this action, read run by run: its run ids are
 * derived from its id, the examples and its repetitions. Returns key → run id → score.
 */
export async function readScores(
  runIds: readonly string[],
  keys: readonly string[],
  deps: GateDeps
): Promise<Map<string, Map<string, number>>> {
  const table = new Map<string, Map<string, number>>()
  for (const key of keys) {
    const feedback = await deps.client.listFeedback(runIds, key, callOf(deps))
    table.set(key, newestScores(feedback, key))
  }
  return table
}
