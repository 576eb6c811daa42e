import { describe, expect, it } from '@jest/globals'
import type { TrafficProfile, TrafficRevision } from '../../emulator'
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
 * The bake's verdicts through the action in process, on the virtual clock: a breach that stops
 * it early and rolls back, evidence too weak to stop it, the previous window, too few runs, p99
 * on fewer than 100 runs, a revision key, a first deploy.
 */
const { runInProcess, start, clock } = bakeFile()

const HEALTHY = { runsPerMinute: 30, errorShare: 0, latency: { p50: 1, p99: 2 } }
const ROLLBACK = { rollback: { 'on-failure': true } }
const stats = (outputs: Record<string, string>) =>
  JSON.parse(outputs['bake-stats'] ?? 'null') as Record<string, unknown>
/** The old revision healthy, the new one as given. */
const newOne = (profile: TrafficProfile) => (revision: TrafficRevision) =>
  revision.servedAtStart ? HEALTHY : profile

describe('the bake window: verdicts', () => {
  it('stops early on an error rate whose interval is above the bound, and rolls back; the revision brought back is not baked', async () => {
    const services = await start()
    const { previous } = seeded(services, {
      profile: newOne({ runsPerMinute: 30, errorShare: 0.5 })
    })
    const run = await runInProcess(bakeStep(services, {}, {}, ROLLBACK))
    expect(run.exitCode).toBe(1)
    expect(run.outputs['bake-passed']).toBe('false')
    expect(stats(run.outputs)).toMatchObject({ verdict: 'fail', reads: 2 })
    // failure-limit 2: two breaching reads in a row, then no more reads.
    expect(statsReads(services)).toHaveLength(2)
    expect(run.outputs['rolled-back']).toBe('true')
    // A step the policy does not ask for says nothing about the revision brought back.
    expect(run.stdout).not.toMatch(/^::notice::Assistants:/m)
    // The reason stands under the headline, and is not said again in the bake's section.
    expect(run.summary.split('2 reads in a row, 2m into the 15m window')).toHaveLength(2)
    expect(services.controlPlane.serving(NAME, clock.now())?.revisionId).toBe(
      run.outputs['rollback-revision-id']
    )
    expect(run.outputs['previous-revision-id']).toBe(previous)
    expect(run.stdout).toMatch(
      /The bake window failed: error rate 50% > 5% allowed \(\d+ runs\), 2 reads in a row/
    )
    expect(run.stdout).toContain('is not baked again')
    expect(run.summary).toMatch(/### Bake window: failed: error rate 50% &gt; 5% allowed/)
  }, 120_000)

  it('is not stopped by an early burst too weak to be evidence, and passes on the whole window', async () => {
    const services = await start()
    const switchAt = clock.now() + 2 * MINUTE
    seeded(services, {
      profile: newOne([
        { runsPerMinute: 20, errorShare: 0.1 },
        { from: switchAt, runsPerMinute: 20, errorShare: 0 }
      ])
    })
    const run = await runInProcess(bakeStep(services))
    expect(run.stdout).toMatch(/Bake read 1 of 15: 20 runs, errors 10%/)
    expect(run.exitCode).toBe(0)
    expect(stats(run.outputs)).toMatchObject({ verdict: 'pass', reads: 15 })
  }, 120_000)

  it("fails a latency regression against the previous revision's window", async () => {
    const services = await start()
    seeded(services, { profile: newOne({ runsPerMinute: 30, latency: { p50: 2, p99: 4 } }) })
    // The old revision serves its users for 20 minutes before the deploy.
    clock.advance(20 * MINUTE)
    const run = await runInProcess(
      bakeStep(services, { 'max-regression': { p50: '20%' } }, {}, ROLLBACK)
    )
    expect(run.exitCode).toBe(1)
    const output = stats(run.outputs)
    expect(output).toMatchObject({ verdict: 'fail' })
    expect(output.previous).toMatchObject({ p50: expect.any(Number) })
    expect(run.stdout).toContain('(previous window: ')
    expect(run.summary).toMatch(
      /\| p50 against the previous window \| [\d.]+m?s \| [\d.]+m?s \| previous \+ 20% \| ❌ fail \|/
    )
    expect(run.outputs['rolled-back']).toBe('true')
  }, 120_000)

  it('could not conclude on too few runs, and that rolls back', async () => {
    const services = await start()
    seeded(services, { profile: newOne({ runsPerMinute: 1 }) })
    const run = await runInProcess(bakeStep(services, {}, {}, ROLLBACK))
    expect(run.exitCode).toBe(1)
    expect(stats(run.outputs)).toMatchObject({ verdict: 'inconclusive', reads: 15 })
    expect(run.stdout).toMatch(
      /The bake window could not conclude: error rate could not be judged: 15 runs in the window, 20 needed/
    )
    expect(run.outputs['rolled-back']).toBe('true')
  }, 120_000)

  it('could not conclude on a p99 bound with fewer than 100 runs', async () => {
    const services = await start()
    seeded(services, { profile: newOne({ runsPerMinute: 5 }) })
    const run = await runInProcess(bakeStep(services, { 'max-latency': { p99: '5s' } }))
    expect(run.exitCode).toBe(1)
    expect(stats(run.outputs)).toMatchObject({ verdict: 'inconclusive' })
    expect(run.stdout).toMatch(/p99 could not be judged: 75 runs in the window, 100 needed/)
  }, 120_000)

  it('counts only the runs that carry the revision, so old replicas draining do not count', async () => {
    const services = await start()
    // The old revision errs on every run, and drains for 3 minutes after the switch.
    seeded(services, {
      drainMs: 3 * MINUTE,
      profile: (revision) =>
        revision.servedAtStart ? { runsPerMinute: 30, errorShare: 1 } : HEALTHY
    })
    const keyed = await runInProcess(
      bakeStep(services, { duration: '5m', 'revision-key': 'revision_id' })
    )
    expect(keyed.exitCode).toBe(0)
    expect(stats(keyed.outputs)).toMatchObject({ verdict: 'pass', window: { 'error-rate': 0 } })
    expect(statsReads(services).every((read) => read.filter?.includes('revision_id'))).toBe(true)
  }, 120_000)

  it("without a revision key, the draining replicas count as the new revision's", async () => {
    const services = await start()
    seeded(services, {
      drainMs: 3 * MINUTE,
      profile: (revision) =>
        revision.servedAtStart ? { runsPerMinute: 30, errorShare: 1 } : HEALTHY
    })
    const run = await runInProcess(bakeStep(services, { duration: '5m' }))
    expect(run.exitCode).toBe(1)
    expect(stats(run.outputs)).toMatchObject({ verdict: 'fail' })
  }, 120_000)

  it('says when no run carries the revision key', async () => {
    const services = await start()
    seeded(services, { profile: newOne({ ...HEALTHY, stamp: false }) })
    const run = await runInProcess(
      bakeStep(services, { duration: '3m', 'revision-key': 'revision_id' })
    )
    expect(run.exitCode).toBe(1)
    expect(run.stdout).toMatch(
      /no run of the 3m window carries the revision's id in the metadata key named by bake.revision-key \(\d+ runs without it\)/
    )
  }, 120_000)

  it('on a first deploy finds the project after the create, and skips the relative bounds with a notice', async () => {
    const services = await start()
    services.traffic(NAME, { profile: HEALTHY })
    const run = await runInProcess(
      bakeStep(services, { duration: '5m', 'max-regression': { p50: '20%' } })
    )
    expect(run.outputs.created).toBe('true')
    expect(run.exitCode).toBe(0)
    expect(stats(run.outputs)).toMatchObject({ verdict: 'pass', previous: null })
    expect(run.stdout).toContain('the relative bounds are skipped: this run creates the deployment')
  }, 120_000)

  it('on a first deploy without any project, could not conclude', async () => {
    const services = await start()
    const run = await runInProcess(bakeStep(services, { duration: '5m' }))
    expect(run.outputs.created).toBe('true')
    expect(run.exitCode).toBe(1)
    expect(run.stdout).toMatch(
      /no tracing project named "support-agent" was found within 1m of the create/
    )
    expect(controlPlaneWrites(services).length).toBeGreaterThan(0)
  }, 120_000)
})
