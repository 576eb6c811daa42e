import type { OutputName } from '../inputs/contract'
import type { CallOptions, ControlPlaneClient } from '../control-plane/client'
import { DeadlineError, HttpStatusError } from '../control-plane/errors'
import type { Deployment } from '../control-plane/schemas'
import { formatDuration } from '../lib/duration'
import type { Config } from '../inputs/parse'
import { planDeployment } from './plan'
import { judgeStatus } from '../wait/revision-status'
import { createOnce, patchOnce, type WriteDeps } from './safe-writes'
import { describePlan } from './plan-description'
import { formatBytes } from '../lib/bytes'
import type { SourceArchive } from './source-archive'
import { waitForRevision } from '../wait/wait'

/** What the deploy does to the world besides HTTP: the action's log and outputs. */
export interface DeployIo {
  info(message: string): void
  notice(message: string): void
  setOutput(name: OutputName, value: string): void
  /** Called once, when the wait for the revision this run created starts. */
  waitStarting?(revisionId: string): void
}

export type DeployOutcome =
  | 'deployed'
  | 'revision-created'
  | 'failed'
  | 'superseded'
  | 'timeout'
  | 'cancelled'
  | 'error'
  | 'dry-run'
  | 'deleted'
  | 'absent'

export interface DeployResult {
  outcome: DeployOutcome
  deploymentId?: string
  deploymentName?: string
  revisionId?: string
  revisionStatus?: string
  deploymentUrl?: string
  created: boolean
  /** Every status of the revision seen, oldest first. */
  statusesSeen: string[]
  elapsedMs: number
  /** Dry run: the plan, a line per request or field. */
  planLines?: string[]
  /** One paragraph for people: what happened, with the ids, and what to do next. */
  message: string
}

export interface DeployDeps {
  client: ControlPlaneClient
  io: DeployIo
  /** Aborted on SIGINT/SIGTERM: the deploy then ends as `cancelled`. */
  signal?: AbortSignal
  /** When the run started (epoch ms); the deadline is this plus `timeout`. */
  startedAt: number
  now: () => number
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>
}

/** Raised through `signal.reason` when the runner cancels the job. */
export class CancelledError extends Error {
  constructor(signalName: string) {
    super(`the run was cancelled (${signalName})`)
    this.name = 'CancelledError'
  }
}

/**
 * The deploy operation: look the deployment up, create or patch it, wait for the revision this
 * run created, read the URL. Outputs are set as soon as each is known. Expected endings (failed,
 * superseded, timeout, cancelled) and errors (HTTP, inputs a create needs) all end in a result that
 * holds what was known when it ended; nothing is thrown.
 */
export async function deploy(config: Config, deps: DeployDeps): Promise<DeployResult> {
  const { client, io, signal, now } = deps
  const deadline = deps.startedAt + config.timeoutMs
  const call = { deadline, signal }
  const state: Omit<DeployResult, 'outcome' | 'message' | 'elapsedMs'> = {
    created: false,
    statusesSeen: []
  }
  const elapsed = () => now() - deps.startedAt
  const finish = (outcome: DeployOutcome, message: string): DeployResult => ({
    ...state,
    outcome,
    message,
    elapsedMs: elapsed()
  })
  const writes: WriteDeps = {
    client,
    call,
    sleep: deps.sleep,
    now,
    notice: (message) => io.notice(message),
    settleMs: client.requestTimeoutMs
  }
  io.setOutput('created', 'false')

  let archive: SourceArchive | undefined
  try {
    if (config.source === 'internal_source') {
      // Everything about the folder is checked and packed before the first request.
      // tar and ignore are loaded only for this source.
      const sourceArchive = await import('./source-archive')
      await sourceArchive.checkSourceDir(config)
      archive = await sourceArchive.packSource(config.sourceDir)
      reportArchive(archive, io, sourceArchive.WARN_ARCHIVE_BYTES)
    }
    const existing = await findTarget(config, client, call)
    if (existing) {
      state.deploymentId = existing.id
      state.deploymentName = existing.name
      io.setOutput('deployment-id', existing.id)
    }
    const plan = planDeployment(config, existing)
    plan.notices.forEach((notice) => io.notice(notice))

    if (config.dryRun) {
      const planLines = describePlan(plan, { name: existing?.name ?? config.name ?? '' }, archive)
      planLines.forEach((line) => io.info(line))
      return {
        ...finish(
          'dry-run',
          `Dry run: ${plan.kind === 'create' ? `${config.name} does not exist and would be created` : `${describe(state)} would be updated`}. Nothing was sent that changes state.`
        ),
        planLines
      }
    }

    let deployment: Deployment
    if (plan.kind === 'create') {
      io.info(`Creating deployment ${plan.body.name} (source ${plan.body.source})…`)
      deployment = (await createOnce(plan.body, writes)).deployment
      state.created = true
      io.setOutput('created', 'true')
    } else {
      deployment = existing as Deployment
    }
    state.deploymentId = deployment.id
    state.deploymentName = deployment.name
    io.setOutput('deployment-id', deployment.id)

    // The revision this run waits for is the one its last request created.
    let revisionBefore = plan.kind === 'create' ? null : deployment.latest_revision_id
    if (plan.sourcePatch && archive) {
      const { object_path: objectPath, upload_url: uploadUrl } = await client.createUploadUrl(
        deployment.id,
        call
      )
      io.info(`Uploading the source tarball (${formatBytes(archive.bytes)})…`)
      await client.uploadFile(uploadUrl, archive, call)
      revisionBefore = deployment.latest_revision_id
      io.info(`Updating deployment ${deployment.name} (${deployment.id}) with the uploaded source…`)
      deployment = (
        await patchOnce(deployment.id, plan.sourcePatch(objectPath), revisionBefore, writes)
      ).deployment
    } else if (plan.kind === 'update' && plan.body) {
      io.info(`Updating deployment ${deployment.name} (${deployment.id})…`)
      deployment = (await patchOnce(deployment.id, plan.body, revisionBefore, writes)).deployment
    }

    const revisionId = deployment.latest_revision_id
    if (!revisionId || revisionId === revisionBefore) {
      throw new Error(
        `The service accepted the ${plan.kind} of ${deployment.name} (${deployment.id}) but reports no new revision (latest revision: ${revisionId ?? 'none'}). Check the deployment on the service before running again.`
      )
    }
    state.revisionId = revisionId
    io.setOutput('revision-id', revisionId)
    io.info(
      `Revision ${revisionId} ${plan.kind === 'create' && !plan.sourcePatch ? 'created with the deployment' : 'created by the update'}.`
    )

    const onStatus = (status: string) => {
      state.revisionStatus = status
      state.statusesSeen.push(status)
      io.setOutput('revision-status', status)
      io.info(`Revision ${revisionId}: ${status} (${formatDuration(elapsed())})`)
    }
    const getRevision = (c: CallOptions) => client.getRevision(deployment.id, revisionId, c)

    if (!config.wait) {
      onStatus((await getRevision(call)).status)
      return finish(
        'revision-created',
        `Revision ${revisionId} of ${describe(state)} exists (status ${state.revisionStatus}); not waiting for it (wait: false).`
      )
    }

    io.waitStarting?.(revisionId)
    const waited = await waitForRevision({
      getRevision,
      getHistory: (limit, c) => client.listRevisions(deployment.id, limit, c),
      deadline,
      pollIntervalMs: config.pollIntervalMs,
      signal,
      now,
      sleep: deps.sleep,
      onStatus
    })
    if (waited.kind === 'timeout') {
      const blocker =
        waited.status === 'QUEUED'
          ? await failedRevisionBefore(client, deployment.id, revisionId)
          : ''
      return finish(
        'timeout',
        `Timed out after ${formatDuration(elapsed())} waiting for revision ${revisionId} of ${describe(state)}; its last status was ${waited.status ?? 'not read'}.${blocker} The deployment goes on on the service: check it there, or raise timeout (now ${formatDuration(config.timeoutMs)}).`
      )
    }
    if (waited.verdict === 'failed') {
      return finish(
        'failed',
        `Revision ${revisionId} of ${describe(state)} ended ${waited.status} after ${formatDuration(elapsed())}. See the revision's ${waited.status === 'DEPLOY_FAILED' ? 'deploy' : 'build'} logs on the service.`
      )
    }
    if (waited.verdict === 'superseded') {
      const newer = await client.getDeployment(deployment.id, call).then(
        (current) => current.latest_revision_id ?? 'unknown',
        () => 'unknown'
      )
      return finish(
        'superseded',
        `Revision ${revisionId} of ${describe(state)} was SKIPPED: a newer revision (${newer}) superseded it. Another run or a push deployed after this one; serialise runs with a concurrency group per deployment.`
      )
    }

    const current = await client.getDeployment(deployment.id, call)
    state.deploymentUrl = current.source_config.custom_url ?? ''
    io.setOutput('deployment-url', state.deploymentUrl)
    if (current.active_revision_id && current.active_revision_id !== revisionId) {
      io.notice(
        `The deployment's active revision is ${current.active_revision_id}, not ${revisionId}: a newer revision may already have replaced this one.`
      )
    }
    return finish(
      'deployed',
      `Deployed ${describe(state)}: revision ${revisionId} is DEPLOYED${state.deploymentUrl ? ` at ${state.deploymentUrl}` : ''} after ${formatDuration(elapsed())}.`
    )
  } catch (error) {
    if (signal?.aborted) {
      return finish(
        'cancelled',
        `Cancelled after ${formatDuration(elapsed())}${state.revisionStatus ? ` while revision ${state.revisionId} was ${state.revisionStatus}` : ''}${state.deploymentId ? ` (${describe(state)})` : ''}. What this run already sent goes on on the service: check the deployment there.`
      )
    }
    if (error instanceof DeadlineError) {
      return finish(
        'timeout',
        `Timed out after ${formatDuration(elapsed())} before ${error.method} ${error.path} could finish${state.revisionId ? `; revision ${state.revisionId} of ${describe(state)} goes on on the service` : ''}. Raise timeout (now ${formatDuration(config.timeoutMs)}) or check the service.`
      )
    }
    return finish('error', withHint(error))
  } finally {
    await archive?.dispose()
  }
}

function reportArchive(archive: SourceArchive, io: DeployIo, warnBytes: number): void {
  io.info(`Packed ${archive.files.length} files into ${formatBytes(archive.bytes)}.`)
  if (archive.skipped.length > 0) {
    io.notice(
      `Left out of the source tarball (links, or paths outside source-dir): ${archive.skipped.slice(0, 10).join(', ')}${archive.skipped.length > 10 ? ` and ${archive.skipped.length - 10} more` : ''}`
    )
  }
  if (archive.bytes > warnBytes) {
    io.notice(
      `The source tarball is ${formatBytes(archive.bytes)}; above ${formatBytes(warnBytes)} uploads and builds get slow. Leave build output and data out with .gitignore.`
    )
  }
}

/**
 * Why a revision may sit in QUEUED: the service holds later revisions behind a failed one. Best
 * effort, for the timeout message; '' when there is no such revision or it cannot be read.
 */
async function failedRevisionBefore(
  client: ControlPlaneClient,
  deploymentId: string,
  revisionId: string
): Promise<string> {
  try {
    // The wait's deadline has passed: this one look gets a few seconds of its own.
    const revisions = await client.listRevisions(deploymentId, 20, { deadline: Date.now() + 5_000 })
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

/**
 * The deployment the inputs name: by id, else by exact name. Undefined when there is none by
 * that name, or none by that id when `missingIdIsAbsent` (delete wants it gone anyway).
 */
export async function findTarget(
  config: Config,
  client: ControlPlaneClient,
  call: CallOptions,
  missingIdIsAbsent = false
): Promise<Deployment | undefined> {
  if (config.deploymentId) {
    const found = await client.getDeployment(config.deploymentId, call).catch((error: unknown) => {
      if (error instanceof HttpStatusError && error.status === 404) {
        if (missingIdIsAbsent) return undefined
        throw new Error(
          `deployment-id: no deployment ${config.deploymentId} exists (GET ${error.path} answered 404). Check the id, or give name instead to create the deployment.`
        )
      }
      throw error
    })
    if (found && config.name && found.name !== config.name) {
      throw new Error(
        `deployment-id ${config.deploymentId} is the deployment ${found.name}, not ${config.name}: give one of name and deployment-id, or make them agree.`
      )
    }
    return found
  }
  // parseInputs guarantees a name when there is no deployment id.
  return client.findDeploymentByName(config.name ?? '', call)
}

/** The error's message, with what to do where the status says it. */
export function withHint(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error)
  if (!(error instanceof HttpStatusError)) return message
  if (error.status === 409 && error.method === 'POST' && error.path === '/v2/deployments') {
    return `${message}\nThe name is taken: by another deployment this key cannot see, or by the tracing project a deleted deployment of that name left behind. Delete that tracing project (operation: delete with delete-tracing-project: true deletes it with its deployment), or choose another name.`
  }
  if (error.status === 401) {
    return `${message}\nThe control plane refused the API key: check api-key (and that it belongs to this control plane's api-url).`
  }
  if (error.status === 403) {
    return /workspace|tenant/i.test(error.detail)
      ? `${message}\nThis key is organisation-scoped: set tenant-id to the workspace id.`
      : `${message}\nThe key is not allowed to do this: check its permissions and tenant-id.`
  }
  return message
}

export function describe(state: { deploymentName?: string; deploymentId?: string }): string {
  return `deployment ${state.deploymentName ?? '?'} (${state.deploymentId ?? '?'})`
}
