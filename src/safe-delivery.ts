import type { Dispatcher } from './control-plane/transport'
import type { Config } from './inputs/parse'
import { formatDuration } from './lib/duration'
import { CancelledError, type DeployDeps } from './operations/deps'
import { OPERATIONS, runOperation } from './operations/operations'
import { rollBackAfterFailure } from './operations/rollback'
import { OUTCOMES } from './outcomes'
import { checksWith, failingVerdict, withChecks, type DeployResult } from './result'
import { rollbackDeadline, within } from './run/deadlines'
import type { StepChecks, StepRollback } from './step-payloads'
import {
  CancelledDuringChecks,
  checksRollBack,
  openSteps,
  type Phase,
  type FrameContext,
  type StepRow,
  type StepsOfRun
} from './after-deploy/check-runner'
import { loadChecks } from './after-deploy/checks'
import type { WorkflowFacts } from './step-kit/step'

export interface DeliveryDeps extends DeployDeps {
  /** The agent server is reached through this (proxies). */
  dispatcher?: Dispatcher
  /** The workflow's commit and run, for the evaluation gate's experiment. */
  workflow?: WorkflowFacts
}

/** A deploy, rollback or promote with its checks and, when one ran, the rollback after it. */
export interface Delivery {
  result: DeployResult
  checks?: StepChecks
  rollback?: StepRollback
  /** Operations that are checked: whether an earlier revision serves again (`rolled-back`). */
  rolledBack?: boolean
}

/** The read of what serves once a rollback ended gets this long, whatever time is left. */
const SERVING_NOW_READ_MS = 10_000

/**
 * Safe delivery: the operation (deploy, rollback or promote), then proof that its revision serves
 * and answers (the steps after DEPLOYED), then, with rollback.on-failure, the previous revision
 * back when this run's failed. Only the rollback may run past `timeout` (under
 * `rollback.timeout`). A cancellation during the checks ends the run `cancelled`: no verdict, no
 * rollback. Reports whether an earlier revision serves again (`rolledBack`) once, at the end.
 * `list` is the steps after DEPLOYED (../after-deploy/checks.ts; a test may add its own).
 */
export async function deliver(
  config: Config,
  deps: DeliveryDeps,
  list?: readonly StepRow[]
): Promise<Delivery> {
  const operation = OPERATIONS[config.operation]
  const delivery = await checkedDelivery(config, deps, list)
  const restored = delivery.rollback
    ? delivery.rollback.restored
    : // operation rollback: the earlier revision it redeployed serves again.
      operation.bringsBack &&
      delivery.result.outcome === 'deployed' &&
      delivery.result.redeployOf !== undefined &&
      checksWith(delivery.checks, 'passed').some(({ check }) => check === 'serving')
  return operation.checked ? { ...delivery, rolledBack: restored } : delivery
}

/** What the steps of a phase are given: the phase's run context and the run's clients. */
export function stepContext(config: Config, deps: DeliveryDeps): FrameContext {
  const { client, io, clock, signal, deadline, dispatcher, workflow } = deps
  return { config, client, io, log: io, clock, signal, deadline, dispatcher, workflow }
}

async function checkedDelivery(
  config: Config,
  deps: DeliveryDeps,
  given: readonly StepRow[] | undefined
): Promise<Delivery> {
  if (!OPERATIONS[config.operation].checked) return { result: await runOperation(config, deps) }
  const list = given ?? (await loadChecks())
  const context = stepContext(config, deps)
  const steps = openSteps(list, config, context)
  try {
    return await deliverWith(steps, config, deps, list)
  } finally {
    // What a step wrote before the write is undone whatever happened (a cancel included).
    await steps.finish()
  }
}

async function deliverWith(
  steps: StepsOfRun,
  config: Config,
  deps: DeliveryDeps,
  list: readonly StepRow[]
): Promise<Delivery> {
  const operation = OPERATIONS[config.operation]
  const context = stepContext(config, deps)
  const deployed = await runOperation(config, {
    ...deps,
    beforeWrite: (target) => steps.beforeWrite(target)
  })
  let checks: StepChecks | undefined
  try {
    checks = await verifyRevision(deployed, steps, { context })
  } catch (error) {
    if (!(error instanceof CancelledError)) throw error
    const result = cancelledDuringChecks(deployed, deps)
    // What the steps saw before the cancel (a bake cut short) is shown; it is no verdict.
    return error instanceof CancelledDuringChecks ? { result, checks: error.checks } : { result }
  }
  const result = withChecks(deployed, checks)
  const rollsBack = operation.rollsBack && config.rollback.onFailure
  const grounds = groundsForRollback(result, checks, list)
  if (!rollsBack) return { result, checks }
  if (!grounds) {
    if (result.outcome === 'checks-failed') {
      deps.io.notice(
        'rollback.on-failure: nothing is rolled back, since no check failed: one could not conclude, and that alone is no proof the revision is broken.'
      )
    }
    return { result, checks }
  }
  const { deploymentId, revisionId, previousRevisionId } = result
  if (!deploymentId || !revisionId) return { result, checks }
  if (!previousRevisionId) {
    deps.io.notice(
      result.created
        ? 'rollback.on-failure: this run created the deployment, so there is no earlier revision to roll back to.'
        : 'rollback.on-failure: the deployment named no active revision before this run, so there is no earlier revision to roll back to.'
    )
    return { result, checks }
  }
  // The rollback's own deadline (`rollback.timeout`, from now), on the same clock.
  const rollbackDeps = {
    ...deps,
    deadline: rollbackDeadline(deps.clock, config.rollback.timeoutMs)
  }
  const rolled = await rollBackAfterFailure(config, rollbackDeps, {
    deploymentId,
    failedRevisionId: revisionId,
    previousRevisionId,
    reason: reasonOf(result, checks)
  })
  if ('skipped' in rolled) {
    deps.io.notice(rolled.skipped)
    return { result, checks }
  }
  const phase: Phase = {
    context: stepContext(config, rollbackDeps),
    skipped: steps.broughtBack(checks, previousRevisionId)
  }
  return {
    result,
    checks,
    rollback: await settleRollback(rolled, deploymentId, steps, checks, phase, rollbackDeps)
  }
}

/**
 * How the rollback ended: what the steps of this run's revision restore and its revision's checks
 * (when it reached DEPLOYED), and what the service names active afterwards. Restored only when
 * the earlier revision serves again.
 */
async function settleRollback(
  // The rollback's report before its revision's checks ran (it carries none).
  rolled: { report: Omit<StepRollback, 'checks'>; result?: DeployResult },
  deploymentId: string,
  steps: StepsOfRun,
  failedChecks: StepChecks | undefined,
  phase: Phase,
  deps: DeliveryDeps
): Promise<StepRollback> {
  const { report, result: redeployed } = rolled
  let ended: StepRollback
  try {
    const revision = deployedRevision(redeployed)
    const restored = revision && (await steps.restore(failedChecks, revision, phase))
    const checks = redeployed
      ? await verifyRevision(redeployed, steps, { ...phase, restored })
      : undefined
    const outcome = redeployed ? withChecks(redeployed, checks).outcome : report.outcome
    ended = { ...report, outcome, checks }
  } catch (error) {
    if (!(error instanceof CancelledError)) throw error
    ended = {
      ...report,
      outcome: 'cancelled',
      message: `${error.message} during the checks of revision ${report.revisionId ?? '?'}.`
    }
  }
  const servingNow = await readServingNow(deploymentId, deps)
  const restored =
    ended.outcome === 'deployed' &&
    report.revisionId !== undefined &&
    servingNow === report.revisionId
  return { ...ended, servingNow, restored }
}

/** The deployment's `active_revision_id` now; undefined when it cannot be read (or the run is cancelled). */
async function readServingNow(
  deploymentId: string,
  deps: DeliveryDeps
): Promise<string | undefined> {
  if (deps.signal?.aborted) return undefined
  try {
    const deployment = await deps.client.getDeployment(deploymentId, {
      deadline: within(deps.clock, SERVING_NOW_READ_MS),
      signal: deps.signal
    })
    return deployment.active_revision_id ?? undefined
  } catch {
    return undefined
  }
}

/**
 * Whether this run's revision is ground for a rollback: by its outcome (the outcome table), and
 * for a check that failed or could not conclude, by the step list.
 */
function groundsForRollback(
  result: DeployResult,
  checks: StepChecks | undefined,
  list: readonly StepRow[]
): boolean {
  const grounds = OUTCOMES[result.outcome].rollback
  return grounds === 'yes' || (grounds === 'by-checks' && checksRollBack(list, checks))
}

/** Why this run's revision is rolled back, as a clause ("ended BUILD_FAILED"). */
function reasonOf(result: DeployResult, checks: StepChecks | undefined): string {
  if (result.outcome === 'failed') return `ended ${result.revisionStatus ?? 'failed'}`
  // What the check saw, said here: the log gives the failure before the rollback's own checks.
  const failing = failingVerdict(checks)
  const what = failing?.why === undefined ? '' : `: ${failing.why}`
  return failing?.verdict === 'failed'
    ? `failed its checks${what}`
    : `did not pass its checks: one could not conclude${what}`
}

/** The run was cancelled while the checks after DEPLOYED ran: no verdict, and nothing rolled back. */
function cancelledDuringChecks(result: DeployResult, deps: DeliveryDeps): DeployResult {
  const elapsedMs = deps.clock.now() - deps.deadline.startedAt
  const of = result.deploymentName ? ` of ${result.deploymentName}` : ''
  return {
    ...result,
    outcome: 'cancelled',
    elapsedMs,
    message: `Cancelled after ${formatDuration(elapsedMs)}, during the checks of revision ${result.revisionId ?? '?'}${of}, which is DEPLOYED. The checks did not conclude, and nothing was rolled back.`
  }
}

/** The DEPLOYED revision of a result; undefined when it is not DEPLOYED. */
function deployedRevision(result: DeployResult | undefined) {
  if (result?.outcome !== 'deployed' || !result.deploymentId || !result.revisionId) return undefined
  return { result, deploymentId: result.deploymentId, revisionId: result.revisionId }
}

/**
 * After DEPLOYED: the steps of the list that the run asks for. Undefined when the revision is not
 * DEPLOYED. Rejects with a CancelledError when the run is cancelled.
 */
async function verifyRevision(
  result: DeployResult,
  steps: StepsOfRun,
  phase: Phase
): Promise<StepChecks | undefined> {
  const revision = deployedRevision(result)
  return revision && steps.check(revision, phase)
}
