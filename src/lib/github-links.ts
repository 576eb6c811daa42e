import { checkHttpUrl } from './url'

/**
 * Links into GitHub for the reports: the workflow run, a commit, the compare view. Their origin
 * and repository come from the workflow (GITHUB_SERVER_URL, GITHUB_REPOSITORY); the parts that may
 * come from a service (a commit) are accepted only as 40-hex SHAs, so no service text can steer
 * a link anywhere else.
 */
export interface GitHubPlace {
  /** `https://github.com`, or a GitHub Enterprise server's origin. */
  serverUrl: string
  /** `owner/repo`. */
  repository: string
  /** The workflow run's id (GITHUB_RUN_ID), when known. */
  runId?: string
}

/** A full commit id. */
export const FULL_SHA = /^[0-9a-f]{40}$/
const REPOSITORY = /^[A-Za-z0-9_.-]+\/[A-Za-z0-9_.-]+$/
const RUN_ID = /^\d+$/

/** The workflow's place on GitHub from the runner's variables; undefined when they do not fit. */
export function githubPlaceFromEnv(env: NodeJS.ProcessEnv): GitHubPlace | undefined {
  const serverUrl = (env.GITHUB_SERVER_URL ?? 'https://github.com').replace(/\/+$/, '')
  const repository = env.GITHUB_REPOSITORY ?? ''
  if (!('url' in checkHttpUrl(serverUrl)) || !REPOSITORY.test(repository)) return undefined
  const runId = env.GITHUB_RUN_ID
  return { serverUrl, repository, ...(runId && RUN_ID.test(runId) ? { runId } : {}) }
}

/** The workflow run's page, the log GitHub deployments and the reports point to. */
export function runUrl(place: GitHubPlace): string | undefined {
  return place.runId === undefined
    ? undefined
    : `${place.serverUrl}/${place.repository}/actions/runs/${place.runId}`
}

/** A commit's page; undefined unless `sha` is a full commit id. */
export function commitUrl(place: GitHubPlace, sha: string | undefined): string | undefined {
  return sha !== undefined && FULL_SHA.test(sha)
    ? `${place.serverUrl}/${place.repository}/commit/${sha}`
    : undefined
}

/** The compare view from `base` to `head`; undefined unless both are full commit ids and differ. */
export function compareUrl(
  place: GitHubPlace,
  base: string | undefined,
  head: string | undefined
): string | undefined {
  if (base === undefined || head === undefined || base === head) return undefined
  if (!FULL_SHA.test(base) || !FULL_SHA.test(head)) return undefined
  return `${place.serverUrl}/${place.repository}/compare/${base}...${head}`
}

/**
 * The commit the workflow runs for: a pull request's head (from the event GitHub wrote), else
 * GITHUB_SHA. Undefined unless a full commit id.
 */
export function workflowCommit(
  env: NodeJS.ProcessEnv,
  readEvent: (path: string) => string
): string | undefined {
  let head: unknown
  try {
    const event = env.GITHUB_EVENT_PATH ? JSON.parse(readEvent(env.GITHUB_EVENT_PATH)) : undefined
    head = (event as { pull_request?: { head?: { sha?: unknown } } } | undefined)?.pull_request
      ?.head?.sha
  } catch {
    head = undefined
  }
  const sha = typeof head === 'string' ? head : env.GITHUB_SHA
  return sha !== undefined && FULL_SHA.test(sha) ? sha : undefined
}

/**
 * A file's page at a commit; undefined unless `sha` is a full commit id. The path is the
 * repository's (written relative to the workspace): each part percent-encoded, `./` dropped.
 */
export function blobUrl(
  place: GitHubPlace,
  sha: string | undefined,
  path: string
): string | undefined {
  if (sha === undefined || !FULL_SHA.test(sha)) return undefined
  const parts = repositoryPath(path)
  if (parts === undefined) return undefined
  return `${place.serverUrl}/${place.repository}/blob/${sha}/${parts.map(encodeURIComponent).join('/')}`
}

/** A workspace-relative path as the repository's parts; undefined when it leaves the repository. */
export function repositoryPath(path: string): string[] | undefined {
  const parts = path.split(/[\\/]+/).filter((part) => part !== '' && part !== '.')
  if (parts.length === 0 || parts.includes('..') || /^([a-z]:|[\\/])/i.test(path)) return undefined
  return parts
}
