/**
 * The bake window as people see it: in the summary its table (metric, this revision, previous,
 * bound, verdict), its reads as a small chart over elapsed time and the project's traces; in the
 * PR comment one line (the verdict and the metric that decided) with the table collapsed; a few
 * words for the GitHub status; the outputs `bake-passed` and `bake-stats`. The payload is
 * numbers and fixed words; the one text a link is made of is checked here (the web URL is the
 * input's, the ids must be UUIDs).
 */
import { UUID } from '../lib/ids'
import { parseJson } from '../lib/json'
import type { Markdown, StepRender } from '../report-kit/render'
import { flag, KEY_VERDICTS, numberOrNull, type OutputShape } from '../report-kit/shapes'
import type { BakeReport } from './report-types'
import type { BoundJudgement, MetricVerdict, WindowStats } from './types'
import { lengthWords, metricWords, rateWords, secondsWords } from './words'

const VERDICT_WORDS = {
  pass: 'passed',
  fail: 'failed',
  inconclusive: 'could not conclude'
} as const

const MARKS: Record<MetricVerdict, string> = {
  pass: '✅ pass',
  fail: '❌ fail',
  inconclusive: '⚠️ could not conclude',
  skipped: '➖ skipped'
}

const valueWords = (metric: BoundJudgement['metric'], value: number | null) =>
  metric === 'error-rate' ? rateWords(value) : secondsWords(value)

/** "error rate 17.08% > 5% allowed": a missed bound with a sign that cannot read as met. */
function decidedWords(decided: BoundJudgement): string {
  const value = `${metricWords(decided)} ${valueWords(decided.metric, decided.value)}`
  if (decided.verdict === 'fail') return `${value} > ${decided.bound.replace(/^≤ /, '')} allowed`
  return `${value} (bound ${decided.bound})`
}

/** How the bake ended, in a few words: "failed: error rate 7.5% > 5% allowed". */
function endWords(report: BakeReport): string {
  if (report.cutShort) return `cut short after ${lengthWords(watchedMs(report))} (cancelled)`
  const decided = report.decided
  const runs = report.window ? `, ${report.window.runs} runs` : ''
  if (report.verdict === 'pass') return `passed (${lengthWords(report.durationMs)}${runs})`
  if (decided) return `${VERDICT_WORDS[report.verdict]}: ${decidedWords(decided)}`
  return VERDICT_WORDS[report.verdict]
}

/**
 * How much of the window the reads covered: up to the last read's end (the settling time after
 * it is not watching), never more than the window.
 */
function watchedMs(report: BakeReport): number {
  const covered = report.cutShort ? report.watchedMs : (report.reads.at(-1)?.elapsedMs ?? 0)
  return Math.min(report.durationMs, Math.max(0, covered))
}

/** The GitHub status's few words. */
export function bakeStatusLine(report: BakeReport): string {
  return `bake ${endWords(report)}`
}

/** The previous window's value of a metric, when it was read: every row shows it. */
function previousOf(report: BakeReport, row: BoundJudgement): number | null {
  if (row.previous !== null) return row.previous
  const previous = report.previous
  if (previous === null) return null
  return row.metric === 'error-rate'
    ? previous.errorRate
    : row.metric === 'p50'
      ? previous.p50
      : previous.p99
}

function table(report: BakeReport): string[] {
  if (report.rows.length === 0) return []
  return [
    '| Metric | This revision | Previous | Bound | Verdict |',
    '|---|---|---|---|---|',
    ...report.rows.map(
      (row) =>
        `| ${metricWords(row)} | ${valueWords(row.metric, row.value)} | ${valueWords(row.metric, previousOf(report, row))} | ${row.bound} | ${MARKS[row.verdict]} |`
    ),
    ''
  ]
}

/**
 * A read's elapsed time as a tick: whole seconds or minutes (`20s`, `3m`), in the action's one
 * style of durations.
 */
const tickWords = (ms: number) => lengthWords(ms)

/**
 * The chart's look: small, and its lines in a blue that stands out on white for the metric and
 * a red for its bound (mermaid's default theme draws its first line in a near-white).
 */
const CHART_LOOK =
  '{init: {"xyChart": {"height": 260, "width": 640}, "themeVariables": {"xyChart": {"plotColorPalette": "#0969da, #cf222e"}}}}'

/**
 * The reads as a small chart over elapsed time: the metric of the first absolute bound (the
 * error rate, else a latency), with that bound drawn as a second line.
 */
function chart(report: BakeReport): string[] {
  const answered = report.reads.filter(
    (read): read is typeof read & { stats: WindowStats } => read.stats !== null
  )
  if (answered.length < 2) return []
  const charted =
    report.rows.find((row) => !row.relative && row.metric === 'error-rate') ??
    report.rows.find((row) => !row.relative)
  const metric = charted?.metric ?? 'error-rate'
  const scale = metric === 'error-rate' ? 100 : 1
  const valueOf = (stats: WindowStats) =>
    metric === 'error-rate' ? stats.errorRate : metric === 'p50' ? stats.p50 : stats.p99
  const values = answered.map((read) => Number(((valueOf(read.stats) ?? 0) * scale).toFixed(2)))
  const bound =
    charted?.limit === undefined ? undefined : Number((charted.limit * scale).toFixed(2))
  // Headroom above the highest line, so neither runs along the chart's top edge.
  const top = Math.max(1, ...values, ...(bound === undefined ? [] : [bound])) * 1.2
  const label = metric === 'error-rate' ? 'error rate (%)' : `${metric} (seconds)`
  return [
    '```mermaid',
    `%%${CHART_LOOK}%%`,
    'xychart-beta',
    `    title "The window's ${label}${bound === undefined ? '' : ', and its bound'}"`,
    `    x-axis "time since the bake began" [${answered.map((read) => `"${tickWords(read.elapsedMs)}"`).join(', ')}]`,
    `    y-axis "${label}" 0 --> ${Math.ceil(top)}`,
    `    line [${values.join(', ')}]`,
    ...(bound === undefined ? [] : [`    line [${answered.map(() => bound).join(', ')}]`]),
    '```',
    ''
  ]
}

/** The project's traces, when `tracing-web-url` was given and the ids are UUIDs. */
export function tracesUrl(report: BakeReport): string | undefined {
  const project = report.project
  if (!project?.webUrl || !UUID.test(project.id)) return undefined
  if (project.tenantId === null || !UUID.test(project.tenantId)) return undefined
  if (!/^https?:\/\//.test(project.webUrl)) return undefined
  return `${project.webUrl.replace(/\/+$/, '')}/o/${project.tenantId}/projects/p/${project.id}`
}

/** The summary's section. */
export function renderBake(
  report: BakeReport,
  md: Markdown,
  options: { failedHere?: boolean } = {}
): string[] {
  const started = new Date(report.startedAt).toISOString().slice(11, 19)
  const reads = `${report.answered} of ${report.reads.length} reads answered`
  const link = tracesUrl(report)
  const drawn = chart(report)
  return [
    `### Bake window: ${md.cell(endWords(report))}`,
    '',
    md.paragraph(
      `Watched ${lengthWords(watchedMs(report))} of the ${lengthWords(report.durationMs)} window from ${started} UTC, read every ${lengthWords(report.intervalMs)}; ${reads}.${report.cutShort ? ' The bake was cut short by a cancel: no verdict on the revision.' : ''}`
    ),
    '',
    // When the bake failed the run, its why already stands under the headline: said once.
    ...(report.why !== undefined && !options.failedHere ? [md.paragraph(report.why), ''] : []),
    ...table(report),
    // The chart is a detail under the table, as every chart of the summary is.
    ...(drawn.length > 0
      ? ['<details><summary>The reads over time</summary>', '', ...drawn, '</details>', '']
      : []),
    ...(link ? [md.linkAs("The project's traces ↗", link), ''] : [])
  ]
}

/**
 * The PR comment's one line, the table collapsed beneath it (an HTML block runs to the next
 * blank line, so one follows it). When the bake failed the run, the headline and the reason
 * already say its verdict and metric: the table alone.
 */
export function renderBakeLine(
  report: BakeReport,
  md: Markdown,
  options: { failedHere?: boolean } = {}
): string[] {
  const rows = table(report)
  return [
    '',
    ...(options.failedHere ? [] : [md.paragraph(`Bake window: ${endWords(report)}`), '']),
    ...(rows.length > 0
      ? ['<details><summary>The bake window</summary>', '', ...rows, '</details>', '']
      : [])
  ]
}

/** `bake-passed` and `bake-stats`: whole numbers, numbers, null and fixed words only. */
export function bakeOutputs(report: BakeReport): Record<'bake-passed' | 'bake-stats', string> {
  const stats = (window: WindowStats | null) => ({
    runs: window?.runs ?? null,
    'error-rate': window?.errorRate ?? null,
    p50: window?.p50 ?? null,
    p99: window?.p99 ?? null
  })
  return {
    'bake-passed': String(report.verdict === 'pass' && !report.cutShort),
    'bake-stats': JSON.stringify({
      window: stats(report.window),
      previous: report.previous === null ? null : stats(report.previous),
      reads: report.answered,
      verdict: report.cutShort ? 'inconclusive' : report.verdict
    })
  }
}

const WINDOW_FIELDS = ['runs', 'error-rate', 'p50', 'p99'] as const

/** A window of `bake-stats`: a whole run count, a rate 0–1 and latencies ≥ 0, or nulls. */
function bakeWindow(window: unknown): boolean {
  if (typeof window !== 'object' || window === null || Array.isArray(window)) return false
  const fields = Object.keys(window)
  if (fields.length !== WINDOW_FIELDS.length || !WINDOW_FIELDS.every((f) => fields.includes(f)))
    return false
  const { runs, 'error-rate': rate, p50, p99 } = window as Record<string, unknown>
  const atLeast0 = (value: unknown) =>
    value === null || (numberOrNull(value) && (value as number) >= 0)
  return (
    (runs === null || (Number.isInteger(runs) && (runs as number) >= 0)) &&
    atLeast0(rate) &&
    (rate === null || (rate as number) <= 1) &&
    atLeast0(p50) &&
    atLeast0(p99)
  )
}

/** `bake-stats`: `{window, previous, reads, verdict}` in exactly that shape. */
const bakeStats: OutputShape = (value) => {
  const stats = parseJson(value)
  if (typeof stats !== 'object' || stats === null || Array.isArray(stats))
    return { problem: 'it is not a JSON object' }
  const fields = Object.keys(stats).sort().join()
  if (fields !== 'previous,reads,verdict,window')
    return { problem: 'it does not hold exactly window, previous, reads, verdict' }
  const { window, previous, reads, verdict } = stats as Record<string, unknown>
  if (!bakeWindow(window) || !(previous === null || bakeWindow(previous)))
    return { problem: 'a window holds a value out of range' }
  if (!Number.isInteger(reads) || (reads as number) < 0)
    return { problem: 'its reads is not a count' }
  if (!KEY_VERDICTS.includes(verdict)) return { problem: 'it has an unknown verdict' }
  return { value }
}

/** The bake window's renderer row. */
export const bakeRender = {
  words: 'bake window',
  failedPhrase: (bake) => bakeStatusLine(bake),
  summary: (bake, { md, failedHere }) => renderBake(bake, md, { failedHere }),
  comment: (bake, { md, failedHere }) => renderBakeLine(bake, md, { failedHere }),
  status: (bake) => bakeStatusLine(bake),
  outputs: (bake) => bakeOutputs(bake),
  shapes: { 'bake-passed': flag, 'bake-stats': bakeStats }
} satisfies StepRender<BakeReport, 'bake-passed' | 'bake-stats'>
