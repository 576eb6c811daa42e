import { controlPlanePaths } from '../control-plane/client'
import type { Deployment, Revision } from '../control-plane/schemas'
import { formatDuration } from '../lib/duration'
import { configDifferences } from './revision-match'
import { readAgain } from '../lib/read-again'
import { isLostAnswer, settleWindow, type WriteDeps } from './safe-writes'

export interface Redeployed {
  deployment: Deployment
  /** The revision the redeploy created. */
  revisionId: string
  /** The answer was lost and the revision was found by reading the deployment. */
  adopted: boolean
}

/**
 * Redeploys `source` (an earlier revision) exactly once. A lost answer is settled as a lost PATCH
 * is: the deployment is read until its newest revision is a new one made from `source`'s
 * configuration (adopted), for as long as a request the client gave up on may still be carried
 * out. The POST is never sent again: two redeploys would start two revisions.
 */
export async function redeployOnce(
  deploymentId: string,
  source: Revision,
  revisionBefore: string | null,
  deps: WriteDeps
): Promise<Redeployed> {
  const path = `POST ${controlPlanePaths.redeploy(deploymentId, source.id)}`
  try {
    const deployment = await deps.client.redeployRevision(deploymentId, source.id, deps.call)
    const revisionId = await newRevisionOf(deployment, revisionBefore, deps)
    if (revisionId) return { deployment, revisionId, adopted: false }
    throw new Error(
      `The service accepted ${path} but shows no new revision (latest revision: ${deployment.latest_revision_id ?? 'none'}). It is not sent again; check the deployment on the service.`
    )
  } catch (error) {
    if (!isLostAnswer(error)) throw error
    const found = await settle(deploymentId, source, revisionBefore, deps)
    if (found) {
      deps.notice(
        `The answer to ${path} was lost (${error instanceof Error ? error.message : String(error)}), but the deployment has a new revision ${found.revisionId} made from revision ${source.id}: this run created it, and waits for it instead of redeploying again.`
      )
      return found
    }
    throw new Error(
      `The answer to ${path} was lost and no new revision made from ${source.id} appeared within ${formatDuration(deps.settleMs)}. It is not sent again (a second redeploy could start two revisions): check the deployment on the service.`,
      { cause: error }
    )
  }
}

/** The redeploy's revision: the answer's latest revision, or the newest listed when unchanged. */
async function newRevisionOf(
  deployment: Deployment,
  revisionBefore: string | null,
  deps: WriteDeps
): Promise<string | undefined> {
  const latest = deployment.latest_revision_id
  if (latest && latest !== revisionBefore) return latest
  const [newest] = await deps.client.listRevisions(deployment.id, 1, deps.call)
  return newest && newest.id !== revisionBefore ? newest.id : undefined
}

async function settle(
  deploymentId: string,
  source: Revision,
  revisionBefore: string | null,
  deps: WriteDeps
): Promise<Redeployed | undefined> {
  const settled = await readAgain<Redeployed, null>({
    read: async () => {
      const current = await deps.client.getDeployment(deploymentId, deps.call)
      const latest = current.latest_revision_id
      if (!latest || latest === revisionBefore) return { kind: 'not-seen', value: null }
      // The commit is left out: the service may rebuild the ref rather than the commit.
      const sourceConfig = { ...source.source_revision_config, repo_commit_sha: undefined }
      const differs = configDifferences(sourceConfig, current.source_revision_config)
      if (differs && differs.length > 0) return { kind: 'not-seen', value: null }
      return { kind: 'seen', value: { deployment: current, revisionId: latest, adopted: true } }
    },
    ...settleWindow(deps)
  })
  return settled.kind === 'seen' ? settled.value : undefined
}
