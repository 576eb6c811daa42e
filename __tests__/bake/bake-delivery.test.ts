import { describe, expect, it } from '@jest/globals'
import { bakeFile, bakeStep, MINUTE, seeded, statsReads } from './bake-harness'

/**
 * The bake window through the action in process, on the virtual clock: the verdicts, what they
 * lead to (a rollback), and what people see.
 */
const { runInProcess, start, clock } = bakeFile()

const HEALTHY = { runsPerMinute: 30, errorShare: 0, latency: { p50: 1, p99: 2 } }

describe('the bake window in a deploy, in process', () => {
  it('passes a healthy revision after 15 reads, one a minute, with no real sleep', async () => {
    const services = await start()
    seeded(services, { profile: HEALTHY })
    const before = clock.now()
    const run = await runInProcess(bakeStep(services, { 'max-latency': { p99: '5s' } }))
    expect(run.stderr).toBe('')
    expect(run.exitCode).toBe(0)
    expect(run.outputs['bake-passed']).toBe('true')
    const stats = JSON.parse(run.outputs['bake-stats'] ?? '') as Record<string, unknown>
    expect(stats).toMatchObject({ reads: 15, verdict: 'pass', previous: null })
    expect(stats.window).toMatchObject({ 'error-rate': 0 })
    // Each read is one POST /runs/stats: ⌈15 min / 1 min⌉.
    expect(statsReads(services)).toHaveLength(15)
    expect(clock.now() - before).toBeGreaterThanOrEqual(15 * MINUTE)
    expect(run.stdout).toMatch(
      /Bake read 1 of 15: \d+ runs, errors 0%, p50 [\d.]+m?s, p99 [\d.]+m?s; 13m( \d+s)? left/
    )
    expect(run.stdout).toMatch(/Progress: baking: \d+ of 15 min/)
    expect(run.summary).toContain('### Bake window: passed')
    expect(run.summary).toMatch(/\| error rate \| 0% \| – \| ≤ 5% \| ✅ pass \|/)
    expect(run.summary).toContain('xychart-beta')
  }, 120_000)
})
