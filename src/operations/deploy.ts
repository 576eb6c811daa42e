import type { CallOptions } from '../control-plane/client'
import { DeadlineError } from '../control-plane/errors'
import type { Deployment, Revision } from '../control-plane/schemas'
import type { Config, DeployConfig } from '../inputs/parse'
import { formatBytes } from '../lib/bytes'
import { formatDuration } from '../lib/duration'
import { checkHttpUrl } from '../lib/url'
import type { DeployOutcome, DeployResult } from '../result'
import { judgeStatus, phaseOf } from '../wait/revision-status'
import { WaitProgress, type ProgressEvent } from '../wait/progress'
import { progressLine } from '../wait/progress-text'
import { waitForRevision, type WaitResult } from '../wait/wait'
import type { DeployDeps } from './deps'
import { planDeployment, type Plan, type SourcePatch } from './plan'
import { describePlan } from './plan-description'
import { siblingHistory } from './sibling-history'
import { createOnce, patchOnce, type WriteDeps } from './safe-writes'
import type { SourceArchive } from './source-archive'
import { describe, findTarget, named, withHint } from './target'

/** What a run has learnt so far; every ending reports it, failures included. */
type Known = Omit<DeployResult, 'outcome' | 'message' | 'elapsedMs'>

/** One run of the deploy operation (or a rollback's or promote's wait): what its steps share. */
export class DeployRun<C extends Config = Config> {
  readonly known: Known = { created: false, statusesSeen: [] }
  readonly deadline: number
  readonly call: CallOptions

  constructor(
    readonly config: C,
    readonly deps: DeployDeps
  ) {
    this.deadline = deps.deadline.at
    this.call = { deadline: this.deadline, signal: deps.signal }
  }

  elapsed(): number {
    return this.deps.clock.now() - this.deps.deadline.startedAt
  }

  /** "deployment NAME (ID)", as far as it is known. */
  get target(): string {
    return describe(this.known)
  }

  finish(outcome: DeployOutcome, message: string): DeployResult {
    return { ...this.known, outcome, message, elapsedMs: this.elapsed() }
  }

  /** The deployment this run works on is known: reported at once. */
  found(deployment: Deployment): void {
    this.known.deploymentId = deployment.id
    this.known.deploymentName = deployment.name
    this.deps.io.known({ deploymentId: deployment.id })
  }

  /** What served before this run's write is known: reported at once. */
  servedBefore(revisionId: string): void {
    this.known.previousRevisionId = revisionId
    this.deps.io.known({ previousRevisionId: revisionId })
  }

  writeDeps(): WriteDeps {
    const { client, io } = this.deps
    const { sleep, now } = this.deps.clock
    return {
      client,
      call: this.call,
      sleep,
      now,
      notice: (message) => io.notice(message),
      settleMs: client.requestTimeoutMs
    }
  }
}

/**
 * The deploy operation: look the deployment up, create or patch it, wait for the revision this
 * run created, read the URL. What must be said at once is reported as soon as it is known. Expected endings (failed,
 * superseded, timeout, cancelled) and errors (HTTP, inputs a create needs) all end in a result that
 * holds what was known when it ended; nothing is thrown.
 */
export async function deploy(config: DeployConfig, deps: DeployDeps): Promise<DeployResult> {
  const run = new DeployRun(config, deps)
  let archive: SourceArchive | undefined
  try {
    archive = await packSourceDir(run)
    const existing = await findTarget(config, deps.client, run.call)
    if (existing) run.found(existing)
    if (existing?.active_revision_id) run.servedBefore(existing.active_revision_id)
    const urlBefore = checkHttpUrl(existing?.source_config.custom_url ?? '')
    if ('url' in urlBefore) run.known.servedBeforeUrl = urlBefore.url
    const plan = planDeployment(config, existing)
    plan.notices.forEach((notice) => deps.io.notice(notice))
    await deps.beforeWrite?.({
      deploymentId: existing?.id,
      deploymentName: existing?.name ?? config.name ?? '',
      previousRevisionId: existing?.active_revision_id ?? undefined,
      deploymentUrl: existing?.source_config.custom_url ?? undefined
    })
    if (config.dryRun) return dryRun(run, plan, existing, archive)
    const { deployment, revisionId } = await writeRevision(run, plan, existing, archive)
    if (!config.wait) return await notWaiting(run, deployment.id, revisionId)
    return (await waitForOutcome(run, deployment, revisionId)).result
  } catch (error) {
    return endedByError(run, error)
  } finally {
    await archive?.dispose()
  }
}

/**
 * internal_source: everything about the folder is checked and packed before the first request.
 * tar and ignore are loaded only for this source.
 */
async function packSourceDir(run: DeployRun): Promise<SourceArchive | undefined> {
  if (run.config.source !== 'internal_source') return undefined
  const { io } = run.deps
  const sourceArchive = await import('./source-archive')
  await sourceArchive.checkSourceDir(run.config)
  const archive = await sourceArchive.packSource(run.config.sourceDir, undefined, {
    deadline: run.deadline,
    now: run.deps.clock.now,
    signal: run.deps.signal
  })
  io.info(`Packed ${archive.files.length} files into ${formatBytes(archive.bytes)}.`)
  if (archive.skipped.length > 0) {
    const more = archive.skipped.length > 10 ? ` and ${archive.skipped.length - 10} more` : ''
    io.notice(
      `Left out of the source tarball (links, or paths outside source-dir): ${archive.skipped.slice(0, 10).join(', ')}${more}`
    )
  }
  if (archive.bytes > sourceArchive.WARN_ARCHIVE_BYTES) {
    io.notice(
      `The source tarball is ${formatBytes(archive.bytes)}; above ${formatBytes(sourceArchive.WARN_ARCHIVE_BYTES)} uploads and builds get slow. Leave build output and data out with .gitignore.`
    )
  }
  return archive
}

function dryRun(
  run: DeployRun<DeployConfig>,
  plan: Plan,
  existing: Deployment | undefined,
  archive: SourceArchive | undefined
): DeployResult {
  const planLines = describePlan(plan, { name: existing?.name ?? named(run.config) }, archive)
  planLines.forEach((line) => run.deps.io.info(line))
  const what =
    plan.kind === 'create'
      ? `${plan.body.name} does not exist and would be created`
      : `${run.target} would be updated`
  return {
    ...run.finish('dry-run', `Dry run: ${what}. Nothing was sent that changes state.`),
    planLines
  }
}

/**
 * Sends the create, the upload and the PATCH the plan asks for, each at most once, and returns
 * the revision the last of them created: the one this run waits for.
 */
async function writeRevision(
  run: DeployRun,
  plan: Plan,
  existing: Deployment | undefined,
  archive: SourceArchive | undefined
): Promise<{ deployment: Deployment; revisionId: string }> {
  const { io } = run.deps
  let deployment: Deployment
  if (plan.kind === 'create') {
    io.info(`Creating deployment ${plan.body.name} (source ${plan.body.source})…`)
    deployment = (await createOnce(plan.body, run.writeDeps())).deployment
    run.known.created = true
  } else {
    deployment = existing as Deployment
  }
  run.found(deployment)

  let revisionBefore = plan.kind === 'create' ? null : deployment.latest_revision_id
  if (plan.sourcePatch && archive) {
    revisionBefore = deployment.latest_revision_id
    deployment = await uploadAndPatch(run, deployment, plan.sourcePatch, archive)
  } else if (plan.kind === 'update' && plan.body) {
    io.info(`Updating deployment ${deployment.name} (${deployment.id})…`)
    deployment = (await patchOnce(deployment.id, plan.body, revisionBefore, run.writeDeps()))
      .deployment
  }

  const revisionId = deployment.latest_revision_id
  if (!revisionId || revisionId === revisionBefore) {
    throw new Error(
      `The service accepted the ${plan.kind} of ${deployment.name} (${deployment.id}) but reports no new revision (latest revision: ${revisionId ?? 'none'}). Check the deployment on the service before running again.`
    )
  }
  run.known.revisionId = revisionId
  const createdWith = plan.kind === 'create' && !plan.sourcePatch
  io.info(
    `Revision ${revisionId} ${createdWith ? 'created with the deployment' : 'created by the update'}.`
  )
  return { deployment, revisionId }
}

async function uploadAndPatch(
  run: DeployRun,
  deployment: Deployment,
  sourcePatch: SourcePatch,
  archive: SourceArchive
): Promise<Deployment> {
  const { client, io } = run.deps
  const upload = await client.createUploadUrl(deployment.id, run.call)
  io.info(`Uploading the source tarball (${formatBytes(archive.bytes)})…`)
  await client.uploadFile(upload.upload_url, archive, run.call)
  io.info(`Updating deployment ${deployment.name} (${deployment.id}) with the uploaded source…`)
  const patch = sourcePatch(upload.object_path)
  return (await patchOnce(deployment.id, patch, deployment.latest_revision_id, run.writeDeps()))
    .deployment
}

/** Records a status of the revision: the log, and the statuses seen. */
function statusSeen(run: DeployRun, revisionId: string, status: string): void {
  run.known.revisionStatus = status
  run.known.statusesSeen.push(status)
  run.deps.io.info(`Revision ${revisionId}: ${status} (${formatDuration(run.elapsed())})`)
}

async function notWaiting(
  run: DeployRun,
  deploymentId: string,
  revisionId: string
): Promise<DeployResult> {
  const revision = await run.deps.client.getRevision(deploymentId, revisionId, run.call)
  statusSeen(run, revisionId, revision.status)
  return run.finish(
    'revision-created',
    `Revision ${revisionId} of ${run.target} exists (status ${revision.status}); not waiting for it (wait: false).`
  )
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
  if (event.kind === 'started') run.deps.io.waitStarting?.(revisionId, event.basis)
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
      `Timed out after ${took} waiting for revision ${revisionId} of ${run.target}; its last status was ${waited.status ?? 'not read'}.${blocker} The deployment goes on on the service: check it there, or raise timeout (now ${formatDuration(run.config.timeoutMs)}).`
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
      `Timed out after ${took} before ${error.method} ${error.path} could finish${goesOn}. Raise timeout (now ${formatDuration(run.deps.deadline.budgetMs)}) or check the service.`
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
