/**
 * Run stats (reference/tracing-api.md, "Run stats"): the shape of `POST /runs/stats` as the bake
 * window reads it, the metadata filter it sends, and what one attempt at a read comes to.
 * An answer is numbers in range or no answer at all: a hostile or broken service must never make
 * a window look healthy, so anything else is an unanswered attempt, retried like a 5xx.
 */
import { z } from 'zod'
import { BodyTooLargeError, DeadlineError, ResponseShapeError } from '../control-plane/errors'
import { failureOf, meaningOf } from '../control-plane/status-policy'
import { UUID } from '../lib/ids'

/** The four numbers a read asks for, in the order the service is asked. */
export const RUN_STATS_SELECT = ['run_count', 'error_rate', 'latency_p50', 'latency_p99'] as const

/** A metadata key the filter may name: it is written into the service's filter grammar. */
export const METADATA_KEY = /^[A-Za-z0-9_.-]{1,64}$/

const rate = z.number().min(0).max(1).nullable()
// zod's number refuses NaN and ±Infinity: a latency is finite or the answer is refused.
const seconds = z.number().min(0).nullable()

/** The answer, checked: extra keys are dropped; `null` only in a window without runs. */
export const runStatsSchema = z
  .object({
    run_count: z.number().int().min(0),
    error_rate: rate,
    latency_p50: seconds,
    latency_p99: seconds
  })
  .superRefine((stats, context) => {
    if (stats.run_count === 0) return
    for (const key of ['error_rate', 'latency_p50', 'latency_p99'] as const) {
      if (stats[key] === null)
        context.addIssue({
          code: 'custom',
          path: [key],
          message: `is null although run_count is ${stats.run_count}`
        })
    }
  })

/** A window's stats as read: every value checked (see runStatsSchema). */
export interface RunStats {
  runCount: number
  /** 0–1; null only when runCount is 0. */
  errorRate: number | null
  /** Seconds; null only when runCount is 0. */
  latencyP50: number | null
  latencyP99: number | null
}

/** A window of root runs by start time, `[start, end)` in epoch milliseconds. */
export interface StatsWindow {
  start: number
  end: number
  /** A filter in the service's grammar: make it with `revisionFilter`. */
  filter?: string
}

/**
 * One attempt at a read. `unanswered` is a failure worth trying again (429, 5xx, no answer, an
 * answer that is not numbers in range, a hold of `Retry-After` past the deadline); a refusal
 * that will not change (401, 403, 400 on the filter) is thrown, as every client error is.
 */
export type StatsAttempt =
  { kind: 'answered'; stats: RunStats } | { kind: 'unanswered'; reason: string }

/**
 * A read retried until its deadline: answered by one of its attempts, or by none (`attempts` may
 * be 0 when a `Retry-After` held it back past the deadline).
 */
export type StatsRead =
  | { kind: 'answered'; stats: RunStats; attempts: number }
  | { kind: 'unanswered'; reason: string; attempts: number }

/** The deployment's tracing project, or why there is none. */
export type ProjectLookup =
  { kind: 'found'; project: TracingProject } | { kind: 'not-found'; name: string }

export interface TracingProject {
  id: string
  name: string
  /** The workspace, as the session's answer gives it (the project's web link needs it). */
  tenantId: string | null
  /** How it was found: the deployment's `tracer_session_id`, or the deployment's name. */
  foundBy: 'tracer-session-id' | 'name'
}

/** A metadata key that does not fit the filter grammar; the caller names its setting. */
export class MetadataKeyError extends Error {
  constructor(readonly key: string) {
    super(
      `The metadata key ${JSON.stringify(key.slice(0, 80))} cannot go into a run filter: it must match ${String(METADATA_KEY)}.`
    )
    this.name = 'MetadataKeyError'
  }
}

/**
 * The filter that scopes a read to the runs whose metadata holds `key` with the revision's id:
 * `and(eq(metadata_key, "K"), eq(metadata_value, "V"))`. Both values are checked first, since
 * each is written inside quotes of the service's grammar.
 */
export function revisionFilter(key: string, revisionId: string): string {
  if (!METADATA_KEY.test(key)) throw new MetadataKeyError(key)
  if (!UUID.test(revisionId))
    throw new Error(`The revision id ${JSON.stringify(revisionId)} is not a UUID`)
  return `and(eq(metadata_key, "${key}"), eq(metadata_value, "${revisionId}"))`
}

/** The body of `POST /runs/stats` for a window of the project's root runs. */
export function runStatsBody(projectId: string, window: StatsWindow): Record<string, unknown> {
  return {
    session: [projectId],
    is_root: true,
    start_time: new Date(window.start).toISOString(),
    end_time: new Date(window.end).toISOString(),
    ...(window.filter === undefined ? {} : { filter: window.filter }),
    select: [...RUN_STATS_SELECT]
  }
}

/** The checked answer in the action's names. */
export function toRunStats(stats: z.output<typeof runStatsSchema>): RunStats {
  return {
    runCount: stats.run_count,
    errorRate: stats.error_rate,
    latencyP50: stats.latency_p50,
    latencyP99: stats.latency_p99
  }
}

/**
 * What a failed attempt comes to: worth another try (a 408, 425, 429 or 5xx, no answer, an answer
 * that is not numbers in range or is too large, the deadline reached while held back or waiting),
 * or thrown when the refusal will not change by asking again (401, 403, 404, a 400 on the filter).
 */
export function unansweredOrThrow(error: unknown): StatsAttempt {
  if (
    error instanceof DeadlineError ||
    error instanceof ResponseShapeError ||
    error instanceof BodyTooLargeError
  )
    return { kind: 'unanswered', reason: error.message }
  const failure = failureOf(error)
  if (failure && meaningOf(failure).retry !== 'never' && error instanceof Error)
    return { kind: 'unanswered', reason: error.message }
  throw error
}
