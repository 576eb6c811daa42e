import { afterEach, describe, expect, it } from '@jest/globals'
import { startControlPlane, type ControlPlaneEmulator } from '../../emulator'
import { runDeadline } from '../../src/run/deadlines'
import { ControlPlaneClient } from '../../src/control-plane/client'
import { runOperation } from '../../src/operations/operations'
import { NO_SECRETS } from '../../src/report/redact'
import { renderDeploySummary } from '../../src/report/summary'
import { configFor, gitHostConfig } from '../helpers/config-fixture'

/**
 * Service time that moves only while the action sleeps (as in bench/polling.ts): a 150-s build
 * passes in the time its requests take, and every time in the log is exact.
 */
class FakeClock {
  #now = Date.parse('2026-01-01T12:00:00.000Z')
  now = (): number => this.#now
  sleep = async (ms: number, signal?: AbortSignal): Promise<void> => {
    await new Promise((resolve) => setImmediate(resolve))
    signal?.throwIfAborted()
    this.#now += ms
  }
}

const REPO = 'https://github.com/acme/support-agent'
const INTEGRATION = { integration_id: '00000000-0000-4000-8000-000000000001' }
/** The baseline of bench/polling.ts: the service's command-line client polls every 3 s. */
const BASELINE_GAP_MS = 3_000

let emulator: ControlPlaneEmulator | undefined
afterEach(async () => {
  await emulator?.close()
})

describe('progress against the emulator', () => {
  it('a 150-s build with a history of similar ones: a line at least every 75 s, the expected end early, the phases in the summary, no extra status request', async () => {
    const clock = new FakeClock()
    // Five statuses of 1 s and a BUILDING of 145 s: 150 s in all, like the earlier previews.
    emulator = await startControlPlane({ now: clock.now, phaseMs: { BUILDING: 145_000 } })
    emulator.seedDeployment({
      name: 'support-agent-pr-1',
      source_config: { ...INTEGRATION, repo_url: REPO },
      history: [{ durationMs: 145_000 }, { durationMs: 150_000 }, { durationMs: 155_000 }]
    })
    const config = configFor(gitHostConfig(emulator.url))
    expect(config.pollIntervalMs).toBe(10_000) // the default schedule
    const startedAt = clock.now()
    const lines: { at: number; text: string }[] = []
    const client = new ControlPlaneClient({
      baseUrl: emulator.url,
      apiKey: 'emulator-key',
      userAgent: 'deploy-agent-action/test',
      now: clock.now
    })
    const result = await runOperation(config, {
      client,
      io: {
        info: (text) => lines.push({ at: clock.now() - startedAt, text }),
        notice: (text) => lines.push({ at: clock.now() - startedAt, text }),
        warning: (text) => lines.push({ at: clock.now() - startedAt, text }),
        known: () => undefined
      },
      log: { info: () => undefined, notice: () => undefined, warning: () => undefined },
      clock,
      deadline: runDeadline(startedAt, config.timeoutMs)
    })
    expect(result.outcome).toBe('deployed')

    const gaps = lines.slice(1).map((line, index) => line.at - (lines[index]?.at ?? 0))
    expect(Math.max(...gaps)).toBeLessThanOrEqual(75_000)
    const expected = lines.find((line) => line.text.startsWith('Earlier builds took'))
    expect(expected?.text).toMatch(
      /^Earlier builds took 2m 25s–2m 35s; expected around 12:02:3\d UTC \(in ~2m [23]\ds\)\.$/
    )
    expect(expected?.at).toBeLessThan(10_000)
    expect(lines.filter((line) => line.text.startsWith('Still BUILDING')).length).toBeGreaterThan(0)

    // Status reads (GET …/revisions/{id}) against a 3-s poller over the same build.
    const statusReads = emulator.requests.filter(
      (request) => request.method === 'GET' && /\/revisions\/[^/]+$/.test(request.path)
    ).length
    const buildMs = (result.phases?.lastPollAt ?? 0) - startedAt
    expect(buildMs).toBeGreaterThanOrEqual(150_000)
    expect(statusReads).toBeLessThanOrEqual(0.4 * Math.ceil(buildMs / BASELINE_GAP_MS))

    const phases = result.phases?.phases.map((span) => span.status)
    expect(phases).toContain('BUILDING')
    expect(phases?.at(-1)).toBe('DEPLOYED')
    const summary = renderDeploySummary(result, config.source, {}, NO_SECRETS)
    expect(summary).toMatch(/^\| BUILDING \| 12:0\d:\d\d UTC \(\+\d+s\) \| ~?2m \d\ds \|$/m)
    expect(summary).toContain('| **The wait in all** | | 2m ')
    expect(summary).toContain('| Earlier revisions: median of 3 | | 2m 30s (2m 25s–2m 35s) |')
    expect(summary).toMatch(/^ {4}BUILDING :s\d, 00:00:\d\d, 00:02:\d\d$/m)
    expect(summary).toContain('    median of 3 :e0, 00:00:00, 00:02:30')
  })
})
