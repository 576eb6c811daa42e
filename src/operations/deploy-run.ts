import type { CallOptions } from '../control-plane/client'
import type { Deployment } from '../control-plane/schemas'
import type { Config } from '../inputs/parse'
import type { DeployOutcome, DeployResult } from '../result'
import { StoppedBeforeWrite, type DeployDeps, type DeploymentAsRead } from './deps'
import type { WriteDeps } from './safe-writes'
import { describe } from './target'

/** What a run has learnt so far; every ending reports it, failures included. */
type Known = Omit<DeployResult, 'outcome' | 'message' | 'elapsedMs'>

/** One run of the deploy operation (or a rollback's or promote's wait): what its steps share. */
export class DeployRun<C extends Config = Config> {
  readonly known: Known = { created: false, statusesSeen: [] }
  readonly deadline: number
  readonly call: CallOptions

  constructor(
    readonly config: C,
    readonly deps: DeployDeps
  ) {
    this.deadline = deps.deadline.at
    this.call = { deadline: this.deadline, signal: deps.signal }
  }

  elapsed(): number {
    return this.deps.clock.now() - this.deps.deadline.startedAt
  }

  /** "deployment NAME (ID)", as far as it is known. */
  get target(): string {
    return describe(this.known)
  }

  finish(outcome: DeployOutcome, message: string): DeployResult {
    return { ...this.known, outcome, message, elapsedMs: this.elapsed() }
  }

  /**
   * The before-write phase (every step's reads and refusals): the steps' plan in lines. A step's
   * refusal is kept in the result (nothing was deployed), then ends the run like any error.
   */
  async beforeWrite(read: DeploymentAsRead): Promise<string[]> {
    try {
      return (await this.deps.beforeWrite?.(read)) ?? []
    } catch (error) {
      if (error instanceof StoppedBeforeWrite) this.known.refusedBeforeWrite = error.refused
      throw error
    }
  }

  /** The deployment this run works on is known: reported at once. */
  found(deployment: Deployment): void {
    this.known.deploymentId = deployment.id
    this.known.deploymentName = deployment.name
    this.deps.io.known({ deploymentId: deployment.id })
  }

  /** What served before this run's write is known: reported at once. */
  servedBefore(revisionId: string): void {
    this.known.previousRevisionId = revisionId
    this.deps.io.known({ previousRevisionId: revisionId })
  }

  writeDeps(): WriteDeps {
    const { client, io } = this.deps
    const { sleep, now } = this.deps.clock
    return {
      client,
      call: this.call,
      sleep,
      now,
      notice: (message) => io.notice(message),
      settleMs: client.requestTimeoutMs
    }
  }
}
