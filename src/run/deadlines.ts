import type { Clock } from '../world'
import type { Deadline } from './context'

// Every deadline of a run is made here: the run's (`timeout`), the rollback's
// (`rollback.timeout`, from when it starts), and the shorter ones fixed inside them. Nothing
// rewrites the config to move a deadline: a piece of the run is given the Deadline it works to.

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

/** `ms` from now, never past `within` (epoch ms): a read that has a budget of its own. */
export function within(clock: Clock, ms: number, within?: number): number {
  const end = clock.now() + ms
  return within === undefined ? end : Math.min(end, within)
}

/**
 * The end of `agent.timeout` for the agent checks of one revision: fixed when the first of them
 * asks (never past the checks' deadline), the same for the ones after it.
 */
export function verifyDeadline(clock: Clock, verifyTimeoutMs: number, checksEnd: number) {
  let fixed: number | undefined
  return (): number => (fixed ??= within(clock, verifyTimeoutMs, checksEnd))
}
