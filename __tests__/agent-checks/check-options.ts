/**
 * What the agent-check tests share: the checks' options on a virtual clock, and reading a
 * failure.
 */
import { VirtualClock } from '../../emulator'
import { AgentCheckError, type AgentCheckOptions } from '../../src/agent-checks/checks'
import { parseExpectation, type Expectation } from '../../src/lib/expectation'
import { trackedDispatcher } from '../helpers/action-world'

export function expectation(text: string): Expectation {
  const parsed = parseExpectation(text)
  if ('problem' in parsed) throw new Error(parsed.problem)
  return parsed.expectation
}

/**
 * By default on a clock that moves only when the checks sleep, with a deadline of 20 s: however
 * slowly a busy machine lets the servers answer, the checks reach the same verdict.
 */
export const options = (
  baseUrl: string,
  given: Partial<AgentCheckOptions> = {}
): AgentCheckOptions => ({
  baseUrl,
  assistantId: 'agent',
  a2a: false,
  apiKey: 'emulator-key',
  ...sleepingClock(20_000),
  onProgress: () => undefined,
  ...given
})

/**
 * A clock that moves only when the checks sleep: the deadline is reached after a fixed number of
 * tries, however slowly the server answers each (each still gets the time left as its timeout).
 */
export function sleepingClock(
  deadlineMs: number
): Pick<AgentCheckOptions, 'deadline' | 'now' | 'sleep' | 'dispatcher'> {
  // Each exchange's timeout is a sleep on this clock too: it moves only when all of them wait.
  const clock = new VirtualClock({ start: 0 })
  const dispatcher = trackedDispatcher({}, clock)
  closers.push(async () => {
    clock.close()
    await dispatcher.destroy()
  })
  return { deadline: deadlineMs, now: clock.now, sleep: clock.sleep, dispatcher }
}
const closers: (() => Promise<void>)[] = []

/** Stops the clocks and dispatchers `sleepingClock` made: each test file's afterAll calls it. */
export async function closeClocks(): Promise<void> {
  for (const close of closers.splice(0)) await close()
}

export async function failure(run: Promise<unknown>): Promise<AgentCheckError> {
  try {
    await run
  } catch (error) {
    if (error instanceof AgentCheckError) return error
    throw error
  }
  throw new Error('the checks passed')
}
