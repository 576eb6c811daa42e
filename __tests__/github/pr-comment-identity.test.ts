import { afterAll, afterEach, beforeEach, describe, expect, it } from '@jest/globals'
import { startControlPlane, type ControlPlaneEmulator } from '../../emulator'
import { commentMarker } from '../../src/report/markdown'
import { gitHostStep } from '../helpers/deploy-harness'
import { startGitHubApi, type GitHubApiOptions } from '../helpers/github-api'
import { runnerOn, VirtualClock, type WorldRun } from '../helpers/action-world'

/** Whose comment is ours, as a pull-request run sees it (in this process, on a virtual clock). */
const clock = new VirtualClock()
const runInProcess = runnerOn(clock)
afterAll(() => clock.close())

const MARKER = commentMarker('support-agent')
const PLANTED = `${MARKER}\nplanted by another app`
const LAST_RUN = `${MARKER}\nours, from the last run`

let emulator: ControlPlaneEmulator
let github: Awaited<ReturnType<typeof startGitHubApi>> | undefined
beforeEach(async () => {
  emulator = await startControlPlane({ now: clock.now, sleep: clock.sleep, stepMs: 10 })
})
afterEach(async () => {
  await Promise.all([emulator.close(), github?.close()])
  github = undefined
})

async function pullRequestRun(options: GitHubApiOptions): Promise<WorldRun> {
  const api = await startGitHubApi(options)
  github = api
  return runInProcess(
    {
      ...gitHostStep(emulator.url),
      'api-key': 'emulator-key',
      'poll-interval': '1',
      'github-token': 'ghs_workflow_token',
      'pr-comment': 'true'
    },
    { pullRequest: { number: 7 }, githubApiUrl: api.url }
  )
}

const bodyOf = (id: number) => github?.comments.find((comment) => comment.id === id)?.body

describe('the pull-request comment of a run', () => {
  it("edits its own comment and leaves another bot's planted one alone", async () => {
    const run = await pullRequestRun({
      comments: [
        { id: 1, body: PLANTED, user: { login: 'helpful-app[bot]', id: 99, type: 'Bot' } },
        { id: 2, body: LAST_RUN }
      ]
    })
    expect(run.code).toBe(0)
    expect(bodyOf(1)).toBe(PLANTED)
    expect(bodyOf(2)).toContain("- **Serving now:** this run's revision")
    expect(github?.comments).toHaveLength(2)
  })

  it('makes a new comment when the token cannot be named, and edits none from before', async () => {
    const run = await pullRequestRun({
      graphqlFailWith: 502,
      comments: [{ id: 2, body: LAST_RUN }]
    })
    expect(run.code).toBe(0)
    expect(bodyOf(2)).toBe(LAST_RUN)
    expect(github?.comments).toHaveLength(2)
    expect(github?.comments[1]?.body).toContain("- **Serving now:** this run's revision")
    expect(run.stdout).toMatch(
      /^::warning::The GitHub token's identity could not be read \(HTTP 502.*\): a new pull-request comment is made, and no earlier one is edited\.$/m
    )
  })
})
