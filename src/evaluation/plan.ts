/**
 * Read before write: the dataset, every example page, the rules bound to it and the baseline are
 * read, and the thresholds checked against them, before the deployment is touched. Every refusal
 * names its input; nothing is written here.
 */
import { ControlPlaneError, HttpStatusError } from '../control-plane/errors'
import type { InputProblem } from '../inputs/problems'
import { regressionBound } from '../inputs/eval'
import { examplesDigest } from './ids'
import { digestOf, isPreviousBaseline, repetitionsOf } from './metadata'
import type { Example, Rule, Session } from '../tracing/schemas'
import {
  callOf,
  type BaselinePlan,
  type GateDeps,
  type GatePlan,
  type GatePlanResult,
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
  const refuse = (input: InputProblem['input'], message: string): GatePlanResult => ({
    kind: 'refused',
    problems: [{ input, message }]
  })
  const dataset = await deps.client.findDataset(settings.dataset, call)
  if (!dataset)
    return refuse(
      'eval-dataset',
      `names no dataset of the tracing service (by exact name or id): ${JSON.stringify(settings.dataset)}`
    )
  let examples: Example[]
  try {
    examples = await deps.client.listExamples(
      dataset.id,
      { splits: settings.splits, asOf: settings.datasetVersion },
      call
    )
  } catch (error) {
    if (
      settings.datasetVersion !== undefined &&
      error instanceof HttpStatusError &&
      error.status === 404
    )
      return refuse(
        'eval-dataset-version',
        'is not a version of the dataset (a tag or an ISO time)'
      )
    throw error
  }
  const rules = await deps.client.listRules(dataset.id, call)
  const problems = [...exampleProblems(settings, examples), ...ruleProblems(rules, dataset.id)]
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
        why: 'a first deploy leaves nothing to compare with and eval-min-scores names no key: no experiment runs'
      }
    deps.notice(
      'Evaluation gate: a first deploy has no earlier revision to compare with; eval-max-regression is skipped, eval-min-scores still applies.'
    )
  }
  const baseline = relative
    ? await findBaseline(
        settings,
        target,
        { id: dataset.id, baselineId: dataset.baseline_experiment_id },
        {
          digest,
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

function exampleProblems(settings: GateSettings, examples: readonly Example[]): InputProblem[] {
  if (examples.length === 0) {
    const input = settings.splits
      ? 'eval-splits'
      : settings.datasetVersion
        ? 'eval-dataset-version'
        : 'eval-dataset'
    return [{ input, message: 'selects no example of the dataset: there is nothing to evaluate' }]
  }
  const runs = examples.length * settings.repetitions
  return runs > settings.maxExamples
    ? [
        {
          input: 'eval-max-examples',
          message: `is ${settings.maxExamples}, and the gate would make ${runs} runs (${examples.length} examples × eval-repetitions ${settings.repetitions}); raise it or narrow eval-splits`
        }
      ]
    : []
}

/** Rules that would leave runs unscored make the gate wait for scores that never come. */
function ruleProblems(rules: readonly Rule[], datasetId: string): InputProblem[] {
  const bound = rules.filter((rule) => !rule.dataset_id || rule.dataset_id === datasetId)
  const enabled = bound.filter((rule) => rule.is_enabled)
  if (enabled.length === 0)
    return [
      {
        input: 'eval-dataset',
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
            input: 'eval-dataset' as const,
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

async function findBaseline(
  settings: GateSettings,
  target: GateTarget,
  dataset: { id: string; baselineId?: string | null },
  wanted: { digest: string; runsExpected: number; firstDeploy: boolean },
  deps: GateDeps
): Promise<BaselinePlan> {
  const choice = settings.baseline
  const call = callOf(deps)
  if (choice.kind === 'none') return { kind: 'none' }
  if (choice.kind === 'previous') {
    if (
      wanted.firstDeploy ||
      target.deploymentId === undefined ||
      target.previousRevisionId === undefined
    )
      return { kind: 'first-deploy' }
    const { deploymentId, previousRevisionId } = target
    let found: Session | undefined
    await deps.client.eachSession(
      dataset.id,
      (session) => {
        if (
          !isPreviousBaseline(session, {
            deploymentId,
            revisionId: previousRevisionId,
            digest: wanted.digest
          })
        )
          return false
        found = session
        return true
      },
      call
    )
    if (found) return { kind: 'experiment', session: found, repetitions: repetitionsOf(found) }
    if (!target.deploymentUrl)
      return {
        kind: 'missing',
        why: `no experiment of revision ${previousRevisionId} on these examples, and the deployment has no URL to evaluate it at`
      }
    return {
      kind: 'serving-first',
      revisionId: previousRevisionId,
      deploymentUrl: target.deploymentUrl
    }
  }
  const id = choice.kind === 'dataset' ? dataset.baselineId : choice.id
  if (!id)
    return {
      kind: 'missing',
      why: 'the dataset pins no baseline experiment (eval-baseline: dataset)'
    }
  const session = await deps.client.getSession(id, call)
  if (!session) return { kind: 'missing', why: `the tracing service has no experiment ${id}` }
  return comparable(session, wanted)
}

/**
 * An experiment named by the dataset or the input: one this action made must have the same
 * digest (run by run); another is compared on its means when its run count is that of these
 * examples.
 */
function comparable(
  session: Session,
  wanted: { digest: string; runsExpected: number }
): BaselinePlan {
  const digest = digestOf(session)
  if (digest !== undefined)
    return digest === wanted.digest
      ? { kind: 'experiment', session, repetitions: repetitionsOf(session) }
      : {
          kind: 'missing',
          why: `experiment ${session.id} ran other examples (or another version of them)`
        }
  return session.run_count === wanted.runsExpected
    ? { kind: 'experiment', session }
    : {
        kind: 'missing',
        why: `experiment ${session.id} has ${session.run_count ?? 'no'} runs, not the ${wanted.runsExpected} of these examples: it is not on the same examples`
      }
}

/** The plan in lines for the log (and `dry-run`): what would be run, compared and awaited. */
export function describeGatePlan(plan: GatePlan): string[] {
  const { settings, examples } = plan
  const runs = examples.length * settings.repetitions
  const baseline = plan.baseline
  const comparedWith =
    baseline.kind === 'none'
      ? 'no baseline (no eval-max-regression)'
      : baseline.kind === 'first-deploy'
        ? 'nothing: a first deploy (eval-max-regression skipped)'
        : baseline.kind === 'missing'
          ? `no baseline: ${baseline.why} (relative thresholds cannot conclude)`
          : baseline.kind === 'experiment'
            ? `experiment ${baseline.session.id}${baseline.repetitions === undefined ? ' (on its means)' : ' (run by run)'}`
            : `the serving revision ${baseline.revisionId}, evaluated first, before anything is written (${runs} more agent calls)`
  return [
    `Evaluation gate: dataset ${plan.dataset.id} (${examples.length} examples, version ${plan.datasetVersion}${settings.splits ? `, splits ${settings.splits.join(', ')}` : ''})`,
    `  ${runs} runs (${examples.length} × eval-repetitions ${settings.repetitions}), ${settings.concurrency} at a time, against assistant ${settings.assistantId}`,
    `  keys awaited: ${plan.keys.join(', ')}; feedback awaited up to ${Math.round(settings.timeoutMs / 1000)} s after the last run`,
    `  compared with ${comparedWith}`
  ]
}
