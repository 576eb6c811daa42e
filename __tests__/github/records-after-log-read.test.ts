import { afterEach, describe, expect, it } from '@jest/globals'
import { startControlPlane } from '../../emulator'
import { VirtualClock, runInProcess } from '../helpers/action-world'
import { gitHostStep } from '../helpers/deploy-harness'
import { startGitHubApi } from '../helpers/github-api'

// A build that fails right at `timeout`: its log is read after (up to 15 s of its own), and the
// GitHub deployment's final status still comes after that read: the records' deadline counts it.

const NAME = 'support-agent'
const closers: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const close of closers.splice(0)) await close()
})

describe('the GitHub records of a build that fails at timeout', () => {
  it('get their final status after the log read', async () => {
    const clock = new VirtualClock()
    closers.push(async () => clock.close())
    const controlPlane = await startControlPlane({
      now: clock.now,
      sleep: clock.sleep,
      stepMs: 500,
      phaseMs: { BUILDING: 55_000 },
      outcome: 'BUILD_FAILED'
    })
    const github = await startGitHubApi()
    closers.push(github.close, controlPlane.close)
    controlPlane.seedDeployment({
      name: NAME,
      source_config: { integration_id: '123e4567-e89b-42d3-a456-426614174000' }
    })
    // The log answers slowly: 12 s, within its own 15-s budget.
    controlPlane.injectFault({ path: /\/logs$/, kind: 'delay', delayMs: 12_000, times: 10 })
    const run = await runInProcess(
      {
        ...gitHostStep(controlPlane.url, NAME),
        'api-key': 'emulator-key',
        'repo-ref': 'main',
        'poll-interval': '1',
        timeout: '60',
        'github-token': 'ghs_records_token_4b1c',
        environment: 'production'
      },
      { githubApiUrl: github.url, clock }
    )
    expect(run.exitCode).toBe(1)
    expect(run.outputs['revision-status']).toBe('BUILD_FAILED')
    expect(controlPlane.requests.some((request) => request.path.endsWith('/logs'))).toBe(true)
    const statuses = github.deployments.flatMap((deployment) => deployment.statuses)
    expect(statuses.at(-1)?.state).toBe('failure')
  }, 60_000)
})
