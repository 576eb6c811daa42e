import type { CheckName } from '../step-payloads'
import type { Markdown } from './markdown'
import { policyRiskLine } from './policy-text'
import type { Redactor } from './redact'
import type { ReportModel } from './report-types'
import { STEP_ROWS, type StepRender } from './step-rows'

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
  // In the spec's order: the release policy made weaker, then each step's (its row's order:
  // parked threads stranded, a hand edit written over).
  const steps = (Object.keys(STEP_ROWS) as CheckName[])
    .flatMap((name) => {
      // The row of a name reads that name's payloads (step-rows.ts pairs them).
      const { risk } = STEP_ROWS[name] as StepRender<unknown>
      if (risk === undefined) return []
      const line = risk.line(model.payloads[name], model.rollback?.payloads[name], md, redact)
      return line === undefined ? [] : [{ order: risk.order, line }]
    })
    .sort((one, other) => one.order - other.order)
  const lines = [policyRiskLine(model.policy, md), ...steps.map(({ line }) => line)].filter(
    (line): line is string => line !== undefined
  )
  return lines.slice(0, MAX_RISKS).flatMap((line) => [line, ''])
}
