/**
 * The bake in a few plain words (numbers and fixed words only: the report escapes them for its
 * destination): the log line of a read, the progress, a window's length. Pure.
 */
import { formatDuration } from '../lib/duration'
import type { BoundJudgement, WindowStats } from './types'

const minutes = (ms: number) => Math.floor(ms / 60_000)

/**
 * A length as people read it, in the one style of every text of the action: `40s`, `15m`,
 * `1h 30m` (whole minutes without their zero seconds).
 */
export function lengthWords(ms: number): string {
  const rounded = Math.round(ms / 1000) * 1000
  if (rounded >= 60_000 && rounded < 3_600_000 && rounded % 60_000 === 0)
    return `${rounded / 60_000}m`
  return formatDuration(rounded)
}

/** `0.4%`, or `–` without a value. */
export function rateWords(rate: number | null): string {
  return rate === null ? '–' : `${Number((rate * 100).toFixed(2))}%`
}

/** A latency in seconds as `1.25s` or `300ms`, or `–` without a value. */
export function secondsWords(value: number | null): string {
  return value === null ? '–' : formatDuration(value * 1000, 'fine')
}

/** "120 runs, errors 0.8%, p50 1.2 s, p99 4.1 s". */
export function statsWords(stats: WindowStats): string {
  return `${stats.runs} run${stats.runs === 1 ? '' : 's'}, errors ${rateWords(stats.errorRate)}, p50 ${secondsWords(stats.p50)}, p99 ${secondsWords(stats.p99)}`
}

/** The progress every read and every minute: "baking: 6 of 15 min". */
export function bakingWords(elapsedMs: number, durationMs: number): string {
  if (durationMs < 120_000)
    return `baking: ${Math.min(Math.round(elapsedMs / 1000), Math.round(durationMs / 1000))} of ${Math.round(durationMs / 1000)} s`
  return `baking: ${Math.min(minutes(elapsedMs), minutes(durationMs))} of ${minutes(durationMs)} min`
}

/** "error rate" or "p99 against the previous window". */
export function metricWords(row: Pick<BoundJudgement, 'metric' | 'relative'>): string {
  const name = row.metric === 'error-rate' ? 'error rate' : row.metric
  return row.relative ? `${name} against the previous window` : name
}
