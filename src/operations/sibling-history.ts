import type { CallOptions, ControlPlaneClient } from '../control-plane/client'
import type { Deployment, Revision } from '../control-plane/schemas'

/** Pages of 100 deployments read to find the siblings of a new one. */
const MAX_LIST_PAGES = 5
/** Siblings whose revisions are read, at the most, newest update first. */
const MAX_SIBLINGS = 3

/**
 * What makes two deployments siblings: the same source and the same repository (git_host) or
 * image repository (tag and digest dropped). Undefined when there is nothing to compare by.
 */
export function siblingKey(deployment: Deployment): string | undefined {
  if (deployment.source === 'git_host') {
    const repo = deployment.source_config.repo_url
    if (!repo) return undefined
    return `git_host ${repo
      .trim()
      .toLowerCase()
      .replace(/\/+$/, '')
      .replace(/\.git$/, '')}`
  }
  const image = deployment.source_revision_config.image_uri
  if (!image) return undefined
  // `registry:5000/team/agent:1.2@sha256:…` → `registry:5000/team/agent`
  const withoutDigest = image.trim().split('@')[0] ?? ''
  const lastSlash = withoutDigest.lastIndexOf('/')
  const colon = withoutDigest.indexOf(':', lastSlash + 1)
  return `${deployment.source} ${colon < 0 ? withoutDigest : withoutDigest.slice(0, colon)}`
}

/**
 * The history a first deploy learns its timing from: the revisions of the deployments of the same
 * repository or image, since every new preview has none of its own. Reads the deployments list,
 * then the revisions of the most recently updated sibling, or of the next (three at the most) when
 * that one has no DEPLOYED revision: one read is the cost of an update's history. An empty history
 * when there are no siblings: the wait then backs off plainly.
 */
export function siblingHistory(
  client: ControlPlaneClient,
  deployment: Deployment
): (limit: number, call: CallOptions) => Promise<Revision[]> {
  return async (limit, call) => {
    const key = siblingKey(deployment)
    if (key === undefined) return []
    const listed = await client.listDeployments('', call, MAX_LIST_PAGES)
    const updated = (sibling: Deployment) => Date.parse(sibling.updated_at ?? '') || 0
    const siblings = listed
      .filter((sibling) => sibling.id !== deployment.id && siblingKey(sibling) === key)
      .sort((a, b) => updated(b) - updated(a))
      .slice(0, MAX_SIBLINGS)
    const history: Revision[] = []
    for (const sibling of siblings) {
      history.push(...(await client.listRevisions(sibling.id, limit, call)))
      if (history.some((revision) => revision.status === 'DEPLOYED')) break
    }
    return history
  }
}
