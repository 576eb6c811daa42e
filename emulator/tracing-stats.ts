import type { FeedbackStat, Score } from './tracing-types'

/**
 * The q-quantile of values by linear interpolation between closest ranks (numpy's default);
 * null for none.
 */
export function percentile(values: number[], q: number): number | null {
  if (values.length === 0) return null
  const sorted = [...values].sort((a, b) => a - b)
  const position = q * (sorted.length - 1)
  const low = Math.floor(position)
  const high = Math.ceil(position)
  const lowValue = sorted[low] as number
  return lowValue + ((sorted[high] as number) - lowValue) * (position - low)
}

/** A score as stats count it: a boolean is 1 or 0, null is no score. */
export function numeric(score: Score): number | null {
  if (typeof score === 'boolean') return score ? 1 : 0
  return typeof score === 'number' && Number.isFinite(score) ? score : null
}

/**
 * Per key: `n` scores (numbers and booleans), their mean, population standard deviation, min
 * and max (null when n is 0), and `errors`, the evaluator runs that failed.
 */
export function feedbackStats(
  entries: { key: string; score: Score; evaluatorError: boolean }[]
): Record<string, FeedbackStat> {
  const byKey = new Map<string, { scores: number[]; errors: number }>()
  for (const entry of entries) {
    const bucket = byKey.get(entry.key) ?? { scores: [], errors: 0 }
    byKey.set(entry.key, bucket)
    if (entry.evaluatorError) bucket.errors += 1
    const value = numeric(entry.score)
    if (value !== null) bucket.scores.push(value)
  }
  const stats: Record<string, FeedbackStat> = {}
  for (const [key, { scores, errors }] of byKey) {
    const n = scores.length
    const avg = n === 0 ? null : scores.reduce((sum, value) => sum + value, 0) / n
    stats[key] = {
      n,
      avg,
      stdev:
        avg === null
          ? null
          : Math.sqrt(scores.reduce((sum, value) => sum + (value - avg) ** 2, 0) / n),
      min: n === 0 ? null : Math.min(...scores),
      max: n === 0 ? null : Math.max(...scores),
      errors
    }
  }
  return stats
}
