import { describe, expect, it } from '@jest/globals'
import type { TrafficRevision } from '../../emulator'
import type { Step } from '../helpers/policy-file'
import { gitHostStep } from '../helpers/step-inputs'
import { bakeFile, MINUTE, NAME, seeded, statsReads } from './bake-harness'

/**
 * A bake never passes having judged nothing, and never outlives its bound: a bake whose only
 * bound is relative meets a previous window without runs (skipped, `bake-passed` empty); the
 * unfiltered read after a filtered last read without runs is never answered (it ends inside
 * duration + max(interval, 60 s)).
 */
const { runInProcess, start, clock } = bakeFile()

function stepWith(
  services: Awaited<ReturnType<typeof start>>,
  bake: Record<string, unknown>
): Step {
  return {
    ...gitHostStep(services.controlPlane.url, NAME),
    'api-key': 'emulator-key',
    'poll-interval': '1',
    'tracing-url': services.tracing.url,
    policy: { bake }
  }
}

describe('the bake window: what it can judge, and its bound', () => {
  it('a relative-only bake on an empty previous window is skipped with a notice, never passed', async () => {
    const services = await start()
    seeded(services, {
      profile: (revision: TrafficRevision) =>
        revision.servedAtStart ? { runsPerMinute: 0 } : { runsPerMinute: 20, errorShare: 0.6 }
    })
    clock.advance(5 * MINUTE)
    const run = await runInProcess(
      stepWith(services, {
        duration: '3m',
        interval: '1m',
        'min-runs': 0,
        'max-regression': { 'error-rate': '1%' }
      })
    )
    expect(run.exitCode).toBe(0)
    expect(run.outputs['bake-passed'] ?? '').toBe('')
    expect(run.annotations.some(({ kind, text }) => kind === 'notice' && /bake/i.test(text))).toBe(
      true
    )
  }, 120_000)

  it("a 503's Retry-After holds back every later call to the tracing service, as a 429's does", async () => {
    const services = await start()
    seeded(services, { profile: { runsPerMinute: 30 } })
    services.tracing.injectFault({
      method: 'POST',
      path: '/runs/stats',
      kind: 'status',
      status: 503,
      retryAfter: '150'
    })
    const run = await runInProcess(
      stepWith(services, { duration: '5m', interval: '1m', 'max-error-rate': '5%' })
    )
    const reads = statsReads(services)
    const faulted = reads.findIndex((read) => read.faulted === true)
    expect(faulted).toBe(0)
    const heldUntil = (reads[0]?.at ?? 0) + 150_000
    expect(reads.length).toBeGreaterThan(1)
    for (const read of reads.slice(1)) expect(read.at ?? 0).toBeGreaterThanOrEqual(heldUntil)
    expect(run.exitCode).toBe(0)
  }, 120_000)

  it('the unfiltered read that is never answered ends inside the bake bound', async () => {
    const services = await start()
    seeded(services, { profile: { runsPerMinute: 30, stamp: false } })
    // The three filtered reads are answered; the unfiltered one after them never is.
    services.tracing.injectFault({
      method: 'POST',
      path: '/runs/stats',
      kind: 'delay',
      delayMs: 0,
      times: 3
    })
    services.tracing.injectFault({
      method: 'POST',
      path: '/runs/stats',
      kind: 'delay',
      delayMs: 0,
      times: 100,
      before: () => new Promise<void>(() => undefined)
    })
    let lastReadAt: number | undefined
    const run = await runInProcess(
      stepWith(services, {
        duration: '3m',
        interval: '1m',
        'max-error-rate': '5%',
        'revision-key': 'revision_id'
      }),
      {
        onStdout: (line) => {
          if (/^Bake read 3 of 3:/.test(line)) lastReadAt = clock.now()
        }
      }
    )
    expect(run.exitCode).toBe(1)
    expect(lastReadAt).toBeDefined()
    const reads = statsReads(services)
    expect(reads.length).toBeGreaterThanOrEqual(4)
    expect(reads.slice(3).every((read) => read.filter === null && read.status === 0)).toBe(true)
    // The last read is made a settling time (30 s) after the window ends; the bake's bound is
    // 60 s after the window's end.
    expect(clock.now() - (lastReadAt ?? 0)).toBeLessThanOrEqual(30_000)
  }, 120_000)
})
