/**
 * Read before write: the dataset, every example page, the rules bound to it and the baseline are
 * read, and the thresholds checked against them, before the deployment is touched. Every refusal
 * names its input; nothing is written here.
 */
import { formatDuration } from '../lib/duration'
import { ControlPlaneError, HttpStatusError } from '../control-plane/errors'
import { regressionBound } from '../lib/gate-thresholds'
import { examplesDigest } from './ids'
import { findBaseline } from './baseline'
import type { Example, Rule } from '../tracing/schemas'
import {
  callOf,
  type GateDeps,
  type GatePlan,
  type GatePlanResult,
  type GateProblem,
  type GateSettings,
  type GateTarget,
  type PlannedExample
} from './types'

const FIRST_LINE = 200

/**
 * Reads what the gate needs and judges it. On a first deploy with relative thresholds only, the
 * gate is skipped (no experiment runs); relative thresholds beside absolute ones are dropped with
 * a notice. The tracing service failing past its retries is `unreadable`; a cancellation throws.
 */
export async function planGate(
  settings: GateSettings,
  target: GateTarget,
  deps: GateDeps
): Promise<GatePlanResult> {
  try {
    return await readAndJudge(settings, target, deps)
  } catch (error) {
    if (deps.signal?.aborted) throw deps.signal.reason
    if (!(error instanceof ControlPlaneError)) throw error
    return { kind: 'unreadable', why: unreadable(error) }
  }
}

/** Why the reads failed, with what to check when the service refused the key. */
function unreadable(error: ControlPlaneError): string {
  const status = error instanceof HttpStatusError ? error.status : undefined
  const hint =
    status === 401
      ? ' Check that api-key is a key of the tracing service at tracing-url.'
      : status === 403
        ? ' An organisation-scoped key needs tenant-id (the workspace).'
        : status === 404
          ? ' Check tracing-url: it should be the base of the API (often ending in /api/v1).'
          : ''
  return `The evaluation gate could not read the tracing service (tracing-url); nothing was written: ${error.message}${hint}`
}

async function readAndJudge(
  settings: GateSettings,
  target: GateTarget,
  deps: GateDeps
): Promise<GatePlanResult> {
  const call = callOf(deps)
  const refuse = (key: GateProblem['key'], message: string): GatePlanResult => ({
    kind: 'refused',
    problems: [{ key, message }]
  })
  const dataset = await deps.client.findDataset(settings.dataset, call)
  if (!dataset)
    return refuse(
      'gate.dataset',
      `names no dataset of the tracing service (by exact name or id): ${JSON.stringify(settings.dataset)}`
    )
  let examples: Example[]
  let capped: boolean
  try {
    // Past the cap the gate is refused anyway: the rest of the list is not read.
    ;({ examples, capped } = await deps.client.listExamples(
      dataset.id,
      {
        splits: settings.splits,
        asOf: settings.datasetVersion,
        cap: Math.floor(settings.maxExamples / settings.repetitions)
      },
      call
    ))
  } catch (error) {
    if (
      settings.datasetVersion !== undefined &&
      error instanceof HttpStatusError &&
      error.status === 404
    )
      return refuse(
        'gate.dataset-version',
        'is not a version of the dataset (a tag or an ISO time)'
      )
    throw error
  }
  const rules = await deps.client.listRules(dataset.id, call)
  const problems = [
    ...exampleProblems(settings, examples, capped),
    ...ruleProblems(rules, dataset.id)
  ]
  if (problems.length > 0) return { kind: 'refused', problems }

  const datasetVersion = newestModified(examples)
  const digest = examplesDigest(
    examples.map((example) => example.id),
    datasetVersion
  )
  const firstDeploy = target.previousRevisionId === undefined
  const relative = settings.keys.some(
    (key) => regressionBound(settings.maxRegression, key) !== undefined
  )
  let keys = settings.keys
  if (firstDeploy && relative && settings.baseline.kind === 'previous') {
    keys = settings.keys.filter((key) => settings.minScores.has(key))
    if (keys.length === 0)
      return {
        kind: 'skipped',
        why: 'a first deploy leaves nothing to compare with and gate.min-scores names no key: no experiment runs'
      }
    deps.notice(
      'Evaluation gate: a first deploy has no earlier revision to compare with; gate.max-regression is skipped, gate.min-scores still applies.'
    )
  }
  const baseline = relative
    ? await findBaseline(
        settings,
        target,
        {
          datasetId: dataset.id,
          pinnedId: dataset.baseline_experiment_id,
          digest,
          exampleIds: examples.map((example) => example.id.toLowerCase()),
          keys,
          runsExpected: examples.length * settings.repetitions,
          firstDeploy
        },
        deps
      )
    : ({ kind: 'none' } as const)
  return {
    kind: 'planned',
    plan: {
      settings,
      target,
      dataset: { id: dataset.id, name: dataset.name },
      examples: examples.map(planned),
      datasetVersion,
      digest,
      keys,
      baseline
    }
  }
}

function exampleProblems(
  settings: GateSettings,
  examples: readonly Example[],
  capped: boolean
): GateProblem[] {
  if (examples.length === 0) {
    const key = settings.splits
      ? 'gate.splits'
      : settings.datasetVersion
        ? 'gate.dataset-version'
        : 'gate.dataset'
    return [{ key, message: 'selects no example of the dataset: there is nothing to evaluate' }]
  }
  const runs = examples.length * settings.repetitions
  return runs > settings.maxExamples
    ? [
        {
          key: 'gate.max-examples',
          message: `is ${settings.maxExamples}, and the gate would make ${capped ? 'at least ' : ''}${runs} runs (${examples.length}${capped ? ' or more' : ''} examples × gate.repetitions ${settings.repetitions}); raise it or narrow gate.splits`
        }
      ]
    : []
}

/** Rules that would leave runs unscored make the gate wait for scores that never come. */
function ruleProblems(rules: readonly Rule[], datasetId: string): GateProblem[] {
  const bound = rules.filter((rule) => !rule.dataset_id || rule.dataset_id === datasetId)
  const enabled = bound.filter((rule) => rule.is_enabled)
  if (enabled.length === 0)
    return [
      {
        key: 'gate.dataset',
        message: 'has no enabled evaluator rule bound to it: nothing would score the runs'
      }
    ]
  return enabled.flatMap((rule) => {
    const name = JSON.stringify((rule.display_name ?? rule.id).slice(0, 80))
    const partial: string[] = []
    if (rule.sampling_rate < 1) partial.push(`a sampling rate of ${rule.sampling_rate}`)
    if (rule.filter !== undefined && rule.filter !== null && rule.filter !== '')
      partial.push('a filter')
    return partial.length === 0
      ? []
      : [
          {
            key: 'gate.dataset' as const,
            message: `has the evaluator rule ${name} with ${partial.join(' and ')}: some runs would never be scored (set its sampling rate to 1 and remove its filter)`
          }
        ]
  })
}

/** The dataset's version as read: the newest `modified_at` of its examples. */
function newestModified(examples: readonly Example[]): string {
  let newest = Number.NEGATIVE_INFINITY
  for (const example of examples) {
    const time = Date.parse(example.modified_at ?? example.created_at ?? '')
    if (Number.isFinite(time) && time > newest) newest = time
  }
  return Number.isFinite(newest) ? new Date(newest).toISOString() : 'unknown'
}

function planned(example: Example): PlannedExample {
  return {
    id: example.id.toLowerCase(),
    inputs: example.inputs,
    firstLine: firstLineOf(example.inputs)
  }
}

/** The example's question as people know it: its last message's text, else its inputs as JSON. */
function firstLineOf(inputs: Record<string, unknown>): string {
  const messages = inputs.messages
  const last = Array.isArray(messages)
    ? (messages.at(-1) as { content?: unknown } | undefined)
    : undefined
  const text = typeof last?.content === 'string' ? last.content : JSON.stringify(inputs)
  const line = text.trim().split(/\r?\n|\r|\u2028|\u2029/)[0] ?? ''
  return line.length > FIRST_LINE ? `${line.slice(0, FIRST_LINE)}…` : line
}

/**
 * The plan in lines, for the log and a dry run's summary: the dataset, the runs (examples ×
 * repetitions), the bounds, the keys awaited, and the baseline as a reader knows it (ids cut to
 * their first 8 characters; the log's other lines carry them in full).
 */
export function describeGatePlan(plan: GatePlan): string[] {
  const { settings, examples } = plan
  const runs = examples.length * settings.repetitions
  const short = (id: string) => id.slice(0, 8)
  const baseline = plan.baseline
  const comparedWith =
    baseline.kind === 'none'
      ? 'no baseline (no gate.max-regression)'
      : baseline.kind === 'first-deploy'
        ? 'nothing: a first deploy (gate.max-regression skipped)'
        : baseline.kind === 'missing'
          ? `no baseline: ${baseline.why} (relative thresholds cannot conclude)`
          : baseline.kind === 'experiment'
            ? `${experimentWords(plan, short(baseline.session.id))}${baseline.repetitions === undefined ? ' (on its means)' : ' (run by run)'}`
            : `the previous revision (${short(baseline.revisionId)}), evaluated just before the deploy, before anything is written (${runs} more agent calls)`
  return [
    `Evaluation gate: dataset ${plan.dataset.name} (${short(plan.dataset.id)}; ${examples.length} examples, version ${plan.datasetVersion}${settings.splits ? `, splits ${settings.splits.join(', ')}` : ''})`,
    `  ${runs} runs (${examples.length} examples × gate.repetitions ${settings.repetitions}), ${settings.concurrency} at a time, against assistant ${settings.assistantId}`,
    `  bounds: ${bounds(plan).join('; ')}`,
    `  keys awaited: ${plan.keys.join(', ')}; feedback awaited up to ${formatDuration(settings.timeoutMs)} after the last run`,
    `  compared with ${comparedWith}`
  ]
}

/** An experiment found as the baseline, by what `gate.baseline` asked. */
function experimentWords(plan: GatePlan, id: string): string {
  switch (plan.settings.baseline.kind) {
    case 'dataset':
      return `the dataset's baseline, experiment ${id}`
    case 'experiment':
      return `experiment ${id} (gate.baseline)`
    default: {
      const previous = plan.target.previousRevisionId
      return `the previous revision's gate run${previous ? ` (${previous.slice(0, 8)})` : ''}, experiment ${id}`
    }
  }
}

/** Each key's bounds, then the error rate's: `correctness ≥ 0.8`, `drop ≤ 0.05`. */
function bounds(plan: GatePlan): string[] {
  const { minScores, maxRegression, maxErrorRate } = plan.settings
  const perKey = plan.keys.map((key) => {
    const parts: string[] = []
    const min = minScores.get(key)
    const drop = regressionBound(maxRegression, key)
    if (min !== undefined) parts.push(`≥ ${min}`)
    if (drop !== undefined) parts.push(`drop ≤ ${drop}`)
    return `${key} ${parts.join(', ')}`
  })
  return [...perKey, `runs failed ≤ ${Math.round(maxErrorRate * 10_000) / 100}%`]
}
