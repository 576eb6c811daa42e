import { plainHeadline } from './headline'
import { markdownFor } from './markdown'
import type { Redactor } from './redact'
import type { ReportModel } from './report-model'
import { payloadRows } from './step-rows'

/** GitHub's limit for a deployment status description. */
export const MAX_DESCRIPTION = 140

/**
 * The GitHub deployment status's description: the headline's words as plain text (GitHub shows
 * the state beside it, so no mark) and the gate's verdict, redacted, on one line, at most 140
 * characters.
 */
export function statusDescription(
  model: Pick<ReportModel, 'headline' | 'payloads' | 'failedCheck'>,
  redact: Redactor
): string {
  // A step's verdict in a few words beside the headline (the gate's); the step that failed the
  // run says it once, in the headline, with what it read.
  const beside = payloadRows(model.payloads).flatMap(({ name, row, payload }) =>
    row.status && model.failedCheck?.check !== name ? [`; ${row.status(payload)}`] : []
  )
  return markdownFor(redact).plain(`${plainHeadline(model)}${beside.join('')}`, MAX_DESCRIPTION)
}
