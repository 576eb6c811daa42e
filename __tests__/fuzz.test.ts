import { describe, expect, it } from '@jest/globals'
import { fuzzInputs } from '../bench/fuzz'

describe('input fuzzing (seeded; npm run bench:chaos tries many more)', () => {
  it('gives a valid plan or an error naming declared inputs, for any text in any input', async () => {
    const report = await fuzzInputs(20261122, 600)
    expect(report.inputsTried).toBe(600)
    // Both branches are exercised, or the property says little.
    expect(report.accepted).toBeGreaterThan(10)
    expect(report.refused).toBeGreaterThan(100)
    expect(report.plansChecked).toBeGreaterThan(10)
  })
})
