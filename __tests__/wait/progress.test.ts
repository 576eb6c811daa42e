import { describe, expect, it } from '@jest/globals'
import type { Revision } from '../../src/control-plane/schemas'
import { HEARTBEAT_MS, WaitProgress, type ProgressEvent } from '../../src/wait/progress'
import { progressLine } from '../../src/wait/progress-text'
import { waitForRevision } from '../../src/wait/wait'

const T0 = Date.parse('2026-01-01T12:00:00.000Z')

/** An earlier DEPLOYED revision that took `seconds`. */
function earlier(id: string, seconds: number): Revision {
  return {
    id,
    status: 'DEPLOYED',
    created_at: new Date(T0 - 3_600_000).toISOString(),
    updated_at: new Date(T0 - 3_600_000 + seconds * 1000).toISOString()
  }
}

/**
 * A wait on a scripted revision with a clock that moves only while the loop sleeps: every line
 * (status change or progress) is recorded with its time, every poll too.
 */
async function watch(
  timeline: [atSecond: number, status: string][],
  options: { pollIntervalMs?: number; history?: Revision[]; progress?: boolean } = {}
) {
  let clock = T0
  const polls: number[] = []
  const lines: { at: number; text: string }[] = []
  const events: ProgressEvent[] = []
  const say = (text: string) => lines.push({ at: clock - T0, text })
  const progress =
    options.progress === false
      ? undefined
      : new WaitProgress({
          now: () => clock,
          report: (event) => {
            events.push(event)
            const line = progressLine(event, clock - T0)
            if (line !== undefined) say(line)
          }
        })
  const result = await waitForRevision({
    getRevision: async () => {
      polls.push(clock - T0)
      const status =
        [...timeline].reverse().find(([at]) => clock - T0 >= at * 1000)?.[1] ?? 'QUEUED'
      return { id: 'rev-new', status }
    },
    getHistory: options.history && (async () => options.history ?? []),
    deadline: T0 + 60 * 60_000,
    pollIntervalMs: options.pollIntervalMs ?? 10_000,
    now: () => clock,
    sleep: async (ms) => {
      clock += ms
    },
    onStatus: (status) => say(`status ${status}`),
    progress
  })
  const gaps = lines.slice(1).map((line, index) => line.at - (lines[index]?.at ?? 0))
  return { result, polls, lines, events, gaps, progress }
}

describe('heartbeat', () => {
  it('says the status, the time in it and in all once a minute while it stays the same', async () => {
    const { lines, gaps } = await watch([
      [0, 'QUEUED'],
      [30, 'BUILDING'],
      [250, 'DEPLOYED']
    ])
    const beats = lines.filter((line) => line.text.startsWith('Still'))
    // Polls at 0, 2, 5, 9.5, 16.25, 26.25, 36.25 s (gaps grow to 10 s): BUILDING is first seen at
    // 36.25 s, and beats follow every minute from then, between polls.
    expect(beats.map((beat) => beat.at)).toEqual([96_250, 156_250, 216_250])
    expect(beats[0]?.text).toBe('Still BUILDING: 1m 00s, 1m 36s in all.')
    expect(beats[2]?.text).toBe('Still BUILDING: 3m 00s, 3m 36s in all.')
    expect(Math.max(...gaps)).toBeLessThanOrEqual(HEARTBEAT_MS)
  })

  it('beats on time when poll-interval is longer than a minute, and the polls stay the same', async () => {
    const script: [number, string][] = [
      [0, 'BUILDING'],
      [400, 'DEPLOYED']
    ]
    const watched = await watch(script, { pollIntervalMs: 300_000 })
    const plain = await watch(script, { pollIntervalMs: 300_000, progress: false })
    expect(watched.polls).toEqual(plain.polls)
    expect(plain.polls.length).toBeLessThan(20)
    expect(Math.max(...watched.gaps)).toBeLessThanOrEqual(HEARTBEAT_MS)
    expect(watched.lines.filter((line) => line.text.startsWith('Still')).length).toBeGreaterThan(5)
  })
})

describe('expected end', () => {
  const history = [earlier('a', 245), earlier('b', 270), earlier('c', 250)]

  it('is said once the wait starts: the earlier range and the expected time', async () => {
    const { lines, polls } = await watch(
      [
        [0, 'BUILDING'],
        [250, 'DEPLOYED']
      ],
      { history }
    )
    // The first status, then the prediction read once from the history (no extra poll).
    expect(lines[0]).toEqual({ at: 0, text: 'status BUILDING' })
    expect(lines[1]).toEqual({
      at: 0,
      text: 'Earlier builds took 4m 05s–4m 30s; expected around 12:04:10 UTC (in ~4m 10s).'
    })
    const beat = lines.find((line) => line.text.startsWith('Still'))
    expect(beat).toEqual({
      at: 60_000,
      text: 'Still BUILDING: 1m 00s, 1m 00s in all; expected around 12:04:10 UTC (in ~3m 10s).'
    })
    // The prediction still saves polls: far fewer than one every 3 s.
    expect(polls.length).toBeLessThan(0.4 * (250 / 3))
  })

  it('gives a notice once when the build runs past the longest earlier one, then beats say by how much', async () => {
    const { lines, events } = await watch(
      [
        [0, 'BUILDING'],
        [400, 'DEPLOYED']
      ],
      { history }
    )
    const late = events.filter((event) => event.kind === 'late')
    expect(late).toHaveLength(1)
    expect(late[0]?.at).toBeGreaterThan(T0 + 270_000)
    const lateLine = lines.find((line) => line.text.startsWith('Running past'))
    expect(lateLine?.text).toMatch(
      /^Running past the usual: earlier builds took 4m 05s–4m 30s, this one is still BUILDING after 4m 3\ds\.$/
    )
    const laterBeats = lines.filter(
      (line) => line.at > (lateLine?.at ?? 0) && line.text.startsWith('Still')
    )
    expect(laterBeats[0]?.text).toMatch(
      /^Still BUILDING: \dm \d\ds, \dm \d\ds in all; running 1m 0\ds past the usual \(earlier builds took 4m 05s–4m 30s\)\.$/
    )
  })

  it('is not said without a history, and no late notice comes', async () => {
    const { lines, events } = await watch([
      [0, 'BUILDING'],
      [400, 'DEPLOYED']
    ])
    expect(events[0]).toEqual({ kind: 'started', at: T0, basis: undefined })
    expect(lines.some((line) => /Earlier|usual|expected/.test(line.text))).toBe(false)
  })
})

describe('phase timeline', () => {
  it('records each status from the poll that first saw it to the one that saw the next', async () => {
    const { progress } = await watch([
      [0, 'QUEUED'],
      [3, 'BUILDING'],
      [20, 'DEPLOYED']
    ])
    // Polls at 0, 2, 5 (BUILDING: gaps start again at 2 s), 7, 10, 14.5, 21.25 (DEPLOYED).
    expect(progress?.timeline()).toEqual({
      // No history given: the summary says it was not read, never "no earlier revision".
      historyRead: false,
      waitStartedAt: T0,
      lastPollAt: T0 + 21_250,
      phases: [
        {
          status: 'QUEUED',
          firstSeenAt: T0,
          lastSeenAt: T0 + 2_000,
          endedAt: T0 + 5_000,
          uncertainMs: 0
        },
        {
          status: 'BUILDING',
          firstSeenAt: T0 + 5_000,
          lastSeenAt: T0 + 14_500,
          endedAt: T0 + 21_250,
          uncertainMs: 3_000
        },
        {
          status: 'DEPLOYED',
          firstSeenAt: T0 + 21_250,
          lastSeenAt: T0 + 21_250,
          uncertainMs: 6_750
        }
      ]
    })
  })
})
