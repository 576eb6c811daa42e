import { formatDuration } from '../lib/duration'
import type { PhaseSpan, PhaseTimeline } from '../wait/phases'
import { clockTime, earlierRange } from '../wait/progress-text'
import { judgeStatus } from '../wait/revision-status'
import type { Markdown } from './markdown'

/** Status changes shown at the most; a service that flips statuses cannot grow the summary. */
export const MAX_PHASE_ROWS = 40
/**
 * A duration whose ends are known to less than this (the gap between the polls around each) is
 * shown as approximate.
 */
const EXACT_ENOUGH_MS = 5_000
/** What a status may be called in the chart: mermaid reads nothing in it as syntax. */
const CHART_SAFE = /^[A-Z][A-Z0-9_]{0,39}$/

/**
 * A status as a mermaid task name (where nothing can be escaped): itself when it is a plain
 * status name that holds no secret, else a fixed text.
 */
export function chartName(status: string, md: Markdown): string {
  return md.label(status, CHART_SAFE, 'other status')
}

/** How far off the end of `spans[index]` may be: the uncertainty of the next one's start. */
function endUncertainty(spans: readonly PhaseSpan[], index: number): number {
  return spans[index + 1]?.uncertainMs ?? 0
}

function lasted(spans: readonly PhaseSpan[], index: number): number | undefined {
  const span = spans[index] as PhaseSpan
  return span.endedAt === undefined ? undefined : span.endedAt - span.firstSeenAt
}

/** `~` when a duration's ends are not known to within EXACT_ENOUGH_MS. */
function approx(spans: readonly PhaseSpan[], index: number): string {
  const span = spans[index] as PhaseSpan
  const loose = Math.max(index === 0 ? 0 : span.uncertainMs, endUncertainty(spans, index))
  return loose > EXACT_ENOUGH_MS ? '~' : ''
}

/** The last span: the final status, where a failed revision stopped, or where the wait ended. */
function lastRow(span: PhaseSpan, timeline: PhaseTimeline): string {
  const verdict = judgeStatus(span.status)
  if (verdict === 'deployed') return 'final'
  if (verdict !== 'waiting') return 'final: the revision stopped here'
  return `still in it after ${formatDuration(timeline.lastPollAt - span.firstSeenAt)} when the wait ended`
}

/**
 * The job summary's "where the time went": each status of the revision with when it was first
 * seen (UTC) and how long it lasted, the whole beside the earlier revisions' median, as a table;
 * the same as a mermaid gantt chart in elapsed time, collapsed under it. Statuses come from the
 * service: escaped in the table, allow-listed in the chart; everything else in the chart is
 * numbers. `open` shows it as a section (a failure, a slow wait: the time is part of what
 * happened); else it is collapsed under a line that says the wait's time and the usual.
 */
export function renderPhases(timeline: PhaseTimeline, md: Markdown, open = true): string[] {
  const { phases, waitStartedAt, earlier } = timeline
  const shown = phases.length > MAX_PHASE_ROWS ? phases.slice(-MAX_PHASE_ROWS) : phases
  const hidden = phases.length - shown.length
  const last = shown[shown.length - 1] as PhaseSpan
  const final = judgeStatus(last.status) !== 'waiting'
  const total = (final ? last.firstSeenAt : timeline.lastPollAt) - waitStartedAt
  const widest = Math.max(0, ...phases.slice(1).map((span) => span.uncertainMs))
  const rows = shown.map((span, index) => {
    const took = lasted(shown, index)
    const value =
      took === undefined
        ? lastRow(span, timeline)
        : `${approx(shown, index)}${formatDuration(took)}`
    const offset = formatDuration(span.firstSeenAt - waitStartedAt)
    return `| ${md.cell(span.status)} | ${clockTime(span.firstSeenAt)} (+${offset}) | ${value} |`
  })
  const earlierRow = earlier
    ? `| Earlier revisions: median of ${earlier.count} | | ${formatDuration(earlier.medianMs)} (${earlierRange(earlier)}) |`
    : timeline.historyRead
      ? '| Earlier revisions | | none to compare with |'
      : '| Earlier revisions | | history not read |'
  const usual = earlier ? `; earlier revisions ${formatDuration(earlier.medianMs)}` : ''
  return [
    ...(open
      ? ['### Where the time went', '']
      : [
          `<details><summary>Where the time went: the wait took ${final ? '' : 'at least '}${formatDuration(total)}${usual}</summary>`,
          ''
        ]),
    '| Status | First seen | Lasted |',
    '|---|---|---|',
    ...(hidden > 0 ? [`| … ${hidden} earlier status changes not shown | | |`] : []),
    ...rows,
    `| **The wait in all** | | ${final ? '' : 'at least '}${formatDuration(total)} |`,
    earlierRow,
    '',
    md.paragraph(
      `Durations are as the poller saw them.${
        widest > EXACT_ENOUGH_MS
          ? ` Polls were up to ${formatDuration(widest)} apart, so those marked ~ are approximate.`
          : ''
      } The service records only when a revision started and ended, so earlier revisions are compared in all.`
    ),
    '',
    '<details><summary>The same as a chart (time since the wait started)</summary>',
    '',
    ...renderChart(timeline, shown, final, md),
    '',
    '</details>',
    '',
    ...(open ? [] : ['</details>', ''])
  ]
}

/**
 * The wait took longer than every earlier revision it is compared with: a success whose time is
 * worth a look. Without earlier revisions nothing says it was slow.
 */
export function slowWait(timeline: PhaseTimeline): boolean {
  const last = timeline.phases.at(-1)
  if (!timeline.earlier || !last) return false
  const final = judgeStatus(last.status) !== 'waiting'
  const total = (final ? last.firstSeenAt : timeline.lastPollAt) - timeline.waitStartedAt
  return total > timeline.earlier.longestMs
}

/** Elapsed time as mermaid reads it (`HH:mm:ss` from the wait's start): the same in every time zone. */
function elapsed(ms: number): string {
  const seconds = Math.max(0, Math.round(ms / 1000))
  const part = (n: number) => String(n).padStart(2, '0')
  return `${part(Math.min(23, Math.floor(seconds / 3600)))}:${part(Math.floor(seconds / 60) % 60)}:${part(seconds % 60)}`
}

/**
 * The same as a mermaid gantt chart (GitHub renders it): this revision, then the median. Times
 * are elapsed since the wait started, written without a date or zone, so the viewer's clock
 * cannot shift them.
 */
function renderChart(
  timeline: PhaseTimeline,
  shown: readonly PhaseSpan[],
  final: boolean,
  md: Markdown
): string[] {
  const { earlier, waitStartedAt } = timeline
  const at = (epochMs: number) => elapsed(epochMs - waitStartedAt)
  const tasks = shown.map((span, index) => {
    const id = `s${index}`
    if (span.endedAt !== undefined)
      return `    ${chartName(span.status, md)} :${id}, ${at(span.firstSeenAt)}, ${at(span.endedAt)}`
    if (!final)
      return `    ${chartName(span.status, md)} :active, ${id}, ${at(span.firstSeenAt)}, ${at(timeline.lastPollAt)}`
    const tag = judgeStatus(span.status) === 'deployed' ? 'milestone' : 'crit, milestone'
    return `    ${chartName(span.status, md)} :${tag}, ${id}, ${at(span.firstSeenAt)}, ${at(span.firstSeenAt)}`
  })
  const longest = Math.max(timeline.lastPollAt - waitStartedAt, earlier?.medianMs ?? 0)
  return [
    '```mermaid',
    "%%{init: {'gantt': {'leftPadding': 110}}}%%",
    'gantt',
    '    dateFormat HH:mm:ss',
    `    axisFormat ${longest >= 3_600_000 ? '%H:%M:%S' : '%M:%S'}`,
    '    todayMarker off',
    '    section This run',
    ...tasks,
    ...(earlier
      ? [
          '    section Earlier',
          `    median of ${earlier.count} :e0, ${at(waitStartedAt)}, ${elapsed(earlier.medianMs)}`
        ]
      : []),
    '```'
  ]
}
