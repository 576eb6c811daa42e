import { describe, expect, it } from '@jest/globals'
import { formatErrorDetail } from '../../src/control-plane/errors'
import { backoffDelay, parseRetryAfter, sleep } from '../../src/control-plane/retry'

describe('backoffDelay', () => {
  const policy = { baseMs: 1_000, maxMs: 20_000 }
  it('draws from [0, base·2^n) and is capped', () => {
    expect(backoffDelay(0, policy, () => 0.999)).toBe(999)
    expect(backoffDelay(3, policy, () => 0.5)).toBe(4_000)
    expect(backoffDelay(10, policy, () => 0.999)).toBe(19_980)
    expect(backoffDelay(2, policy, () => 0)).toBe(0)
  })
})

describe('parseRetryAfter', () => {
  const now = Date.parse('2026-11-22T10:00:00Z')
  it('reads seconds and HTTP dates', () => {
    expect(parseRetryAfter('3', now)).toBe(3_000)
    expect(parseRetryAfter('0.5', now)).toBe(500)
    expect(parseRetryAfter('Sun, 22 Nov 2026 10:00:30 GMT', now)).toBe(30_000)
    expect(parseRetryAfter('Sun, 22 Nov 2026 09:59:00 GMT', now)).toBe(0)
  })
  it('ignores what it cannot read', () => {
    expect(parseRetryAfter(undefined, now)).toBeUndefined()
    expect(parseRetryAfter('soon', now)).toBeUndefined()
    expect(parseRetryAfter('', now)).toBeUndefined()
  })
})

describe('sleep', () => {
  it('rejects with the reason as soon as the signal aborts', async () => {
    const controller = new AbortController()
    const reason = new Error('stop')
    // An hour: a sleep that ignored the signal would outlast the test's timeout.
    const sleeping = sleep(3_600_000, controller.signal)
    controller.abort(reason)
    await expect(sleeping).rejects.toBe(reason)
  })
})

describe('formatErrorDetail', () => {
  it('renders a 422 list as loc: msg lines', () => {
    const body = JSON.stringify({
      detail: [
        {
          loc: ['body', 'source_config', 'listener_id'],
          msg: 'cannot be changed',
          type: 'value_error'
        },
        { loc: ['query', 'limit'], msg: 'must be at most 100', type: 'less_than_equal' }
      ]
    })
    expect(formatErrorDetail(body)).toBe(
      '  body.source_config.listener_id: cannot be changed\n  query.limit: must be at most 100'
    )
  })
  it('passes a string detail, and shortens a body that is not the error shape', () => {
    expect(formatErrorDetail('{"detail":"Deployment ID x not found."}')).toBe(
      'Deployment ID x not found.'
    )
    expect(formatErrorDetail('<html>Bad gateway</html>')).toBe('<html>Bad gateway</html>')
    expect(formatErrorDetail('x'.repeat(2_000))).toHaveLength(500)
  })
})
