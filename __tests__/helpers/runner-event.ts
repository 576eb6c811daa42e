import { writeFileSync } from 'node:fs'
import { join } from 'node:path'

/** Where a run's event and GitHub API are, as a runner sets them (both ways of running the action). */
export interface RunnerEventOptions {
  /**
   * A pull-request run: the event's JSON is written to GITHUB_EVENT_PATH and GITHUB_EVENT_NAME is
   * `pull_request` (the number and head sha come from it).
   */
  pullRequest?: { number: number; headSha?: string; headRef?: string; baseSha?: string }
  /** GITHUB_API_URL (and GITHUB_GRAPHQL_URL beside it): where the GitHub records go. */
  githubApiUrl?: string
}

/** A pull request's base commit, unless a test names another. */
export const BASE_SHA = 'b0b1b2b3b4b5b6b7b8b9c0c1c2c3c4c5c6c7c8c9'

/** The runner variables of a run's event (its JSON written into `dir`) and GitHub API. */
export function runnerEventEnv(dir: string, options: RunnerEventOptions): Record<string, string> {
  const event: Record<string, string> = {}
  if (options.pullRequest) {
    const {
      number,
      headSha = 'a1b2c3d4e5f6a7b8c9d0a1b2c3d4e5f6a7b8c9d0',
      headRef = 'feature',
      baseSha = BASE_SHA
    } = options.pullRequest
    const eventFile = join(dir, 'event.json')
    writeFileSync(
      eventFile,
      JSON.stringify({
        pull_request: { number, head: { sha: headSha, ref: headRef }, base: { sha: baseSha } },
        number
      })
    )
    Object.assign(event, {
      GITHUB_EVENT_NAME: 'pull_request',
      GITHUB_EVENT_PATH: eventFile,
      GITHUB_REF: `refs/pull/${number}/merge`,
      GITHUB_HEAD_REF: headRef,
      GITHUB_SHA: headSha
    })
  }
  if (options.githubApiUrl) {
    event.GITHUB_API_URL = options.githubApiUrl
    event.GITHUB_GRAPHQL_URL = `${options.githubApiUrl}/graphql`
  }
  return event
}
