import type { Dispatcher } from './control-plane/transport'
import type { Config } from './inputs/parse'
import { formatDuration } from './lib/duration'
import { deploy } from './operations/deploy'
import type { DeployDeps } from './operations/deps'
import { promote } from './operations/promote'
import { rollbackOperation, rollBackAfterFailure } from './operations/rollback'
import {
  withChecks,
  type AfterDeployChecks,
  type DeployResult,
  type RollbackReport
} from './result'
import { ACTIVE_REVISION_WAIT_MS, checkActiveRevision } from './after-deploy/serving-check'

export interface DeliveryDeps extends DeployDeps {
  /** The agent server is reached through this (proxies). */
  dispatcher?: Dispatcher
}

/** A deploy or rollback with its checks and, when one ran, the rollback after it. */
export interface Delivery {
  result: DeployResult
  checks?: AfterDeployChecks
  rollback?: RollbackReport
}

/**
 * Safe delivery: the operation (deploy, rollback or promote), then proof that its revision serves and
 * answers (serving check, agent checks), then, with rollback-on-failure, the previous revision
 * back when this run's failed. Only the rollback may run past `timeout` (under
 * `rollback-timeout`).
 */
export async function deliver(config: Config, deps: DeliveryDeps): Promise<Delivery> {
  const deployed = await operationOf(config)(config, deps)
  const runDeadline = deps.startedAt + config.timeoutMs
  // A promote whose revision was built from another commit (or whose commit could not be read)
  // ends there: its other checks would prove a build nobody verified.
  const promotion = deployed.promotion
  const checks: AfterDeployChecks | undefined =
    promotion?.failure || promotion?.inconclusive
      ? { passed: [], failure: promotion.failure, inconclusive: promotion.inconclusive }
      : await verifyRevision(deployed, config, deps, runDeadline)
  // The counts are this run's revision's, as revision-id is; a rollback's verdict is in its report.
  if (checks?.suite) {
    deps.io.setOutput('cases-passed', String(checks.suite.passed))
    deps.io.setOutput('cases-failed', String(checks.suite.failed))
  }
  const result = withChecks(deployed, checks)
  const failure = failureOf(result, checks)
  const rollsBack = config.operation !== 'rollback' && config.rollbackOnFailure
  if (checks?.inconclusive && !checks.failure && rollsBack) {
    deps.io.notice(
      'rollback-on-failure: nothing is rolled back, since no check failed: one could not conclude, and that alone is no proof the revision is broken.'
    )
  }
  if (!failure || !rollsBack) {
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
    reason: failure
  })
  if ('skipped' in rolled) {
    deps.io.notice(rolled.skipped)
    return { result, checks }
  }
  const { report, result: rollbackResult } = rolled
  const rollbackDeadline = deps.now() + config.rollbackTimeoutMs - report.elapsedMs
  const rollbackChecks = rollbackResult
    ? await verifyRevision(rollbackResult, config, deps, rollbackDeadline)
    : undefined
  const checksFailure = rollbackChecks?.failure ?? rollbackChecks?.inconclusive
  return {
    result,
    checks,
    rollback: {
      ...report,
      outcome: rollbackResult ? withChecks(rollbackResult, rollbackChecks).outcome : report.outcome,
      checksFailure,
      suite: rollbackChecks?.suite
    }
  }
}

/** The operation that delivers the revision this run checks. */
function operationOf(config: Config): (config: Config, deps: DeployDeps) => Promise<DeployResult> {
  if (config.operation === 'rollback') return rollbackOperation
  if (config.operation === 'promote') return promote
  return deploy
}

/**
 * Why this run's revision failed, as a clause ("ended BUILD_FAILED"); undefined when it did not,
 * or when its checks only could not conclude (no ground for a rollback on its own).
 */
function failureOf(result: DeployResult, checks: AfterDeployChecks | undefined) {
  if (result.outcome === 'failed') return `ended ${result.revisionStatus ?? 'failed'}`
  if (result.outcome === 'checks-failed' && checks?.failure) return `failed its checks`
  return undefined
}

/**
 * After DEPLOYED: the serving check (always), then the agent checks the inputs ask for (the
 * agent server's /info first). Undefined when the revision is not DEPLOYED; `failure` and
 * `inconclusive` fail the step.
 */
async function verifyRevision(
  result: DeployResult,
  config: Config,
  deps: DeliveryDeps,
  deadline: number
): Promise<AfterDeployChecks | undefined> {
  const { deploymentId, revisionId } = result
  if (result.outcome !== 'deployed' || !deploymentId || !revisionId) return undefined
  const { client, now, sleep, signal, io } = deps
  const serving = await checkActiveRevision({
    getDeployment: (call) => client.getDeployment(deploymentId, call),
    revisionId,
    seen: result.activeRevisionId,
    deadline: Math.min(now() + ACTIVE_REVISION_WAIT_MS, deadline),
    signal,
    now,
    sleep
  })
  const window = `active_revision_id, read for up to ${formatDuration(ACTIVE_REVISION_WAIT_MS)} within timeout`
  switch (serving.kind) {
    case 'other':
      return {
        passed: [],
        skipped: [],
        failure: `Revision ${revisionId} is DEPLOYED but the deployment serves ${serving.servingId ?? 'no revision'} (${window}).`
      }
    case 'unconfirmed':
      // Not a verdict on the revision: the step fails, and the agent checks are not run.
      return {
        passed: [],
        skipped: [],
        inconclusive: `Could not confirm that revision ${revisionId} serves: ${serving.why}; the serving check could not be made (${window}).`
      }
    case 'serving':
      io.info(`Serving check: revision ${revisionId} is active.`)
      break
    case 'not-checkable':
      io.notice(`Serving check skipped: ${serving.why}.`)
      break
  }
  const own: AfterDeployChecks =
    serving.kind === 'serving'
      ? { passed: ['serving'], skipped: [] }
      : { passed: [], skipped: [`serving: ${serving.why}`] }
  if (!config.verify) return own
  const { agentChecks } = await import('./after-deploy/checks')
  const agent = await agentChecks(result, revisionId, config.verify, {
    deadline,
    signal,
    dispatcher: deps.dispatcher,
    now,
    sleep,
    info: (line) => io.info(line),
    notice: (line) => io.notice(line),
    warning: (line) => io.warning(line)
  })
  return {
    ...agent,
    passed: [...own.passed, ...agent.passed],
    skipped: [...(own.skipped ?? []), ...(agent.skipped ?? [])]
  }
}
