import type { GitHubPlace } from '../lib/github-links'
import { renderDeletedComment } from '../report/pr-comment-text'
import type { Redactor } from '../report/redact'
import { budgetedCall, openGitHub, type BoundedCallOptions, type GitHubTarget } from './client'
import { findComment, identityOnce, replaceComment } from './pr-comment'

/** Pages of 100 GitHub deployments of one environment read to mark them inactive. */
const MAX_DEPLOYMENT_PAGES = 3

/** A preview this run deleted (or found gone): where its GitHub traces are. */
export interface DeletedPreview {
  deploymentName: string
  /** The GitHub environment whose deployments end inactive. */
  environment?: string
  /** The pull request whose comment says the preview was deleted. */
  pullRequest?: number
}

export interface GitHubPreviewsOptions extends BoundedCallOptions {
  token: string
  /** Every text sent to GitHub is redacted with this first. */
  redact: Redactor
  /** Where the comment's commit links point. */
  place?: GitHubPlace
  /** Told what of a comment's history did not parse and was dropped. */
  notice?: (text: string) => void
}

export interface GitHubPreviews {
  /** The workflow's pull request, on pull-request events. */
  readonly workflowPullRequest?: number
  /** The state of a pull request; undefined when there is none of that number. */
  pullRequestState(pullNumber: number): Promise<'open' | 'closed' | undefined>
  /**
   * Marks each deleted preview's GitHub deployments inactive and updates its pull-request comment
   * (when there is one) to say it was deleted. Best effort: failures are warnings.
   */
  markDeleted(previews: readonly DeletedPreview[]): Promise<void>
}

/** GitHub's side of deleted previews (operations delete and prune). */
export function openGitHubPreviews(
  options: GitHubPreviewsOptions,
  target: GitHubTarget
): GitHubPreviews {
  const { octokit, owner, repo, md, bounded } = openGitHub(options, target)
  // Who the token writes as: only a comment of its own is corrected.
  const ownIdentity = identityOnce(
    octokit,
    target.graphqlUrl,
    options.warn,
    "no pull-request comment is changed, as none can be told for this action's own"
  )

  const markInactive = async (environment: string) => {
    for (let page = 1; page <= MAX_DEPLOYMENT_PAGES; page++) {
      const listed = await bounded(
        `The GitHub deployments of ${environment} (to mark them inactive)`,
        (signal) =>
          octokit.rest.repos.listDeployments({
            owner,
            repo,
            environment,
            per_page: 100,
            page,
            request: { signal }
          })
      )
      if (!listed) return
      for (const deployment of listed.data) {
        await bounded(`The inactive status of GitHub deployment ${deployment.id}`, (signal) =>
          octokit.rest.repos.createDeploymentStatus({
            owner,
            repo,
            deployment_id: deployment.id,
            state: 'inactive',
            log_url: target.runUrl,
            description: md.plain('The preview was deleted.', 140),
            request: { signal }
          })
        )
      }
      if (listed.data.length < 100) return
    }
  }

  const updateComment = (preview: DeletedPreview, issue: number) =>
    bounded(`The comment on pull request #${issue}`, async (signal) => {
      const marker = md.marker(preview.deploymentName)
      const ours = await findComment(octokit, {
        owner,
        repo,
        issue,
        marker,
        identity: ownIdentity,
        signal
      })
      // No comment of ours: the preview was never announced there, so nothing to correct.
      if (!ours) return
      const body = renderDeletedComment(
        { deploymentName: preview.deploymentName, runUrl: target.runUrl, now: options.now() },
        ours.body,
        options.place,
        options.redact,
        (text) => options.notice?.(text)
      )
      await replaceComment(octokit, { owner, repo, signal }, ours.id, body)
    })

  return {
    workflowPullRequest: target.pullRequest,
    async pullRequestState(pullNumber) {
      try {
        const { data } = await budgetedCall(options, (signal) =>
          octokit.rest.pulls.get({ owner, repo, pull_number: pullNumber, request: { signal } })
        )
        return data.state === 'closed' ? 'closed' : 'open'
      } catch (error) {
        if ((error as { status?: unknown }).status === 404) return undefined
        throw error
      }
    },
    async markDeleted(previews) {
      for (const preview of previews) {
        if (preview.environment !== undefined) await markInactive(preview.environment)
        if (preview.pullRequest !== undefined) await updateComment(preview, preview.pullRequest)
      }
    }
  }
}
