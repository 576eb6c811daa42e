import { context, getOctokit } from '@actions/github'
import type { DeployOutcome } from '../result'
import { formatDuration } from '../lib/duration'
import { escapeCell } from '../report/summary'

/** What the records say about the run once it ended. */
export interface RunRecord {
  outcome: DeployOutcome
  deploymentName: string
  deploymentUrl?: string
  revisionId?: string
  revisionStatus?: string
  elapsedMs: number
  checksPassed: string[]
}

export interface GitHubRecordsOptions {
  token: string
  environment?: string
  prComment: boolean
  deploymentName: string
  warn: (message: string) => void
  info: (message: string) => void
}

export interface GitHubRecords {
  /** The wait for the revision starts: the GitHub deployment goes in_progress. */
  waitStarting(): void
  finish(record: RunRecord): Promise<void>
}

type Octokit = ReturnType<typeof getOctokit>
type DeploymentState = 'success' | 'failure' | 'error' | 'in_progress'

const STATES: Record<DeployOutcome, DeploymentState> = {
  deployed: 'success',
  'revision-created': 'in_progress',
  failed: 'failure',
  superseded: 'failure',
  timeout: 'failure',
  cancelled: 'error',
  error: 'error',
  'dry-run': 'in_progress',
  deleted: 'success',
  absent: 'success'
}

/** The hidden line that finds this action's comment for this deployment on the pull request. */
export function commentMarker(deploymentName: string): string {
  return `<!-- deploy-agent-action:deployment=${deploymentName} -->`
}

/**
 * The GitHub side of a deploy, all best effort: a GitHub deployment for the commit (created now,
 * in_progress when the wait starts, its final state at the end) when `environment` is given, and one pull-request comment
 * kept up to date. Any failure of the GitHub API is a warning that says what was not recorded.
 */
export async function openGitHubRecords(options: GitHubRecordsOptions): Promise<GitHubRecords> {
  const octokit = getOctokit(options.token)
  const { owner, repo } = context.repo
  const pullRequest = context.payload.pull_request as
    { number: number; head?: { sha?: string } } | undefined
  const sha = pullRequest?.head?.sha ?? context.sha
  const runUrl = `${context.serverUrl}/${owner}/${repo}/actions/runs/${context.runId}`

  let deploymentId: number | undefined
  if (options.environment) {
    try {
      const created = await octokit.rest.repos.createDeployment({
        owner,
        repo,
        ref: sha,
        environment: options.environment,
        auto_merge: false,
        required_contexts: [],
        transient_environment: pullRequest !== undefined,
        description: `Deploy ${options.deploymentName}`
      })
      deploymentId = 'id' in created.data ? created.data.id : undefined
    } catch (error) {
      options.warn(
        `The GitHub deployment for ${options.environment} was not recorded: ${reason(error)}`
      )
    }
  }

  let inProgress: Promise<void> = Promise.resolve()
  return {
    waitStarting() {
      if (deploymentId === undefined) return
      inProgress = octokit.rest.repos
        .createDeploymentStatus({
          owner,
          repo,
          deployment_id: deploymentId,
          state: 'in_progress',
          log_url: runUrl
        })
        .then(
          () => undefined,
          (error: unknown) =>
            options.warn(
              `The in_progress status of the GitHub deployment was not recorded: ${reason(error)}`
            )
        )
    },
    async finish(record) {
      // The final status must come after in_progress, or GitHub would show the run as going on.
      await inProgress
      const jobs: [string, Promise<unknown>][] = []
      if (deploymentId !== undefined) {
        jobs.push([
          `the final status of the GitHub deployment for ${options.environment}`,
          octokit.rest.repos.createDeploymentStatus({
            owner,
            repo,
            deployment_id: deploymentId,
            state: STATES[record.outcome],
            environment_url: record.deploymentUrl || undefined,
            log_url: runUrl,
            auto_inactive: true,
            description:
              `${record.deploymentName}: ${record.revisionStatus ?? record.outcome}`.slice(0, 140)
          })
        ])
      }
      if (options.prComment) {
        if (pullRequest === undefined) {
          options.info(
            'pr-comment: this run is not for a pull request, so there is no comment to write.'
          )
        } else {
          jobs.push([
            `the comment on pull request #${pullRequest.number}`,
            upsertComment(octokit, owner, repo, pullRequest.number, commentBody(record, sha))
          ])
        }
      }
      const settled = await Promise.allSettled(jobs.map(([, job]) => job))
      settled.forEach((result, index) => {
        if (result.status === 'rejected')
          options.warn(`${jobs[index]?.[0]} was not recorded: ${reason(result.reason)}`)
      })
    }
  }
}

async function upsertComment(
  octokit: Octokit,
  owner: string,
  repo: string,
  issue: number,
  body: string
) {
  const marker = body.split('\n')[0] ?? ''
  const comments = await octokit.paginate(octokit.rest.issues.listComments, {
    owner,
    repo,
    issue_number: issue,
    per_page: 100
  })
  const ours = comments.find((comment) => comment.body?.startsWith(marker))
  if (ours) await octokit.rest.issues.updateComment({ owner, repo, comment_id: ours.id, body })
  else await octokit.rest.issues.createComment({ owner, repo, issue_number: issue, body })
}

const HEADLINES: Record<DeploymentState, string> = {
  success: '✅',
  failure: '❌',
  error: '❌',
  in_progress: '⏳'
}

/** The pull-request comment: everything from the service is escaped for the table. */
export function commentBody(record: RunRecord, sha: string): string {
  const rows: [string, string][] = [
    ['Status', record.revisionStatus ?? record.outcome],
    ['URL', record.deploymentUrl || '—'],
    ['Revision', record.revisionId ?? '—'],
    ['Commit', sha.slice(0, 12)],
    ['Time', formatDuration(record.elapsedMs)]
  ]
  if (record.checksPassed.length > 0) rows.push(['Checks passed', record.checksPassed.join(', ')])
  return [
    commentMarker(record.deploymentName),
    `### ${HEADLINES[STATES[record.outcome]]} ${escapeCell(record.deploymentName)}`,
    '',
    '| | |',
    '|---|---|',
    ...rows.map(([label, value]) => `| ${label} | ${escapeCell(value)} |`),
    ''
  ].join('\n')
}

function reason(error: unknown): string {
  const status = (error as { status?: unknown }).status
  const message = error instanceof Error ? error.message : String(error)
  return typeof status === 'number' ? `HTTP ${status}: ${message}` : message
}
