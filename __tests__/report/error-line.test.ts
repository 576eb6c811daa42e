import { describe, expect, it } from '@jest/globals'
import { errorLine } from '../../src/report/error-line'

describe('the ::error line', () => {
  // The headline counts the whole run and the reason the moment it stopped: on a busy runner the
  // two durations differ, and the line must not depend on how busy the machine was.
  it('says a reason that opens with the headline once, whatever durations each names', () => {
    const line = errorLine({
      deploymentName: 'support-agent',
      headline: ['support-agent: cancelled after 3s'],
      reason: 'Cancelled after 2s while revision 0123abcd was BUILDING.'
    })
    expect(line).toBe('support-agent: Cancelled after 2s while revision 0123abcd was BUILDING.')
  })
})
