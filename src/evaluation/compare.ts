/**
 * The gate's arithmetic: means that cannot overflow on large finite scores, and a relative bound
 * judged like with like, on the examples both experiments scored. Pure: no I/O.
 */

/**
 * The mean of `values`, finite whenever every value is: a plain sum first (exact for ordinary
 * scores), and when that overflows, the values scaled by the largest magnitude so that no partial
 * sum can (two scores of 1e308 have the mean 1e308, not Infinity). Undefined for none.
 */
export function mean(values: readonly number[]): number | undefined {
  if (values.length === 0) return undefined
  const sum = values.reduce((total, value) => total + value, 0)
  if (Number.isFinite(sum)) return sum / values.length
  const largest = values.reduce((most, value) => Math.max(most, Math.abs(value)), 0)
  if (!Number.isFinite(largest)) return Number.NaN
  const scaled = values.reduce((total, value) => total + value / largest / values.length, 0)
  return scaled * largest
}

/** This run's and the baseline's means on the examples both scored, and how many those were. */
export interface Common {
  mean: number
  baseline: number
  compared: number
}

/**
 * Like with like: per example the mean of its repetitions (given), intersected with the
 * baseline's, then averaged on each side. Undefined when no example was scored on both.
 */
export function onCommonExamples(
  current: ReadonlyMap<string, number>,
  baseline: ReadonlyMap<string, number>
): Common | undefined {
  const mine: number[] = []
  const theirs: number[] = []
  for (const [exampleId, score] of current) {
    const was = baseline.get(exampleId)
    if (was === undefined) continue
    mine.push(score)
    theirs.push(was)
  }
  const meanMine = mean(mine)
  const meanTheirs = mean(theirs)
  return meanMine === undefined || meanTheirs === undefined
    ? undefined
    : { mean: meanMine, baseline: meanTheirs, compared: mine.length }
}

/** Too few examples in common to say anything of the whole: fewer than half of those read. */
export const tooFewInCommon = (compared: number, examplesRead: number): boolean =>
  compared === 0 || compared * 2 < examplesRead
