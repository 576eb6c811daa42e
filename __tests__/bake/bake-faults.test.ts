import { describe, expect, it } from '@jest/globals'
import {
  bakeFile,
  bakeStep,
  controlPlaneWrites,
  MINUTE,
  NAME,
  seeded,
  statsReads
} from './bake-harness'

/**
 * The bake window when things go wrong, through the action in process on the virtual clock:
 * refusals before any write, a tracing service that fails, answers that are not numbers in
 * range, a bake past `timeout`'s budget.
 */
const { runInProcess, start, clock } = bakeFile()

const HEALTHY = { runsPerMinute: 30, errorShare: 0, latency: { p50: 1, p99: 2 } }
const stats = (outputs: Record<string, string>) =>
  JSON.parse(outputs['bake-stats'] ?? 'null') as Record<string, unknown>

describe('the bake window: refusals before any write', () => {
  it.each<[string, Parameters<typeof bakeStep>[1], Parameters<typeof bakeStep>[2], RegExp]>([
    ['no tracing-url', {}, { 'tracing-url': '' }, /bake.duration needs the tracing-url input/],
    ['wait: false', {}, { wait: 'false' }, /bake.duration needs wait: true/],
    [
      'an interval longer than the duration',
      { interval: '20m' },
      {},
      /bake.interval \(20m\) is longer than bake.duration \(15m\)/
    ],
    ['no bound', {}, { policy: 'version: 1\nbake: {duration: 15m}\n' }, /bake needs a bound/],
    [
      'a share without %',
      { 'max-error-rate': 5 },
      {},
      /bake.max-error-rate must be a share written with %/
    ],
    [
      'a latency key other than p50 or p99',
      { 'max-latency': { p90: '2s' } },
      {},
      /bake.max-latency.p90: the key must be p50 or p99/
    ],
    [
      'a revision key outside the pattern',
      { 'revision-key': 'a b' },
      {},
      /bake.revision-key must be 1–64 letters/
    ]
  ])(
    'refuses %s, sending nothing',
    async (_, bake, given, message) => {
      const services = await start()
      seeded(services, { profile: HEALTHY })
      const run = await runInProcess(bakeStep(services, bake, given))
      expect(run.exitCode).toBe(1)
      expect(run.stdout).toMatch(message)
      expect(controlPlaneWrites(services)).toEqual([])
      expect(statsReads(services)).toEqual([])
    },
    60_000
  )

  it('refuses a deployment without a tracing project by name, writing nothing', async () => {
    const services = await start()
    services.controlPlane.seedDeployment({ name: NAME })
    const run = await runInProcess(bakeStep(services))
    expect(run.exitCode).toBe(1)
    expect(run.stdout).toMatch(/bake.duration: the deployment support-agent has no tracing project/)
    expect(controlPlaneWrites(services)).toEqual([])
  }, 60_000)

  it('headlines that refusal as the gate does: what was refused, and that nothing was deployed', async () => {
    const services = await start()
    services.controlPlane.seedDeployment({ name: NAME })
    const run = await runInProcess(bakeStep(services))
    expect(run.exitCode).toBe(1)
    expect(controlPlaneWrites(services)).toEqual([])
    const headline = run.summary.split('\n').find((line) => line.startsWith('## ')) ?? ''
    expect(headline).toContain('bake.duration')
    expect(headline).toContain('nothing was deployed')
    expect(headline).not.toMatch(/deploy failed/)
    const errorLine = run.stdout.split('\n').find((line) => line.startsWith('::error::')) ?? ''
    expect(errorLine).toContain('nothing was deployed')
  }, 60_000)

  it('warns before any write when timeout, the bake and rollback.timeout pass 6 hours', async () => {
    const services = await start()
    seeded(services, { profile: HEALTHY })
    const run = await runInProcess(
      bakeStep(
        services,
        { duration: '5h', interval: '1h' },
        { timeout: '1h', 'dry-run': 'true' },
        {
          rollback: { 'on-failure': true }
        }
      )
    )
    expect(run.stdout).toMatch(
      /::warning::timeout \(1 h\), the bounded steps after it \(6 h\) and rollback.timeout \(0.25 h\) add up to 7.25 h, past the runner's 6-hour job limit/
    )
    // A dry run prints the windows it would read, and reads none.
    expect(run.stdout).toMatch(/Bake window: the first read at \+1h 00m covers/)
    expect(statsReads(services)).toEqual([])
    expect(controlPlaneWrites(services)).toEqual([])
  }, 60_000)
})

describe('the bake window: the tracing service fails', () => {
  it('waits out a 429 Retry-After and retries a 5xx: a delayed read is late, not skipped', async () => {
    const services = await start()
    seeded(services, { profile: HEALTHY })
    services.tracing.injectFault({
      path: '/runs/stats',
      kind: 'status',
      status: 429,
      retryAfter: '20'
    })
    services.tracing.injectFault({ path: '/runs/stats', kind: 'status', status: 503 })
    const run = await runInProcess(bakeStep(services))
    expect(run.exitCode).toBe(0)
    expect(stats(run.outputs)).toMatchObject({ verdict: 'pass', reads: 15 })
    const reads = statsReads(services)
    expect(reads).toHaveLength(17)
    // The attempt after the 429 waited its 20 s.
    expect((reads[1]?.at ?? 0) - (reads[0]?.at ?? 0)).toBeGreaterThanOrEqual(20_000)
    expect(run.stdout).toContain('Retry-After')
  }, 120_000)

  it('could not conclude after four failed reads in a row, never passing', async () => {
    const services = await start()
    seeded(services, { profile: HEALTHY })
    services.tracing.injectFault({
      path: '/runs/stats',
      kind: 'status',
      status: 503,
      times: 10_000
    })
    const run = await runInProcess(bakeStep(services))
    expect(run.exitCode).toBe(1)
    expect(run.outputs['bake-passed']).toBe('false')
    expect(stats(run.outputs)).toEqual({
      window: { runs: null, 'error-rate': null, p50: null, p99: null },
      previous: null,
      reads: 0,
      verdict: 'inconclusive'
    })
    expect(run.stdout).toMatch(/The bake window could not conclude: 4 reads in a row got no answer/)
  }, 120_000)

  it('takes hostile stats (out of range, NaN, text) as failed reads, never as a pass', async () => {
    const services = await start()
    seeded(services, { profile: HEALTHY })
    const hostile: ((body: unknown) => unknown)[] = [
      (body) => ({ ...(body as object), run_count: -1 }),
      (body) => ({ ...(body as object), error_rate: 2 }),
      (body) => ({ ...(body as object), error_rate: '0' }),
      (body) => ({ ...(body as object), latency_p99: -5 })
    ]
    services.tracing.injectFault({
      path: '/runs/stats',
      kind: 'status',
      status: 200,
      rawBody: '{"run_count": 10, "error_rate": NaN, "latency_p50": 1, "latency_p99": 2}'
    })
    for (let round = 0; round < 200; round++)
      services.tracing.injectFault({
        path: '/runs/stats',
        kind: 'alter',
        alter: hostile[round % 4]
      })
    const run = await runInProcess(bakeStep(services, { duration: '5m' }))
    expect(run.exitCode).toBe(1)
    expect(stats(run.outputs)).toMatchObject({ reads: 0, verdict: 'inconclusive' })
    expect(run.summary).not.toContain('passed (')
  }, 120_000)

  it('runs past the budget of timeout, under its own bound, and still gives its verdict', async () => {
    const services = await start()
    seeded(services, { profile: HEALTHY })
    const before = clock.now()
    const run = await runInProcess(bakeStep(services, {}, { timeout: '2m' }))
    expect(run.exitCode).toBe(0)
    expect(clock.now() - before).toBeGreaterThan(15 * MINUTE)
    expect(stats(run.outputs)).toMatchObject({ verdict: 'pass', reads: 15 })
  }, 120_000)
})

describe('the bake window: a cancel', () => {
  it('is a cancel: no rollback, bake-passed false, verdict inconclusive, the summary says it was cut short', async () => {
    const services = await start()
    const { previous } = seeded(services, {
      profile: (revision) =>
        revision.servedAtStart ? HEALTHY : { runsPerMinute: 30, errorShare: 0.03 }
    })
    const run = await runInProcess(
      bakeStep(services, {}, {}, { rollback: { 'on-failure': true } }),
      {
        onStdout: (line, _, cancel) => {
          if (line.startsWith('Bake read 3 of 15')) cancel('SIGTERM')
        }
      }
    )
    expect(run.exitCode).toBe(1)
    expect(run.outputs['bake-passed']).toBe('false')
    expect(stats(run.outputs)).toMatchObject({ verdict: 'inconclusive', reads: 3 })
    expect(run.outputs['rolled-back']).toBe('false')
    expect(services.controlPlane.redeploys()).toEqual([])
    expect(run.outputs['previous-revision-id']).toBe(previous)
    expect(run.summary).toMatch(/Bake window: cut short after/)
    expect(run.summary).toContain('The bake was cut short by a cancel')
  }, 120_000)
})
