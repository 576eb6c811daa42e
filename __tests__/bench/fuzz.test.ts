import { describe, expect, it } from '@jest/globals'
import { fuzzInputs, fuzzRefusals } from '../../bench/fuzz'

// Six hundred inputs parsed and planned is CPU work: on a busy 2-core machine it took past the
// suite's 30 s, so the bound (a guard against a hang only) is longer.
describe('input fuzzing (seeded; npm run bench:chaos tries many more)', () => {
  it('gives a valid plan or an error naming declared inputs, for any text in any input', async () => {
    const report = await fuzzInputs(20261122, 600)
    expect(report.inputsTried).toBe(600)
    // Both branches are exercised, or the property says little.
    expect(report.accepted).toBeGreaterThan(10)
    expect(report.refused).toBeGreaterThan(100)
    expect(report.plansChecked).toBeGreaterThan(10)
  }, 120_000)

  it('refuses control characters, tiny poll intervals and prototype keys by name, sending nothing', async () => {
    const report = await fuzzRefusals(20261123, 60)
    expect(report.refused).toBe(60)
    expect(report.requestsSent).toBe(0)
    // The count sees requests: the same step, valid, sends some.
    expect(report.controlRequests).toBeGreaterThan(0)
  }, 60_000)
})
