import { afterEach, beforeEach, describe, expect, it } from '@jest/globals'
import { startControlPlane, type ControlPlaneEmulator } from '../../emulator'
import { commentMarker } from '../../src/report/markdown'
import { gitHostStep } from '../helpers/deploy-harness'
import { startGitHubApi } from '../helpers/github-api'
import { runInProcess } from '../helpers/action-world'

/**
 * The pull request's comments are paged to find the action's own: a GitHub that ignores `page`
 * is read only until a page repeats, which is an error naming the list (a warning: the deploy
 * stands), not ten pages of the same comments.
 */
let emulator: ControlPlaneEmulator
let github: Awaited<ReturnType<typeof startGitHubApi>> | undefined
beforeEach(async () => {
  emulator = await startControlPlane({ stepMs: 10 })
})
afterEach(async () => {
  await Promise.all([emulator.close(), github?.close()])
  github = undefined
})

const others = Array.from({ length: 150 }, (_, index) => ({
  id: 5_000 + index,
  body: `a reviewer's note ${index}`,
  user: { login: 'reviewer', id: 42, type: 'User' as const }
}))

const step = (url: string) => ({
  ...gitHostStep(url),
  'api-key': 'emulator-key',
  'poll-interval': '1',
  'github-token': 'ghs_workflow_token',
  'pr-comment': 'true'
})

describe('the comments list', () => {
  it('of a GitHub that ignores page: read until a page repeats, then a warning naming the list', async () => {
    github = await startGitHubApi({ comments: others, commentsIgnorePage: true })
    const run = await runInProcess(step(emulator.url), {
      pullRequest: { number: 7 },
      githubApiUrl: github.url
    })
    expect(run.code).toBe(0)
    const reads = github.calls.filter(
      (call) => call.method === 'GET' && /\/issues\/7\/comments$/.test(call.path)
    )
    const posts = github.calls.filter(
      (call) => call.method === 'POST' && /\/issues\/7\/comments$/.test(call.path)
    )
    // Two pages for each of the two writes (the waiting comment, then the final one); none made.
    expect({ reads: reads.length, posts: posts.length }).toEqual({ reads: 4, posts: 0 })
    expect(run.stdout).toContain(
      'the comments of pull request #7: page 2 holds the same ids as an earlier page'
    )
  })

  it('of a GitHub that pages: its own comment on the second page is found and edited', async () => {
    const ours = { id: 9_999, body: `${commentMarker('support-agent')}\nours, from the last run` }
    github = await startGitHubApi({ comments: [...others, ours] })
    const run = await runInProcess(step(emulator.url), {
      pullRequest: { number: 7 },
      githubApiUrl: github.url
    })
    expect(run.code).toBe(0)
    expect(github.comments).toHaveLength(151)
    expect(github.comments.find((comment) => comment.id === 9_999)?.body).toContain(
      "- **Serving now:** this run's revision"
    )
  })
})
