import type { Dispatcher } from './control-plane/transport'
import type { Config } from './inputs/parse'
import { formatDuration } from './lib/duration'
import { deploy } from './operations/deploy'
import type { DeployDeps } from './operations/deps'
import { promote } from './operations/promote'
import { rollbackOperation, rollBackAfterFailure } from './operations/rollback'
import type { AfterDeployChecks, DeployResult, RollbackReport } from './result'
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
 * Safe delivery: the operation (deploy or rollback), then proof that its revision serves and
 * answers (serving check, agent checks), then, with rollback-on-failure, the previous revision
 * back when this run's failed. Only the rollback may run past `timeout` (under
 * `rollback-timeout`).
 */
export async function deliver(config: Config, deps: DeliveryDeps): Promise<Delivery> {
  const operation =
    config.operation === 'rollback'
      ? rollbackOperation
      : config.operation === 'promote'
        ? promote
        : deploy
  const result = await operation(config, deps)
  const runDeadline = deps.startedAt + config.timeoutMs
  // A promote whose revision was built from another commit failed before any other check.
  const checks = result.promotion?.failure
    ? { passed: [], failure: result.promotion.failure }
    : await verifyRevision(result, config, deps, runDeadline)
  const failure = failureOf(result, checks)
  const rollsBack = config.operation === 'deploy' || config.operation === 'promote'
  if (!failure || !rollsBack || !config.rollbackOnFailure) {
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
  return {
    result,
    checks,
    rollback: { ...report, checksFailure: rollbackChecks?.failure }
  }
}

/** Why this run's revision failed, as a clause ("ended BUILD_FAILED"); undefined when it did not. */
function failureOf(result: DeployResult, checks: AfterDeployChecks | undefined) {
  if (result.outcome === 'failed') return `ended ${result.revisionStatus ?? 'failed'}`
  if (result.outcome === 'deployed' && checks?.failure) return `failed its checks`
  return undefined
}

/**
 * After DEPLOYED: the serving check (always), then the agent checks the inputs ask for (the
 * agent server's /info first). Undefined when nothing was checked; `failure` fails the step.
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
  }).catch((error: unknown) => ({
    kind: 'not-named' as const,
    why: `the deployment could not be read (${error instanceof Error ? error.message : String(error)})`
  }))
  if (serving.kind === 'other') {
    return {
      passed: [],
      failure: `Revision ${revisionId} is DEPLOYED but the deployment serves ${serving.servingId ?? 'no revision'} (active_revision_id, read for ${formatDuration(ACTIVE_REVISION_WAIT_MS)}).`
    }
  }
  if (serving.kind === 'serving') io.info(`Serving check: revision ${revisionId} is active.`)
  else io.notice(`Serving check skipped: ${serving.why}.`)
  if (!config.verify) return undefined
  const { agentChecks } = await import('./after-deploy/checks')
  return agentChecks(result, revisionId, config.verify, {
    deadline,
    signal,
    dispatcher: deps.dispatcher,
    now,
    sleep,
    info: (line) => io.info(line),
    notice: (line) => io.notice(line)
  })
}
