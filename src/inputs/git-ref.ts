/** The parts of the runner's environment that say which commit the workflow runs for. */
export interface WorkflowRefEnv {
  GITHUB_EVENT_NAME?: string
  GITHUB_REF?: string
  GITHUB_HEAD_REF?: string
}

const PULL_REQUEST_EVENTS = ['pull_request', 'pull_request_target']

/**
 * The `repo_ref` to deploy when `repo-ref` is not given: a pull request's head branch, a tag as
 * `refs/tags/<tag>`, a branch by its bare name. Undefined when the workflow's ref is none of these.
 */
export function workflowRepoRef(env: WorkflowRefEnv): string | undefined {
  if (PULL_REQUEST_EVENTS.includes(env.GITHUB_EVENT_NAME ?? '') && env.GITHUB_HEAD_REF) {
    return env.GITHUB_HEAD_REF
  }
  return normaliseRepoRef(env.GITHUB_REF ?? '')
}

/** The service takes a branch bare and a tag as `refs/tags/…`; other `refs/` forms cannot be sent. */
export function normaliseRepoRef(ref: string): string | undefined {
  const trimmed = ref.trim()
  if (trimmed === '') return undefined
  if (trimmed.startsWith('refs/heads/')) return trimmed.slice('refs/heads/'.length) || undefined
  if (trimmed.startsWith('refs/tags/'))
    return trimmed.length > 'refs/tags/'.length ? trimmed : undefined
  if (trimmed.startsWith('refs/')) return undefined
  return trimmed
}

export function isTagRef(ref: string | undefined): boolean {
  return ref?.startsWith('refs/tags/') ?? false
}
