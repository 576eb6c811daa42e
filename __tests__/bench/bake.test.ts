import { describe, expect, it } from '@jest/globals'
import { bakeCost, bakeLag } from '../../bench/bake'

/**
 * The bake's rows of `npm run bench`, small: what they count is what the action did, on the
 * virtual clock (the bench itself runs the 15- and 30-minute bakes and judges the goals).
 */
const MINUTE = 60_000

describe("the bake window's bench rows", () => {
  it('counts ⌈duration / interval⌉ reads and the previous window, the attempts a fault answered apart', async () => {
    const cost = await bakeCost({
      duration: '5m',
      interval: '2m',
      durationMs: 5 * MINUTE,
      intervalMs: 2 * MINUTE,
      maxRegression: true,
      faults: true
    })
    expect(cost).toMatchObject({
      previousWindow: true,
      expected: 4,
      reads: 4,
      faulted: 2,
      verdict: 'pass'
    })
  }, 120_000)

  it("measures the lag from the traffic's switch, inside the window, to the rollback's redeploy", async () => {
    const lag = await bakeLag({
      switchAfterMs: 2 * MINUTE + 30_000,
      duration: '10m',
      interval: '1m'
    })
    expect(lag.switchIntoWindowMs).toBeGreaterThan(0)
    expect(lag.switchIntoWindowMs).toBeLessThan(10 * MINUTE)
    // Two breaching reads in a row (failure-limit 2), the first at most one interval and the
    // settling time after the first whole interval of errors.
    expect(lag.lagMs).toBeGreaterThan(MINUTE)
    expect(lag.lagMs).toBeLessThanOrEqual(2 * MINUTE + 30_000 + MINUTE)
  }, 120_000)
})
