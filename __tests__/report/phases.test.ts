import { describe, expect, it } from '@jest/globals'
import type { DeployResult } from '../../src/result'
import type { PhaseTimeline } from '../../src/wait/phases'
import { createRedactor, NO_SECRETS } from '../../src/report/redact'
import { renderDeploySummary } from '../../src/report/summary'

const T0 = Date.parse('2026-01-01T12:00:00.000Z')

const deployed: DeployResult = {
  statusesSeen: ['QUEUED', 'BUILDING', 'DEPLOYING', 'DEPLOYED'],
  outcome: 'deployed',
  deploymentId: 'd-1',
  deploymentName: 'support-agent',
  revisionId: 'r-2',
  revisionStatus: 'DEPLOYED',
  created: false,
  elapsedMs: 200_000,
  message: 'Deployed.'
}

const span = (status: string, from: number, to: number | undefined, uncertain: number) => ({
  status,
  firstSeenAt: T0 + from * 1000,
  lastSeenAt: T0 + (to ?? from) * 1000,
  ...(to === undefined ? {} : { endedAt: T0 + to * 1000 }),
  uncertainMs: uncertain * 1000
})

const timeline: PhaseTimeline = {
  waitStartedAt: T0,
  lastPollAt: T0 + 190_000,
  phases: [
    span('QUEUED', 0, 5, 0),
    span('BUILDING', 5, 160, 3),
    span('DEPLOYING', 160, 190, 10),
    span('DEPLOYED', 190, undefined, 2)
  ],
  earlier: { count: 3, medianMs: 180_000, shortestMs: 170_000, longestMs: 200_000 }
}

const render = (result: DeployResult) => renderDeploySummary(result, 'git_host', {}, NO_SECRETS)

describe('phases in the job summary', () => {
  it('tables each status with when it was first seen and how long it lasted, beside the median', () => {
    const markdown = render({ ...deployed, phases: timeline })
    expect(markdown).toContain(
      [
        // A success as quick as usual: collapsed, its line says the wait and the usual.
        '<details><summary>Where the time went: the wait took 3m 10s; earlier revisions 3m 00s</summary>',
        '',
        '| Status | First seen | Lasted |',
        '|---|---|---|',
        '| QUEUED | 12:00:00 UTC (+0s) | 5s |',
        // BUILDING's end is known only to within 10 s (the polls around it): approximate.
        '| BUILDING | 12:00:05 UTC (+5s) | ~2m 35s |',
        '| DEPLOYING | 12:02:40 UTC (+2m 40s) | ~30s |',
        '| DEPLOYED | 12:03:10 UTC (+3m 10s) | final |',
        '| **The wait in all** | | 3m 10s |',
        // The median is a row of its own: no column that is empty in every other row.
        '| Earlier revisions: median of 3 | | 3m 00s (2m 50s–3m 20s) |'
      ].join('\n')
    )
    expect(markdown).toContain('Polls were up to 10s apart, so those marked \\~ are approximate.')
  })

  it('draws the same as a mermaid gantt chart in elapsed time (no viewer clock), collapsed under the table', () => {
    const markdown = render({ ...deployed, phases: timeline })
    const chart = markdown.slice(markdown.indexOf('```mermaid'))
    expect(chart.split('\n').slice(0, 14)).toEqual([
      '```mermaid',
      "%%{init: {'gantt': {'leftPadding': 110}}}%%",
      'gantt',
      '    dateFormat HH:mm:ss',
      '    axisFormat %M:%S',
      '    todayMarker off',
      '    section This run',
      '    QUEUED :s0, 00:00:00, 00:00:05',
      '    BUILDING :s1, 00:00:05, 00:02:40',
      '    DEPLOYING :s2, 00:02:40, 00:03:10',
      '    DEPLOYED :milestone, s3, 00:03:10, 00:03:10',
      '    section Earlier',
      '    median of 3 :e0, 00:00:00, 00:03:00',
      '```'
    ])
    const details = markdown.lastIndexOf('<details>', markdown.indexOf('```mermaid'))
    expect(details).toBeGreaterThan(markdown.indexOf('| **The wait in all** |'))
    expect(markdown.indexOf('</details>', details)).toBeGreaterThan(markdown.indexOf('```mermaid'))
    // The chart comes before the logs, the summary's longest part, so a cut never opens it.
    expect(markdown.indexOf('```mermaid')).toBeGreaterThan(
      markdown.indexOf('| **The wait in all** |')
    )
  })

  it('shows where a failed revision stopped, and where a timed-out wait ended', () => {
    const failed = render({
      ...deployed,
      outcome: 'failed',
      revisionStatus: 'BUILD_FAILED',
      phases: {
        ...timeline,
        lastPollAt: T0 + 60_000,
        phases: [
          span('QUEUED', 0, 5, 0),
          span('BUILDING', 5, 60, 1),
          span('BUILD_FAILED', 60, undefined, 1)
        ]
      }
    })
    expect(failed).toContain(
      '| BUILD\\_FAILED | 12:01:00 UTC (+1m 00s) | final: the revision stopped here |'
    )
    expect(failed).toContain('    BUILD_FAILED :crit, milestone, s2, 00:01:00, 00:01:00')
    expect(failed).not.toContain('approximate')

    const timedOut = render({
      ...deployed,
      outcome: 'timeout',
      revisionStatus: 'BUILDING',
      phases: {
        waitStartedAt: T0,
        lastPollAt: T0 + 600_000,
        phases: [span('QUEUED', 0, 5, 0), span('BUILDING', 5, undefined, 1)]
      }
    })
    expect(timedOut).toContain(
      '| BUILDING | 12:00:05 UTC (+5s) | still in it after 9m 55s when the wait ended |'
    )
    expect(timedOut).toContain('| **The wait in all** | | at least 10m 00s |')
    // The history was not read: said so, never "no earlier revision".
    expect(timedOut).toContain('| Earlier revisions | | history not read |')
    expect(timedOut).not.toContain('no earlier revision')
    expect(timedOut).toContain('    BUILDING :active, s1, 00:00:05, 00:10:00')
    expect(timedOut).not.toContain('section Earlier')
    const noneEarlier = render({
      ...deployed,
      phases: { ...timeline, earlier: undefined, historyRead: true }
    })
    expect(noneEarlier).toContain('| Earlier revisions | | none to compare with |')
  })

  it('lets no status from the service write mermaid or markdown syntax', () => {
    const hostile = 'X: 1, 2\n    section Owned; click s0 href "javascript:alert(1)" #`|'
    const markdown = render({
      ...deployed,
      phases: {
        ...timeline,
        phases: [span(hostile, 0, 5, 0), span('DEPLOYED', 5, undefined, 0)]
      }
    })
    const chart = markdown.slice(markdown.indexOf('```mermaid'))
    expect(chart).toContain('    other status :s0, 00:00:00, 00:00:05')
    expect(chart).not.toMatch(/Owned|click|javascript/)
    // In the table it is one escaped cell.
    expect(markdown).toContain(
      '| X: 1, 2     section Owned; click s0 href "javascript:alert(1)" \\#\\`\\| |'
    )
  })

  it('names no secret in the chart, even one shaped like a status', () => {
    const SECRET = 'SK_LIVE_TOKEN_0123456789'
    const markdown = renderDeploySummary(
      {
        ...deployed,
        phases: {
          ...timeline,
          phases: [span(SECRET, 0, 5, 0), span('DEPLOYED', 5, undefined, 0)]
        }
      },
      'git_host',
      {},
      createRedactor([SECRET])
    )
    expect(markdown).not.toContain(SECRET)
    expect(markdown.slice(markdown.indexOf('```mermaid'))).toContain(
      '    other status :s0, 00:00:00, 00:00:05'
    )
  })

  it('keeps a flapping status to the last rows', () => {
    const phases = Array.from({ length: 100 }, (_, index) =>
      span(index % 2 === 0 ? 'BUILDING' : 'QUEUED', index, index + 1, 0)
    )
    const markdown = render({ ...deployed, phases: { ...timeline, phases } })
    expect(markdown).toContain('| … 60 earlier status changes not shown | | |')
    expect(markdown.match(/^\| (BUILDING|QUEUED) \|/gm)).toHaveLength(40)
  })
})
