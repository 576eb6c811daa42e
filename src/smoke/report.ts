import { formatDuration } from '../lib/duration'
import type { SuiteReport } from '../result'
import type { Markdown, Redactor, StepRender } from '../report-kit/render'
import { count } from '../report-kit/shapes'

/** Characters of a reply's (or reference's) first line in the table. */
const MAX_CELL = 200

/**
 * The smoke suite in the job summary: the pass count, the latency median and 95th percentile,
 * and a row per case with the first line of its reply (redacted before it is cut and escaped).
 */
export function renderSuite(
  suite: SuiteReport,
  md: Markdown,
  redact: Redactor,
  /** Whose suite it is when the summary shows two: "after the rollback". */
  which?: string,
  /** The headline says the count already (the suite failed the run): the table does not again. */
  countInHeadline = false
): string[] {
  const firstLine = (text: string | undefined) =>
    text === undefined ? '—' : md.cell(redact.cut(redact(text).split(/\r?\n/)[0] ?? '', MAX_CELL))
  const withReference = suite.cases.some((result) => result.reference !== undefined)
  const withLatency = suite.cases.some((result) => result.latencyMs !== undefined)
  // Failed cases first, each group in the file's order.
  const cases = [
    ...suite.cases.filter((result) => !result.passed),
    ...suite.cases.filter((result) => result.passed)
  ]
  const latency =
    suite.medianMs === undefined
      ? 'No case was answered.'
      : `Latency: median ${seconds(suite.medianMs)}, 95th percentile ${seconds(suite.p95Ms ?? suite.medianMs)}.`
  const revision = `Revision ${md.code(suite.revisionId.slice(0, 8))}`
  return [
    countInHeadline
      ? `### Smoke suite${which ? ` ${which}` : ''}: the cases`
      : `### Smoke suite${which ? ` ${which}` : ''}: ${passCount(suite)}`,
    '',
    countInHeadline
      ? `${revision}. ${latency}`
      : `${revision}; smoke.min-pass asks for ${suite.required}. ${latency}`,
    '',
    `| Case | Verdict |${withLatency ? ' Latency |' : ''} Reply (first line) |${withReference ? ' Reference |' : ''}`,
    `|---|---|${withLatency ? '---|' : ''}---|${withReference ? '---|' : ''}`,
    ...cases.map((result) => {
      const verdict = result.passed ? '✅ passed' : `❌ ${md.cell(result.failure ?? 'failed')}`
      const cells = [md.cell(result.name), verdict]
      if (withLatency) cells.push(result.latencyMs === undefined ? '—' : seconds(result.latencyMs))
      cells.push(firstLine(result.reply))
      if (withReference) cells.push(firstLine(result.reference))
      return `| ${cells.join(' | ')} |`
    }),
    ''
  ]
}

function seconds(ms: number): string {
  return formatDuration(ms, 'fine')
}

/** Failed cases the reason names before the rest are counted. */
const MAX_FAILED_NAMED = 5

/**
 * The failed cases in one line (raw text, each renderer escapes it), the reason a failed suite
 * gives under the headline that counts them: each name and why it failed (its first line), the
 * first few only and the rest counted; undefined when none failed.
 */
export function failedCasesText(suite: SuiteReport): string | undefined {
  const failed = suite.cases.filter((result) => !result.passed)
  if (failed.length === 0) return undefined
  const named = failed.slice(0, MAX_FAILED_NAMED).map((result) => {
    // Not cut here: a cut before redaction could leave half a secret; each renderer cuts after.
    return `${result.name}: ${(result.failure ?? 'failed').split(/\r?\n/)[0] ?? ''}`
  })
  const more = failed.length - named.length
  return `${named.join('; ')}${more > 0 ? `; and ${more} more` : ''}`
}

/** "8 of 10 cases passed": the suite's verdict in the log, the summary, the PR comment and GitHub. */
export function passCount(report: SuiteReport): string {
  return `${report.passed} of ${report.cases.length} case${report.cases.length === 1 ? '' : 's'} passed`
}

/** The smoke suite's renderer row. */
export const suiteRender = {
  words: 'smoke suite',
  failedPhrase: (suite) =>
    `smoke suite ${suite.passed}/${suite.cases.length} (needs ${suite.share === undefined ? '' : suite.share === '100%' ? 'all ' : `${suite.share}: `}${suite.required})`,
  failedReason: (suite) => failedCasesText(suite),
  summaryReason: (suite, { md, redact }) => renderSuite(suite, md, redact, undefined, true),
  summary: (suite, { md, redact, afterRollback }) =>
    renderSuite(suite, md, redact, afterRollback ? 'after the rollback' : undefined),
  outputs: (suite) => ({
    'cases-passed': String(suite.passed),
    'cases-failed': String(suite.failed)
  }),
  shapes: { 'cases-passed': count, 'cases-failed': count }
} satisfies StepRender<SuiteReport, 'cases-passed' | 'cases-failed'>
