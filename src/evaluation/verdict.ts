/**
 * The gate's verdict from what was read: pure arithmetic, no I/O. Pass: every gated key covered,
 * every threshold met, errors within bound. Fail: a threshold missed by a covered key, or too many
 * errors. Otherwise it could not conclude, which is never a pass.
 */
import { regressionBound, type Thresholds } from '../lib/gate-thresholds'
import { mean, onCommonExamples, tooFewInCommon, type Common } from './compare'

export { mean }

export type KeyVerdict = 'pass' | 'fail' | 'inconclusive'
export type GateVerdict = KeyVerdict

/** One run the gate sent, and how it ended. */
export interface RunOutcome {
  runId: string
  exampleId: string
  repetition: number
  /** Why the run failed (no answer, 5xx, an error state); undefined when it answered. */
  error?: string
}

/** Scores read: key → run id → score (a boolean counted as 1 or 0). */
export type ScoreTable = ReadonlyMap<string, ReadonlyMap<string, number>>

/** What the new experiment is compared with. */
export type BaselineScores =
  | { kind: 'none' }
  /** Needed but not there: why (the gate cannot conclude on relative thresholds). */
  | { kind: 'missing'; why: string }
  /** Skipped on a first deploy: nothing served before. */
  | { kind: 'first-deploy' }
  /** Compared run by run: the mean of each example (key → example id → mean). */
  | {
      kind: 'runs'
      experimentId: string
      perExample: ReadonlyMap<string, ReadonlyMap<string, number>>
    }
  /** Compared on its means only (an experiment the action did not make). */
  | { kind: 'means'; experimentId: string; means: ReadonlyMap<string, number> }

export interface KeyRow {
  key: string
  /** Mean of the examples' means (an example's score is the mean of its repetitions). */
  mean: number | null
  /** Scored runs. */
  n: number
  /** Runs without an error, whose score was awaited. */
  expected: number
  /** The baseline's mean on the examples both sides scored (a foreign baseline: its mean). */
  baseline: number | null
  /** This run's mean on those same examples − baseline: negative when worse. */
  delta: number | null
  /** How many examples `baseline` and `delta` are about. */
  compared: number | null
  minScore?: number
  maxRegression?: number
  verdict: KeyVerdict
  /** Why it did not pass, in words. */
  why?: string
}

/** An example shown in the report: the ones that regressed most, or scored lowest. */
export interface ExampleRow {
  exampleId: string
  key: string
  score: number
  baseline?: number
  delta?: number
}

export interface GateJudgement {
  verdict: GateVerdict
  rows: KeyRow[]
  runs: number
  errors: number
  errorRate: number
  /** The sentences that say why the gate did not pass; empty on a pass. */
  why: string[]
  /** `regressed`: compared run by run; `lowest`: no run-level baseline. */
  examples: { kind: 'regressed' | 'lowest'; rows: ExampleRow[] }
}

export interface GateInputs {
  keys: readonly string[]
  minScores: Thresholds
  maxRegression: Thresholds
  maxErrorRate: number
  runs: readonly RunOutcome[]
  scores: ScoreTable
  baseline: BaselineScores
  /** The examples read (the plan's): a comparison on fewer than half of them cannot conclude. */
  examplesRead: number
}

/** Equal within this is equal: 0.7 − 0.8 is not a drop of more than 0.1. */
const EPSILON = 1e-9
const MAX_EXAMPLES_SHOWN = 10

/** key → example id → the mean of its scored repetitions. */
export function exampleMeans(
  runs: readonly RunOutcome[],
  scores: ScoreTable,
  keys: readonly string[]
): Map<string, Map<string, number>> {
  const perKey = new Map<string, Map<string, number>>()
  for (const key of keys) {
    const byRun = scores.get(key)
    const byExample = new Map<string, number[]>()
    for (const run of runs) {
      const score = byRun?.get(run.runId)
      if (run.error !== undefined || score === undefined) continue
      byExample.set(run.exampleId, [...(byExample.get(run.exampleId) ?? []), score])
    }
    perKey.set(
      key,
      new Map([...byExample].map(([example, values]) => [example, mean(values) ?? 0]))
    )
  }
  return perKey
}

export function judgeGate(input: GateInputs): GateJudgement {
  const { runs, keys, baseline } = input
  const answered = runs.filter((run) => run.error === undefined)
  const errors = runs.length - answered.length
  const errorRate = runs.length === 0 ? 0 : errors / runs.length
  const perExample = exampleMeans(runs, input.scores, keys)
  const rows = keys.map((key) => keyRow(key, input, answered, perExample.get(key)))
  const why: string[] = []
  const tooManyErrors = errorRate > input.maxErrorRate + EPSILON
  if (errors === runs.length && runs.length > 0)
    why.push(`every run failed (${errors} of ${runs.length}): the agent gave no answer to judge`)
  else if (tooManyErrors)
    why.push(
      `${errors} of ${runs.length} runs failed (${percent(errorRate)}), over gate.max-error-rate ${percent(input.maxErrorRate)}`
    )
  for (const row of rows) if (row.why) why.push(`${row.key}: ${row.why}`)
  const verdict: GateVerdict =
    tooManyErrors || rows.some((row) => row.verdict === 'fail')
      ? 'fail'
      : rows.some((row) => row.verdict === 'inconclusive')
        ? 'inconclusive'
        : 'pass'
  return {
    verdict,
    rows,
    runs: runs.length,
    errors,
    errorRate,
    why,
    examples: shownExamples(perExample, baseline)
  }
}

function keyRow(
  key: string,
  input: GateInputs,
  answered: readonly RunOutcome[],
  perExample: ReadonlyMap<string, number> | undefined
): KeyRow {
  const byRun = input.scores.get(key)
  const n = answered.filter((run) => byRun?.has(run.runId)).length
  const mean_ = perExample && perExample.size > 0 ? (mean([...perExample.values()]) ?? null) : null
  const minScore = input.minScores.get(key)
  const firstDeploy = input.baseline.kind === 'first-deploy'
  const maxRegression = firstDeploy ? undefined : regressionBound(input.maxRegression, key)
  const comparison = compareWithBaseline(input.baseline, key, perExample, mean_)
  const row = {
    key,
    mean: mean_,
    n,
    expected: answered.length,
    baseline: comparison?.baseline ?? null,
    delta: comparison ? comparison.mean - comparison.baseline : null,
    compared: comparison?.compared ?? null,
    ...(minScore !== undefined && { minScore }),
    ...(maxRegression !== undefined && { maxRegression })
  }
  const inconclusive = (why: string): KeyRow => ({ ...row, verdict: 'inconclusive', why })
  if (answered.length === 0 || mean_ === null) return inconclusive('no run was scored for this key')
  if (n < answered.length)
    return inconclusive(`${answered.length - n} of ${answered.length} runs have no score`)
  if (!Number.isFinite(mean_)) return inconclusive('its mean is not a finite number')
  const missed: string[] = []
  if (minScore !== undefined && mean_ < minScore - EPSILON)
    missed.push(`mean ${fixed(mean_)} is below gate.min-scores ${minScore}`)
  if (maxRegression !== undefined) {
    const why = incomparable(input, comparison)
    if (why !== undefined) return inconclusive(why)
    const delta = row.delta as number
    if (-delta > maxRegression + EPSILON)
      missed.push(
        `dropped ${fixed(-delta)} below the baseline on ${row.compared} examples both scored, over gate.max-regression ${maxRegression}`
      )
  }
  return missed.length > 0
    ? { ...row, verdict: 'fail', why: missed.join('; ') }
    : { ...row, verdict: 'pass' }
}

/** Why a relative bound cannot be judged on this comparison; undefined when it can. */
function incomparable(input: GateInputs, comparison: Common | undefined): string | undefined {
  if (input.baseline.kind === 'missing') return `no baseline to compare with: ${input.baseline.why}`
  if (comparison === undefined)
    return input.baseline.kind === 'runs'
      ? 'no example was scored by both this run and the baseline'
      : 'the baseline has no score for this key'
  if (input.baseline.kind === 'runs' && tooFewInCommon(comparison.compared, input.examplesRead))
    return `only ${comparison.compared} of the ${input.examplesRead} examples read were scored by both this run and the baseline (fewer than half)`
  if (!Number.isFinite(comparison.baseline)) return "the baseline's mean is not a finite number"
  if (!Number.isFinite(comparison.mean - comparison.baseline))
    return 'the change from the baseline is not a finite number'
  return undefined
}

/**
 * What this key is compared on: run by run, the examples both sides scored; a foreign baseline
 * (its runs cannot be matched to examples), its mean against this run's mean over every example.
 */
function compareWithBaseline(
  baseline: BaselineScores,
  key: string,
  perExample: ReadonlyMap<string, number> | undefined,
  mean_: number | null
): Common | undefined {
  if (baseline.kind === 'runs')
    return onCommonExamples(perExample ?? new Map(), baseline.perExample.get(key) ?? new Map())
  if (baseline.kind !== 'means' || mean_ === null) return undefined
  const was = baseline.means.get(key)
  return was === undefined
    ? undefined
    : { mean: mean_, baseline: was, compared: perExample?.size ?? 0 }
}

/** The examples that regressed most (run-level baseline), else those that scored lowest. */
function shownExamples(
  perExample: ReadonlyMap<string, ReadonlyMap<string, number>>,
  baseline: BaselineScores
): GateJudgement['examples'] {
  const rows: ExampleRow[] = []
  for (const [key, examples] of perExample) {
    const before = baseline.kind === 'runs' ? baseline.perExample.get(key) : undefined
    for (const [exampleId, score] of examples) {
      const was = before?.get(exampleId)
      rows.push(
        was === undefined
          ? { exampleId, key, score }
          : { exampleId, key, score, baseline: was, delta: score - was }
      )
    }
  }
  if (baseline.kind === 'runs') {
    const regressed = rows
      .filter((row) => row.delta !== undefined && row.delta < -EPSILON)
      .sort((a, b) => (a.delta ?? 0) - (b.delta ?? 0))
    return { kind: 'regressed', rows: worstPerExample(regressed) }
  }
  return { kind: 'lowest', rows: worstPerExample([...rows].sort((a, b) => a.score - b.score)) }
}

/** The first (worst) row of each example, up to the number shown. */
function worstPerExample(sorted: readonly ExampleRow[]): ExampleRow[] {
  const seen = new Set<string>()
  const shown: ExampleRow[] = []
  for (const row of sorted) {
    if (seen.has(row.exampleId)) continue
    seen.add(row.exampleId)
    shown.push(row)
    if (shown.length === MAX_EXAMPLES_SHOWN) break
  }
  return shown
}

const fixed = (value: number) => String(Math.round(value * 1000) / 1000)
const percent = (share: number) => `${Math.round(share * 1000) / 10}%`

/**
 * A number for `eval-scores`: rounded to 6 places where that cannot overflow (a score of 1e308
 * stays 1e308); anything not finite is null (and keyRow never lets such a key pass).
 */
function rounded(value: number | null): number | null {
  if (value === null || !Number.isFinite(value)) return null
  return Math.abs(value) < 1e9 ? Math.round(value * 1e6) / 1e6 : value
}

/** `eval-scores`: for each gated key `{mean, n, baseline, delta, compared, verdict}`. */
export function scoresOutput(rows: readonly KeyRow[]): string {
  return JSON.stringify(
    Object.fromEntries(
      rows.map((row) => [
        row.key,
        {
          mean: rounded(row.mean),
          n: row.n,
          baseline: rounded(row.baseline),
          delta: rounded(row.delta),
          compared: row.compared,
          verdict: row.verdict
        }
      ])
    )
  )
}
