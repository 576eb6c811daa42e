import type { Promotion } from '../result'

/** What the commit check found, as the check runner takes it. */
export type CommitVerdict =
  | { verdict: 'passed'; why: string }
  | { verdict: 'failed'; why: string }
  | { verdict: 'inconclusive'; why: string }

/**
 * operation promote, git_host: the new revision must have been built from the commit the
 * source's revision was. A ref that moved between the two builds fails; a revision that shows no
 * commit could not be checked, which never counts as passed.
 */
export function checkPromotedCommit(
  promotion: Promotion & { fromCommit: string },
  revisionId: string,
  target: string
): CommitVerdict {
  const { commit, fromCommit, fromRevisionId, fromDeploymentName } = promotion
  if (!commit) {
    return {
      verdict: 'inconclusive',
      why: `The commit check could not be made: revision ${revisionId} shows no repo_commit_sha, so it is unknown whether it was built from commit ${fromCommit} as revision ${fromRevisionId} of ${fromDeploymentName} was.`
    }
  }
  if (commit !== fromCommit) {
    return {
      verdict: 'failed',
      why: `Revision ${revisionId} was built from commit ${commit}, but revision ${fromRevisionId} of ${fromDeploymentName} was built from commit ${fromCommit}: ${promotion.promoted} moved between the two builds, so ${target} does not run what ${fromDeploymentName} serves.`
    }
  }
  return {
    verdict: 'passed',
    why: `Commit check: revision ${revisionId} was built from commit ${commit}, as revision ${fromRevisionId} of ${fromDeploymentName} was.`
  }
}
