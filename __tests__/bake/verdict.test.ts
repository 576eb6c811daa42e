import { describe, expect, it } from '@jest/globals'
import type { BakeBounds, PreviousWindow, WindowStats } from '../../src/bake/types'
import {
  breaches,
  countRead,
  finalVerdict,
  judgeRead,
  wilsonLower,
  type ReadTally
} from '../../src/bake/verdict'
import { bakeBudgetMs, bakeSchedule, previousWindow, settlingMs } from '../../src/bake/windows'

const bounds = (over: Partial<BakeBounds> = {}): BakeBounds => ({
  minRuns: 20,
  maxLatencyMs: {},
  maxRegression: {},
  failureLimit: 2,
  ...over
})
const stats = (runs: number, errorRate: number | null, p50 = 1, p99 = 2): WindowStats => ({
  runs,
  errorRate,
  p50: runs === 0 ? null : p50,
  p99: runs === 0 ? null : p99
})
const NOT_READ: PreviousWindow = { kind: 'not-read' }
const previous = (s: WindowStats): PreviousWindow => ({ kind: 'read', stats: s, revisionId: 'p' })
const verdicts = (rows: { verdict: string }[]) => rows.map((row) => row.verdict)

describe('bake windows', () => {
  it('reads ⌈duration / interval⌉ times, each a settling time after the end it covers, the last over the whole window', () => {
    const schedule = bakeSchedule(0, 150_000, 60_000)
    expect(schedule.settlingMs).toBe(30_000)
    expect(schedule.reads).toEqual([
      { index: 1, from: 0, to: 60_000, due: 90_000, last: false },
      { index: 2, from: 0, to: 120_000, due: 150_000, last: false },
      { index: 3, from: 0, to: 150_000, due: 180_000, last: true }
    ])
    expect(schedule.end).toBe(210_000)
    expect(bakeSchedule(0, 15 * 60_000, 60_000).reads).toHaveLength(15)
    // The settling time is the smaller of 30 s and the interval; the grace the larger of it and 60 s.
    expect(settlingMs(10_000)).toBe(10_000)
    expect(bakeBudgetMs(600_000, 120_000)).toBe(720_000)
    expect(bakeBudgetMs(600_000, 10_000)).toBe(660_000)
    expect(previousWindow(1_000_000, 300_000, 60_000)).toEqual({
      from: 700_000,
      to: 1_000_000,
      due: 1_030_000
    })
  })
})

describe('bake verdict', () => {
  it('computes the Wilson lower bound (z = 1.96, no continuity correction)', () => {
    expect(wilsonLower(10, 100)).toBeCloseTo(0.0552, 4)
    expect(wilsonLower(1, 20)).toBeCloseTo(0.00889, 4)
    expect(wilsonLower(0, 50)).toBe(0)
    expect(wilsonLower(0, 0)).toBe(0)
  })

  it('stops early only on evidence: one error among 20 runs is no breach, the interval above the bound is', () => {
    const b = bounds({ maxErrorRate: 0.05 })
    expect(breaches(judgeRead(stats(20, 0.05), NOT_READ, b, 'interim'))).toBe(false)
    // 2 in 20 is 10%, above the bound, but its interval reaches down to 2.8%: not yet evidence.
    expect(breaches(judgeRead(stats(20, 0.1), NOT_READ, b, 'interim'))).toBe(false)
    expect(breaches(judgeRead(stats(20, 0.3), NOT_READ, b, 'interim'))).toBe(true)
    // The last read judges the rate itself: 1 in 20 is 5%, at the bound; 2 in 20 misses it.
    expect(finalVerdict(stats(20, 0.05), judgeRead(stats(20, 0.05), NOT_READ, b, 'final'))).toEqual(
      {
        verdict: 'pass'
      }
    )
    const missed = finalVerdict(stats(20, 0.1), judgeRead(stats(20, 0.1), NOT_READ, b, 'final'))
    expect(missed).toMatchObject({ verdict: 'fail', why: 'error rate 10% > 5% allowed (20 runs)' })
  })

  it('judges no bound below bake.min-runs, and p99 only on 100 runs or more', () => {
    const b = bounds({ maxErrorRate: 0.05, maxLatencyMs: { p50: 2000, p99: 3000 } })
    expect(verdicts(judgeRead(stats(19, 1, 9, 9), NOT_READ, b, 'interim'))).toEqual([
      'inconclusive',
      'inconclusive',
      'inconclusive'
    ])
    const few = judgeRead(stats(99, 0, 1, 2), NOT_READ, b, 'final')
    expect(verdicts(few)).toEqual(['pass', 'pass', 'inconclusive'])
    expect(finalVerdict(stats(99, 0), few)).toMatchObject({
      verdict: 'inconclusive',
      why: 'p99 could not be judged: 99 runs in the window, 100 needed'
    })
    expect(verdicts(judgeRead(stats(100, 0, 1, 4), NOT_READ, b, 'final'))).toEqual([
      'pass',
      'pass',
      'fail'
    ])
    expect(finalVerdict(stats(10, 0), judgeRead(stats(10, 0), NOT_READ, b, 'final'))).toMatchObject(
      { verdict: 'inconclusive', why: expect.stringContaining('10 runs in the window, 20 needed') }
    )
  })

  it('fails on a missed bound even beside one that cannot be judged', () => {
    const b = bounds({ maxLatencyMs: { p50: 1000, p99: 3000 } })
    const rows = judgeRead(stats(50, 0, 1.5, 9), NOT_READ, b, 'final')
    expect(verdicts(rows)).toEqual(['fail', 'inconclusive'])
    expect(finalVerdict(stats(50, 0), rows)).toMatchObject({
      verdict: 'fail',
      why: 'p50 1.5s > 1s allowed (50 runs)'
    })
  })

  it('never passes a window with no runs, bake.min-runs: 0 included', () => {
    const b = bounds({ minRuns: 0, maxErrorRate: 0.05 })
    const empty = stats(0, null)
    expect(finalVerdict(empty, judgeRead(empty, NOT_READ, b, 'final'))).toMatchObject({
      verdict: 'inconclusive'
    })
  })

  it('judges relative bounds against the previous window: error-rate in points, latency relative', () => {
    const b = bounds({ maxRegression: { 'error-rate': 0.02, p50: 0.2, p99: 0.5 } })
    const before = previous(stats(200, 0.01, 1, 2))
    expect(verdicts(judgeRead(stats(200, 0.02, 1.1, 2.9), before, b, 'final'))).toEqual([
      'pass',
      'pass',
      'pass'
    ])
    expect(verdicts(judgeRead(stats(200, 0.04, 1.3, 3.1), before, b, 'final'))).toEqual([
      'fail',
      'fail',
      'fail'
    ])
    // Interim: the lower end of the interval minus the previous rate. 8/200 = 4% has a lower end
    // near 2%: 1 point above 1%, no breach yet.
    expect(verdicts(judgeRead(stats(200, 0.04, 1, 2), before, b, 'interim'))[0]).toBe('pass')
    // A relative p99 bound needs 100 runs in both windows.
    const small = previous(stats(50, 0, 1, 2))
    expect(judgeRead(stats(200, 0, 1, 2), small, b, 'final')[2]).toMatchObject({
      verdict: 'inconclusive',
      why: '50 runs in the previous window, 100 needed'
    })
  })

  it('skips relative bounds without a previous window, and an empty previous window with min-runs 0', () => {
    const b = bounds({ maxErrorRate: 0.05, maxRegression: { p50: 0.2 } })
    const first: PreviousWindow = { kind: 'none', why: 'a first deploy has no previous window' }
    const rows = judgeRead(stats(40, 0), first, b, 'final')
    expect(verdicts(rows)).toEqual(['pass', 'skipped'])
    expect(finalVerdict(stats(40, 0), rows)).toEqual({ verdict: 'pass' })
    const zero = bounds({ minRuns: 0, maxRegression: { p50: 0.2 } })
    expect(judgeRead(stats(40, 0), previous(stats(0, null)), zero, 'final')[0]).toMatchObject({
      verdict: 'skipped'
    })
    // With min-runs above 0, a previous window short of it leaves the bound unjudged.
    expect(
      finalVerdict(stats(40, 0), judgeRead(stats(40, 0), previous(stats(5, 0)), b, 'final'))
    ).toMatchObject({ verdict: 'inconclusive' })
  })

  it('counts breaching reads and failed reads in a row', () => {
    let tally: ReadTally = { breaches: 0, failedReads: 0 }
    const step = (outcome: 'breach' | 'clear' | 'failed', limit = 3) => {
      const next = countRead(tally, outcome, limit)
      tally = next.tally
      return next.ends
    }
    expect(step('breach')).toBeUndefined()
    expect(step('failed')).toBeUndefined() // a failed read leaves the breaches
    expect(tally).toEqual({ breaches: 1, failedReads: 1 })
    expect(step('clear')).toBeUndefined() // an answered read resets both
    expect(tally).toEqual({ breaches: 0, failedReads: 0 })
    expect(step('breach')).toBeUndefined()
    expect(step('breach')).toBeUndefined()
    expect(step('breach')).toBe('fail')
    tally = { breaches: 0, failedReads: 0 }
    expect([step('failed'), step('failed'), step('failed'), step('failed')]).toEqual([
      undefined,
      undefined,
      undefined,
      'inconclusive'
    ])
  })
})
