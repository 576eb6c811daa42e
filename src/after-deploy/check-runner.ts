import type { ControlPlaneClient } from '../control-plane/client'
import type { Dispatcher } from '../control-plane/transport'
import type { GateForCheck, GateReport, WorkflowFacts } from '../evaluation'
import type { Config } from '../inputs/parse'
import { CancelledError, type DeployIo } from '../operations/deps'
import type {
  AfterDeployChecks,
  CheckName,
  CheckVerdict,
  CheckVerdictKind,
  DeployResult,
  SuiteReport
} from '../result'

/** What a check after DEPLOYED is given: the revision, the inputs, the run's means and deadline. */
export interface CheckContext {
  /** The DEPLOYED result whose revision is checked. */
  result: DeployResult
  deploymentId: string
  revisionId: string
  config: Config
  client: ControlPlaneClient
  io: DeployIo
  /** The agent server is reached through this (proxies). */
  dispatcher?: Dispatcher
  signal?: AbortSignal
  now: () => number
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>
  /** The run's deadline (or the rollback's): every check ends by it. */
  deadline: number
  /**
   * The end of `verify-timeout` for /info and the agent checks, fixed when the first of them
   * asks (never past `deadline`).
   */
  agentDeadline(): number
  /** `eval-dataset`: the gate planned before the write, or why it is skipped for this revision. */
  gate?: GateForCheck
  /** The workflow's commit and run, for the experiment's metadata. */
  workflow?: WorkflowFacts
}

/** A check's verdict, and what it read that the report shows. */
export interface CheckOutcome {
  verdict: CheckVerdictKind
  why?: string
  /** What it saw, for the report (CheckVerdict.saw). */
  saw?: string
  reply?: string
  a2aReply?: string
  suite?: SuiteReport
  gate?: GateReport
}

/** One row of the runner's list. */
export interface CheckEntry {
  check: CheckName
  /** Whether the inputs (or the operation) ask for this check; a check not asked for has no verdict. */
  asked(context: CheckContext): boolean
  /** Never throws for what a server does: a verdict, with why. */
  run(context: CheckContext): Promise<CheckOutcome>
  /** The spec's table ("Checks that cannot conclude"): whether its "could not conclude" rolls back. */
  inconclusiveRollsBack: boolean
  /** The stop table: the verdicts of this check after which no later check runs. */
  stopsLaterOn: readonly CheckVerdictKind[]
}

/**
 * Runs the checks of `list` that are asked for, in its order, until one's verdict stops the
 * rest. The only place a cancellation passes through: an aborted signal is never a verdict (not
 * even one a check made of the abort); it rejects with the CancelledError the signal carries.
 * A check that throws anything else could not conclude.
 */
export async function runChecks(
  list: readonly CheckEntry[],
  context: CheckContext
): Promise<AfterDeployChecks> {
  const checks: AfterDeployChecks = { verdicts: [] }
  for (const entry of list) {
    if (!entry.asked(context)) continue
    throwIfCancelled(context.signal)
    let outcome: CheckOutcome
    try {
      outcome = await entry.run(context)
    } catch (error) {
      throwIfCancelled(context.signal)
      const message = error instanceof Error ? error.message : String(error)
      outcome = {
        verdict: 'inconclusive',
        why: `The ${entry.check} check could not be made: ${message}`
      }
    }
    throwIfCancelled(context.signal)
    const verdict: CheckVerdict = { check: entry.check, verdict: outcome.verdict }
    if (outcome.why !== undefined) verdict.why = outcome.why
    if (outcome.saw !== undefined) verdict.saw = outcome.saw
    checks.verdicts.push(verdict)
    if (outcome.reply !== undefined) checks.reply = outcome.reply
    if (outcome.a2aReply !== undefined) checks.a2aReply = outcome.a2aReply
    if (outcome.suite !== undefined) checks.suite = outcome.suite
    if (outcome.gate !== undefined) checks.gate = outcome.gate
    if (entry.stopsLaterOn.includes(outcome.verdict)) break
  }
  return checks
}

/**
 * Whether the verdicts are ground for a rollback: a check failed, or one could not conclude
 * whose row of `list` says it rolls back.
 */
export function checksRollBack(
  list: readonly CheckEntry[],
  checks: AfterDeployChecks | undefined
): boolean {
  return (checks?.verdicts ?? []).some(
    ({ check, verdict }) =>
      verdict === 'failed' ||
      (verdict === 'inconclusive' &&
        list.find((entry) => entry.check === check)?.inconclusiveRollsBack === true)
  )
}

/** Rejects with the signal's CancelledError once the run is cancelled. */
function throwIfCancelled(signal: AbortSignal | undefined): void {
  if (!signal?.aborted) return
  throw signal.reason instanceof CancelledError ? signal.reason : new CancelledError('abort')
}
