import type { Dispatcher } from './control-plane/transport'
import type { Config } from './inputs/parse'
import { formatDuration } from './lib/duration'
import { CancelledError, type DeployDeps } from './operations/deps'
import { OPERATIONS, runOperation } from './operations/operations'
import { rollBackAfterFailure } from './operations/rollback'
import { OUTCOMES } from './outcomes'
import {
  checksWith,
  failingVerdict,
  withChecks,
  type AfterDeployChecks,
  type DeployResult,
  type RollbackReport
} from './result'
import { checksRollBack, runChecks, type CheckContext } from './after-deploy/check-runner'
import { CHECKS } from './after-deploy/checks'
import { openGate } from './after-deploy/gate-check'
import type { GateForCheck, WorkflowFacts } from './evaluation'

export interface DeliveryDeps extends DeployDeps {
  /** The agent server is reached through this (proxies). */
  dispatcher?: Dispatcher
  /** The workflow's commit and run, for the evaluation gate's experiment. */
  workflow?: WorkflowFacts
}

/** A deploy, rollback or promote with its checks and, when one ran, the rollback after it. */
export interface Delivery {
  result: DeployResult
  checks?: AfterDeployChecks
  rollback?: RollbackReport
  /** Operations that are checked: whether an earlier revision serves again (`rolled-back`). */
  rolledBack?: boolean
}

/** The read of what serves once a rollback ended gets this long, whatever time is left. */
const SERVING_NOW_READ_MS = 10_000

/**
 * Safe delivery: the operation (deploy, rollback or promote), then proof that its revision serves
 * and answers (the checks after DEPLOYED), then, with rollback-on-failure, the previous revision
 * back when this run's failed. Only the rollback may run past `timeout` (under
 * `rollback-timeout`). A cancellation during the checks ends the run `cancelled`: no verdict, no
 * rollback. Reports whether an earlier revision serves again (`rolledBack`) once, at the end.
 */
export async function deliver(config: Config, deps: DeliveryDeps): Promise<Delivery> {
  const operation = OPERATIONS[config.operation]
  const delivery = await checkedDelivery(config, deps)
  const restored = delivery.rollback
    ? delivery.rollback.restored
    : // operation rollback: the earlier revision it redeployed serves again.
      operation.bringsBack &&
      delivery.result.outcome === 'deployed' &&
      delivery.result.redeployOf !== undefined &&
      checksWith(delivery.checks, 'passed').some(({ check }) => check === 'serving')
  return operation.checked ? { ...delivery, rolledBack: restored } : delivery
}

async function checkedDelivery(config: Config, deps: DeliveryDeps): Promise<Delivery> {
  const operation = OPERATIONS[config.operation]
  const gate = operation.checked ? openGate(config, deps, operation.gated) : undefined
  const deployed = await runOperation(
    config,
    gate ? { ...deps, beforeWrite: (target) => gate.beforeWrite(target) } : deps
  )
  if (!operation.checked) return { result: deployed }
  const runDeadline = deps.startedAt + config.timeoutMs
  let checks: AfterDeployChecks | undefined
  try {
    checks = await verifyRevision(deployed, config, deps, runDeadline, gate?.forCheck())
  } catch (error) {
    if (!(error instanceof CancelledError)) throw error
    return { result: cancelledDuringChecks(deployed, deps) }
  }
  const result = withChecks(deployed, checks)
  const rollsBack = operation.rollsBack && config.rollbackOnFailure
  const grounds = groundsForRollback(result, checks)
  if (!rollsBack) return { result, checks }
  if (!grounds) {
    if (result.outcome === 'checks-failed') {
      deps.io.notice(
        'rollback-on-failure: nothing is rolled back, since no check failed: one could not conclude, and that alone is no proof the revision is broken.'
      )
    }
    return { result, checks }
  }
  const { deploymentId, revisionId, previousRevisionId } = result
  if (!deploymentId || !revisionId) return { result, checks }
  if (!previousRevisionId) {
    deps.io.notice(
      result.created
        ? 'rollback-on-failure: this run created the deployment, so there is no earlier revision to roll back to.'
        : 'rollback-on-failure: the deployment named no active revision before this run, so there is no earlier revision to roll back to.'
    )
    return { result, checks }
  }
  const rolled = await rollBackAfterFailure(config, deps, {
    deploymentId,
    failedRevisionId: revisionId,
    previousRevisionId,
    reason: reasonOf(result, checks)
  })
  if ('skipped' in rolled) {
    deps.io.notice(rolled.skipped)
    return { result, checks }
  }
  let rollbackGate: GateForCheck | undefined
  if (checks?.gate) {
    const why = `revision ${previousRevisionId}, brought back, is not evaluated again: it served before, and a second experiment would double the cost while the service is degraded`
    deps.io.notice(`Evaluation gate: ${why}.`)
    rollbackGate = { skipped: why }
  }
  return {
    result,
    checks,
    rollback: await settleRollback(rolled, deploymentId, config, deps, rollbackGate)
  }
}

/**
 * How the rollback ended: its revision's checks (when it reached DEPLOYED), and what the service
 * names active afterwards. Restored only when the earlier revision serves again.
 */
async function settleRollback(
  rolled: { report: RollbackReport; result?: DeployResult },
  deploymentId: string,
  config: Config,
  deps: DeliveryDeps,
  gate: GateForCheck | undefined
): Promise<RollbackReport> {
  const { report, result: redeployed } = rolled
  const rollbackDeadline = deps.now() + config.rollbackTimeoutMs - report.elapsedMs
  let ended: RollbackReport
  try {
    const checks = redeployed
      ? await verifyRevision(redeployed, config, deps, rollbackDeadline, gate)
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
      deadline: deps.now() + SERVING_NOW_READ_MS,
      signal: deps.signal
    })
    return deployment.active_revision_id ?? undefined
  } catch {
    return undefined
  }
}

/**
 * Whether this run's revision is ground for a rollback: by its outcome (the outcome table), and
 * for a check that failed or could not conclude, by the check runner's list.
 */
function groundsForRollback(result: DeployResult, checks: AfterDeployChecks | undefined): boolean {
  const grounds = OUTCOMES[result.outcome].rollback
  return grounds === 'yes' || (grounds === 'by-checks' && checksRollBack(CHECKS, checks))
}

/** Why this run's revision is rolled back, as a clause ("ended BUILD_FAILED"). */
function reasonOf(result: DeployResult, checks: AfterDeployChecks | undefined): string {
  if (result.outcome === 'failed') return `ended ${result.revisionStatus ?? 'failed'}`
  return failingVerdict(checks)?.verdict === 'failed'
    ? 'failed its checks'
    : 'did not pass its checks (one could not conclude)'
}

/** The run was cancelled while the checks after DEPLOYED ran: no verdict, and nothing rolled back. */
function cancelledDuringChecks(result: DeployResult, deps: DeliveryDeps): DeployResult {
  const took = formatDuration(deps.now() - deps.startedAt)
  const of = result.deploymentName ? ` of ${result.deploymentName}` : ''
  return {
    ...result,
    outcome: 'cancelled',
    elapsedMs: deps.now() - deps.startedAt,
    message: `Cancelled after ${took}, during the checks of revision ${result.revisionId ?? '?'}${of}, which is DEPLOYED. The checks did not conclude, and nothing was rolled back.`
  }
}

/**
 * After DEPLOYED: the checks of the runner's list that the inputs ask for. Undefined when the
 * revision is not DEPLOYED. Rejects with a CancelledError when the run is cancelled.
 */
async function verifyRevision(
  result: DeployResult,
  config: Config,
  deps: DeliveryDeps,
  deadline: number,
  gate?: GateForCheck
): Promise<AfterDeployChecks | undefined> {
  const { deploymentId, revisionId } = result
  if (result.outcome !== 'deployed' || !deploymentId || !revisionId) return undefined
  let agentDeadline: number | undefined
  const context: CheckContext = {
    result,
    deploymentId,
    revisionId,
    config,
    client: deps.client,
    io: deps.io,
    dispatcher: deps.dispatcher,
    signal: deps.signal,
    now: deps.now,
    sleep: deps.sleep,
    deadline,
    agentDeadline: () =>
      (agentDeadline ??= Math.min(deps.now() + (config.verify?.timeoutMs ?? 0), deadline)),
    gate,
    workflow: deps.workflow
  }
  return runChecks(CHECKS, context)
}
