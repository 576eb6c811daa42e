import type { Config } from '../inputs/parse'
import type { AgentServer } from '../agent-server/exchange'
import type { StepInput } from './step'

// What several steps share: the verdicts that end the checks, and how the agent server is reached.

/** The verdicts after which no later step runs, for most steps. */
export const ENDS_THE_CHECKS = ['failed', 'inconclusive'] as const

/** `verify-*` as the agent steps need it (the inputs asked for agent checks). */
export type Verify = NonNullable<Config['agent']>

/** Where the agent server is and how to reach it, under `agent.timeout`. */
export function agentServer(
  input: Pick<StepInput<unknown, unknown>, 'context' | 'sharedDeadline'>,
  verify: Verify,
  baseUrl: string
): AgentServer & { sleep: (ms: number, signal?: AbortSignal) => Promise<void> } {
  const { context } = input
  return {
    baseUrl,
    apiKey: verify.apiKey,
    authScheme: verify.authScheme,
    deadline: input.sharedDeadline('agent.timeout', verify.timeoutMs),
    signal: context.signal,
    dispatcher: context.dispatcher,
    now: context.clock.now,
    sleep: context.clock.sleep
  }
}
