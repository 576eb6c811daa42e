import { afterAll, afterEach, beforeEach, describe, expect, it } from '@jest/globals'
import { startControlPlane, type ControlPlaneEmulator } from '../../emulator'
import { gitHostStep } from '../helpers/deploy-harness'
import { runnerOn, VirtualClock } from '../helpers/action-world'

/**
 * A revision that does not end DEPLOYED, as the runner sees the step: the reason, the status and
 * the ids, the build or deploy log when the service has one. In this process, on a virtual clock
 * (the built bundle runs in ../bundle/dist.test.ts).
 */
const clock = new VirtualClock()
const runStep = runnerOn(clock)
afterAll(() => clock.close())

const API_KEY = 'cp-key-7f3a9c1e'
const SECRET_VALUE = 'sk-live-5d41402abc4b2a76'
const MULTILINE_SECRET = '-----BEGIN KEY-----\nMIIEowIBAAKCAQEA\n-----END KEY-----'

let emulator: ControlPlaneEmulator
beforeEach(async () => {
  emulator = await startControlPlane({
    now: clock.now,
    sleep: clock.sleep,
    stepMs: 25,
    apiKey: API_KEY
  })
})
afterEach(async () => {
  await emulator.close()
})

const inputs = () => ({
  ...gitHostStep(emulator.url),
  'api-key': API_KEY,
  'poll-interval': '1',
  secrets: JSON.stringify({ OPENAI_API_KEY: SECRET_VALUE, TLS_KEY: MULTILINE_SECRET })
})

describe('a revision that fails or never ends', () => {
  it('fails on BUILD_FAILED with the status and ids, outputs set', async () => {
    emulator.setOutcome('BUILD_FAILED')
    const run = await runStep(inputs())
    expect(run.code).toBe(1)
    const revision = run.outputs['revision-id']
    expect(run.stdout).toMatch(
      new RegExp(
        `::error::support-agent: build failed\\. Revision ${revision?.slice(0, 8)} of deployment support-agent \\(${run.outputs['deployment-id']?.slice(0, 8)}\\) ended BUILD_FAILED`
      )
    )
    expect(run.outputs['revision-status']).toBe('BUILD_FAILED')
    expect(run.summary).toContain('## ❌ support-agent: build failed\n\n> [!CAUTION]')
    // The build log explains it: in a group, errors as annotations, the tail in the summary.
    const lines = run.stdout.split('\n')
    const group = lines.indexOf(`::group::Last 50 lines of the build log of revision ${revision}`)
    expect(group).toBeGreaterThan(-1)
    expect(lines[group + 50]).toBe('2026-01-01T00:02:01.000Z CRITICAL revision BUILD_FAILED')
    expect(lines[group + 51]).toBe('::endgroup::')
    expect(run.stdout).toContain(
      '::error title=build log error at 00%3A02%3A00 UTC::build failed: exit code 1'
    )
    // The ERROR lines right after the reason, then the tail collapsed.
    expect(run.summary).toMatch(
      /> \[!CAUTION\]\n> [^\n]*\n\n### The build log's errors\n\n```text\n\d\d:\d\d:\d\d ERROR build failed: exit code 1\n/
    )
    expect(run.summary).toContain('<details><summary>Last 30 lines of the build log</summary>')
    // The step's own failure comes last, after the logs.
    expect(lines.filter((line) => line.startsWith('::error::')).length).toBe(1)
    expect(run.stdout.lastIndexOf('::error::')).toBeGreaterThan(run.stdout.indexOf('::endgroup::'))
  })

  it('fails for its own reason when the service has no logs, with one notice', async () => {
    emulator.setOutcome('DEPLOY_FAILED')
    emulator.setRevisionLogs(false)
    const run = await runStep(inputs())
    expect(run.code).toBe(1)
    expect(run.stdout).toMatch(
      /::notice::The deploy logs of revision \S+ could not be shown: this service does not offer revision logs/
    )
    expect(run.stdout).toMatch(
      /::error::support-agent: deploy failed\. Revision \S{8} of deployment support-agent \(\S{8}\) ended DEPLOY_FAILED/
    )
  })

  it('reads no logs with log-lines: 0', async () => {
    emulator.setOutcome('BUILD_FAILED')
    const run = await runStep({ ...inputs(), 'log-lines': '0' })
    expect(run.code).toBe(1)
    expect(emulator.requests.filter((r) => r.path.endsWith('/logs'))).toEqual([])
    expect(run.stdout).not.toContain('::group::')
  })

  it('fails on timeout naming the last status and the time waited', async () => {
    emulator.setOutcome('HANG')
    // poll-interval is 1s at least: 3s leaves room for polls after the first.
    const run = await runStep({ ...inputs(), timeout: '3s' })
    expect(run.code).toBe(1)
    expect(run.stdout).toContain('::error::support-agent: Timed out after 3s waiting for revision')
    expect(run.stdout).toContain('last status was BUILDING')
    expect(run.summary).toMatch(
      /^## ❌ support-agent: timed out after \d+s \(still BUILDING\); the deployment goes on\n/
    )
  })
})
