import { readFileSync } from 'node:fs'
import { getOctokit } from '@actions/github'
import { defaults } from '@actions/github/lib/utils'
import { BODY_CAPS, cappedFetch, timeLimit } from '../control-plane/transport'
import { formatDuration } from '../lib/duration'
import { FULL_SHA, runUrl } from '../lib/github-links'
import { markdownFor } from '../report/markdown'
import type { Redactor } from '../report/redact'
import type { Fetch, Sleep, World } from '../world'
import { githubFetch } from './fetch'

// The connection every GitHub call of a run shares (records, cleanup, the pull-request comment):
// the client, where it points, and the budget that keeps each call from holding the run back.

/** Time one GitHub call may take; GitHub records never hold the deploy back. */
export const GITHUB_CALL_MS = 10_000
/** Time past the run's deadline the final records may still take (a timed-out run reports too). */
export const GITHUB_GRACE_MS = 5_000

/** What a bounded GitHub call needs: the run's deadline, a clock, a budget and a warning. */
export interface BoundedCallOptions {
  /** The run's deadline (epoch ms): no call goes on past it and GITHUB_GRACE_MS. */
  deadline: number
  now: () => number
  /** The clock's sleep a call's budget is measured with; real time when undefined. */
  sleep?: Sleep
  /** The fetch GitHub's client sends with (the world's); githubFetch() when undefined. */
  fetch?: Fetch
  /** Time one call may take; GITHUB_CALL_MS unless a test says otherwise. */
  callBudgetMs?: number
  warn: (message: string) => void
}

/** Where the records go: the repository, commit, pull request and run, from the workflow. */
export interface GitHubTarget {
  owner: string
  repo: string
  sha: string
  pullRequest?: number
  /** A pull request's base commit (the event's `pull_request.base.sha`), when it is one. */
  baseSha?: string
  runUrl: string
  /** The REST API's base URL; @actions/github's default (GITHUB_API_URL) when undefined. */
  apiUrl?: string
  /** GraphQL's address (GITHUB_GRAPHQL_URL); undefined: the one the client derives from apiUrl. */
  graphqlUrl?: string
}

export type Octokit = ReturnType<typeof getOctokit>

/**
 * The workflow's repository, commit, pull request and run, read from the runner's variables and
 * event payload as @actions/github's context reads them; the API's base URL from GITHUB_API_URL.
 */
export function workflowTarget(env: World['env']): GitHubTarget {
  const [owner = '', repo = ''] = (env.GITHUB_REPOSITORY ?? '').split('/')
  const payload = readEventPayload(env.GITHUB_EVENT_PATH)
  const pullRequest = (payload as { pull_request?: unknown }).pull_request as
    { number?: unknown; head?: { sha?: unknown }; base?: { sha?: unknown } } | undefined
  const number = pullRequest?.number
  const headSha = pullRequest?.head?.sha
  const baseSha = pullRequest?.base?.sha
  const serverUrl = env.GITHUB_SERVER_URL || 'https://github.com'
  return {
    owner,
    repo,
    sha: typeof headSha === 'string' ? headSha : (env.GITHUB_SHA ?? ''),
    pullRequest: typeof number === 'number' ? number : undefined,
    baseSha: typeof baseSha === 'string' && FULL_SHA.test(baseSha) ? baseSha : undefined,
    runUrl:
      runUrl({
        serverUrl,
        repository: `${owner}/${repo}`,
        runId: String(parseInt(env.GITHUB_RUN_ID ?? '', 10))
      }) ?? '',
    apiUrl: env.GITHUB_API_URL || 'https://api.github.com',
    // Set on every runner; without it, the client's own address beside GITHUB_API_URL.
    graphqlUrl: env.GITHUB_GRAPHQL_URL || undefined
  }
}

/** The event's JSON; {} when there is none or it cannot be read (a local run). */
function readEventPayload(path: string | undefined): object {
  if (!path) return {}
  try {
    const payload: unknown = JSON.parse(readFileSync(path, 'utf8'))
    return typeof payload === 'object' && payload !== null ? payload : {}
  } catch {
    return {}
  }
}

/**
 * What every GitHub call of a run shares: the client for the workflow's repository, the markdown
 * its texts go through, and the budget of each call.
 */
export function openGitHub(
  options: BoundedCallOptions & { token: string; redact: Redactor },
  target: GitHubTarget
) {
  return {
    octokit: getOctokit(options.token, {
      ...(target.apiUrl === undefined ? {} : { baseUrl: target.apiUrl }),
      // Bodies capped like the service's (a page of comments can be made of any size).
      request: {
        ...defaults.request,
        fetch: cappedFetch(options.fetch ?? githubFetch(), BODY_CAPS.githubJson)
      }
    }),
    owner: target.owner,
    repo: target.repo,
    md: markdownFor(options.redact),
    bounded: boundedCalls(options)
  }
}

/**
 * Runs GitHub calls each under its own budget (never past the run's deadline and a grace): a call
 * that fails or times out resolves undefined, with a warning that says what was not recorded.
 */
export function boundedCalls(options: BoundedCallOptions) {
  return async <T>(what: string, call: (signal: AbortSignal) => Promise<T>) => {
    try {
      return await budgetedCall(options, call)
    } catch (error) {
      options.warn(`${what} was not recorded: ${reason(error)}`)
      return undefined
    }
  }
}

/**
 * One GitHub call under its own budget (never past the run's deadline and a grace). Rejects with
 * the call's own error, or one that says the time ran out.
 */
export async function budgetedCall<T>(
  options: Pick<BoundedCallOptions, 'deadline' | 'now' | 'sleep' | 'callBudgetMs'>,
  call: (signal: AbortSignal) => Promise<T>
): Promise<T> {
  const budget = Math.min(
    options.callBudgetMs ?? GITHUB_CALL_MS,
    options.deadline + GITHUB_GRACE_MS - options.now()
  )
  if (budget <= 0) throw new Error("the run's timeout had passed.")
  const timer = timeLimit(budget, options.sleep)
  try {
    return await call(timer.signal)
  } catch (error) {
    if (!timer.signal.aborted) throw error
    throw new Error(`GitHub did not answer within ${formatDuration(budget)}.`, { cause: error })
  } finally {
    timer.stop()
  }
}

/** A failed call's reason for a warning: its HTTP status, when it has one, and message. */
function reason(error: unknown): string {
  const status = (error as { status?: unknown }).status
  const message = error instanceof Error ? error.message : String(error)
  return typeof status === 'number' ? `HTTP ${status}: ${message}` : message
}
