import type { Config } from '../inputs/parse'
import { CancelledError, type DeployIo } from '../operations/deps'
import type { CheckVerdict, CheckVerdictKind } from '../result'
import { pastJobLimit, sharedDeadlines, stepDeadline } from '../run/deadlines'
import type { CheckName, StepChecks } from '../step-payloads'
import type { StepRow as DefinedRow } from '../step-kit/define'
import { progressThrottle } from './step-progress'
import { StoppedBeforeWrite } from '../operations/deps'
import type {
  DeployedRevision,
  DeploymentAsRead,
  Prepared,
  Refusal,
  Step,
  StepContext,
  StepInput,
  StepOutcome
} from '../step-kit/step'

/** A row of the list as the runner reads it: the run's config has what each step reads. */
export type StepRow = DefinedRow<CheckName, unknown, Config>

/** What the steps of a phase are given, and what the runner keeps beside it (the run's io). */
export interface FrameContext extends StepContext {
  /** The log, and the facts an operation reports (a step's progress). */
  io: DeployIo
}

/** One step of one run: its work before the write, and its run on each DEPLOYED revision. */
export interface OpenStep {
  /** Its reads before the write, its plan said (and on a dry run, what it did not write). */
  /** Its reads before the write; resolves to its plan in lines (logged), none when it has none. */
  prepare(read: DeploymentAsRead): Promise<string[]>
  /** Its writes before the write, once every step read (never on a dry run). */
  prepareWrites(): Promise<void>
  /** Once the run ends, whatever happened: what its writes before the write left (Step.finish). */
  finish(): Promise<void>
  /** Its run on `revision`; undefined when it is not asked for that revision. */
  runOn(revision: DeployedRevision, phase: RevisionPhase): (() => Promise<StepOutcome>) | undefined
  /** A rollback begins: what the step says of the revision it brings back, when it skips it. */
  broughtBack(checks: StepChecks | undefined, toRevisionId: string): string | undefined
  /** Its restore on a brought-back revision, given its payload on this run's; undefined: none. */
  restore(
    ran: unknown,
    revision: DeployedRevision,
    phase: RevisionPhase
  ): (() => Promise<StepOutcome>) | undefined
}

/** Where a revision's steps run: this run's phase, or a rollback's (its own context). */
export interface Phase {
  context: FrameContext
  /** Steps skipped on a brought-back revision, and why (OpenStep.broughtBack). */
  skipped?: Partial<Record<CheckName, string>>
  /** The verdicts of the steps that restored on this (brought-back) revision: not run again. */
  restored?: StepChecks
}

/** A phase on one revision: the budgets its steps share (`agent.timeout`), the run's progress. */
interface RevisionPhase extends Phase {
  sharedDeadline(input: string, ms: number): number
  progress: ReturnType<typeof progressThrottle>
}

/** One row of the list opened for one run: its step with its own types. */
function openRow(row: StepRow, config: Config, context: FrameContext): OpenStep {
  return row.open((step) => openStep(step, config, context))
}

function openStep<Need, P>(
  step: Step<CheckName, Need, P | undefined, unknown, Config>,
  config: Config,
  context: FrameContext
): OpenStep {
  const opened = step.needs(config)
  // An operation that brings a revision back itself: the step restores there, and prepares
  // nothing.
  const restoring =
    step.restore !== undefined && (step.restoresUnder ?? []).includes(config.operation)
  const skippedUnder = step.skippedUnder?.[config.operation]
  const under = skippedUnder?.why
  if (skippedUnder && opened !== undefined) context.log.notice(skippedUnder.notice)
  // A step without a prepare has read all it needs (nothing); one with a prepare, only
  // once its prepare ran: until then it neither runs nor undoes.
  let prepared: Exclude<Prepared<P | undefined>, { refused: Refusal }> | undefined =
    step.prepare && !restoring ? undefined : { prepared: undefined }
  // Whether its writes before the write began: only then has it anything to finish.
  let wrote = false
  const inputFor = (
    need: Need,
    read: P | undefined,
    revision: DeployedRevision,
    phase: RevisionPhase
  ): StepInput<Need, P | undefined> => {
    const { clock } = phase.context
    const deadline = stepDeadline(clock, step.name, config, phase.context.deadline.at)
    return {
      need,
      prepared: read,
      revision,
      context: { ...phase.context, progress: phase.progress(phase.context.io, revision) },
      deadline: step.deadline ? step.deadline(deadline, phase.context) : deadline,
      sharedDeadline: phase.sharedDeadline
    }
  }
  return {
    async prepare(deployment) {
      if (opened === undefined || under !== undefined || !step.prepare || restoring) return []
      const read = await step.prepare(opened, deployment, context)
      if ('refused' in read) throw refusedBeforeWrite(read.refused)
      prepared = read
      if (!('prepared' in read)) return []
      const plan = read.plan ?? []
      plan.forEach((line) => context.log.info(line))
      if (config.dryRun && step.dryRun) context.log.info(step.dryRun)
      return plan
    },
    async prepareWrites() {
      if (!prepared || !('prepared' in prepared) || !step.prepareWrites) return
      wrote = true
      const written = await step.prepareWrites(prepared.prepared, context)
      if ('refused' in written) throw refusedBeforeWrite(written.refused)
      prepared = written
    },
    async finish() {
      if (!wrote || !step.finish || !prepared || !('prepared' in prepared)) return
      await step.finish(prepared.prepared, context)
    },
    runOn(revision, phase) {
      const need = step.needs(config, revision)
      if (need === undefined) return undefined
      const skipped =
        phase.skipped?.[step.name] ??
        under ??
        (prepared && 'skipped' in prepared ? prepared.skipped : undefined)
      if (skipped !== undefined) return async () => ({ verdict: 'skipped', why: skipped })
      // A step that reads before the write runs only on what it read.
      if (prepared === undefined || !('prepared' in prepared)) return undefined
      const input = inputFor(need, prepared.prepared, revision, phase)
      const { restore } = step
      if (restoring && restore) return () => restore(input)
      return () => step.run(input)
    },
    broughtBack(checks, toRevisionId) {
      // A step this run did not ask for has nothing to say about the brought-back revision.
      if (step.broughtBack === 'again' || opened === undefined) return undefined
      const ran = checks?.payloads[step.name] !== undefined
      // A step that restores does so when it ran, and is skipped when it did not.
      if (ran === (step.restore !== undefined)) return undefined
      const why = step.broughtBack.skipped(toRevisionId)
      context.log.notice(step.broughtBack.notice(why))
      return why
    },
    restore(ran, revision, phase) {
      const need = step.needs(config, revision)
      const { restore } = step
      if (need === undefined || !restore || ran === undefined) return undefined
      if (prepared === undefined || !('prepared' in prepared)) return undefined
      const input = inputFor(need, prepared.prepared, revision, phase)
      return () => restore({ ...input, ran })
    }
  }
}

/** A step's refusal before the write, as the run ends on it: nothing was deployed. */
function refusedBeforeWrite(refusal: Refusal): StoppedBeforeWrite {
  return new StoppedBeforeWrite(refusal.message, refusal.refused)
}

/** The steps of the list one run asks for, opened once before its write. */
export interface StepsOfRun {
  /**
   * The before-write phase: every step's prepare, in list order, then (unless a dry run) every
   * step's writes before the write, in list order. Resolves to the steps' plan in lines.
   */
  beforeWrite(read: DeploymentAsRead): Promise<string[]>
  /** Once the run ends, whatever happened: each step's finish, in list order. */
  finish(): Promise<void>
  /** The steps on one DEPLOYED revision. Rejects with the CancelledError of a cancel. */
  check(revision: DeployedRevision, phase: Phase): Promise<StepChecks>
  /** A rollback begins: the steps that skip the revision it brings back, and why. */
  broughtBack(checks: StepChecks | undefined, toRevisionId: string): Phase['skipped']
  /**
   * The revision a rollback brought back is DEPLOYED: what the steps that wrote on this run's
   * revision put back, in reverse order, before its checks (Phase.restored). Rejects with the
   * CancelledError of a cancel.
   */
  restore(
    checks: StepChecks | undefined,
    revision: DeployedRevision,
    phase: Phase
  ): Promise<StepChecks>
}

export function openSteps(
  list: readonly StepRow[],
  config: Config,
  context: FrameContext
): StepsOfRun {
  const opened = list.map((row) => ({ row, step: openRow(row, config, context) }))
  const progress = progressThrottle(context.clock)
  return {
    async beforeWrite(read) {
      // Every step reads first, so that one refusing leaves nothing written by another.
      const plan: string[] = []
      for (const { step } of opened) plan.push(...(await step.prepare(read)))
      warnPastJobLimit(config, context)
      if (config.dryRun) return plan
      for (const { step } of opened) await step.prepareWrites()
      return plan
    },
    async finish() {
      for (const { step } of opened) await step.finish()
    },
    check: (revision, phase) => runSteps(opened, revision, onRevision(phase, progress)),
    broughtBack(checks, toRevisionId) {
      const skipped: Partial<Record<CheckName, string>> = {}
      for (const { row, step } of opened) {
        const why = step.broughtBack(checks, toRevisionId)
        if (why !== undefined) skipped[row.name] = why
      }
      return skipped
    },
    async restore(checks, revision, phase) {
      const onIt = onRevision(phase, progress)
      const restores = [...opened].reverse().map(({ row, step }) => ({
        row,
        run: step.restore(checks?.payloads[row.name], revision, onIt)
      }))
      return collect(restores, onIt.context.signal, { verdicts: [], payloads: {} })
    }
  }
}

/** The phase on one revision: the budgets its steps share, each fixed at first use. */
function onRevision(phase: Phase, progress: RevisionPhase['progress']): RevisionPhase {
  const { clock, deadline } = phase.context
  return { ...phase, progress, sharedDeadline: sharedDeadlines(clock, deadline.at) }
}

/**
 * Runs the steps asked for, in list order, until one's verdict stops the rest. The only place a
 * cancellation passes through: an aborted signal is never a verdict (not even one a step made of
 * the abort); it rejects with the CancelledError the signal carries. A step that throws anything
 * else could not conclude.
 */
async function runSteps(
  opened: { row: StepRow; step: OpenStep }[],
  revision: DeployedRevision,
  phase: RevisionPhase
): Promise<StepChecks> {
  const restored = phase.restored
  const done = new Set(restored?.verdicts.map(({ check }) => check))
  const runs = opened
    .filter(({ row }) => !done.has(row.name))
    .map(({ row, step }) => ({ row, run: step.runOn(revision, phase) }))
  const stopped = restored?.verdicts.some(({ check, verdict }) =>
    opened.find(({ row }) => row.name === check)?.row.stopsLaterOn.includes(verdict)
  )
  const checks: StepChecks = {
    verdicts: [...(restored?.verdicts ?? [])],
    payloads: { ...restored?.payloads }
  }
  return stopped ? checks : collect(runs, phase.context.signal, checks)
}

/** Each step's outcome into `checks`, in order, until one's verdict stops the rest. */
async function collect(
  runs: { row: StepRow; run: (() => Promise<StepOutcome>) | undefined }[],
  signal: AbortSignal | undefined,
  checks: StepChecks
): Promise<StepChecks> {
  for (const { row, run } of runs) {
    if (run === undefined) continue
    throwIfCancelled(signal)
    if (row.onlyAfterPasses && checks.verdicts.some(({ verdict }) => !PASSES.includes(verdict)))
      continue
    let outcome: StepOutcome
    try {
      outcome = await run()
    } catch (error) {
      throwIfCancelled(signal)
      const message = error instanceof Error ? error.message : String(error)
      outcome = {
        verdict: 'inconclusive',
        why: `The ${row.name} check could not be made: ${message}`
      }
    }
    if (signal?.aborted) {
      // A step that hands back what it saw before a cancel keeps it for the report; the cancel
      // stays a cancel (no verdict on the revision, no rollback).
      if (outcome.payload === undefined) throw cancelOf(signal)
      checks.verdicts.push({
        check: row.name,
        verdict: 'inconclusive',
        why: 'cut short by a cancel'
      })
      Object.assign(checks.payloads, { [row.name]: outcome.payload })
      throw new CancelledDuringChecks(cancelOf(signal), checks)
    }
    const verdict: CheckVerdict<CheckName> = { check: row.name, verdict: outcome.verdict }
    if (outcome.why !== undefined) verdict.why = outcome.why
    if (outcome.saw !== undefined) verdict.saw = outcome.saw
    checks.verdicts.push(verdict)
    if (outcome.payload !== undefined) {
      Object.assign(checks.payloads, { [row.name]: outcome.payload })
    }
    if (row.stopsLaterOn.includes(outcome.verdict)) break
  }
  return checks
}

/**
 * Whether the verdicts are ground for a rollback: a check failed, or one could not conclude
 * whose row of `list` says it rolls back.
 */
export function checksRollBack(
  list: readonly StepRow[],
  checks: Pick<StepChecks, 'verdicts'> | undefined
): boolean {
  return (checks?.verdicts ?? []).some(
    ({ check, verdict }) =>
      verdict === 'failed' ||
      (verdict === 'inconclusive' &&
        list.find((row) => row.name === check)?.inconclusiveRollsBack === true)
  )
}

const PASSES: readonly CheckVerdictKind[] = ['passed', 'skipped']

/** Before any write: a warning when `timeout`, the steps' overtime and a rollback pass 6 hours. */
function warnPastJobLimit(config: Config, context: FrameContext): void {
  const warning = pastJobLimit(config)
  if (warning !== undefined) context.log.warning(warning, { rank: 'own' })
}

/** A cancel during the checks, with what the steps saw until then (a step cut short included). */
export class CancelledDuringChecks extends CancelledError {
  constructor(
    cancel: CancelledError,
    readonly checks: StepChecks
  ) {
    super(cancel.signalName)
  }
}

const cancelOf = (signal: AbortSignal): CancelledError =>
  signal.reason instanceof CancelledError ? signal.reason : new CancelledError('abort')

/** Rejects with the signal's CancelledError once the run is cancelled. */
function throwIfCancelled(signal: AbortSignal | undefined): void {
  if (!signal?.aborted) return
  throw cancelOf(signal)
}
