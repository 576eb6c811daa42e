import { describe, expect, it } from '@jest/globals'
import { DeadlineError, NetworkError } from '../../src/control-plane/errors'
import type { CallOptions } from '../../src/control-plane/client'
import { FINAL_STATUSES, judgeStatus } from '../../src/wait/revision-status'
import type { Revision } from '../../src/control-plane/schemas'
import { POLL_ATTEMPTS, waitForRevision, type WaitOptions } from '../../src/wait/wait'

/**
 * A fake clock and a scripted revision: `timeline` says from which second on the revision has
 * which status. The clock moves only when the loop sleeps, so every poll time is exact.
 */
function scripted(
  timeline: [atSecond: number, status: string][],
  options: Partial<WaitOptions> = {}
) {
  let clock = 0
  const polls: number[] = []
  const statuses: string[] = []
  const sleeps: number[] = []
  const wait: WaitOptions = {
    getRevision: async (call: CallOptions) => {
      if (call.deadline !== undefined && clock >= call.deadline)
        throw new DeadlineError('GET', '/rev')
      polls.push(clock)
      const status = [...timeline].reverse().find(([at]) => clock >= at * 1000)?.[1] ?? 'CREATING'
      return { id: 'rev-1', status }
    },
    deadline: 30 * 60_000,
    pollIntervalMs: 10_000,
    now: () => clock,
    sleep: async (ms) => {
      sleeps.push(ms)
      clock += ms
    },
    onStatus: (status) => statuses.push(status),
    ...options
  }
  return { wait, polls, statuses, sleeps, clock: () => clock }
}

describe('judgeStatus', () => {
  it('knows the final statuses of the contract', () => {
    expect([...FINAL_STATUSES].sort()).toEqual(
      [
        'BUILD_FAILED',
        'CREATE_FAILED',
        'DEPLOYED',
        'DEPLOY_FAILED',
        'INTERRUPTED',
        'SKIPPED'
      ].sort()
    )
    expect(judgeStatus('DEPLOYED')).toBe('deployed')
    expect(judgeStatus('BUILD_FAILED')).toBe('failed')
    expect(judgeStatus('INTERRUPTED')).toBe('failed')
    expect(judgeStatus('SKIPPED')).toBe('superseded')
  })

  it('waits on every other status, known or new', () => {
    for (const status of [
      'CREATING',
      'QUEUED',
      'AWAITING_BUILD',
      'BUILDING',
      'AWAITING_DEPLOY',
      'DEPLOYING',
      'UNKNOWN',
      'PROVISIONING_GPU',
      'toString',
      'constructor'
    ]) {
      expect(judgeStatus(status)).toBe('waiting')
    }
  })
})

describe('waitForRevision', () => {
  it('follows the revision to DEPLOYED, reporting each status once', async () => {
    const run = scripted([
      [0, 'QUEUED'],
      [20, 'BUILDING'],
      [95, 'DEPLOYING'],
      [130, 'DEPLOYED']
    ])
    await expect(waitForRevision(run.wait)).resolves.toEqual({
      kind: 'final',
      verdict: 'deployed',
      status: 'DEPLOYED'
    })
    expect(run.statuses).toEqual(['QUEUED', 'BUILDING', 'DEPLOYING', 'DEPLOYED'])
  })

  it('starts with short gaps, grows them while nothing changes, never beyond poll-interval', async () => {
    const run = scripted([[600, 'DEPLOYED']], { pollIntervalMs: 10_000 })
    await waitForRevision(run.wait)
    expect(run.sleeps.slice(0, 4)).toEqual([2_000, 3_000, 4_500, 6_750])
    expect(Math.max(...run.sleeps)).toBe(10_000)
    // Noticed within one poll interval of the change.
    expect(run.clock() - 600_000).toBeLessThanOrEqual(10_000)
    expect(run.polls.length).toBeLessThan(70)
  })

  it('keeps gaps at poll-interval when it is shorter than the first gap', async () => {
    const run = scripted([[3, 'DEPLOYED']], { pollIntervalMs: 500 })
    await waitForRevision(run.wait)
    expect(new Set(run.sleeps)).toEqual(new Set([500]))
  })

  it.each(['BUILD_FAILED', 'DEPLOY_FAILED', 'CREATE_FAILED', 'INTERRUPTED'])(
    'ends on %s as failed',
    async (status) => {
      const run = scripted([
        [0, 'BUILDING'],
        [40, status]
      ])
      await expect(waitForRevision(run.wait)).resolves.toEqual({
        kind: 'final',
        verdict: 'failed',
        status
      })
    }
  )

  it('ends on SKIPPED as superseded', async () => {
    const run = scripted([[5, 'SKIPPED']])
    await expect(waitForRevision(run.wait)).resolves.toMatchObject({ verdict: 'superseded' })
  })

  it('keeps waiting through an unknown status', async () => {
    const run = scripted([
      [0, 'WARMING_CACHES'],
      [30, 'DEPLOYED']
    ])
    await expect(waitForRevision(run.wait)).resolves.toMatchObject({ verdict: 'deployed' })
    expect(run.statuses).toEqual(['WARMING_CACHES', 'DEPLOYED'])
  })

  it('times out at the deadline with the last status, sleeping no further than it', async () => {
    const run = scripted([[0, 'BUILDING']], { deadline: 95_000 })
    await expect(waitForRevision(run.wait)).resolves.toEqual({
      kind: 'timeout',
      status: 'BUILDING'
    })
    expect(run.clock()).toBe(95_000)
    expect(run.polls.every((at) => at < 95_000)).toBe(true)
  })

  it('passes the deadline and the signal to every poll', async () => {
    const controller = new AbortController()
    const calls: CallOptions[] = []
    const run = scripted([[0, 'DEPLOYED']], { deadline: 1234, signal: controller.signal })
    const getRevision = run.wait.getRevision
    await waitForRevision({
      ...run.wait,
      getRevision: (call) => (calls.push(call), getRevision(call))
    })
    expect(calls).toEqual([
      { deadline: 1234, signal: controller.signal, maxAttempts: POLL_ATTEMPTS }
    ])
  })

  it('lets a poll error that is not the deadline through', async () => {
    const run = scripted([[0, 'BUILDING']])
    const failing = {
      ...run.wait,
      getRevision: async () => Promise.reject(new NetworkError('GET', '/rev', 'ECONNRESET'))
    }
    await expect(waitForRevision(failing)).rejects.toThrow('GET /rev got no answer: ECONNRESET')
  })

  it('stops at once when the signal is aborted during a sleep', async () => {
    const controller = new AbortController()
    const reason = new Error('cancelled')
    const run = scripted([[0, 'BUILDING']], {
      signal: controller.signal,
      sleep: (_ms, signal) =>
        new Promise((_, reject) => {
          signal?.addEventListener('abort', () => reject(signal.reason))
          controller.abort(reason)
        })
    })
    await expect(waitForRevision(run.wait)).rejects.toBe(reason)
  })
})

describe("waitForRevision with the deployment's history", () => {
  /** Earlier revisions that each took `seconds`, as the service lists them. */
  const history =
    (...seconds: number[]) =>
    async (): Promise<Revision[]> =>
      seconds.map((s, i) => ({
        id: `old-${i}`,
        status: 'DEPLOYED',
        created_at: '2026-01-01T00:00:00.000Z',
        updated_at: new Date(Date.parse('2026-01-01T00:00:00.000Z') + s * 1000).toISOString()
      }))
  const build = (seconds: number): [number, string][] => [
    [0, 'QUEUED'],
    [seconds * 0.2, 'BUILDING'],
    [seconds * 0.8, 'DEPLOYING'],
    [seconds, 'DEPLOYED']
  ]

  it('polls sparsely until the predicted end and notices it at once', async () => {
    const plain = scripted(build(600))
    await waitForRevision(plain.wait)
    const run = scripted(build(600), { getHistory: history(600, 600, 600) })
    await expect(waitForRevision(run.wait)).resolves.toMatchObject({ verdict: 'deployed' })
    expect(run.clock() - 600_000).toBeLessThanOrEqual(250)
    // Plain backoff notices up to a poll-interval late, with no fewer polls.
    expect(plain.clock() - 600_000).toBeGreaterThan(2_000)
    expect(run.polls.length).toBeLessThanOrEqual(plain.polls.length)
    expect(Math.max(...run.sleeps)).toBeLessThanOrEqual(10_000)
    // Every status is still reported.
    expect(run.statuses).toEqual(['QUEUED', 'BUILDING', 'DEPLOYING', 'DEPLOYED'])
  })

  it('polls densely around the predicted end', async () => {
    const run = scripted(build(300), { getHistory: history(300) })
    await waitForRevision(run.wait)
    const near = run.polls.filter((at) => Math.abs(at - 300_000) <= 4_000)
    expect(near.length).toBeGreaterThanOrEqual(2)
    expect(
      run.polls
        .filter((at) => at < 290_000)
        .every((at, i, all) => i === 0 || at - (all[i - 1] ?? 0) > 9_000)
    ).toBe(true)
  })

  it('backs off again when the build runs past the window, never beyond poll-interval', async () => {
    const run = scripted(build(400), { getHistory: history(300) })
    await waitForRevision(run.wait)
    expect(run.clock() - 400_000).toBeLessThanOrEqual(10_000)
    expect(Math.max(...run.sleeps)).toBeLessThanOrEqual(10_000)
    // The window ends at 304.25 s; from there the gaps grow from the dense gap, by a fifth.
    const after = run.sleeps.slice(run.polls.findIndex((at) => at >= 304_000))
    expect(after.slice(0, 4)).toEqual([2_000, 2_400, 2_880, 3_456])
  })

  it.each([
    ['fails', async () => Promise.reject(new NetworkError('GET', '/revisions', 'ECONNRESET'))],
    ['is empty', async () => []],
    ['is all failures', async () => [{ id: 'x', status: 'BUILD_FAILED' }]]
  ])('backs off plainly when the history %s', async (_name, getHistory) => {
    const plain = scripted(build(600))
    await waitForRevision(plain.wait)
    const run = scripted(build(600), { getHistory })
    await waitForRevision(run.wait)
    expect(run.sleeps).toEqual(plain.sleeps)
  })

  it('reads the history once, also when poll-interval is short or the first status is final (the summary compares with it), and polls plainly then', async () => {
    let reads = 0
    const counting = async () => (reads++, history(100)())
    await waitForRevision(scripted(build(200), { getHistory: counting }).wait)
    expect(reads).toBe(1)
    const short = scripted(build(20), { getHistory: counting, pollIntervalMs: 1_000 })
    const plain = scripted(build(20), { pollIntervalMs: 1_000 })
    await waitForRevision(short.wait)
    await waitForRevision(plain.wait)
    expect(reads).toBe(2)
    // The history does not steer the polls when the interval is this short.
    expect(short.polls).toEqual(plain.polls)
    await waitForRevision(scripted(build(0), { getHistory: counting }).wait)
    expect(reads).toBe(3)
  })

  it('passes no deadline and polls not after it when the prediction lies beyond it', async () => {
    const run = scripted(build(900), { getHistory: history(900), deadline: 500_000 })
    await expect(waitForRevision(run.wait)).resolves.toMatchObject({ kind: 'timeout' })
    expect(run.clock()).toBe(500_000)
    expect(run.polls.every((at) => at < 500_000)).toBe(true)
    expect(Math.max(...run.sleeps)).toBeLessThanOrEqual(10_000)
  })
})
