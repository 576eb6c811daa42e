/**
 * The bake window as people see it: in the summary its table (metric, this revision, previous,
 * bound, verdict), its reads as a small chart over elapsed time and the project's traces; in the
 * PR comment one line (the verdict and the metric that decided) with the table collapsed; a few
 * words for the GitHub status; the outputs `bake-passed` and `bake-stats`. The payload is
 * numbers and fixed words; the one text a link is made of is checked here (the web URL is the
 * input's, the ids must be UUIDs).
 */
import type { BakeReport } from '../bake/report-types'
import type { BoundJudgement, MetricVerdict, WindowStats } from '../bake/types'
import { lengthWords, metricWords, rateWords, secondsWords } from '../bake/words'
import { UUID } from '../lib/ids'
import type { Markdown } from './markdown'

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

/** How the bake ended, in a few words: "failed: error rate 7.5% (≤ 5%)". */
function endWords(report: BakeReport): string {
  if (report.cutShort) return `cut short after ${lengthWords(report.watchedMs)} (cancelled)`
  const decided = report.decided
  const runs = report.window ? `, ${report.window.runs} runs` : ''
  if (report.verdict === 'pass') return `passed (${lengthWords(report.durationMs)}${runs})`
  if (decided)
    return `${VERDICT_WORDS[report.verdict]}: ${metricWords(decided)} ${valueWords(decided.metric, decided.value)} (${decided.bound})`
  return VERDICT_WORDS[report.verdict]
}

/** The GitHub status's few words. */
export function bakeStatusLine(report: BakeReport): string {
  return `bake ${endWords(report)}`
}

function table(report: BakeReport): string[] {
  if (report.rows.length === 0) return []
  return [
    '| Metric | This revision | Previous | Bound | Verdict |',
    '|---|---|---|---|---|',
    ...report.rows.map(
      (row) =>
        `| ${metricWords(row)} | ${valueWords(row.metric, row.value)} | ${valueWords(row.metric, row.previous)} | ${row.bound} | ${MARKS[row.verdict]} |`
    ),
    ''
  ]
}

/** The reads as a small chart: the error rate (%) at each read's elapsed minute. */
function chart(report: BakeReport): string[] {
  const answered = report.reads.filter(
    (read): read is typeof read & { stats: WindowStats } => read.stats !== null
  )
  if (answered.length < 2) return []
  const minutes = answered.map((read) => Number((read.elapsedMs / 60_000).toFixed(2)))
  const rates = answered.map((read) => Number(((read.stats.errorRate ?? 0) * 100).toFixed(2)))
  const top = Math.max(1, ...rates)
  return [
    '```mermaid',
    'xychart-beta',
    '    title "Error rate of the window (%) by elapsed minutes"',
    `    x-axis [${minutes.join(', ')}]`,
    `    y-axis "errors %" 0 --> ${Math.ceil(top)}`,
    `    line [${rates.join(', ')}]`,
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
  return [
    `### Bake window: ${endWords(report)}`,
    '',
    md.paragraph(
      `Watched ${lengthWords(report.watchedMs)} of ${lengthWords(report.durationMs)} from ${started} UTC, read every ${lengthWords(report.intervalMs)}; ${reads}.${report.cutShort ? ' The bake was cut short by a cancel: no verdict on the revision.' : ''}`
    ),
    '',
    // When the bake failed the run, its why already stands under the headline: said once.
    ...(report.why !== undefined && !options.failedHere ? [md.paragraph(report.why), ''] : []),
    ...table(report),
    ...chart(report),
    ...(link ? [md.linkAs("The project's traces ↗", link), ''] : [])
  ]
}

/** The PR comment's one line, the table collapsed beneath it. */
export function renderBakeLine(report: BakeReport, md: Markdown): string[] {
  const rows = table(report)
  return [
    '',
    md.paragraph(`Bake window: ${endWords(report)}`),
    ...(rows.length > 0
      ? ['', '<details><summary>The bake window</summary>', '', ...rows, '</details>']
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
