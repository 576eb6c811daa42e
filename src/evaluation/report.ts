/**
 * The evaluation gate as people see it: one table (key, mean (n), baseline, change, the examples
 * compared, threshold, verdict), the examples that regressed most (or scored lowest), a cost hint and links, for the
 * job summary and the pull-request comment; one plain line for the GitHub status; lines for the
 * log. Every text from the tracing service or the dataset goes through `md` (redacted, then
 * escaped). Evaluator comments and categorical values never reach a report: scores only.
 */
import { FEEDBACK_KEY } from '../lib/gate-thresholds'
import { parseJson } from '../lib/json'
import type { Markdown, StepRender } from '../report-kit/render'
import { flag, KEY_VERDICTS, numberOrNull, uuid, type OutputShape } from '../report-kit/shapes'
import type { GateReport } from './types'
import type { KeyRow } from './verdict'

/** Where the gate is shown: the revision a rollback brought back, and whether the gate failed the run. */
export interface GateView {
  broughtBack?: string
  /** The reason under the headline is the gate's own: it is not said a second time here. */
  failedHere?: boolean
}

/** Characters of an example's first line in the table. */
const MAX_EXAMPLE_CHARS = 120
/** Examples listed at the most. */
const MAX_EXAMPLES = 10

const VERDICT_WORDS = {
  passed: 'passed',
  failed: 'failed',
  inconclusive: 'could not conclude',
  skipped: 'skipped'
} as const

const KEY_MARKS: Record<KeyRow['verdict'], string> = {
  pass: '✅ pass',
  fail: '❌ fail',
  inconclusive: '⚠️ could not conclude'
}

const number = (value: number | null | undefined): string =>
  value === null || value === undefined ? '—' : String(Number(value.toFixed(3)))

/** A change in words' figures: `+0.05`, `−1.00` (a true minus sign, two decimals). */
const signed = (value: number | null | undefined): string =>
  value === null || value === undefined
    ? '—'
    : `${value > 0 ? '+' : value < 0 ? '−' : '±'}${Math.abs(value).toFixed(2)}`

/** A key's mean and how many scores it is of: `0.82, mean of 6`. */
const meanOf = (row: KeyRow): string => `${number(row.mean)}, mean of ${row.n}`

/** How many examples the baseline and the change are about. */
const compared = (count: number | null): string =>
  count === null ? '—' : `${count} example${count === 1 ? '' : 's'}`

/** The thresholds of a key, in words: `≥ 0.8`, `drop ≤ 0.05`. */
function threshold(row: KeyRow): string {
  const parts: string[] = []
  if (row.minScore !== undefined) parts.push(`≥ ${number(row.minScore)}`)
  if (row.maxRegression !== undefined) parts.push(`drop ≤ ${number(row.maxRegression)}`)
  return parts.length > 0 ? parts.join(', ') : '—'
}

/**
 * What the gate compared with, in the reader's words: never the tracing service's full experiment
 * id alone.
 */
export function baselineWords(report: GateReport, md: Markdown): string | undefined {
  const { baseline } = report
  const short = (id: string) => md.code(id.slice(0, 8))
  if (baseline === undefined)
    return report.baselineExperimentId === undefined
      ? undefined
      : `experiment ${short(report.baselineExperimentId)}`
  switch (baseline.kind) {
    case 'serving-first':
      return `the previous revision (${short(baseline.revisionId)}), evaluated just before this deploy`
    case 'previous':
      return baseline.revisionId === undefined
        ? "the previous revision's gate run"
        : `the previous revision's gate run (${short(baseline.revisionId)})`
    case 'dataset':
      return "the dataset's baseline"
    case 'experiment':
      return `experiment ${short(baseline.experimentId)} (gate.baseline)`
  }
}

/**
 * The gate in the job summary and the PR comment. `broughtBack`: the revision a rollback brought
 * back after the gate failed, which is not evaluated again.
 */
export function renderGate(report: GateReport, md: Markdown, options: GateView = {}): string[] {
  const { verdict, rows } = report
  const withBaseline = rows.some((row) => row.baseline !== null)
  const header = withBaseline
    ? ['Score', 'This revision', 'Baseline', 'Change from it', 'Compared', 'Bound', 'Verdict']
    : ['Score', 'This revision', 'Bound', 'Verdict']
  const table =
    rows.length === 0
      ? []
      : [
          `| ${header.join(' | ')} |`,
          `|${header.map(() => '---').join('|')}|`,
          ...rows.map((row) => {
            const cells = [
              md.cell(row.key),
              meanOf(row),
              ...(withBaseline
                ? [number(row.baseline), signed(row.delta), compared(row.compared)]
                : []),
              threshold(row),
              KEY_MARKS[row.verdict]
            ]
            return `| ${cells.join(' | ')} |`
          }),
          ''
        ]
  const dataset = report.datasetName ? ` on ${md.cell(report.datasetName)}` : ''
  const against = baselineWords(report, md)
  const errorRate = report.runs > 0 ? Math.round((report.errors / report.runs) * 100) : 0
  return [
    `### Evaluation gate: ${VERDICT_WORDS[verdict.verdict]}`,
    '',
    `${report.runs} runs${dataset}, ${report.errors} failed (${errorRate}%). ${against === undefined ? 'No baseline.' : `Compared with ${against}.`}`,
    '',
    ...(verdict.why !== undefined && options.failedHere !== true
      ? [md.paragraph(verdict.why), '']
      : []),
    ...table,
    ...renderExamples(report, md),
    `Cost: ${report.cost.agentCalls} agent calls, ${report.cost.evaluatorScores} evaluator scores read.`,
    '',
    ...renderLinks(report, md),
    ...(options.broughtBack !== undefined
      ? [notEvaluatedAgain(md.code(options.broughtBack.slice(0, 8)), report.degraded === true), '']
      : []),
    ...report.notices.flatMap((notice) => [md.paragraph(notice), ''])
  ]
}

/**
 * Why the brought-back revision has no experiment of its own: it served before; the service's
 * trouble is a reason only when the service was degraded.
 */
function notEvaluatedAgain(revision: string, degraded: boolean): string {
  const cost = degraded
    ? ', and a second experiment would double the cost while the service is degraded'
    : ''
  return `Revision ${revision}, brought back by the rollback, was not evaluated again: it served before, and its earlier experiment still stands${cost}.`
}

/**
 * The gate in the PR comment: one line (its verdict, the keys that decided, against what, a link
 * in words), the table, examples and cost collapsed beneath it.
 */
export function renderGateLine(report: GateReport, md: Markdown, options: GateView = {}): string[] {
  const { verdict } = report.verdict
  const mark = verdict === 'passed' ? '✅' : verdict === 'skipped' ? '⏭️' : '❌'
  const deciding =
    verdict === 'passed' ? report.rows : report.rows.filter((row) => row.verdict !== 'pass')
  const baseline = baselineWords(report, md)
  const keys = deciding.map((row) => {
    const change =
      row.delta !== null ? `, ${signed(row.delta)} against ${baseline ?? 'the baseline'}` : ''
    const needs = threshold(row) === '—' ? '' : `, needs ${threshold(row)}`
    return `${md.cell(row.key)} ${meanOf(row)}${change}${needs}`
  })
  // The baseline is named beside each change; said once more only when no change names it.
  const against = deciding.some((row) => row.delta !== null)
    ? ''
    : baseline === undefined
      ? 'no baseline'
      : `against ${baseline}`
  const link = report.links.experiment
    ? ` ${md.linkAs('experiment ↗', report.links.experiment)}`
    : ''
  const said = [keys.join('; '), against].filter((part) => part).join(', ')
  const details = renderGate(report, md, options).slice(2)
  return [
    `**Evaluation gate:** ${mark} ${VERDICT_WORDS[verdict]}: ${said}.${link}`,
    '',
    "<details><summary>The gate's scores</summary>",
    '',
    ...details,
    '</details>',
    ''
  ]
}

function renderExamples(report: GateReport, md: Markdown): string[] {
  const { kind, rows } = report.examples
  if (rows.length === 0) return []
  const regressed = kind === 'regressed'
  const shown = rows.slice(0, MAX_EXAMPLES)
  return [
    regressed ? '#### Examples that regressed most' : '#### Lowest-scoring examples',
    '',
    regressed
      ? '| Example (first line) | Key | Score | Baseline | Change |'
      : '| Example (first line) | Key | Score |',
    regressed ? '|---|---|---|---|---|' : '|---|---|---|',
    ...shown.map((row) => {
      const line =
        row.firstLine.length > MAX_EXAMPLE_CHARS
          ? `${row.firstLine.slice(0, MAX_EXAMPLE_CHARS)}…`
          : row.firstLine
      const cells = [md.cell(line || row.exampleId), md.cell(row.key), number(row.score)]
      if (regressed) cells.push(number(row.baseline), signed(row.delta))
      return `| ${cells.join(' | ')} |`
    }),
    ''
  ]
}

function renderLinks(report: GateReport, md: Markdown): string[] {
  const { experiment, comparison } = report.links
  const links = [
    ...(experiment ? [md.linkAs('experiment ↗', experiment)] : []),
    ...(comparison ? [md.linkAs('comparison with the baseline ↗', comparison)] : [])
  ]
  return links.length > 0 ? [`Links: ${links.join(' · ')}`, ''] : []
}

/**
 * The gate's verdict in one short plain line, for the GitHub status's description and the
 * headline: the words and, on a miss, the keys that missed (keys are input names: letters,
 * digits, `_.:-`). The numbers are the reason's, said once, in words, under the headline.
 */
export function gateStatusLine(report: GateReport): string {
  const words = `gate ${VERDICT_WORDS[report.verdict.verdict]}`
  const missed = report.rows.filter((row) => row.verdict !== 'pass')
  if (report.verdict.verdict === 'passed' || missed.length === 0) return words
  const [first] = missed
  const more = missed.length > 1 ? ` and ${missed.length - 1} more` : ''
  return `${words} on ${(first?.key ?? '').slice(0, 40)}${more}`
}

/** The gate's table in the log, a line per key (the log redacts and escapes each line). */
export function gateLogLines(report: GateReport): string[] {
  return [
    `Evaluation gate ${VERDICT_WORDS[report.verdict.verdict]}: ${report.runs} runs, ${report.errors} failed; ${report.cost.agentCalls} agent calls, ${report.cost.evaluatorScores} evaluator scores.`,
    ...report.rows.map(
      (row) =>
        `  ${row.key}: mean ${number(row.mean)} (n ${row.n}), baseline ${number(row.baseline)}, change ${signed(row.delta)} on ${compared(row.compared)}, threshold ${threshold(row)}: ${row.verdict}`
    )
  ]
}

const SCORE_FIELDS = ['mean', 'n', 'baseline', 'delta', 'compared', 'verdict'] as const

/**
 * `eval-scores`: a JSON object keyed by feedback keys (the gate writes only the keys the inputs
 * named, which have FEEDBACK_KEY's shape), each `{mean, n, baseline, delta, compared, verdict}`
 * holding numbers, null and the fixed words only; never `pass` beside a null mean.
 */
const evalScores: OutputShape = (value) => {
  const scores = parseJson(value)
  if (scores === undefined) return { problem: 'it is not JSON' }
  if (typeof scores !== 'object' || scores === null || Array.isArray(scores))
    return { problem: 'it is not a JSON object' }
  for (const [key, row] of Object.entries(scores)) {
    if (!FEEDBACK_KEY.test(key)) return { problem: 'it holds a key that is not a feedback key' }
    if (typeof row !== 'object' || row === null || Array.isArray(row))
      return { problem: `its ${key} is not an object` }
    const fields = Object.keys(row)
    if (fields.length !== SCORE_FIELDS.length || !SCORE_FIELDS.every((f) => fields.includes(f)))
      return { problem: `its ${key} does not hold exactly ${SCORE_FIELDS.join(', ')}` }
    const { mean, n, baseline, delta, compared, verdict } = row as Record<string, unknown>
    if (
      ![mean, baseline, delta].every(numberOrNull) ||
      !Number.isInteger(n) ||
      !(compared === null || Number.isInteger(compared))
    )
      return { problem: `its ${key} holds a value that is not a number or null` }
    if (!KEY_VERDICTS.includes(verdict)) return { problem: `its ${key} has an unknown verdict` }
    if (verdict === 'pass' && mean === null) return { problem: `its ${key} passes without a mean` }
  }
  return { value }
}

/** The evaluation gate's renderer row. */
export const gateRender = {
  words: 'evaluation gate',
  failedPhrase: (gate) => `evaluation ${gateStatusLine(gate)}`,
  summary: (gate, { md, broughtBack, failedHere }) =>
    renderGate(gate, md, { broughtBack, failedHere }),
  comment: (gate, { md, broughtBack, failedHere }) =>
    renderGateLine(gate, md, { broughtBack, failedHere }),
  status: (gate) => gateStatusLine(gate),
  outputs: (gate) => gate.outputs,
  shapes: {
    'eval-passed': flag,
    'experiment-id': uuid,
    'baseline-experiment-id': uuid,
    'eval-scores': evalScores
  }
} satisfies StepRender<GateReport, keyof GateReport['outputs']>
