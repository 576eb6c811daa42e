import type { Clock } from '../world'

// What every layer of a run is given, built once from the world (../wiring.ts): its clock, the
// cancel signal, the deadline it works under and the log. Below the operations and the steps
// after DEPLOYED, which all take it rather than their own now/sleep.

/** A point in time a piece of the run must end by, and the input that set it. */
export interface Deadline {
  /** Epoch ms on the run's clock. */
  at: number
  /**
   * The input whose budget this is (`timeout`, or the rollback's own), for the messages ("Raise
   * timeout (now 10 min)"). The deadline module (../run/deadlines.ts) makes each.
   */
  input: string
  /** The budget the input gave, from `startedAt`. */
  budgetMs: number
  /** Epoch ms the budget started. */
  startedAt: number
}

/** The lines a run writes to its log as it goes; each redacts before it prints. */
export interface RunLog {
  info(message: string): void
  notice(message: string): void
  /** `own`: the action's own warning (an http URL), first in GitHub's budget of 10. */
  warning(message: string, options?: { rank?: 'own' }): void
}

/** The run's means: one per run, and one per rollback (its own deadline, the same clock). */
export interface RunContext {
  clock: Clock
  /** Aborted on SIGINT/SIGTERM: the operation then ends as `cancelled`. */
  signal?: AbortSignal
  deadline: Deadline
  log: RunLog
}
