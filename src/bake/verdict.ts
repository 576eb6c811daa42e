/**
 * The bake's judgement, exactly as the spec's "Bake window" says it (Breach, Verdict): each bound
 * judged on one read of the cumulative window, the breaching and failed reads counted in a row,
 * and the verdict at the last read. Pure: numbers in, judgements out.
 */
import type {
  BakeBounds,
  BakeMetric,
  BakeVerdict,
  BoundJudgement,
  PreviousWindow,
  WindowStats
} from './types'
import { metricWords, secondsWords } from './words'

export { metricWords }

/** z of the 95 % interval. */
const Z = 1.96
/** p99 is judged only on this many runs or more: below it a window's p99 is its slowest run. */
export const P99_MIN_RUNS = 100
/** Failed reads in a row that end the bake early: could not conclude. */
export const FAILED_READS_LIMIT = 4

/**
 * The lower end of the 95 % Wilson score interval of `errors` among `runs` (no continuity
 * correction): how low the error rate may be, given what was seen. 0 without runs.
 */
export function wilsonLower(errors: number, runs: number): number {
  if (runs <= 0) return 0
  const p = errors / runs
  const z2 = Z * Z
  const centre = p + z2 / (2 * runs)
  const spread = Z * Math.sqrt((p * (1 - p)) / runs + z2 / (4 * runs * runs))
  return Math.max(0, (centre - spread) / (1 + z2 / runs))
}

/** The errors a read stands for: round(error_rate × run_count). */
export function errorsOf(stats: WindowStats): number {
  return Math.round((stats.errorRate ?? 0) * stats.runs)
}

const percent = (share: number) => `${Number((share * 100).toFixed(2))}%`
const seconds = (ms: number) => secondsWords(ms / 1000)

/** A read is judged either as a step toward an early stop, or as the last, on the values. */
export type JudgedAs = 'interim' | 'final'

/**
 * Every bound of `bounds` on one read. `interim`: the error rate by the lower end of its
 * interval (evidence enough to stop early); `final`: by the rate itself.
 */
export function judgeRead(
  stats: WindowStats,
  previous: PreviousWindow,
  bounds: BakeBounds,
  as: JudgedAs
): BoundJudgement[] {
  const rows: BoundJudgement[] = []
  const { minRuns } = bounds
  const enough = (runs: number, floor: number) => runs >= Math.max(floor, minRuns, 1)
  const tooFew = (need: number) =>
    `${stats.runs} run${stats.runs === 1 ? '' : 's'} in the window, ${Math.max(need, minRuns, 1)} needed`
  const errorRate =
    as === 'final' ? (stats.errorRate ?? 0) : wilsonLower(errorsOf(stats), stats.runs)
  const value = (metric: BakeMetric) =>
    metric === 'error-rate' ? stats.errorRate : metric === 'p50' ? stats.p50 : stats.p99

  const absolute = (metric: BakeMetric, bound: number, floor: number, shown: string) => {
    const limit = metric === 'error-rate' ? bound : bound / 1000
    const row = {
      metric,
      relative: false,
      bound: shown,
      limit,
      value: value(metric),
      previous: null
    }
    if (!enough(stats.runs, floor))
      return rows.push({ ...row, verdict: 'inconclusive', why: tooFew(floor) })
    const measured = metric === 'error-rate' ? errorRate : (value(metric) ?? 0) * 1000
    rows.push({ ...row, verdict: measured > bound ? 'fail' : 'pass' })
  }
  if (bounds.maxErrorRate !== undefined)
    absolute('error-rate', bounds.maxErrorRate, 1, `≤ ${percent(bounds.maxErrorRate)}`)
  if (bounds.maxLatencyMs.p50 !== undefined)
    absolute('p50', bounds.maxLatencyMs.p50, 1, `≤ ${seconds(bounds.maxLatencyMs.p50)}`)
  if (bounds.maxLatencyMs.p99 !== undefined)
    absolute('p99', bounds.maxLatencyMs.p99, P99_MIN_RUNS, `≤ ${seconds(bounds.maxLatencyMs.p99)}`)

  for (const metric of ['error-rate', 'p50', 'p99'] as const) {
    const bound = bounds.maxRegression[metric]
    if (bound === undefined) continue
    const shown =
      metric === 'error-rate' ? `previous + ${percent(bound)}` : `previous + ${percent(bound)}`
    const row = { metric, relative: true, bound: shown, value: value(metric) }
    if (previous.kind !== 'read') {
      const why = previous.kind === 'none' ? previous.why : 'the previous window was not read'
      rows.push({ ...row, previous: null, verdict: 'skipped', why })
      continue
    }
    const before = previous.stats
    const was =
      metric === 'error-rate' ? before.errorRate : metric === 'p50' ? before.p50 : before.p99
    const floor = metric === 'p99' ? P99_MIN_RUNS : 1
    if (before.runs === 0 && minRuns === 0) {
      rows.push({
        ...row,
        previous: null,
        verdict: 'skipped',
        why: 'the previous window holds no runs (bake.min-runs is 0)'
      })
      continue
    }
    if (!enough(before.runs, floor) || was === null) {
      rows.push({
        ...row,
        previous: was,
        verdict: 'inconclusive',
        why: `${before.runs} run${before.runs === 1 ? '' : 's'} in the previous window, ${Math.max(floor, minRuns, 1)} needed`
      })
      continue
    }
    if (!enough(stats.runs, floor)) {
      rows.push({ ...row, previous: was, verdict: 'inconclusive', why: tooFew(floor) })
      continue
    }
    const missed =
      metric === 'error-rate' ? errorRate - was > bound : (value(metric) ?? 0) > was * (1 + bound)
    rows.push({ ...row, previous: was, verdict: missed ? 'fail' : 'pass' })
  }
  return rows
}

/** Whether an interim read breaches: a bound it could judge was missed. */
export function breaches(rows: readonly BoundJudgement[]): boolean {
  return rows.some((row) => row.verdict === 'fail')
}

/** The reads counted in a row: breaching ones, and failed ones. */
export interface ReadTally {
  breaches: number
  failedReads: number
}

export type ReadOutcome = 'breach' | 'clear' | 'failed'

/**
 * The tally after one read, and whether it ends the bake early: `failure-limit` breaching reads
 * in a row fail it; four failed reads in a row leave it unconcluded. An answered read that does
 * not breach resets the breaches (one with too few runs included); a failed read leaves them.
 */
export function countRead(
  tally: ReadTally,
  outcome: ReadOutcome,
  failureLimit: number
): { tally: ReadTally; ends?: 'fail' | 'inconclusive' } {
  const next: ReadTally =
    outcome === 'failed'
      ? { breaches: tally.breaches, failedReads: tally.failedReads + 1 }
      : { breaches: outcome === 'breach' ? tally.breaches + 1 : 0, failedReads: 0 }
  if (next.breaches >= failureLimit) return { tally: next, ends: 'fail' }
  if (next.failedReads >= FAILED_READS_LIMIT) return { tally: next, ends: 'inconclusive' }
  return { tally: next }
}

/** The verdict, the bound that decided it (when one did), and why in words. */
export interface FinalVerdict {
  verdict: BakeVerdict
  decided?: BoundJudgement
  why?: string
}

/**
 * The verdict at the last read, which covers the whole window: a missed bound fails (evidence,
 * even beside a bound that cannot be judged); a window with no runs never passes; a bound that
 * could not be judged leaves it unconcluded; otherwise it passes.
 */
export function finalVerdict(stats: WindowStats, rows: readonly BoundJudgement[]): FinalVerdict {
  const missed = rows.find((row) => row.verdict === 'fail')
  if (missed) return { verdict: 'fail', decided: missed, why: missedWhy(missed, stats) }
  if (stats.runs === 0)
    return {
      verdict: 'inconclusive',
      why: 'the window holds no runs: a bake never passes without traffic'
    }
  const open = rows.find((row) => row.verdict === 'inconclusive')
  if (open)
    return {
      verdict: 'inconclusive',
      decided: open,
      why: `${metricWords(open)} could not be judged: ${open.why ?? 'no value'}`
    }
  // Every bound skipped: nothing was judged, and a bake never passes on nothing.
  if (!rows.some((row) => row.verdict === 'pass'))
    return { verdict: 'inconclusive', why: 'no bound could be judged' }
  return { verdict: 'pass' }
}

/**
 * "error rate 7.5% > 5% allowed (120 runs)": the value and the bound it went over, joined by a
 * sign that cannot read as met.
 */
export function missedWhy(row: BoundJudgement, stats: WindowStats): string {
  const shown =
    row.value === null
      ? 'none'
      : row.metric === 'error-rate'
        ? percent(row.value)
        : secondsWords(row.value)
  return `${metricWords(row)} ${shown} > ${row.bound.replace(/^≤ /, '')} allowed (${stats.runs} run${stats.runs === 1 ? '' : 's'})`
}
