import { gateStatusLine } from './gate'
import { plainHeadline } from './headline'
import { markdownFor } from './markdown'
import type { Redactor } from './redact'
import type { ReportModel } from './report-model'

/** GitHub's limit for a deployment status description. */
export const MAX_DESCRIPTION = 140

/**
 * The GitHub deployment status's description: the headline's words as plain text (GitHub shows
 * the state beside it, so no mark) and the gate's verdict, redacted, on one line, at most 140
 * characters.
 */
export function statusDescription(
  model: Pick<ReportModel, 'headline' | 'gate'>,
  redact: Redactor
): string {
  // The gate's verdict in one line beside the headline, which names it only when it failed.
  const gate = model.gate ? `; ${gateStatusLine(model.gate)}` : ''
  return markdownFor(redact).plain(`${plainHeadline(model)}${gate}`, MAX_DESCRIPTION)
}
