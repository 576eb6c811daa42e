import { describe, expect, it } from '@jest/globals'
import type { Revision } from '../../src/control-plane/schemas'
import { predictedGap, predictFinish } from '../../src/wait/poll-schedule'

const T0 = Date.parse('2026-01-01T00:00:00.000Z')

/** An earlier revision that took `seconds` and ended with `status`. */
function earlier(id: string, seconds: number, status = 'DEPLOYED'): Revision {
  return {
    id,
    status,
    created_at: new Date(T0).toISOString(),
    updated_at: new Date(T0 + seconds * 1000).toISOString()
  }
}

describe('predictFinish', () => {
  it('predicts from the median of the earlier DEPLOYED revisions, a little after it', () => {
    const history = [earlier('r4', 600), earlier('r3', 580), earlier('r2', 620)]
    expect(predictFinish(history, 'r5', 1_000, 2_000)).toEqual({
      anchor: 1_000 + 600_000 + 250,
      halfWidth: 20_000, // half the spread (40 s) is more than 1 % of the build
      denseGap: 4_000, // at most about five polls each side of the anchor
      // What the messages show: the three durations, shortest, median, longest.
      basis: {
        startedAt: 1_000,
        count: 3,
        shortestMs: 580_000,
        medianMs: 600_000,
        longestMs: 620_000
      }
    })
  })

  it('keeps a window of at least ±1 s, or ±1 % of the build, with the dense gap given', () => {
    expect(predictFinish([earlier('a', 60)], 'b', 0, 2_000)).toMatchObject({
      anchor: 60_250,
      halfWidth: 1_000,
      denseGap: 2_000
    })
    expect(predictFinish([earlier('a', 900)], 'b', 0, 2_000)).toMatchObject({ halfWidth: 9_000 })
  })

  it('learns nothing from failed, skipped or unfinished revisions, the revision itself, or bad dates', () => {
    const history: Revision[] = [
      earlier('self', 30),
      earlier('f', 40, 'BUILD_FAILED'),
      earlier('s', 50, 'SKIPPED'),
      earlier('b', 60, 'BUILDING'),
      { id: 'n', status: 'DEPLOYED', created_at: null, updated_at: 'yesterday' },
      { ...earlier('z', 0) }
    ]
    expect(predictFinish(history, 'self', 0, 2_000)).toBeUndefined()
    expect(predictFinish([], 'self', 0, 2_000)).toBeUndefined()
  })

  it('uses only the newest five', () => {
    const history = [10, 10, 10, 10, 10, 500, 500, 500].map((s, i) => earlier(`r${i}`, s))
    expect(predictFinish(history, 'x', 0, 2_000)?.anchor).toBe(10_250)
  })
})

describe('predictedGap', () => {
  const prediction = { anchor: 100_000, halfWidth: 3_000, denseGap: 2_000 }
  // The window runs over the grid points 98 s, 100 s, 102 s, 104 s: before the anchor only as far
  // as the half width reaches.

  it('evens out gaps of at most poll-interval to land on the window', () => {
    expect(predictedGap(prediction, 0, 10_000)).toBe(9_800)
    expect(predictedGap(prediction, 90_000, 10_000)).toBe(8_000)
    expect(predictedGap(prediction, 96_500, 10_000)).toBe(1_500)
  })

  it('follows the grid through the anchor inside the window', () => {
    expect(predictedGap(prediction, 98_000, 10_000)).toBe(2_000)
    expect(predictedGap(prediction, 99_000, 10_000)).toBe(1_000)
    expect(predictedGap(prediction, 100_000 - 0.0001, 10_000)).toBeCloseTo(2_000.0001, 6)
  })

  it('never exceeds poll-interval', () => {
    expect(predictedGap(prediction, 98_000, 500)).toBe(500)
  })

  it('is done once the window is behind', () => {
    expect(predictedGap(prediction, 104_000, 10_000)).toBeUndefined()
  })
})
