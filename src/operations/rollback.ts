import { controlPlanePaths } from '../control-plane/client'
import { HttpStatusError } from '../control-plane/errors'
import type { Revision } from '../control-plane/schemas'
import type { Config, RollbackConfig } from '../inputs/parse'
import { formatDuration } from '../lib/duration'
import type { DeployResult, RollbackReport } from '../result'
import { DeployRun } from './deploy-run'
import { endedByError, waitForOutcome } from './revision-outcome'
import type { DeployDeps } from './deps'
import { redeployOnce } from './redeploy-once'
import { findTarget, named } from './target'

/**
 * A redeploy created `revisionId` from `source`: the log says so at once.
 */
function redeployedNow(run: DeployRun, revisionId: string, source: Revision): void {
  const { io } = run.deps
  run.known.revisionId = revisionId
  io.info(`Revision ${revisionId} created by the redeploy of ${source.id}.`)
}

/** DEPLOYED revisions read to find the one older than the active revision. */
const DEPLOYED_HISTORY = 100

/**
 * `operation: rollback`: redeploys `to-revision`, or the newest DEPLOYED revision older than the
 * active one, exactly once, then waits for the revision that creates like a deploy (under
 * `timeout`). Ends in a result, never throws.
 */
export async function rollbackOperation(
  config: RollbackConfig,
  deps: DeployDeps
): Promise<DeployResult> {
  const run = new DeployRun(config, deps)
  try {
    const existing = await findTarget(config, deps.client, run.call)
    if (!existing) {
      throw new Error(
        `name: there is no deployment ${named(config)} to roll back. Check name (or give deployment-id).`
      )
    }
    run.found(existing)
    const active = existing.active_revision_id ?? undefined
    if (active) run.servedBefore(active)
    const source = await chooseRevision(run, existing.id, active)
    if (source.id === active) {
      return run.finish(
        'deployed',
        `Revision ${source.id} already serves ${run.target}; nothing to roll back, nothing was sent.`
      )
    }
    // The steps that judge what the rollback brings back read the deployment before the write.
    const stepsPlan = await run.beforeWrite({ deployment: existing, name: existing.name })
    if (config.dryRun) {
      const request = `POST ${controlPlanePaths.redeploy(existing.id, source.id)}`
      return {
        ...run.finish(
          'dry-run',
          `Dry run: ${run.target} would be rolled back to revision ${source.id} (${request}). Nothing was sent that changes state.`
        ),
        planLines: [request, ...stepsPlan]
      }
    }
    run.known.redeployOf = source.id
    run.known.redeployCommit = source.source_revision_config?.repo_commit_sha ?? undefined
    deps.io.redeploying?.(source.id, run.known.redeployCommit)
    deps.io.info(`Rolling ${run.target} back to revision ${source.id}…`)
    const redeployed = await redeployOnce(
      existing.id,
      source,
      existing.latest_revision_id,
      run.writeDeps()
    )
    redeployedNow(run, redeployed.revisionId, source)
    if (!config.wait) {
      return run.finish(
        'revision-created',
        `Revision ${redeployed.revisionId} (a redeploy of ${source.id}) of ${run.target} exists; not waiting for it (wait: false).`
      )
    }
    return (await waitForOutcome(run, existing, redeployed.revisionId)).result
  } catch (error) {
    return endedByError(run, error)
  }
}

/** `to-revision`, which must have been DEPLOYED; else the newest DEPLOYED one older than active. */
async function chooseRevision(
  run: DeployRun,
  deploymentId: string,
  active: string | undefined
): Promise<Revision> {
  const { client } = run.deps
  const wanted = run.config.toRevision
  if (wanted) {
    const revision = await client
      .getRevision(deploymentId, wanted, run.call)
      .catch((error: unknown) => {
        if (error instanceof HttpStatusError && error.status === 404) return undefined
        throw error
      })
    if (revision?.status === 'DEPLOYED') return revision
    const what =
      revision === undefined
        ? `to-revision: revision ${wanted} is not a revision of ${run.target}`
        : `to-revision: revision ${wanted} of ${run.target} never reached DEPLOYED (it is ${revision.status}), so it cannot be redeployed`
    run.known.refusedBeforeWrite = 'to-revision cannot be redeployed'
    throw new Error(`${what}; ${await insteadWords(run, deploymentId, active)}`)
  }
  const deployed = await client.listRevisions(deploymentId, DEPLOYED_HISTORY, run.call, [
    'DEPLOYED'
  ])
  const activeAt = deployed.findIndex((revision) => revision.id === active)
  const older = activeAt < 0 ? undefined : deployed[activeAt + 1]
  if (!older) {
    throw new Error(
      active === undefined
        ? `${run.target} reports no active revision, so "older than the active one" means nothing: give to-revision.`
        : `${run.target} has no DEPLOYED revision older than the active one (${active}) among its newest ${DEPLOYED_HISTORY}: give to-revision.`
    )
  }
  return older
}

/** The DEPLOYED revisions a refused to-revision could name instead, at the most. */
const INSTEAD = 5

/**
 * What to-revision could name instead (the newest DEPLOYED revisions but the one serving, full
 * ids in backticks, as the input takes them, with their age) and what serves now.
 */
async function insteadWords(
  run: DeployRun,
  deploymentId: string,
  active: string | undefined
): Promise<string> {
  const serving =
    active === undefined
      ? 'the deployment reports no active revision.'
      : `revision ${active} serves now.`
  const deployed = await run.deps.client
    .listRevisions(deploymentId, INSTEAD + 1, run.call, ['DEPLOYED'])
    .catch(() => undefined)
  if (deployed === undefined) return `${serving} Its DEPLOYED revisions could not be read.`
  const instead = deployed
    .filter((revision) => revision.status === 'DEPLOYED' && revision.id !== active)
    .slice(0, INSTEAD)
  if (instead.length === 0) return `${serving} It has no other DEPLOYED revision to roll back to.`
  const now = run.deps.clock.now()
  const lines = instead.map((revision) => {
    const at = Date.parse(revision.created_at ?? '')
    const age = Number.isFinite(at) ? ` (created ${formatDuration(now - at)} ago)` : ''
    return `  - \`${revision.id}\`${age}`
  })
  return `${serving} It can name one of these DEPLOYED revisions instead (newest first).\n${lines.join('\n')}`
}

/** What the rollback after a failed deploy needs to know. */
export interface RollbackRequest {
  deploymentId: string
  /** This run's revision, which failed. */
  failedRevisionId: string
  /** The revision that served before this run. */
  previousRevisionId: string
  /** Why: the status or the check that failed, for the messages. */
  reason: string
}

/**
 * rollback.on-failure: decides whether a rollback is due (the deployment must no longer serve the
 * previous revision, and must not serve another run's), redeploys the previous revision exactly
 * once and waits for it under `rollback.timeout`, which starts now. Its report holds the
 * revision the redeploy created; `skipped` says why nothing was sent.
 */
export async function rollBackAfterFailure(
  config: Config,
  deps: DeployDeps,
  request: RollbackRequest
): Promise<{ report: RollbackReport; result?: DeployResult } | { skipped: string }> {
  const { failedRevisionId, previousRevisionId, deploymentId } = request
  const startedAt = deps.deadline.startedAt
  const io = {
    ...deps.io,
    // The records are the failed deploy's: they say how the rollback ended, at the end.
    waitStarting: undefined,
    redeploying: undefined
  }
  const run = new DeployRun(config, { ...deps, io })
  const report = (
    outcome: RollbackReport['outcome'],
    message: string,
    revisionId?: string,
    seen: Pick<DeployResult, 'revisionStatus' | 'statusesSeen'> = { statusesSeen: [] }
  ): { report: RollbackReport } => ({
    report: {
      failedRevisionId,
      toRevisionId: previousRevisionId,
      revisionId,
      outcome,
      ...(seen.revisionStatus !== undefined && { revisionStatus: seen.revisionStatus }),
      statusesSeen: seen.statusesSeen,
      elapsedMs: deps.clock.now() - startedAt,
      message,
      // Settled once its checks ran and what serves was read (../safe-delivery.ts).
      restored: false
    }
  })
  try {
    const current = await deps.client.getDeployment(deploymentId, run.call)
    run.found(current)
    const active = current.active_revision_id ?? null
    if (active === previousRevisionId) {
      return { skipped: `Revision ${previousRevisionId} still serves; nothing to roll back.` }
    }
    if (active !== null && active !== failedRevisionId) {
      return {
        skipped: `Revision ${active} serves now, neither this run's (${failedRevisionId}) nor the one before (${previousRevisionId}): another run or a push deployed it, and a rollback would undo it. Nothing was sent.`
      }
    }
    const source = await deps.client.getRevision(deploymentId, previousRevisionId, run.call)
    deps.io.info(
      `Rolling back: revision ${failedRevisionId} ${request.reason}; redeploying revision ${previousRevisionId} (${deps.deadline.input} ${formatDuration(deps.deadline.budgetMs)})…`
    )
    const redeployed = await redeployOnce(
      deploymentId,
      source,
      current.latest_revision_id,
      run.writeDeps()
    )
    redeployedNow(run, redeployed.revisionId, source)
    const { result: waited } = await waitForOutcome(
      run,
      redeployed.deployment,
      redeployed.revisionId
    )
    return {
      ...report(waited.outcome, waited.message, redeployed.revisionId, waited),
      result: waited
    }
  } catch (error) {
    const ended = endedByError(run, error)
    return report(ended.outcome, ended.message, run.known.revisionId, ended)
  }
}
