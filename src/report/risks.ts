import { overwroteHandEdit } from '../assistants/report'
import type { Markdown } from './markdown'
import { policyRiskLine } from './policy-text'
import type { Redactor } from './redact'
import type { ReportModel } from './report-types'
import { strandedLine } from '../threads/report'

/** ⚠️ lines under the headline, at the most. */
const MAX_RISKS = 3

/**
 * The ⚠️ lines under the headline: each a risk the run let through, naming its first case and
 * counting the rest (What people see, "Under the headline"). The mark stays the run's.
 */
export function riskLines(
  model: Pick<ReportModel, 'payloads' | 'rollback' | 'policy'>,
  md: Markdown,
  redact: Redactor
): string[] {
  // In the spec's order: the release policy made weaker, parked threads stranded, a hand edit
  // written over.
  const lines = [
    policyRiskLine(model.policy, md),
    strandedLine(model.payloads.threads, model.rollback?.payloads.threads, md),
    handEditsWrittenOver(model, md, redact)
  ].filter((line): line is string => line !== undefined)
  return lines.slice(0, MAX_RISKS).flatMap((line) => [line, ''])
}

/**
 * Assistants whose hand edit this run wrote over, unless a rollback put the edit back: "⚠️ a
 * hand edit to an assistant was written over: `billing` (`config.configurable.temperature`),
 * and 1 more".
 */
function handEditsWrittenOver(
  model: Pick<ReportModel, 'payloads' | 'rollback'>,
  md: Markdown,
  redact: Redactor
): string | undefined {
  const restored = new Set(
    (model.rollback?.payloads.assistants?.rows ?? [])
      .filter((row) => row.result === 'restored')
      .map((row) => row.id)
  )
  const over = (model.payloads.assistants?.rows ?? []).filter(
    (row) => overwroteHandEdit(row) && !restored.has(row.id)
  )
  const [first] = over
  if (!first) return undefined
  const paths = (first.overwritten ?? []).map((path) => md.code(redact(path))).join(', ')
  const more = over.length > 1 ? `, and ${over.length - 1} more` : ''
  return `⚠️ A hand edit to an assistant was written over: ${md.code(redact(first.name))} (${paths})${more}.`
}
