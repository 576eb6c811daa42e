import type { AfterDeployChecks, CheckName, CheckVerdict } from '../result'

/** Each check as a user knows it, in the summary, the PR comment and the GitHub status. */
export const CHECK_WORDS: Record<CheckName, string> = {
  serving: 'serving check',
  info: 'agent /info',
  assistant: 'assistant',
  run: 'test run',
  a2a: 'A2A',
  suite: 'smoke suite',
  eval: 'evaluation gate',
  commit: 'commit check'
}

/** The names the checks report in `passed` and `skipped` ("info: why"). */
const LEGACY_NAMES: Record<string, CheckName> = {
  serving: 'serving',
  info: 'info',
  assistant: 'assistant',
  run: 'run',
  a2a: 'a2a',
  'smoke suite': 'suite'
}

/**
 * Which check a failure's sentence is about, for checks that report no verdicts yet: the agent
 * checks name themselves (`Agent check "run" failed`), the others say what they read.
 */
function checkOfSentence(text: string, checks: AfterDeployChecks): CheckName | undefined {
  const named = /^Agent check "(\w+)"/.exec(text)?.[1]
  if (named !== undefined && named in LEGACY_NAMES) return LEGACY_NAMES[named]
  if (checks.suite && checks.suite.passed < checks.suite.required) return 'suite'
  if (/GET \/info/.test(text)) return 'info'
  if (/active_revision_id|serving check/.test(text)) return 'serving'
  if (/commit/i.test(text)) return 'commit'
  if (/verify-assistant/.test(text)) return 'assistant'
  return undefined
}

/** A check's verdict as people read it: the check in words. */
export interface CheckInWords {
  name: string
  verdict: CheckVerdict['verdict']
  why?: string
}

/**
 * Every check's verdict in words, in the order they ran: the checks' own verdicts when they give
 * them, else read from what they passed, skipped and why they failed.
 */
export function checksInWords(checks: AfterDeployChecks): CheckInWords[] {
  if (checks.verdicts)
    return checks.verdicts.map((verdict) => ({ ...verdict, name: CHECK_WORDS[verdict.check] }))
  const verdicts: CheckInWords[] = []
  for (const name of checks.passed) {
    const check = LEGACY_NAMES[name]
    if (check) verdicts.push({ name: CHECK_WORDS[check], verdict: 'passed' })
  }
  for (const skipped of checks.skipped ?? []) {
    const [name = '', ...why] = skipped.split(': ')
    const check = LEGACY_NAMES[name]
    if (check) verdicts.push({ name: CHECK_WORDS[check], verdict: 'skipped', why: why.join(': ') })
  }
  for (const [verdict, why] of [
    ['failed', checks.failure],
    ['inconclusive', checks.inconclusive]
  ] as const) {
    if (why === undefined) continue
    const check = checkOfSentence(why, checks)
    verdicts.push({ name: check ? CHECK_WORDS[check] : 'a check', verdict, why })
  }
  return verdicts
}
