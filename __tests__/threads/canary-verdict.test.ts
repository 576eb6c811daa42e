import { describe, expect, it } from '@jest/globals'
import type { CanariesParked } from '../../src/threads/canary'
import { canariesBeforeWrite, withCanaries } from '../../src/threads/canary-verdict'
import type { ParkedThreadsPayload } from '../../src/threads/payload'
import type { ThreadsOutcome } from '../../src/threads/run'
import type { ThreadsSettings } from '../../src/threads/section'

const FAIL: ThreadsSettings = { sample: 100, onIncompatible: 'fail', canaries: [] }
const WARN: ThreadsSettings = { ...FAIL, onIncompatible: 'warn' }
const payload: ParkedThreadsPayload = {
  read: 1,
  total: 1,
  parked: [],
  incompatible: [],
  movedOn: [],
  deleted: [],
  tooLarge: [],
  canary: [],
  verdict: 'pass'
}
const passed: ThreadsOutcome = { verdict: 'passed', warnings: [], payload }

describe('the canaries in the verdict', () => {
  it('refuse the write with fail when a case could not park, leave it out with warn', () => {
    const canaries: CanariesParked = {
      parked: [],
      didNotPark: [{ name: 'approve', id: 'x', why: 'its run ended without an interrupt' }],
      failed: []
    }
    expect(canariesBeforeWrite(FAIL, canaries).refuse).toContain('approve')
    const left = canariesBeforeWrite(WARN, canaries)
    expect(left.refuse).toBeUndefined()
    expect(left.notices).toHaveLength(1)
    expect(canariesBeforeWrite(FAIL, { parked: [], didNotPark: [], failed: [] })).toEqual({
      notices: []
    })
  })

  it('fail the check on a failed canary, warn with warn or on a rollback, and keep each verdict', () => {
    const verdicts = [
      { name: 'approve', verdict: 'pass' as const },
      { name: 'strict', verdict: 'fail' as const, why: 'its reply does not hold "rejected"' }
    ]
    expect(withCanaries(FAIL, passed, verdicts)).toMatchObject({
      verdict: 'failed',
      payload: {
        verdict: 'fail',
        canary: [
          { name: 'approve', verdict: 'pass' },
          { name: 'strict', verdict: 'fail' }
        ]
      }
    })
    expect(withCanaries(WARN, passed, verdicts)).toMatchObject({
      verdict: 'passed',
      warnings: [expect.any(String)],
      payload: { verdict: 'warn', canary: [{ verdict: 'pass' }, { verdict: 'warn' }] }
    })
    expect(withCanaries(FAIL, passed, verdicts, 'rollback').verdict).toBe('passed')
    expect(withCanaries(FAIL, passed, verdicts.slice(0, 1)).verdict).toBe('passed')
  })
})
