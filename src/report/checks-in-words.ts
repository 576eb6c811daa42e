import type { CheckVerdict } from '../result'
import type { CheckName, StepChecks } from '../step-payloads'
import { STEP_ROWS } from './step-rows'

/** A check's verdict as people read it: the check in words, its name for decisions. */
export interface CheckInWords {
  check: CheckName
  name: string
  verdict: CheckVerdict['verdict']
  why?: string
}

/** Every check's verdict in words, in the order the check runner ran them. */
export function checksInWords(checks: Pick<StepChecks, 'verdicts'>): CheckInWords[] {
  // What the check saw, when it says so apart from the log's sentence: the name stands beside it.
  return checks.verdicts.map(({ saw, ...verdict }) => ({
    ...verdict,
    name: STEP_ROWS[verdict.check].words,
    ...(saw !== undefined ? { why: saw } : {})
  }))
}
