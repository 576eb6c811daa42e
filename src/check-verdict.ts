// What a check after DEPLOYED concludes: below the result, the check runner and the evaluation
// gate, which all speak of it.

/**
 * A check's verdict: `inconclusive` is "could not conclude" (never a pass); `skipped` is for
 * what the service cannot tell.
 */
export type CheckVerdictKind = 'passed' | 'failed' | 'inconclusive' | 'skipped'

/** A step's verdict; `Name` is the steps' names (./step-payloads.ts's CheckName). */
export interface CheckVerdict<Name extends string = string> {
  check: Name
  verdict: CheckVerdictKind
  /** Why, as a sentence (a failure, what could not be read, why it was skipped). */
  why?: string
  /**
   * What the check saw, said once for people (the report): without the check's name, which the
   * report shows beside it, nor the log's note on outputs. `why` stays the log's full sentence.
   */
  saw?: string
}
