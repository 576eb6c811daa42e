import type { ControlPlaneClient } from '../control-plane/client'
import type { Deployment } from '../control-plane/schemas'
import type { Dispatcher } from '../control-plane/transport'
import type { ServiceOperationName } from '../operation-facts'
import type { CheckVerdictKind, DeployResult } from '../result'
import type { RunContext } from './run-context'

// The shape of a step after DEPLOYED: one row of the list of steps, from what it needs of the
// run to what it does on the revision a rollback brings back. The runner
// (../after-deploy/check-runner.ts) is the only code that reads these rows. Below the step
// folders: it names no step, no section and no config.

/**
 * The facts of the run every step may read, beside its own settings (each step says which
 * settings it reads: the config has them under the section's name). The config has them all.
 */
export interface RunFacts {
  operation: ServiceOperationName
  dryRun: boolean
  /** The control plane's key, and its tenant, for a client of a service beside it. */
  apiKey: string
  tenantId?: string
  /** operation promote: the deployment promoted from. */
  fromDeployment?: string
}

/** A step's facts: the run's, and its own settings under its section's name (as the config has them). */
export type SectionFacts<Section extends string, Settings> = RunFacts & {
  [Key in Section]?: Settings
}

/** What the workflow run tells the experiment's metadata. */
export interface WorkflowFacts {
  /** The workflow's commit (GITHUB_SHA). */
  commit?: string
  /** The workflow run's URL. */
  runUrl?: string
}

/**
 * The deployment as read before a deploy or promote writes anything: the control plane's answer
 * whole, as it gave it (unchecked: a step reads and checks what it needs of it), none when the
 * run creates the deployment.
 */
export interface DeploymentAsRead {
  /** Undefined when the run creates the deployment. */
  deployment?: Deployment
  /** Its name: the deployment's, or the one the create gives it. */
  name: string
}

/** The DEPLOYED revision a step runs on: this run's, or the one a rollback brought back. */
export interface DeployedRevision {
  result: DeployResult
  deploymentId: string
  revisionId: string
}

/** What every step is given: the run context of its phase, and the clients the run made. */
export interface StepContext extends RunContext {
  client: ControlPlaneClient
  /** The agent server and the tracing service are reached through this (proxies). */
  dispatcher?: Dispatcher
  /** The workflow's commit and run, for what a step stamps (the gate's experiment). */
  workflow?: WorkflowFacts
  /** The run's facts: the control plane's key and tenant, for a client of a service beside it. */
  config: RunFacts
}

/** What a step is given while it runs on a revision: its phase's context, and a progress hook. */
export interface RunningStepContext extends StepContext {
  /**
   * How far it is, in a few words ("evaluating: 12 of 50 runs"): call it as often as it likes;
   * the frame passes it to the log and the GitHub records at most once a minute.
   */
  progress(text: string): void
}

/** What a step's run is given: its narrowed needs, what it prepared, the revision, its phase. */
export interface StepInput<Need, Prepared = undefined> {
  need: Need
  /**
   * What its `prepare` read before the write (the runner runs a step with a prepare only once
   * it prepared); `undefined` for a step without one.
   */
  prepared: Prepared
  revision: DeployedRevision
  context: RunningStepContext
  /**
   * The step's own deadline (its row's `deadline`, inside the phase's; a bounded exception to
   * `timeout` has its own bound from its start: ../run/deadlines.ts).
   */
  deadline: number
  /**
   * The end of a budget the steps on this revision share, by the input that sets it
   * (`agent.timeout` for the agent checks): fixed when the first of them asks, `ms` from then,
   * never past the phase's deadline.
   */
  sharedDeadline(input: string, ms: number): number
}

/** A step's verdict, why, what it saw, and its payload for the report. */
export interface StepOutcome<Payload = unknown> {
  verdict: CheckVerdictKind
  why?: string
  /** What it saw, for the report (CheckVerdict.saw). */
  saw?: string
  payload?: Payload
}

/**
 * A step's refusal of what it read before the write (its settings, or a service it needs): the
 * run ends there with nothing deployed, headlined by `refused`. The frame makes the error: a
 * step returns this, never throws it.
 */
export interface Refusal {
  /** The whole account, each problem naming its key path. */
  message: string
  /** What was refused, in a few words, for the headline ("…; nothing was deployed"). */
  refused: string
}

/**
 * What a step's `prepare` ends with: what it read and what it will do with it (its plan, a line
 * each: logged before the write, and a dry run's plan), why it is skipped, or its refusal.
 */
export type Prepared<P> =
  { prepared: P; plan?: string[] } | { skipped: string } | { refused: Refusal }

/**
 * One step after DEPLOYED: a row of the list. `Payload` is what it hands the report; `Facts`, what
 * it reads of the run (its own settings under its section's name, and RunFacts): the config
 * the runner hands it has them.
 */
export interface Step<
  Name extends string,
  Need,
  P = undefined,
  Payload = unknown,
  Facts = RunFacts
> {
  name: Name
  /**
   * What it needs, selected and narrowed from the run's facts (and, for a fact only the deployed
   * revision carries, from it); undefined when the run does not ask for it (no verdict then).
   * Asked once before the write without a revision, and again for each revision.
   */
  needs: (config: Facts, revision?: DeployedRevision) => Need | undefined
  /**
   * The operations it does not run under: why (its skipped verdict), and the notice that says
   * so when the run starts.
   */
  skippedUnder?: Partial<Record<ServiceOperationName, { why: string; notice: string }>>
  /**
   * Reads before the write (dry run included): a refusal ends the run with nothing written.
   * The runner folds every step's prepare, in list order, into the one before-write phase.
   */
  prepare?(need: Need, read: DeploymentAsRead, context: StepContext): Promise<Prepared<P>>
  /** On a dry run, said once it was prepared: what it did not write. */
  dryRun?: string
  /**
   * Work before the write that itself writes somewhere: run once every step's prepare read (so
   * a refusal writes nothing), never on a dry run. It may still refuse (nothing was deployed).
   */
  prepareWrites?(prepared: P, context: StepContext): Promise<{ prepared: P } | { refused: Refusal }>
  /**
   * Once the run ends, whatever happened (a refusal, a failed write, a check that stopped the
   * rest, a rollback, a cancel), when its `prepareWrites` began: what it wrote there and has not
   * undone yet. After a cancel the signal is aborted: its requests get a short time of their own.
   */
  finish?(prepared: P, context: StepContext): Promise<void>
  /** Never throws for what a server does: a verdict, with why, and its payload. */
  run(input: StepInput<Need, P>): Promise<StepOutcome<Payload>>
  /**
   * The revision a rollback brought back: `again` runs the step on it as on any revision;
   * otherwise a step that gave this run's revision a payload gives the brought-back one a
   * skipped verdict with this why (and a notice when the rollback begins). A step with a
   * `restore` is the reverse: it restores when it gave this run's revision a payload, and is
   * skipped with this why when it did not (it never runs on a brought-back revision).
   */
  broughtBack: 'again' | { skipped(toRevisionId: string): string; notice(why: string): string }
  /**
   * A step that writes: what it puts back on a revision brought back, once that revision is
   * DEPLOYED and before its checks, instead of its run. After this run's rollback, `ran` is its
   * payload on this run's revision (what it wrote); under an operation of `restoresUnder`, which
   * brings a revision back itself, `ran` is undefined and `prepared` too (it prepares nothing
   * there). Its outcome is the step's verdict on that revision. None of a step that only reads.
   */
  restore?(input: StepInput<Need, P | undefined> & { ran?: Payload }): Promise<StepOutcome<Payload>>
  /** The operations that bring a revision back on which the step restores instead of running. */
  restoresUnder?: readonly ServiceOperationName[]
  /** The spec's table ("Checks that cannot conclude"): whether its "could not conclude" rolls back. */
  inconclusiveRollsBack: boolean
  /** The stop table: the verdicts of this step after which no later step runs. */
  stopsLaterOn: readonly CheckVerdictKind[]
  /** Its deadline inside the phase's (epoch ms); the phase's when not given. */
  deadline?(phaseDeadline: number, context: StepContext): number
  /**
   * Runs only when every earlier step on the revision passed or was skipped (a step that watches
   * the revision for long is not worth its time once another check failed or could not conclude).
   */
  onlyAfterPasses?: boolean
}
