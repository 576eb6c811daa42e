import type { Deployment } from '../control-plane/schemas'
import type { DeployConfig } from '../inputs/parse'
import { formatBytes } from '../lib/bytes'
import { checkHttpUrl } from '../lib/url'
import type { DeployResult } from '../result'
import { DeployRun } from './deploy-run'
import type { DeployDeps } from './deps'
import { planDeployment, type Plan, type SourcePatch } from './plan'
import { describePlan } from './plan-description'
import { endedByError, statusSeen, waitForOutcome } from './revision-outcome'
import { createOnce, patchOnce } from './safe-writes'
import { deploymentTypeRefusal } from '../inputs/deployment-type'
import type { SourceArchive } from './source-archive'
import { findTarget, named } from './target'

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
    // The deployment shows its latest revision's config: the commit of what serves only when
    // that revision is the active one.
    const commitBefore = existing?.source_revision_config.repo_commit_sha
    if (commitBefore && existing?.latest_revision_id === existing?.active_revision_id)
      run.known.servedBeforeCommit = commitBefore
    const urlBefore = checkHttpUrl(existing?.source_config.custom_url ?? '')
    if ('url' in urlBefore) run.known.servedBeforeUrl = urlBefore.url
    const plan = planDeployment(config, existing)
    plan.notices.forEach((notice) => deps.io.notice(notice))
    const stepsPlan = await run.beforeWrite({
      deployment: existing,
      name: existing?.name ?? config.name ?? ''
    })
    if (config.dryRun) return dryRun(run, plan, existing, archive, stepsPlan)
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
    signal: run.deps.signal,
    maxBytes: run.deps.sourceMaxBytes
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
  archive: SourceArchive | undefined,
  /** The steps' plan, logged when they read it: the summary shows it after the request's. */
  stepsPlan: string[]
): DeployResult {
  const planLines = describePlan(plan, { name: existing?.name ?? named(run.config) }, archive)
  planLines.forEach((line) => run.deps.io.info(line))
  const what =
    plan.kind === 'create'
      ? `${plan.body.name} does not exist and would be created`
      : `${run.target} would be updated`
  return {
    ...run.finish('dry-run', `Dry run: ${what}. Nothing was sent that changes state.`),
    planLines: [...planLines, ...stepsPlan]
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
    const sent = plan.body.source_config.deployment_type ?? undefined
    deployment = (
      await createOnce(plan.body, run.writeDeps()).catch((error: unknown) => {
        throw deploymentTypeRefusal(error, sent) ?? error
      })
    ).deployment
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
