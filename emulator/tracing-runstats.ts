import type { Answer } from './http'
import { check, runStatsQuery, toMicros } from './tracing-schemas'
import { percentile } from './tracing-stats'
import type { StatsRun } from './tracing-types'
import type { RecordedRequest } from './types'

/**
 * `POST /runs/stats` (reference/tracing-api.md, "Run stats"): the stats of a session's root runs
 * whose `start_time` lies in `[start_time, end_time)`, optionally only those whose metadata holds
 * a key with a value. Filters in any other form are refused with 400 `{"detail"}`, as the service
 * refuses a filter it cannot parse.
 */

/** One `POST /runs/stats` as the emulator saw it: a bench counts the reads of a bake by it. */
export interface StatsReadEntry {
  /** The emulator's clock when it came. */
  at: number
  /** The status answered (a fault's included). */
  status: number
  sessions: string[]
  /** Epoch milliseconds, as asked (undefined when not given). */
  start?: number
  end?: number
  filter: string | null
  /** True when an injected fault answered or changed it. */
  faulted: boolean
}

/** The window's numbers: nulls when it holds no run. */
export interface WindowStats {
  run_count: number
  error_rate: number | null
  latency_p50: number | null
  latency_p99: number | null
}

/** A filter as the bake sends it: one metadata key equal to one value. */
export interface MetadataMatch {
  key: string
  value: string
}

const FILTER =
  /^\s*and\(\s*eq\(\s*metadata_key\s*,\s*"([A-Za-z0-9_.-]{1,64})"\s*\)\s*,\s*eq\(\s*metadata_value\s*,\s*"([^"\\]*)"\s*\)\s*\)\s*$/

/** The filter's key and value; undefined for a filter in any other form. */
export function parseMetadataFilter(filter: string): MetadataMatch | undefined {
  const match = FILTER.exec(filter)
  return match ? { key: match[1] as string, value: match[2] as string } : undefined
}

/** Stats of the runs started in `[start, end)` that match (latencies in seconds). */
export function windowStats(
  runs: readonly StatsRun[],
  start: number,
  end: number,
  match?: MetadataMatch
): WindowStats {
  const counted = runs.filter(
    (run) =>
      run.startMs >= start &&
      run.startMs < end &&
      (match === undefined || String(run.metadata[match.key] ?? '\u0000') === match.value)
  )
  const latencies = counted
    .filter((run) => run.endMs !== null)
    .map((run) => ((run.endMs as number) - run.startMs) / 1000)
  const errors = counted.filter((run) => run.error).length
  return {
    run_count: counted.length,
    error_rate: counted.length === 0 ? null : errors / counted.length,
    latency_p50: percentile(latencies, 0.5),
    latency_p99: percentile(latencies, 0.99)
  }
}

/** Answers a stats request from `runsOf(session, start, end)`: the root runs visible now. */
export function runStatsRoute(
  body: unknown,
  runsOf: (sessionId: string, start: number, end: number) => StatsRun[]
): Answer {
  const checked = check(runStatsQuery, body)
  if (!checked.ok) return { status: 422, body: { detail: checked.problems } }
  const query = checked.value
  let match: MetadataMatch | undefined
  if (query.filter !== undefined && query.filter !== null && query.filter.trim() !== '') {
    match = parseMetadataFilter(query.filter)
    if (match === undefined)
      return { status: 400, body: { detail: `Invalid filter: ${query.filter}` } }
  }
  // Only root runs are kept for stats (rootRuns): `is_root` changes nothing here.
  const start = msOf(query.start_time) ?? Number.NEGATIVE_INFINITY
  const end = msOf(query.end_time) ?? Number.POSITIVE_INFINITY
  const runs = query.session.flatMap((id) => runsOf(id, start, end))
  return { status: 200, body: windowStats(runs, start, end, match) }
}

const msOf = (value: string | number | undefined) =>
  value === undefined ? undefined : toMicros(value) / 1000

/** Every `POST /runs/stats` among the requests, in order, as a bench counts a bake's reads. */
export function statsReads(requests: readonly RecordedRequest[]): StatsReadEntry[] {
  return requests
    .filter((request) => request.method === 'POST' && request.path === '/runs/stats')
    .map((request) => {
      const body = (request.body ?? {}) as Record<string, unknown>
      const time = (value: unknown) =>
        typeof value === 'string' || typeof value === 'number' ? msOf(value) : undefined
      return {
        at: request.at ?? Number.NaN,
        status: request.status,
        sessions: Array.isArray(body.session) ? body.session.map(String) : [],
        start: time(body.start_time),
        end: time(body.end_time),
        filter: typeof body.filter === 'string' ? body.filter : null,
        faulted: request.faulted === true
      }
    })
}
