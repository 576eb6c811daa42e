import type { CheckVerdict } from '../result'
import type { CheckName, StepChecks } from '../step-payloads'
import { payloadRow, STEP_ROWS } from './step-rows'

/** A check's verdict as people read it: the check in words, its name for decisions. */
export interface CheckInWords {
  check: CheckName
  name: string
  verdict: CheckVerdict['verdict']
  why?: string
  /** A pass with a warning (its row's `warned`): a risk let through, not a clean pass. */
  warned?: boolean
}

/** Every check's verdict in words, in the order the check runner ran them. */
export function checksInWords(
  checks: Pick<StepChecks, 'verdicts'> & Partial<Pick<StepChecks, 'payloads'>>
): CheckInWords[] {
  // What the check saw, when it says so apart from the log's sentence: the name stands beside it.
  return checks.verdicts.map(({ saw, ...verdict }) => {
    const row = payloadRow(checks.payloads, verdict.check)
    const warned = verdict.verdict === 'passed' && row?.row.warned?.(row.payload) === true
    return {
      ...verdict,
      name: STEP_ROWS[verdict.check].words,
      ...(saw !== undefined ? { why: saw } : {}),
      ...(warned && { warned })
    }
  })
}
