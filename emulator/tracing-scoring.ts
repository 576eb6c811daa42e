import { createHash } from 'node:crypto'
import type { RuleRow } from './tracing-datasets'
import { visibleState, type RunRow, type RunState, type SessionRow } from './tracing-rows'
import type { JsonObject, Run, Score, ScoredRun, ScoreResult } from './tracing-types'

const DEFAULT_DELAY_MS = 200
const copy = <T>(value: T): T => structuredClone(value)

/** What scoring reads of the store and how it writes a feedback. */
export interface ScoringContext {
  now: number
  rules: RuleRow[]
  runs: Iterable<RunRow>
  session(id: string): SessionRow | undefined
  /** The example's outputs as of the dataset's newest version. */
  reference(datasetId: string, exampleId: string): JsonObject | null
  write(
    init: {
      run_id: string
      key: string
      score: Score
      value?: unknown
      comment?: string | null
      source: string
    },
    at: number,
    evaluatorError: boolean
  ): unknown
}

/**
 * Scores what is due by now, in the order it fell due: a rule bound to the dataset of a run's
 * experiment (created after the rule) scores the root run `delayMs` after its end was
 * ingested, until its spending limit, each key of the rule once. A run passed over for the
 * spending limit is scored when the limit is raised.
 */
export function settleRules(context: ScoringContext): void {
  const runs = [...context.runs]
  const due: { at: number; seq: number; rule: RuleRow; row: RunRow }[] = []
  for (const rule of context.rules) {
    if (rule.is_enabled === false) continue
    for (const row of runs) {
      if (!row.root || row.scoresGiven || row.settledBy.has(rule.id)) continue
      const session = context.session(row.sessionId)
      if (session?.reference_dataset_id !== rule.dataset_id || session.createdAt < rule.createdAt)
        continue
      const ended = row.states.find((state) => state.run.end_time !== null)
      if (ended === undefined) continue
      const at = ended.visibleAt + (rule.delayMs ?? DEFAULT_DELAY_MS)
      if (at <= context.now) due.push({ at, seq: row.seq, rule, row })
    }
  }
  due.sort((a, b) => a.at - b.at || a.seq - b.seq)
  for (const { at, rule, row } of due) {
    if (rule.spendingLimit !== undefined && rule.calls >= rule.spendingLimit) continue
    row.settledBy.add(rule.id)
    if (!sampled(rule, row.id)) continue
    rule.calls += 1
    const run = scoredRun(context, (visibleState(row, at) as RunState).run, rule.dataset_id)
    for (const key of rule.keys) score(context, rule, key, run, at)
  }
}

function score(context: ScoringContext, rule: RuleRow, key: string, run: ScoredRun, at: number) {
  let result: ScoreResult
  try {
    result = rule.score === undefined ? 1 : rule.score(run, key)
  } catch (error) {
    const comment = String(error)
    context.write({ run_id: run.run_id, key, score: null, comment, source: 'model' }, at, true)
    return
  }
  if (result === undefined) return
  const full = result !== null && typeof result === 'object' ? result : { score: result }
  const comment =
    full.comment ?? (typeof rule.comment === 'function' ? rule.comment(run, key) : rule.comment)
  context.write(
    {
      run_id: run.run_id,
      key,
      score: full.score ?? null,
      value: full.value,
      comment,
      source: 'model'
    },
    at,
    false
  )
}

function scoredRun(context: ScoringContext, run: Run, datasetId: string): ScoredRun {
  return {
    run_id: run.id,
    session_id: run.session_id,
    example_id: run.reference_example_id,
    inputs: copy(run.inputs),
    outputs: copy(run.outputs),
    reference_outputs:
      run.reference_example_id === null
        ? null
        : context.reference(datasetId, run.reference_example_id),
    error: run.error,
    metadata: copy((run.extra?.metadata ?? {}) as JsonObject)
  }
}

/** The same runs are sampled on every read: a hash of rule and run, not a random draw. */
function sampled(rule: RuleRow, runId: string): boolean {
  const rate = rule.sampling_rate ?? 1
  if (rule.filter !== undefined && rule.filter !== null) return false
  if (rate >= 1) return true
  const draw = createHash('sha256').update(`${rule.id}/${runId}`).digest().readUInt32BE(0)
  return draw / 2 ** 32 < rate
}
