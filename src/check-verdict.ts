// What a check after DEPLOYED concludes: below the result, the check runner and the evaluation
// gate, which all speak of it.

/** A check after DEPLOYED, in the order the check runner runs them. */
export type CheckName =
  'serving' | 'commit' | 'info' | 'assistant' | 'run' | 'a2a' | 'suite' | 'gate'

/**
 * A check's verdict: `inconclusive` is "could not conclude" (never a pass); `skipped` is for
 * what the service cannot tell.
 */
export type CheckVerdictKind = 'passed' | 'failed' | 'inconclusive' | 'skipped'

export interface CheckVerdict {
  check: CheckName
  verdict: CheckVerdictKind
  /** Why, as a sentence (a failure, what could not be read, why it was skipped). */
  why?: string
  /**
   * What the check saw, said once for people (the report): without the check's name, which the
   * report shows beside it, nor the log's note on outputs. `why` stays the log's full sentence.
   */
  saw?: string
}
