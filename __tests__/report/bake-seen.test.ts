import { afterEach, describe, expect, it } from '@jest/globals'
import type { TrafficProfile, TrafficRevision } from '../../emulator'
import { renderGfm } from '../../scripts/preview-report/html'
import { startGitHubApi } from '../helpers/github-api'
import { bakeFile, bakeStep, MINUTE, NAME } from '../bake/bake-harness'

/**
 * The bake window as people read it, through the action in process on the virtual clock: its
 * chart, its table, its words, and the PR comment as GitHub renders it.
 */
const { runInProcess, start, clock } = bakeFile()
const closers: (() => Promise<void>)[] = []
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()))
})

const HEALTHY = { runsPerMinute: 60, errorShare: 0, latency: { p50: 1, p99: 2 } }
const BOUNDS = {
  duration: '40s',
  interval: '10s',
  'min-runs': 5,
  'max-error-rate': '5%',
  'max-regression': { 'error-rate': '2%' }
}

/** The old revision healthy, the new one as given. */
const newOne = (profile: TrafficProfile) => (revision: TrafficRevision) =>
  revision.servedAtStart ? HEALTHY : profile

/** A bake of 40 s on a deployment that served its users for 5 minutes before the run. */
async function bake(profile: TrafficProfile) {
  const services = await start()
  services.controlPlane.seedDeployment({ name: NAME })
  services.traffic(NAME, { profile: newOne(profile) })
  clock.advance(5 * MINUTE)
  const github = await startGitHubApi()
  closers.push(github.close)
  const run = await runInProcess(
    bakeStep(
      services,
      BOUNDS,
      {
        'github-token': 'ghs_bake_seen_token_1c4e',
        'pr-comment': 'true',
        environment: 'pr-9'
      },
      { rollback: { 'on-failure': true } }
    ),
    { pullRequest: { number: 9 }, githubApiUrl: github.url }
  )
  const status = github.deployments.flatMap((deployment) => deployment.statuses).at(-1)
  return { run, comment: github.comments.at(-1)?.body ?? '', status: status?.description ?? '' }
}

/** The bake's section of the summary: from its heading to the next one of its level. */
function bakeSection(summary: string): string {
  const from = summary.indexOf('### Bake window')
  expect(from).toBeGreaterThanOrEqual(0)
  const next = summary.indexOf('\n### ', from + 1)
  return summary.slice(from, next < 0 ? undefined : next)
}

/** The mermaid chart's lines. */
function chartOf(section: string): string[] {
  const chart = /```mermaid\n([\s\S]*?)\n```/.exec(section)?.[1]
  expect(chart).toBeDefined()
  return (chart ?? '').split('\n')
}

/** The contrast ratio of a #rrggbb colour against white (WCAG). */
function contrastWithWhite(hex: string): number {
  const channel = (at: number) => {
    const value = parseInt(hex.slice(at, at + 2), 16) / 255
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4
  }
  const luminance = 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5)
  return 1.05 / (luminance + 0.05)
}

/** Durations as the action writes them (`40s`, `2m 05s`, `1.25s`) and in any other style. */
const OTHER_DURATION_STYLE = /\b\d+(\.\d+)? (s|sec|min|h)\b/

/** The text GitHub shows of a markdown body, tags dropped. */
const shownText = (markdown: string) =>
  renderGfm(markdown)
    .replace(/<pre[\s\S]*?<\/pre>/g, '')
    .replace(/<[^>]+>/g, '')

describe('the bake window as people read it', () => {
  it('on a pass: the chart collapsed, its bound drawn in a colour that stands out on white, whole ticks, watched no longer than the window, one duration style', async () => {
    const { run, comment } = await bake(HEALTHY)
    expect(run.exitCode).toBe(0)
    const section = bakeSection(run.summary)
    const chartAt = section.indexOf('```mermaid')
    const opened = section.lastIndexOf('<details>', chartAt)
    expect(opened).toBeGreaterThanOrEqual(0)
    expect(section.indexOf('</details>', opened)).toBeGreaterThan(chartAt)
    const chart = chartOf(section)
    const lines = chart.filter((line) => /^\s*line \[/.test(line))
    expect(lines).toHaveLength(2)
    // The second line is the bound: 5 % at every tick.
    const bound = (lines[1] ?? '')
      .replace(/^\s*line \[|\]\s*$/g, '')
      .split(',')
      .map(Number)
    expect(new Set(bound)).toEqual(new Set([5]))
    const palette = /plotColorPalette['"]?\s*:\s*['"]([^'"]+)['"]/.exec(chart.join('\n'))?.[1]
    expect(palette).toBeDefined()
    for (const colour of (palette ?? '').split(',').map((each) => each.trim()))
      expect(contrastWithWhite(colour)).toBeGreaterThanOrEqual(3)
    const ticks = /x-axis (?:"[^"]*" )?\[(.*)\]/.exec(chart.join('\n'))?.[1]?.split(',') ?? []
    expect(ticks.map((tick) => tick.trim())).toEqual(['"10s"', '"20s"', '"30s"', '"40s"'])
    // Every length in the bake's section is at most the window's.
    const lengths = [...section.matchAll(/\b(\d+)s\b/g)].map((match) => Number(match[1]))
    expect(lengths.length).toBeGreaterThan(0)
    for (const length of lengths) expect(length).toBeLessThanOrEqual(40)
    expect(run.summary).not.toMatch(OTHER_DURATION_STYLE)
    expect(comment).not.toMatch(OTHER_DURATION_STYLE)
  }, 120_000)

  it('on a breach: the missed bound cannot read as met, the previous window in every row that has one, no raw markdown in the comment', async () => {
    const { run, comment, status } = await bake({ ...HEALTHY, errorShare: 0.5 })
    expect(run.exitCode).toBe(1)
    expect(run.outputs['rolled-back']).toBe('true')
    const previous = (
      JSON.parse(run.outputs['bake-stats'] ?? '{}') as { previous?: { 'error-rate': number } }
    ).previous
    expect(previous).toBeDefined()
    // The value and the bound it missed, joined by a sign that says it is over.
    for (const text of [run.summary.split('\n')[0] ?? '', comment, status])
      expect(text.replace(/&gt;/g, '>')).toMatch(/error rate [\d.]+% > 5%/)
    for (const text of [run.summary, comment, status]) expect(text).not.toMatch(/% \(≤ /)
    const rows = bakeSection(run.summary)
      .split('\n')
      .filter((line) => /^\| error rate/.test(line))
    expect(rows.length).toBe(2)
    // Metric | This revision | Previous | Bound | Verdict: the previous window's rate in each.
    for (const row of rows) expect(row.split('|')[3]?.trim()).toBe('0%')
    expect(shownText(comment)).not.toContain('**')
    expect(shownText(run.summary)).not.toContain('**')
    expect(run.summary).not.toMatch(OTHER_DURATION_STYLE)
  }, 120_000)
})
