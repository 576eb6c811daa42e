/**
 * Waiting for a revision and judging how it ended, for every operation that waits (deploy,
 * rollback, promote): the statuses seen, the URL read after DEPLOYED, and the words of each
 * ending, errors and cancels included.
 */
import { DeadlineError } from '../control-plane/errors'
import type { Deployment, Revision } from '../control-plane/schemas'
import { formatDuration } from '../lib/duration'
import { checkHttpUrl } from '../lib/url'
import type { DeployResult } from '../result'
import { judgeStatus, phaseOf } from '../wait/revision-status'
import { WaitProgress, type ProgressEvent } from '../wait/progress'
import { progressLine } from '../wait/progress-text'
import { waitForRevision, type WaitResult } from '../wait/wait'
import type { DeployRun } from './deploy-run'
import { siblingHistory } from './sibling-history'
import { withHint } from './target'

/** Records a status of the revision: the log, and the statuses seen. */
export function statusSeen(run: DeployRun, revisionId: string, status: string): void {
  run.known.revisionStatus = status
  run.known.statusesSeen.push(status)
  run.deps.io.info(`Revision ${revisionId}: ${status} (${formatDuration(run.elapsed())})`)
}

/**
 * Waits for the revision and judges how it ended. Also hands back the revision as the last poll
 * read it (its DEPLOYED state, when it got there), so that a caller needs no second read of it.
 */
export async function waitForOutcome(
  run: DeployRun,
  deployment: Deployment,
  revisionId: string
): Promise<{ result: DeployResult; lastRead?: Revision }> {
  const { client, signal } = run.deps
  const { now, sleep } = run.deps.clock
  const deploymentId = deployment.id
  let lastRead: Revision | undefined
  const progress = new WaitProgress({
    now,
    report: (event) => progressSeen(run, revisionId, event)
  })
  let waited: WaitResult
  try {
    waited = await waitForRevision({
      getRevision: async (call) =>
        (lastRead = await client.getRevision(deploymentId, revisionId, call)),
      // A first deploy has no history of its own: it learns from its repository's or image's.
      getHistory: run.known.created
        ? siblingHistory(client, deployment)
        : (limit, call) => client.listRevisions(deploymentId, limit, call),
      deadline: run.deadline,
      pollIntervalMs: run.config.pollIntervalMs,
      signal,
      now,
      sleep,
      onStatus: (status) => statusSeen(run, revisionId, status),
      progress
    })
  } finally {
    // Every ending (errors and cancels too) shows the phases seen until then.
    run.known.phases = progress.timeline()
  }
  return { result: await judgeWait(run, deploymentId, revisionId, waited), lastRead }
}

/** What the wait tells a person beside the status changes: a line in the log, GitHub's record. */
function progressSeen(run: DeployRun, revisionId: string, event: ProgressEvent): void {
  if (event.kind === 'started') {
    // Only where a revision served before does its URL still serve while this one builds.
    const { previousRevisionId, servedBeforeUrl } = run.known
    const servingUrl = previousRevisionId === undefined ? undefined : servedBeforeUrl
    run.deps.io.waitStarting?.(revisionId, event.basis, servingUrl)
  }
  const line = progressLine(event, run.elapsed())
  if (line !== undefined) run.deps.io.info(line)
}

async function judgeWait(
  run: DeployRun,
  deploymentId: string,
  revisionId: string,
  waited: WaitResult
): Promise<DeployResult> {
  const took = formatDuration(run.elapsed())
  if (waited.kind === 'timeout') {
    const blocker =
      waited.status === 'QUEUED' ? await failedRevisionBefore(run, deploymentId, revisionId) : ''
    return run.finish(
      'timeout',
      `Timed out after ${took} waiting for revision ${revisionId} of ${run.target}; its last status was ${waited.status ?? 'not read'}.${blocker} The deployment goes on on the service: check it there, or raise ${run.deps.deadline.input} (now ${formatDuration(run.deps.deadline.budgetMs)}).`
    )
  }
  switch (waited.verdict) {
    case 'failed':
      return run.finish(
        'failed',
        `Revision ${revisionId} of ${run.target} ended ${waited.status} after ${took}. See the revision's ${phaseOf(run.known.statusesSeen)} logs on the service.`
      )
    case 'superseded': {
      const newer = await run.deps.client.getDeployment(deploymentId, run.call).then(
        (current) => current.latest_revision_id ?? 'unknown',
        () => 'unknown'
      )
      return run.finish(
        'superseded',
        `Revision ${revisionId} of ${run.target} was SKIPPED: a newer revision (${newer}) superseded it. Another run or a push deployed after this one; serialise runs with a concurrency group per deployment.`
      )
    }
    case 'deployed':
      return deployed(run, deploymentId, revisionId)
  }
}

/** DEPLOYED: the URL is read again now, since it can be empty until provisioning ends. */
async function deployed(
  run: DeployRun,
  deploymentId: string,
  revisionId: string
): Promise<DeployResult> {
  const { client, io, signal } = run.deps
  const current = await client.getDeployment(deploymentId, run.call).catch((error: unknown) => {
    if (signal?.aborted) throw error
    // The revision is DEPLOYED all the same: the serving check reads again and says what it saw.
    io.warning(
      `Revision ${revisionId} is DEPLOYED, but ${run.target} could not be read after it (${error instanceof Error ? error.message : String(error)}): deployment-url stays empty.`
    )
    return undefined
  })
  if (!current) {
    return run.finish(
      'deployed',
      `Revision ${revisionId} of ${run.target} is DEPLOYED after ${formatDuration(run.elapsed())}.`
    )
  }
  run.known.deploymentUrl = usableUrl(run, current.source_config.custom_url ?? '')
  // Whether it serves is the serving check's to say (after-deploy/serving-check.ts), starting
  // from this read.
  run.known.activeRevisionId = current.active_revision_id
  const at = run.known.deploymentUrl ? ` at ${run.known.deploymentUrl}` : ''
  return run.finish(
    'deployed',
    `Deployed ${run.target}: revision ${revisionId} is DEPLOYED${at} after ${formatDuration(run.elapsed())}.`
  )
}

/**
 * The deployment's URL as this run reports and checks it: the service's `custom_url` when it is
 * an http(s) URL without credentials or control characters, else '' with a warning that does not
 * repeat it (it may carry someone's credentials).
 */
function usableUrl(run: DeployRun, customUrl: string): string {
  if (customUrl === '') return ''
  const checked = checkHttpUrl(customUrl)
  if ('url' in checked) return checked.url
  run.deps.io.warning(
    `The service's custom_url for ${run.target} is not a usable URL (${checked.problem}): deployment-url is left empty, and nothing is sent to it.`
  )
  return ''
}

export function endedByError(run: DeployRun, error: unknown): DeployResult {
  const took = formatDuration(run.elapsed())
  const { revisionId, revisionStatus, deploymentId } = run.known
  if (run.deps.signal?.aborted) {
    const during = revisionStatus ? ` while revision ${revisionId} was ${revisionStatus}` : ''
    const of = deploymentId ? ` (${run.target})` : ''
    return run.finish(
      'cancelled',
      `Cancelled after ${took}${during}${of}. What this run already sent goes on on the service: check the deployment there.`
    )
  }
  if (error instanceof DeadlineError) {
    const goesOn = revisionId
      ? `; revision ${revisionId} of ${run.target} goes on on the service`
      : ''
    return run.finish(
      'timeout',
      `Timed out after ${took} before ${error.method} ${error.path} could finish${goesOn}. Raise ${run.deps.deadline.input} (now ${formatDuration(run.deps.deadline.budgetMs)}) or check the service.`
    )
  }
  return run.finish('error', withHint(error))
}

/** A look at the revisions after the wait's deadline gets a few seconds of its own. */
const AFTER_DEADLINE_LOOK_MS = 5_000

/**
 * Why a revision may sit in QUEUED: the service holds later revisions behind a failed one. Best
 * effort, for the timeout message; '' when there is no such revision or it cannot be read.
 */
async function failedRevisionBefore(
  run: DeployRun,
  deploymentId: string,
  revisionId: string
): Promise<string> {
  try {
    const revisions = await run.deps.client.listRevisions(deploymentId, 20, {
      deadline: run.deps.clock.now() + AFTER_DEADLINE_LOOK_MS,
      signal: run.deps.signal
    })
    const ours = revisions.findIndex((revision) => revision.id === revisionId)
    const blocker = revisions
      .slice(ours + 1)
      .find((revision) => judgeStatus(revision.status) === 'failed')
    if (ours < 0 || !blocker) return ''
    return ` It is queued behind revision ${blocker.id}, which ended ${blocker.status}: the service holds later revisions while a failed one blocks the queue. Fix what made it fail (see its logs), or redeploy.`
  } catch {
    return ''
  }
}
