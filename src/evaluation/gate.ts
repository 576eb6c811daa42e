/**
 * The evaluation gate after DEPLOYED (and, when no baseline exists, the serving revision's
 * experiment before the write): experiment, completion by coverage, verdict, records. A gate that
 * fails or cannot conclude fails the step like a failed agent check.
 */
import { ControlPlaneError, DeadlineError } from '../control-plane/errors'
import { UUID } from '../lib/ids'
import { awaitCoverage, type CoverageTarget } from './coverage'
import { runExperiment, type AgentTarget, type ExperimentRuns } from './experiment'
import { withEnding } from './metadata'
import { callOf, type BaselineFacts, type GateDeps, type GatePlan, type GateReport } from './types'
import {
  exampleMeans,
  judgeGate,
  scoresOutput,
  type BaselineScores,
  type GateVerdict,
  type RunOutcome
} from './verdict'

/** The agent server's credentials (`agent-api-key`, `agent-auth-scheme`). */
export type AgentCredentials = Omit<AgentTarget, 'baseUrl'>

/** The revision the gate judges, once DEPLOYED. */
export interface GatedRevision {
  revisionId: string
  deploymentId: string
  deploymentUrl: string
  commit?: string
  /** The workflow run's URL, for the experiment's metadata. */
  workflowRun?: string
}

/**
 * Before the write, when the plan found no baseline on the same examples: the same experiment
 * against the serving revision (its URL answers as that revision until the new one serves).
 * Undefined when the plan needs none. Its scores are awaited with the new revision's.
 */
export async function runServingBaseline(
  plan: GatePlan,
  agent: AgentCredentials,
  deps: GateDeps
): Promise<ExperimentRuns | undefined> {
  if (plan.baseline.kind !== 'serving-first') return undefined
  deps.info(
    `Evaluation gate: no experiment of the serving revision ${plan.baseline.revisionId} on these examples; it is evaluated first, before anything is written.`
  )
  return runExperiment(
    plan,
    {
      role: 'baseline',
      revisionId: plan.baseline.revisionId,
      deploymentId: plan.target.deploymentId
    },
    { ...agent, baseUrl: plan.baseline.deploymentUrl },
    deps
  )
}

/**
 * The gate on a DEPLOYED revision: never throws for what the tracing service or the agent does
 * (that is a verdict, or could not conclude); a cancellation goes through.
 */
export async function runGate(
  plan: GatePlan,
  revision: GatedRevision,
  agent: AgentCredentials,
  deps: GateDeps,
  servingBaseline?: ExperimentRuns
): Promise<GateReport> {
  let experiment: ExperimentRuns | undefined
  try {
    experiment = await runExperiment(
      plan,
      {
        role: 'gate',
        revisionId: revision.revisionId,
        deploymentId: revision.deploymentId,
        previousRevisionId: plan.target.previousRevisionId,
        commit: revision.commit,
        workflowRun: revision.workflowRun
      },
      { ...agent, baseUrl: revision.deploymentUrl },
      deps
    )
    return await judgeExperiment(plan, experiment, deps, servingBaseline)
  } catch (error) {
    if (deps.signal?.aborted) throw deps.signal.reason
    if (!(error instanceof ControlPlaneError)) throw error
    const why =
      error instanceof DeadlineError
        ? `timeout ran out before the gate could conclude (${error.message})`
        : `the tracing service failed: ${error.message}`
    return couldNotConclude(plan, why, experiment, !(error instanceof DeadlineError))
  }
}

async function judgeExperiment(
  plan: GatePlan,
  experiment: ExperimentRuns,
  deps: GateDeps,
  servingBaseline: ExperimentRuns | undefined
): Promise<GateReport> {
  const { keys } = plan
  const targets: CoverageTarget[] = [
    { experimentId: experiment.experimentId, runs: experiment.runs },
    ...(servingBaseline
      ? [{ experimentId: servingBaseline.experimentId, runs: servingBaseline.runs }]
      : [])
  ]
  // gate.timeout: feedback awaited this long after the last run, inside the run's deadline.
  const coverageDeadline = deps.waitUntil(plan.settings.timeoutMs, deps.deadline)
  const coverage = await awaitCoverage(targets, keys, coverageDeadline, deps)
  const scores = coverage.scores.get(experiment.experimentId) ?? new Map()
  const baseline = baselineScores(plan, servingBaseline, coverage.scores)
  const judgement = judgeGate({
    keys,
    minScores: plan.settings.minScores,
    maxRegression: plan.settings.maxRegression,
    maxErrorRate: plan.settings.maxErrorRate,
    runs: experiment.runs,
    scores,
    baseline,
    examplesRead: plan.examples.length
  })
  const reasons = [...judgement.why]
  if (experiment.unsent > 0)
    reasons.push(`${experiment.unsent} runs were not sent before timeout ran out`)
  if (coverage.notIngested.includes(experiment.experimentId))
    reasons.push('not every run was ingested by the tracing service before gate.timeout ran out')
  if (coverage.serviceFailure)
    reasons.push(`the tracing service failed: ${coverage.serviceFailure}`)
  const verdict: GateVerdict =
    judgement.verdict === 'pass' && reasons.length > judgement.why.length
      ? 'inconclusive'
      : judgement.verdict
  const notices: string[] = []
  await recordEnding(
    experiment,
    { gate_verdict: verdict, complete: coverage.complete, errored_runs: erroredRuns(experiment) },
    deps,
    notices
  )
  if (servingBaseline)
    await recordEnding(
      servingBaseline,
      {
        complete: isCovered(
          servingBaseline.runs,
          keys,
          coverage.scores.get(servingBaseline.experimentId)
        ),
        errored_runs: erroredRuns(servingBaseline)
      },
      deps,
      notices
    )
  const baselineId = baselineExperimentId(plan, servingBaseline)
  const tenant = await tenantOf(experiment.experimentId, deps)
  const firstLines = new Map(plan.examples.map((example) => [example.id, example.firstLine]))
  const evaluatorScores = [...coverage.scores.values()].reduce(
    (sum, byKey) => sum + [...byKey.values()].reduce((n, byRun) => n + byRun.size, 0),
    0
  )
  return {
    verdict: {
      check: 'gate',
      verdict: verdict === 'pass' ? 'passed' : verdict === 'fail' ? 'failed' : 'inconclusive',
      ...(reasons.length > 0 && { why: reasons.join('; ') })
    },
    experimentId: experiment.experimentId,
    baselineExperimentId: baselineId,
    ...(baselineId !== undefined && { baseline: baselineFacts(plan, baselineId) }),
    degraded:
      coverage.serviceFailure !== undefined ||
      coverage.notIngested.length > 0 ||
      !coverage.complete,
    datasetName: plan.dataset.name,
    rows: judgement.rows,
    examples: {
      kind: judgement.examples.kind,
      rows: judgement.examples.rows.map((row) => ({
        ...row,
        firstLine: firstLines.get(row.exampleId) ?? ''
      }))
    },
    runs: judgement.runs,
    errors: judgement.errors,
    cost: {
      agentCalls: experiment.runs.length + (servingBaseline?.runs.length ?? 0),
      evaluatorScores
    },
    links: links(plan, tenant, experiment.experimentId, baselineId),
    notices,
    outputs: {
      'eval-passed': String(verdict === 'pass'),
      'experiment-id': experiment.experimentId,
      ...(baselineId !== undefined && { 'baseline-experiment-id': baselineId }),
      'eval-scores': scoresOutput(judgement.rows)
    }
  }
}

/** What the new experiment is compared with, read now (an earlier experiment) or just awaited. */
function baselineScores(
  plan: GatePlan,
  servingBaseline: ExperimentRuns | undefined,
  awaited: Map<string, Map<string, Map<string, number>>>
): BaselineScores {
  const { baseline } = plan
  if (baseline.kind === 'none' || baseline.kind === 'first-deploy' || baseline.kind === 'missing')
    return baseline
  if (baseline.kind === 'serving-first') {
    if (!servingBaseline)
      return { kind: 'missing', why: 'the serving revision was not evaluated before the write' }
    const scores = awaited.get(servingBaseline.experimentId) ?? new Map()
    if (!isCovered(servingBaseline.runs, plan.keys, scores))
      return {
        kind: 'missing',
        why: "the serving revision's experiment was not fully scored before gate.timeout"
      }
    return {
      kind: 'runs',
      experimentId: servingBaseline.experimentId,
      perExample: exampleMeans(servingBaseline.runs, scores, plan.keys)
    }
  }
  const { session, runs, scores } = baseline
  if (runs === undefined || scores === undefined) {
    const means = new Map<string, number>()
    for (const key of plan.keys) {
      const avg = session.feedback_stats?.[key]?.avg
      if (typeof avg === 'number' && Number.isFinite(avg)) means.set(key, avg)
    }
    return { kind: 'means', experimentId: session.id, means }
  }
  return {
    kind: 'runs',
    experimentId: session.id,
    perExample: exampleMeans(runs, scores, plan.keys)
  }
}

function isCovered(
  runs: readonly RunOutcome[],
  keys: readonly string[],
  scores: ReadonlyMap<string, ReadonlyMap<string, number>> | undefined
): boolean {
  return keys.every((key) =>
    runs.every((run) => run.error !== undefined || scores?.get(key)?.has(run.runId))
  )
}

/** The runs that failed, for a later gate that reads this experiment as its baseline. */
const erroredRuns = (experiment: ExperimentRuns): string[] =>
  experiment.runs.filter((run) => run.error !== undefined).map((run) => run.runId)

function baselineExperimentId(
  plan: GatePlan,
  servingBaseline: ExperimentRuns | undefined
): string | undefined {
  if (plan.baseline.kind === 'experiment') return plan.baseline.session.id
  return servingBaseline?.experimentId
}

/** The baseline as a reader knows it: which kind, and the revision it evaluated when known. */
function baselineFacts(plan: GatePlan, experimentId: string): BaselineFacts {
  if (plan.baseline.kind === 'serving-first')
    return { kind: 'serving-first', experimentId, revisionId: plan.baseline.revisionId }
  const chosen = plan.settings.baseline.kind
  if (chosen === 'dataset' || chosen === 'experiment') return { kind: chosen, experimentId }
  return { kind: 'previous', experimentId, revisionId: plan.target.previousRevisionId }
}

/** The experiment's metadata gets the verdict (the whole `extra` is sent: it replaces). */
async function recordEnding(
  experiment: ExperimentRuns,
  ending: { gate_verdict?: GateVerdict; complete: boolean; errored_runs: string[] },
  deps: GateDeps,
  notices: string[]
): Promise<void> {
  try {
    await deps.client.patchSession(
      experiment.experimentId,
      {
        end_time: new Date(deps.clock.now()).toISOString(),
        extra: { metadata: { ...withEnding(experiment.metadata, ending) } }
      },
      callOf(deps)
    )
  } catch (error) {
    if (deps.signal?.aborted) throw deps.signal.reason
    if (!(error instanceof ControlPlaneError)) throw error
    notices.push(
      `The verdict could not be written to experiment ${experiment.experimentId} (${error.message}); the next deploy evaluates this revision again.`
    )
  }
}

async function tenantOf(experimentId: string, deps: GateDeps): Promise<string | undefined> {
  try {
    const session = await deps.client.getSession(experimentId, callOf(deps))
    return session?.tenant_id && UUID.test(session.tenant_id) ? session.tenant_id : undefined
  } catch {
    // Without the tenant there is no link; the verdict stands.
    if (deps.signal?.aborted) throw deps.signal.reason
    return undefined
  }
}

/** Links only from the input's origin and validated UUIDs (Untrusted text). */
function links(
  plan: GatePlan,
  tenant: string | undefined,
  experimentId: string,
  baselineId: string | undefined
): GateReport['links'] {
  const web = plan.settings.tracingWebUrl
  if (web === undefined || tenant === undefined) return {}
  const compare = `${web}/o/${tenant}/datasets/${plan.dataset.id}/compare?selectedSessions=${experimentId}`
  return {
    experiment: compare,
    ...(baselineId !== undefined &&
      UUID.test(baselineId) && { comparison: `${compare}%2C${baselineId}` })
  }
}

/** A gate that could not conclude before it had a judgement (the tracing service failed). */
function couldNotConclude(
  plan: GatePlan,
  why: string,
  experiment: ExperimentRuns | undefined,
  degraded: boolean
): GateReport {
  return {
    verdict: { check: 'gate', verdict: 'inconclusive', why },
    degraded,
    experimentId: experiment?.experimentId,
    datasetName: plan.dataset.name,
    rows: [],
    examples: { kind: 'lowest', rows: [] },
    runs: experiment?.runs.length ?? 0,
    errors: experiment?.runs.filter((run) => run.error !== undefined).length ?? 0,
    cost: { agentCalls: experiment?.runs.length ?? 0, evaluatorScores: 0 },
    links: {},
    notices: [],
    outputs: {
      'eval-passed': 'false',
      ...(experiment && { 'experiment-id': experiment.experimentId })
    }
  }
}
