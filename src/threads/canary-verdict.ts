import type { CanariesParked, CanaryVerdict } from './canary'
import { someOf } from './payload'
import type { ThreadsOutcome } from './run'
import type { ThreadsSettings } from './section'

// What the canaries mean for the step: before the write, a case that could not park cannot test
// the release (with `fail` the step fails before the write, naming it; with `warn` it is left
// out); after `DEPLOYED`, a failed canary is a failed check like an incompatible thread.

/** Before the write: why the step refuses, if it does, and the notices of cases left out. */
export function canariesBeforeWrite(
  settings: ThreadsSettings,
  canaries: CanariesParked
): { refuse?: string; notices: string[] } {
  const unusable = [...canaries.didNotPark, ...canaries.failed]
  if (unusable.length === 0) return { notices: [] }
  const named = someOf(unusable.map((canary) => `${canary.name} (${canary.why})`))
  if (settings.onIncompatible === 'fail')
    return {
      refuse: `threads.canary: ${unusable.length} case(s) could not park on the serving revision, so they cannot test the release: ${named}`,
      notices: []
    }
  return { notices: [`threads.canary: left out, as they could not park: ${named}`] }
}

/** After `DEPLOYED`: the check's outcome with the canaries' verdicts in it. */
export function withCanaries(
  settings: ThreadsSettings,
  outcome: ThreadsOutcome,
  verdicts: readonly CanaryVerdict[],
  phase: 'deploy' | 'rollback' = 'deploy'
): ThreadsOutcome {
  const failed = verdicts.filter((verdict) => verdict.verdict === 'fail')
  const soft = settings.onIncompatible === 'warn' || phase === 'rollback'
  const payload = outcome.payload && {
    ...outcome.payload,
    canary: verdicts.map((verdict) => ({
      name: verdict.name,
      verdict:
        verdict.verdict === 'pass'
          ? ('pass' as const)
          : soft
            ? ('warn' as const)
            : ('fail' as const),
      ...(verdict.reply !== undefined && { reply: verdict.reply }),
      ...(verdict.verdict !== 'pass' && verdict.why !== undefined && { why: verdict.why })
    }))
  }
  if (failed.length === 0)
    return {
      ...outcome,
      ...(verdicts.length > 0 && {
        why: `${outcome.why ?? 'parked threads judged'}; threads.canary: ${verdicts.length} passed`
      }),
      ...(payload && { payload })
    }
  const why = `threads.canary: ${failed.length} of ${verdicts.length} failed: ${someOf(failed.map((verdict) => `${verdict.name} (${verdict.why ?? 'failed'})`))}`
  if (soft)
    return {
      ...outcome,
      warnings: [...outcome.warnings, why],
      ...(payload && {
        payload: { ...payload, verdict: payload.verdict === 'pass' ? 'warn' : payload.verdict }
      })
    }
  return {
    verdict: 'failed',
    why: outcome.verdict === 'failed' && outcome.why ? `${outcome.why}; ${why}` : why,
    warnings: outcome.warnings,
    ...(payload && { payload: { ...payload, verdict: 'fail' } })
  }
}
