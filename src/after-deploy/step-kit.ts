import type { Config } from '../inputs/parse'
import type { AgentServer } from '../agent-server/exchange'
import { checkHttpUrl } from '../lib/url'
import type { StepContext, StepInput } from './step'

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

/**
 * The agent server at `url` as the service gave it (undefined unless it is an http(s) URL), with
 * the step's credentials, under `deadline`: for the steps that read or write its resources.
 */
export function agentServerAt(
  url: string | undefined,
  credentials: { apiKey: string; authScheme?: string },
  context: StepContext,
  deadline: number
): AgentServer | undefined {
  const checked = url === undefined ? undefined : checkHttpUrl(url)
  if (checked === undefined || !('url' in checked)) return undefined
  return {
    baseUrl: checked.url,
    apiKey: credentials.apiKey,
    authScheme: credentials.authScheme,
    deadline,
    signal: context.signal,
    dispatcher: context.dispatcher,
    now: context.clock.now,
    sleep: context.clock.sleep
  }
}
