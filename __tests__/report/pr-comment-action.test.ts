import { afterAll, afterEach, describe, expect, it } from '@jest/globals'
import { startControlPlane } from '../../emulator'
import { startGitHubApi } from '../helpers/github-api'
import { gitHostStep } from '../helpers/deploy-harness'
import { runnerOn, VirtualClock } from '../helpers/action-world'

/**
 * The action on a pull request (in this process, on a virtual clock): the comment says a revision
 * builds from the start, a first deploy included, and keeps the link to what still serves
 * meanwhile.
 */
const clock = new VirtualClock()
const runInProcess = runnerOn(clock)
afterAll(() => clock.close())

const closers: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const close of closers.splice(0)) await close()
})

const FIRST = 'a1b2c3d4e5f6a7b8c9d0a1b2c3d4e5f6a7b8c9d0'
const SECOND = 'b7e9f2c4d1a3b5c7e9f1a3b5c7d9e1f3a5b7c9d1'

describe('the PR comment while building', () => {
  it('is posted at the start of a first deploy, and on the next push keeps the preview link until the result', async () => {
    const controlPlane = await startControlPlane({ now: clock.now, sleep: clock.sleep, stepMs: 5 })
    const github = await startGitHubApi()
    closers.push(github.close, controlPlane.close)
    const inputs = {
      ...gitHostStep(controlPlane.url, 'agent-app'),
      'api-key': 'emulator-key',
      'repo-ref': 'feature',
      'poll-interval': '1',
      'github-token': 'ghs_comment_token_3d9a1b',
      'pr-comment': 'true'
    }
    const first = await runInProcess(inputs, {
      pullRequest: { number: 9, headSha: FIRST },
      githubApiUrl: github.url
    })
    expect(first.code).toBe(0)
    const bodies = () =>
      github.calls
        .filter((call) => call.path.includes('/comments') && call.method !== 'GET')
        .map((call) => (call.body as { body: string }).body)
    const [building, final] = bodies()
    expect(building).toContain('### 🔄 agent-app: building `a1b2c3d`')
    expect(building).toContain('**Still serving:** no earlier preview of this pull request')
    const url = controlPlane.deployments()[0]?.source_config?.custom_url as string
    expect(final).toContain(`**Preview:** [open the preview ↗](${url})`)

    await runInProcess(inputs, {
      pullRequest: { number: 9, headSha: SECOND },
      githubApiUrl: github.url
    })
    const [, , buildingAgain, finalAgain] = bodies()
    expect(buildingAgain).toContain('### 🔄 agent-app: building `b7e9f2c`')
    expect(buildingAgain).toContain(`**Still serving:** [open the preview ↗](${url})`)
    // From the commit the service says the serving revision was built from, to this push.
    expect(finalAgain).toMatch(new RegExp(`/compare/[0-9a-f]{40}\\.\\.\\.${SECOND}\\)`))
    expect(finalAgain).toContain('<details><summary>Earlier pushes (1)</summary>')
    expect(github.comments).toHaveLength(1)
  }, 120_000)
})
