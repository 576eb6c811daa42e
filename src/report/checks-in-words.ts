import type { AfterDeployChecks, CheckName, CheckVerdict } from '../result'

/** Each check as a user knows it, in the summary, the PR comment and the GitHub status. */
export const CHECK_WORDS: Record<CheckName, string> = {
  serving: 'serving check',
  info: 'agent /info',
  assistant: 'assistant',
  run: 'test run',
  a2a: 'A2A',
  suite: 'smoke suite',
  gate: 'evaluation gate',
  commit: 'commit check'
}

/** A check's verdict as people read it: the check in words. */
export interface CheckInWords {
  name: string
  verdict: CheckVerdict['verdict']
  why?: string
}

/** Every check's verdict in words, in the order the check runner ran them. */
export function checksInWords(checks: AfterDeployChecks): CheckInWords[] {
  // What the check saw, when it says so apart from the log's sentence: the name stands beside it.
  return checks.verdicts.map(({ saw, ...verdict }) => ({
    ...verdict,
    name: CHECK_WORDS[verdict.check],
    ...(saw !== undefined ? { why: saw } : {})
  }))
}
