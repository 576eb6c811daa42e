import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals'
import { startHostileAgentServer } from '../helpers/hostile/agent-server'
import { overlongLines } from '../helpers/hostile/commands'
import {
  startHostileControlPlane,
  type HostileControlPlane
} from '../helpers/hostile/control-plane'
import { AGENT_KEY } from '../helpers/hostile/secrets'
import { hostileStep } from '../helpers/hostile/step'
import { recordFigure } from '../helpers/hostile/figures'
import { runAction, type ActionRun } from '../helpers/run-action'
import { runInProcess, type WorldRun } from '../helpers/action-world'
import { REAL_WORK_TEST_MS } from '../helpers/real-time'

jest.setTimeout(REAL_WORK_TEST_MS)

/**
 * Bodies are read up to a cap, once: a 1 GB answer costs the action well under 200 MB and one
 * request. Log lines are cut, and the summary stays under the runner's 1 MiB.
 */
const GB = 1024 ** 3
const MAX_PEAK_RSS = 200 * 1024 * 1024
const MIB = 1024 * 1024

describe('a 1 GB answer to the deployment lookup', () => {
  let cp: HostileControlPlane
  let run: ActionRun
  beforeAll(async () => {
    cp = await startHostileControlPlane({
      answer: (route) =>
        route === 'list-deployments'
          ? { huge: { bytes: GB, prefix: '{"resources":[{"id":"dep-1","name":"' } }
          : undefined
    })
    run = await runAction(hostileStep(cp.url, { timeout: '20s' }), { killAfterMs: 60_000 })
    recordFigure('1 GB answer to the deployment lookup', {
      peakRssMb: (run.peakRssBytes ?? NaN) / MIB,
      bytesSentMb: cp.huge.bytesSent / MIB,
      lookups: cp.calls('list-deployments').length
    })
  }, 90_000)
  afterAll(() => cp.close())

  it('fails, naming the call', () => {
    expect(run.killed).toBe(false)
    expect(run.code).toBe(1)
    expect(run.stdout).toContain('GET /v2/deployments')
  })
  it('is read once, not retried', () => {
    expect(cp.calls('list-deployments')).toHaveLength(1)
  })
  it('keeps the peak memory under 200 MB', () => {
    expect(run.peakRssBytes).toBeDefined()
    expect(run.peakRssBytes ?? Infinity).toBeLessThan(MAX_PEAK_RSS)
  })
  it('stops reading long before the end of the body', () => {
    expect(cp.huge.bytesSent).toBeLessThan(GB / 2)
  })
})

describe('a 1 GB reply of the agent to /runs/wait', () => {
  let cp: HostileControlPlane
  let agent: Awaited<ReturnType<typeof startHostileAgentServer>>
  let run: ActionRun
  beforeAll(async () => {
    agent = await startHostileAgentServer({
      answer: (route) =>
        route === 'run'
          ? { huge: { bytes: GB, prefix: '{"messages":[{"type":"ai","content":"' } }
          : undefined
    })
    cp = await startHostileControlPlane({
      deployment: { source_config: { custom_url: agent.url } }
    })
    run = await runAction(
      hostileStep(cp.url, {
        timeout: '20s',
        policy: { agent: { assistant: 'agent', message: 'Say hello', timeout: '20s' } },
        'agent-api-key': AGENT_KEY
      }),
      { killAfterMs: 60_000 }
    )
    recordFigure('1 GB reply of the agent to /runs/wait', {
      peakRssMb: (run.peakRssBytes ?? NaN) / MIB,
      runRequests: agent.calls('run').length
    })
  }, 90_000)
  afterAll(async () => {
    await cp.close()
    await agent.close()
  })

  it('fails the run check', () => {
    expect(run.killed).toBe(false)
    expect(run.code).toBe(1)
    expect(run.stdout).toContain('/runs/wait')
  })
  it('is read once', () => {
    expect(agent.calls('run')).toHaveLength(1)
  })
  it('keeps the peak memory under 200 MB', () => {
    expect(run.peakRssBytes).toBeDefined()
    expect(run.peakRssBytes ?? Infinity).toBeLessThan(MAX_PEAK_RSS)
  })
})

describe('a log page with a 2 MB line, long lines, and 100,000 lines though 50 were asked', () => {
  let cp: HostileControlPlane
  let run: WorldRun
  beforeAll(async () => {
    cp = await startHostileControlPlane({
      statuses: ['BUILD_FAILED'],
      logs: [
        { level: 'ERROR', message: `huge ${'x'.repeat(2 * MIB)}` },
        ...Array.from({ length: 40 }, (_, i) => ({
          level: 'INFO',
          message: `${i} ${'y'.repeat(30_000)}`
        })),
        ...Array.from({ length: 100_000 }, (_, i) => ({ level: 'INFO', message: `line ${i}` }))
      ]
    })
    // In this process: no memory is measured here.
    run = await runInProcess(hostileStep(cp.url, { 'log-lines': '50' }))
    recordFigure('log page with a 2 MB line and 100,000 lines', {
      summaryKb: Buffer.byteLength(run.summary) / 1024,
      longestStdoutLine: Math.max(...run.stdout.split('\n').map((line) => line.length))
    })
  }, 90_000)
  afterAll(() => cp.close())

  it('fails and asks for the logs', () => {
    expect(run.code).toBe(1)
    expect(cp.calls('revision-logs').length).toBeGreaterThan(0)
  })
  it('keeps the summary under 1 MiB', () => {
    expect(Buffer.byteLength(run.summary)).toBeLessThan(MIB)
  })
  it('cuts every log line to about 1,000 characters', () => {
    expect(overlongLines(run.stdout)).toEqual([])
    expect(overlongLines(run.stderr)).toEqual([])
  })
  it('prints no more log lines than asked', () => {
    expect(
      run.stdout.split('\n').filter((line) => /^line \d+$|INFO line \d+/.test(line)).length
    ).toBeLessThanOrEqual(50)
  })
})
