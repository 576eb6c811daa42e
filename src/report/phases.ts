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
 * seen and how long it lasted, the whole beside the earlier revisions' median, as a table and a
 * mermaid gantt chart. Statuses come from the service: escaped in the table, allow-listed in the
 * chart; everything else in the chart is numbers.
 */
export function renderPhases(timeline: PhaseTimeline, md: Markdown): string[] {
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
    return `| ${md.cell(span.status)} | ${clockTime(span.firstSeenAt)} (+${offset}) | ${value} | — |`
  })
  const median = earlier
    ? `${formatDuration(earlier.medianMs)} (${earlier.count} earlier: ${earlierRange(earlier)})`
    : 'no earlier revision to compare with'
  return [
    '### Where the time went',
    '',
    '| Status | First seen | Lasted | Earlier revisions (median) |',
    '|---|---|---|---|',
    ...(hidden > 0 ? [`| … ${hidden} earlier status changes not shown | | | |`] : []),
    ...rows,
    `| In all | | ${final ? '' : 'at least '}${formatDuration(total)} | ${median} |`,
    '',
    md.paragraph(
      `Durations are as the poller saw them: each status from the poll that first saw it to the poll that first saw the next.${
        widest > EXACT_ENOUGH_MS
          ? ` Polls were up to ${formatDuration(widest)} apart, so those marked ~ are approximate.`
          : ''
      } The service records only when a revision started and ended, so earlier revisions are compared in all, not by status.`
    ),
    '',
    ...renderChart(timeline, shown, final, md),
    ''
  ]
}

/** The same as a mermaid gantt chart (GitHub renders it): this revision, then the median. */
function renderChart(
  timeline: PhaseTimeline,
  shown: readonly PhaseSpan[],
  final: boolean,
  md: Markdown
): string[] {
  const tasks = shown.map((span, index) => {
    const id = `s${index}`
    if (span.endedAt !== undefined)
      return `    ${chartName(span.status, md)} :${id}, ${span.firstSeenAt}, ${span.endedAt}`
    if (!final)
      return `    ${chartName(span.status, md)} :active, ${id}, ${span.firstSeenAt}, ${timeline.lastPollAt}`
    const tag = judgeStatus(span.status) === 'deployed' ? 'milestone' : 'crit, milestone'
    return `    ${chartName(span.status, md)} :${tag}, ${id}, ${span.firstSeenAt}, ${span.firstSeenAt}`
  })
  const { earlier, waitStartedAt } = timeline
  return [
    '```mermaid',
    'gantt',
    '    title Revision statuses as polled',
    '    dateFormat x',
    '    axisFormat %H:%M:%S',
    '    section This revision',
    ...tasks,
    ...(earlier
      ? [
          '    section Earlier revisions',
          `    median of ${earlier.count} :e0, ${waitStartedAt}, ${waitStartedAt + Math.round(earlier.medianMs)}`
        ]
      : []),
    '```'
  ]
}
