import type { ControlPlaneClient } from '../control-plane/client'
import type { DeploymentAsRead } from '../step-kit/step'
import type { KnownFact } from '../result'
import type { RunContext, RunLog } from '../step-kit/run-context'
import type { PredictionBasis } from '../wait/poll-schedule'

/**
 * What an operation does to the world besides HTTP: the log, and the facts it reports as it
 * learns them. It sets no output: ../report/reporter.ts does, from these facts and the result.
 */
export interface DeployIo extends RunLog {
  /** A fact whose output is set as soon as known (../report/reporter.ts says which). */
  known(fact: KnownFact): void
  /**
   * Called once, when the first status of the revision this run created was read (the wait
   * starts), with what predicts its end when the deployment's history does, and the URL where
   * the revision from before serves meanwhile, when one does.
   */
  waitStarting?(revisionId: string, expected?: PredictionBasis, servingUrl?: string): void
  /**
   * operations rollback and promote: the revision whose build is sent is chosen (before it is
   * sent: the earlier revision to redeploy, or the source's revision to promote), with the commit
   * it was built from when the service says: what will serve.
   */
  redeploying?(revisionId: string, commit: string | undefined): void
  /**
   * A step after DEPLOYED says how far it is ("evaluating: 12 of 50 runs"), at most once a
   * minute (../after-deploy/step-progress.ts): for the GitHub records, never awaited.
   */
  stepProgress?(progress: StepProgress): void
}

/** What the records are told while a step runs: its words, and the revision it runs on. */
export interface StepProgress {
  text: string
  revisionId: string
  /** The deployment's URL, which serves the revision being checked. */
  deploymentUrl?: string
}

export type { DeploymentAsRead }

/**
 * What an operation is given: the run context (its clock, cancel, deadline and log; a rollback's
 * has its own deadline) and the control plane.
 */
export interface DeployDeps extends RunContext {
  client: ControlPlaneClient
  io: DeployIo
  /**
   * operation prune with prune-closed-prs: the state of a pull request of the workflow's
   * repository, undefined when there is none of that number. Rejects when GitHub cannot say.
   */
  pullRequestState?: (pullNumber: number) => Promise<'open' | 'closed' | undefined>
  /**
   * Deploy and promote call it once the deployment was read, before anything is written (a dry
   * run included): the before-write phase, every step's `prepare` in list order
   * (../after-deploy/check-runner.ts). A rejection ends the run there (a step's refusal as a
   * StoppedBeforeWrite). Resolves to the steps' plan in lines, for a dry run's plan.
   */
  beforeWrite?: (read: DeploymentAsRead) => Promise<string[]>
  /**
   * internal_source: the packed size over which the folder is refused, the service's limit
   * (./source-archive.ts) unless given, so that a test proves the refusal on a few MB.
   */
  sourceMaxBytes?: number
}

/**
 * A step refused what it read before the write (its settings, or a service it needs): nothing
 * was deployed. `refused` says so in a few words, for the headline. Made by the step runner
 * from the Refusal a step's prepare returns (../step-kit/step.ts), never by a step.
 */
export class StoppedBeforeWrite extends Error {
  constructor(
    message: string,
    readonly refused: string
  ) {
    super(message)
    this.name = 'StoppedBeforeWrite'
  }
}

/** Raised through `signal.reason` when the runner cancels the job. */
export class CancelledError extends Error {
  constructor(readonly signalName: string) {
    super(`the run was cancelled (${signalName})`)
    this.name = 'CancelledError'
  }
}
