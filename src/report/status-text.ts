import { plainHeadline } from './headline'
import { markdownFor } from './markdown'
import type { Redactor } from './redact'
import type { ReportModel } from './report-model'

/** GitHub's limit for a deployment status description. */
export const MAX_DESCRIPTION = 140

/**
 * The GitHub deployment status's description: the headline's words as plain text (GitHub shows
 * the state beside it, so no mark), redacted, on one line, at most 140 characters.
 */
export function statusDescription(model: Pick<ReportModel, 'headline'>, redact: Redactor): string {
  return markdownFor(redact).plain(plainHeadline(model), MAX_DESCRIPTION)
}
