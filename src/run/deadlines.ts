import { DECLARATIONS, overtimeMs } from '../policy/sections'
import type { Config } from '../inputs/parse'
import type { Clock } from '../world'
import { within } from '../step-kit/kit'
import type { Deadline } from '../step-kit/run-context'

// Every deadline of a run is made here: the run's (`timeout`), the rollback's
// (`rollback.timeout`, from when it starts), each step's own, the bounded exceptions to
// `timeout` (the bake), and the shorter ones fixed inside them. Nothing rewrites the config to
// move a deadline: a piece of the run is given the Deadline it works to.

/** The run's deadline: `timeout` from when the step started. */
export function runDeadline(startedAt: number, timeoutMs: number): Deadline {
  return { at: startedAt + timeoutMs, input: 'timeout', budgetMs: timeoutMs, startedAt }
}

/** A rollback's deadline: `rollback.timeout` from now, whatever the run's time left. */
export function rollbackDeadline(clock: Clock, rollbackTimeoutMs: number): Deadline {
  const startedAt = clock.now()
  return {
    at: startedAt + rollbackTimeoutMs,
    input: 'rollback.timeout',
    budgetMs: rollbackTimeoutMs,
    startedAt
  }
}

export { within } from '../step-kit/kit'

/**
 * The budgets the steps on one revision share (`agent.timeout` for the agent checks), by the
 * input that sets each: fixed when the first step asks (`ms` from then, never past the checks'
 * deadline), the same for the ones after it.
 */
export function sharedDeadlines(clock: Clock, checksEnd: number) {
  const fixed = new Map<string, number>()
  return (input: string, ms: number): number => {
    const at = fixed.get(input) ?? within(clock, ms, checksEnd)
    fixed.set(input, at)
    return at
  }
}

/** A step's deadline on a revision: the phase's, or its own bound from now when it has one. */
export function stepDeadline(
  clock: Clock,
  /** The step's name (its row's). */
  step: string,
  config: Config,
  phaseEnd: number
): number {
  // The bounded exceptions to `timeout`: a section's declaration says its step's bound.
  const overtime = overtimeMs(step, config)
  return overtime === undefined ? phaseEnd : clock.now() + overtime
}

/** How long the steps a run asks for may run past `timeout`, each under its own bound. */
export function stepsOvertimeMs(config: Config): number {
  return DECLARATIONS.reduce((sum, { name }) => sum + (overtimeMs(name, config) ?? 0), 0)
}

/** The runner ends a job after 6 hours; a step it kills is a cancel (no rollback). */
export const RUNNER_JOB_LIMIT_MS = 6 * 3_600_000

/**
 * How long a run may take at the most: `timeout`, then the steps that may run past it, then a
 * rollback after them under its own `rollback.timeout`.
 */
export function longestRun(config: Config) {
  const overtimeMs = stepsOvertimeMs(config)
  const rollbackMs = config.rollback.onFailure ? config.rollback.timeoutMs : 0
  return { overtimeMs, rollbackMs, totalMs: config.timeoutMs + overtimeMs + rollbackMs }
}

/**
 * The warning a run gets before any write when `timeout`, the steps that may run past it and a
 * rollback after them pass the runner's 6-hour job limit; none when they do not.
 */
export function pastJobLimit(config: Config): string | undefined {
  const { overtimeMs: overtime, rollbackMs: rollback, totalMs: total } = longestRun(config)
  if (overtime === 0) return undefined
  if (total <= RUNNER_JOB_LIMIT_MS) return undefined
  const hours = (ms: number) => `${Number((ms / 3_600_000).toFixed(2))} h`
  return `timeout (${hours(config.timeoutMs)}), the bounded steps after it (${hours(overtime)})${rollback > 0 ? ` and rollback.timeout (${hours(rollback)})` : ''} add up to ${hours(total)}, past the runner's 6-hour job limit: a runner that ends the job cancels the step (no rollback). Shorten them, or set the job's timeout-minutes knowing this.`
}

/** The failed revision's deploy log is read on a budget of its own: a timed-out run has none left. */
export const LOG_BUDGET_MS = 15_000

/** The deadline of the failed revision's log read: its budget from now. */
export function logReadDeadline(clock: Clock): number {
  return clock.now() + LOG_BUDGET_MS
}

/**
 * Until when the GitHub records may be written: the run's deadline, then the steps that may run
 * past `timeout` (the bake), then a rollback after them, then the failed revision's log read. The
 * final status comes last of all, so none of these must end its time.
 */
export function recordsDeadline(deadline: Deadline, config: Config): number {
  const { overtimeMs, rollbackMs } = longestRun(config)
  const logsMs = config.logLines > 0 ? LOG_BUDGET_MS : 0
  return deadline.at + overtimeMs + rollbackMs + logsMs
}
