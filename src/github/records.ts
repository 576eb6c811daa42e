import { OUTCOMES } from '../outcomes'
import type { StepProgress } from '../operations/deps'
import type { DeployOutcome } from '../result'
import { capComment } from '../report/markdown'
import type { Redactor } from '../report/redact'
import { MAX_DESCRIPTION } from '../report/status-text'
import { checkHttpUrl } from '../lib/url'
import type { PredictionBasis } from '../wait/poll-schedule'
import { expectedEndDescription } from '../wait/progress-text'
import { openGitHub, type BoundedCallOptions, type GitHubTarget } from './client'
import { identityOnce, upsertComment } from './pr-comment'

/**
 * What the records say about the run once it ended, rendered by ../report/ from the report
 * model: the GitHub state follows the outcome, the texts are the report's.
 */
export interface RunRecord {
  outcome: DeployOutcome
  deploymentUrl?: string
  /** The final status's description (../report/status-text.ts). */
  description: string
  /** The comment, given the body of the one it replaces (its history is kept in it). */
  comment: (previousBody: string | undefined) => string
}

export interface GitHubRecordsOptions extends BoundedCallOptions {
  token: string
  /** The operation's verb, for the GitHub deployment's description (default "Deploy"). */
  verb?: string
  /**
   * `workflow` (default): the GitHub deployment is for the workflow's commit and is created at
   * once. `served`: it is for the commit that will serve, created once `redeploying` names it (or
   * at the end, for the workflow's commit, when nothing was sent).
   */
  commit?: 'workflow' | 'served'
  environment?: string
  /**
   * The release policy in effect, put in the GitHub deployment's payload as `release-policy`:
   * the path as written, its digest, and the environments entry applied (null when none).
   */
  releasePolicy?: { path: string; digest: string; entry: string | null }
  prComment: boolean
  deploymentName: string
  /** Every text sent to GitHub is redacted with this first. */
  redact: Redactor
  info: (message: string) => void
  /**
   * The comment while the revision builds (../report/pr-comment-text.ts), given the body of the
   * one it replaces: posted when the wait starts, first deploys included.
   */
  buildingComment?: (
    expected: PredictionBasis | undefined,
    previousBody: string | undefined,
    servingUrl: string | undefined
  ) => string
  /** The comment while a step after DEPLOYED runs, saying how far it is (../report/). */
  progressComment?: (progress: StepProgress, previousBody: string | undefined) => string
}

export interface GitHubRecords {
  /** operation rollback: the revision to redeploy is chosen; `commit` is what it was built from. */
  redeploying(commit: string | undefined): void
  /**
   * The wait for the revision starts: the GitHub deployment goes in_progress, and with `expected`
   * (the history predicts the end) its description and the pull-request comment say when.
   */
  waitStarting(expected?: PredictionBasis, servingUrl?: string): void
  /**
   * A step after DEPLOYED says how far it is (at most once a minute): the GitHub deployment's
   * in_progress status says it, and so does the pull-request comment. Never awaited.
   */
  stepProgress(progress: StepProgress): void
  /**
   * The final records; resolves within the calls' budgets, whatever GitHub does, with the body
   * of the comment it replaced (when one was read).
   */
  finish(record: RunRecord): Promise<void>
}

/**
 * The GitHub side of a deploy, all best effort and beside it: a GitHub deployment for the commit
 * (created at once without being awaited, in_progress when the wait starts, its final state at
 * the end) when `environment` is given, and one pull-request comment kept up to date. Each call
 * has its own short budget, never past the run's deadline and a grace; any failure, refusal or
 * silence of the GitHub API is a warning that says what was not recorded.
 */
export function openGitHubRecords(
  options: GitHubRecordsOptions,
  target: GitHubTarget
): GitHubRecords {
  const { octokit, owner, repo, md, bounded } = openGitHub(options, target)

  let begun = false
  let resolveRef: (ref: string) => void = () => undefined
  const ref = new Promise<string>((resolve) => (resolveRef = resolve))
  const begin = (commit: string | undefined) => {
    if (begun) return
    begun = true
    resolveRef(commit !== undefined && FULL_SHA.test(commit) ? commit : target.sha)
  }
  const deploymentId: Promise<number | undefined> = options.environment
    ? ref.then((sha) =>
        bounded(`The GitHub deployment for ${options.environment}`, async (signal) => {
          const created = await octokit.rest.repos.createDeployment({
            owner,
            repo,
            ref: sha,
            environment: options.environment ?? '',
            auto_merge: false,
            required_contexts: [],
            transient_environment: target.pullRequest !== undefined,
            ...(options.releasePolicy && {
              payload: {
                'release-policy': {
                  path: options.redact(options.releasePolicy.path),
                  digest: options.releasePolicy.digest,
                  entry:
                    options.releasePolicy.entry === null
                      ? null
                      : options.redact(options.releasePolicy.entry)
                }
              }
            }),
            description: md.plain(
              `${options.verb ?? 'Deploy'} ${options.deploymentName}`,
              MAX_DESCRIPTION
            ),
            request: { signal }
          })
          return 'id' in created.data ? created.data.id : undefined
        })
      )
    : Promise.resolve(undefined)
  if (options.commit !== 'served') begin(target.sha)
  // Who the token writes as: read once, when a comment is first written.
  const ownIdentity = identityOnce(octokit, target.graphqlUrl, options.warn)
  // The comment this run wrote: with an unknown identity, the only one it may edit.
  const thisRun: { commentId?: number; body?: string } = {}

  let inProgress: Promise<unknown> = deploymentId
  // The comment while waiting; the final one goes after it, or the two could race to create it.
  let waitingComment: Promise<unknown> = Promise.resolve()
  const comment = (body: (previousBody: string | undefined) => string) => {
    const issue = target.pullRequest as number
    return bounded(`the comment on pull request #${issue}`, (signal) =>
      upsertComment(octokit, {
        owner,
        repo,
        issue,
        body: (previousBody) => capComment(body(previousBody)),
        signal,
        identity: ownIdentity,
        thisRun
      })
    )
  }
  const markInProgress = async (id: number | undefined, description: string): Promise<void> => {
    if (id === undefined) return
    await bounded('The in_progress status of the GitHub deployment', (signal) =>
      octokit.rest.repos.createDeploymentStatus({
        owner,
        repo,
        deployment_id: id,
        state: 'in_progress',
        log_url: target.runUrl,
        description,
        request: { signal }
      })
    )
  }
  return {
    redeploying(commit) {
      begin(commit)
    },
    waitStarting(expected, servingUrl) {
      const description = md.plain(expectedEndDescription(expected, options.now()), MAX_DESCRIPTION)
      const building = options.buildingComment
      if (building && options.prComment && target.pullRequest !== undefined) {
        waitingComment = comment((previousBody) => building(expected, previousBody, servingUrl))
      }
      inProgress = deploymentId.then((id) => markInProgress(id, description))
    },
    stepProgress(progress) {
      const description = md.plain(progress.text, MAX_DESCRIPTION)
      const progressing = options.progressComment
      if (progressing && options.prComment && target.pullRequest !== undefined) {
        // After the one before, so that an older text never lands last.
        waitingComment = waitingComment.then(() =>
          comment((previousBody) => progressing(progress, previousBody))
        )
      }
      inProgress = Promise.all([inProgress, deploymentId]).then(([, id]) =>
        markInProgress(id, description)
      )
    },
    async finish(record) {
      begin(undefined)
      const jobs: Promise<unknown>[] = []
      const finalStatus = async () => {
        // The final status must come after in_progress, or GitHub would show the run as going on.
        await inProgress
        const id = await deploymentId
        if (id === undefined) return
        const state = OUTCOMES[record.outcome].githubState
        const url = record.deploymentUrl ? checkHttpUrl(record.deploymentUrl) : undefined
        const environmentUrl =
          url && 'url' in url && options.redact(url.url) === url.url ? url.url : undefined
        await bounded(
          `the final status of the GitHub deployment for ${options.environment}`,
          (signal) =>
            octokit.rest.repos.createDeploymentStatus({
              owner,
              repo,
              deployment_id: id,
              state,
              environment_url: environmentUrl,
              log_url: target.runUrl,
              // Only a success replaces what served: with a failure the earlier deployment of
              // the environment still serves, and must not be marked inactive.
              ...(state === 'success' ? { auto_inactive: true } : {}),
              description: md.plain(record.description, MAX_DESCRIPTION),
              request: { signal }
            })
        )
      }
      // The comment does not wait for the deployment's statuses: both run at once.
      jobs.push(finalStatus())
      if (options.prComment) {
        if (target.pullRequest === undefined) {
          options.info(
            'pr-comment: this run is not for a pull request, so there is no comment to write.'
          )
        } else {
          jobs.push(waitingComment.then(() => comment(record.comment)))
        }
      }
      await Promise.all(jobs)
    }
  }
}

/** A full commit id: a GitHub deployment is made for it; anything else falls back to the workflow's. */
const FULL_SHA = /^[0-9a-f]{40}$/
