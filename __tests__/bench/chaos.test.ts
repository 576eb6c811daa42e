import { describe, expect, it } from '@jest/globals'
import { chaosRun } from '../../bench/chaos'
import { VirtualClock } from '../../emulator/virtual-clock'
import { trackedDispatcher } from '../helpers/action-world'

describe('chaos run (seeded, small; npm run bench:chaos runs 200)', () => {
  it('ends with no duplicate, no false success and no hang', async () => {
    // On a virtual clock: the 300-ms request timeouts and the faults' delays are the same
    // whatever the machine's load.
    const clock = new VirtualClock()
    const dispatcher = trackedDispatcher({}, clock)
    const report = await chaosRun(20261122, 20, {
      now: clock.now,
      sleep: clock.sleep,
      hold: clock.hold,
      dispatcher
    }).finally(async () => {
      clock.close()
      await dispatcher.destroy()
    })
    expect(report.faultsHit).toBeGreaterThan(5)
    expect({
      duplicateDeployments: report.duplicateDeployments,
      extraRevisions: report.extraRevisions,
      falseSuccesses: report.falseSuccesses,
      hangs: report.hangs
    }).toEqual({ duplicateDeployments: 0, extraRevisions: 0, falseSuccesses: 0, hangs: 0 })
    // Both endings happen: the faults do not simply make every deploy fail.
    expect(report.outcomes.deployed ?? 0).toBeGreaterThan(5)
    expect(report.outcomes.failed ?? 0).toBeGreaterThan(0)
  }, 120_000)
})
