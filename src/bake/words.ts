/**
 * The bake in a few plain words (numbers and fixed words only: the report escapes them for its
 * destination): the log line of a read, the progress, a window's length. Pure.
 */
import type { BoundJudgement, WindowStats } from './types'

const minutes = (ms: number) => Math.floor(ms / 60_000)

/** A length as people read it: `15 min`, `90 s`, `1 h 30 min`. */
export function lengthWords(ms: number): string {
  if (ms < 120_000) return `${Math.round(ms / 1000)} s`
  const hours = Math.floor(ms / 3_600_000)
  const rest = minutes(ms % 3_600_000)
  return hours === 0 ? `${rest} min` : rest === 0 ? `${hours} h` : `${hours} h ${rest} min`
}

/** `0.4%`, or `–` without a value. */
export function rateWords(rate: number | null): string {
  return rate === null ? '–' : `${Number((rate * 100).toFixed(2))}%`
}

/** `1.25 s`, or `–` without a value. */
export function secondsWords(value: number | null): string {
  return value === null ? '–' : `${Number(value.toFixed(3))} s`
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
