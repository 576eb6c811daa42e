import { HttpStatusError } from '../control-plane/errors'
import type { Deployment, Revision } from '../control-plane/schemas'
import type { PromoteConfig } from '../inputs/parse'
import { InputError } from '../inputs/problems'
import { UUID } from '../lib/ids'
import type { DeployResult, Promotion } from '../result'
import { DeployRun } from './deploy-run'
import { endedByError, waitForOutcome } from './revision-outcome'
import type { DeployDeps } from './deps'
import { planPromotion, type PromotionPlan } from './plan'
import { describePlan } from './plan-description'
import { patchOnce } from './safe-writes'
import { findTarget, named } from './target'

/**
 * `operation: promote`: deploys to the target exactly what `from-deployment` serves now. Both
 * deployments and the source's active revision are read before anything is written; the PATCH
 * (sent at most once) carries that revision's image, tarball or ref; then the run waits like a
 * deploy. For git_host the commit the new revision was built from is read from the wait's last
 * read of it (DEPLOYED); the commit check after DEPLOYED (../after-deploy/commit-check.ts) judges
 * it. Ends in a result, never throws.
 */
export async function promote(config: PromoteConfig, deps: DeployDeps): Promise<DeployResult> {
  const run = new DeployRun(config, deps)
  try {
    const target = await readTarget(run)
    const from = await readSource(run, target)
    const planned = planPromotion(config, target, from.deployment, from.revision)
    const promotion: Promotion = {
      fromDeploymentId: from.deployment.id,
      fromDeploymentName: from.deployment.name,
      fromRevisionId: from.revision.id,
      source: from.deployment.source,
      promoted: planned.promoted,
      fromCommit: planned.fromCommit
    }
    run.known.promotion = promotion
    planned.plan.notices.forEach((notice) => deps.io.notice(notice))
    const byTag = imageByTag(promotion, run.target)
    if (byTag) deps.io.warning(byTag)
    const stepsPlan = await run.beforeWrite({ deployment: target, name: target.name })
    if (config.dryRun) return dryRun(run, planned, target, stepsPlan)
    deps.io.redeploying?.(from.revision.id, planned.fromCommit)
    const revisionId = await patchTarget(run, planned, target)
    const { result: waited, lastRead } = await waitForOutcome(run, target, revisionId)
    if (waited.outcome !== 'deployed') return waited
    // What the new revision was built from; the commit check after DEPLOYED judges it.
    promotion.commit = lastRead?.source_revision_config?.repo_commit_sha ?? undefined
    const runs =
      promotion.fromCommit !== undefined && promotion.commit !== promotion.fromCommit
        ? ''
        : ` It runs ${what(promotion)}, promoted from revision ${promotion.fromRevisionId} of ${promotion.fromDeploymentName}.`
    return { ...waited, promotion, message: `${waited.message}${runs}` }
  } catch (error) {
    return endedByError(run, error)
  }
}

/**
 * The deployment promoted to, which must exist: a promote copies what serves, not how a
 * deployment is set up (its type, listener, integration), so it never creates one.
 */
async function readTarget(run: DeployRun<PromoteConfig>): Promise<Deployment> {
  const { config, deps } = run
  const target = await findTarget(config, deps.client, run.call, true)
  if (!target) {
    const input = config.deploymentId === undefined ? 'name' : 'deployment-id'
    throw new InputError([
      {
        input,
        message: `there is no deployment ${config.deploymentId ?? named(config)} to promote to. A promote never creates one (it copies what serves, not how a deployment is set up): create it first with operation deploy.`
      }
    ])
  }
  run.found(target)
  if (target.active_revision_id) run.servedBefore(target.active_revision_id)
  return target
}

/** `from-deployment` (by id when it is a UUID, else or then by name) and the revision it serves. */
async function readSource(
  run: DeployRun<PromoteConfig>,
  target: Deployment
): Promise<{ deployment: Deployment; revision: Revision }> {
  const { client } = run.deps
  const wanted = run.config.fromDeployment
  const refuse = (message: string): never => {
    throw new InputError([{ input: 'from-deployment', message }])
  }
  const deployment =
    (UUID.test(wanted) ? await byIdOrAbsent(run, wanted) : undefined) ??
    (await client.findDeploymentByName(wanted, run.call)) ??
    refuse(`there is no deployment ${wanted} (by id or by name) to promote from`)
  const fromName = `${deployment.name} (${deployment.id})`
  if (deployment.id === target.id) {
    refuse(
      `${fromName} is the deployment promoted to: a promote goes from one deployment to another`
    )
  }
  const active =
    deployment.active_revision_id ||
    refuse(`${fromName} serves no revision (no active_revision_id): there is nothing to promote`)
  const revision = await client.getRevision(deployment.id, active, run.call)
  if (revision.status !== 'DEPLOYED') {
    refuse(
      `the revision ${active} that ${fromName} names as active is ${revision.status}, not DEPLOYED: only what serves is promoted`
    )
  }
  run.deps.io.info(
    `Promoting revision ${revision.id} of ${fromName} to ${run.target} (source ${deployment.source}).`
  )
  return { deployment, revision }
}

async function byIdOrAbsent(run: DeployRun, id: string): Promise<Deployment | undefined> {
  return run.deps.client.getDeployment(id, run.call).catch((error: unknown) => {
    if (error instanceof HttpStatusError && error.status === 404) return undefined
    throw error
  })
}

function dryRun(
  run: DeployRun,
  planned: PromotionPlan,
  target: Deployment,
  /** The steps' plan, logged when they read it: the summary shows it after the request's. */
  stepsPlan: string[]
): DeployResult {
  const planLines = describePlan(planned.plan, { name: target.name, id: target.id })
  planLines.forEach((line) => run.deps.io.info(line))
  const promotion = run.known.promotion as Promotion
  return {
    ...run.finish(
      'dry-run',
      `Dry run: ${run.target} would get ${what(promotion)} from revision ${promotion.fromRevisionId} of ${promotion.fromDeploymentName}. Nothing was sent that changes state.`
    ),
    planLines: [...planLines, ...stepsPlan]
  }
}

/** Sends the PATCH at most once (safe-writes.ts); returns the revision it created. */
async function patchTarget(
  run: DeployRun,
  planned: PromotionPlan,
  target: Deployment
): Promise<string> {
  const { io } = run.deps
  const body = planned.plan.body ?? {}
  io.info(`Updating deployment ${target.name} (${target.id}) with ${what(run.known.promotion)}…`)
  const revisionBefore = target.latest_revision_id
  const { deployment } = await patchOnce(target.id, body, revisionBefore, run.writeDeps())
  const revisionId = deployment.latest_revision_id
  if (!revisionId || revisionId === revisionBefore) {
    throw new Error(
      `The service accepted the update of ${target.name} (${target.id}) but reports no new revision (latest revision: ${revisionId ?? 'none'}). Check the deployment on the service before running again.`
    )
  }
  run.known.revisionId = revisionId
  io.info(`Revision ${revisionId} created by the promote.`)
  return revisionId
}

/** An image named by its digest (`@sha256:…`): exactly one build, wherever it is pulled. */
const DIGEST = /@sha256:[0-9a-f]{64}$/i

/**
 * The warning for an image promoted by tag: a tag may move (pushed again, or retagged by the
 * registry), so the target may not run the build that was verified. A digest is exact.
 */
function imageByTag(promotion: Promotion, target: string): string | undefined {
  if (promotion.source !== 'external_image' && promotion.source !== 'internal_image') return
  if (DIGEST.test(promotion.promoted)) return
  return `${promotion.fromDeploymentName} serves image ${promotion.promoted}, named by a tag: the tag may have moved since that image was verified, or move later, so ${target} may not run the same build. Deploy images by digest (image@sha256:…) to promote exactly what was verified.`
}

/** "image X", "ref R (commit C)" or "tarball T", for people. */
function what(promotion: Promotion | undefined): string {
  if (!promotion) return 'what the source serves'
  switch (promotion.source) {
    case 'git_host':
      return `ref ${promotion.promoted} (commit ${promotion.fromCommit ?? '?'})`
    case 'internal_source':
      return `source tarball ${promotion.promoted}`
    default:
      return `image ${promotion.promoted}`
  }
}
