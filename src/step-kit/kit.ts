import type { AgentServer } from '../agent-server/exchange'
import { checkHttpUrl } from '../lib/url'
import type { Clock } from '../world'
import type { StepContext, StepInput } from './step'

// What several steps share: the verdicts that end the checks, a bounded read's deadline, and how
// the agent server is reached.

/** The verdicts after which no later step runs, for most steps. */
export const ENDS_THE_CHECKS = ['failed', 'inconclusive'] as const

/** `ms` from now, never past `within` (epoch ms): a read that has a budget of its own. */
export function within(clock: Clock, ms: number, within?: number): number {
  const end = clock.now() + ms
  return within === undefined ? end : Math.min(end, within)
}

/** How the agent checks reach the agent server: its credentials, and `agent.timeout`. */
export interface AgentCredentialsAndBudget {
  apiKey: string
  authScheme?: string
  timeoutMs: number
}

/**
 * Where the agent server is and how to reach it, under the budget the agent steps on a revision
 * share (`budgetInput` names the input that sets it, for the messages).
 */
export function agentServer(
  input: Pick<StepInput<unknown, unknown>, 'context' | 'sharedDeadline'>,
  verify: AgentCredentialsAndBudget,
  baseUrl: string,
  budgetInput: string
): AgentServer & { sleep: (ms: number, signal?: AbortSignal) => Promise<void> } {
  const { context } = input
  return {
    baseUrl,
    apiKey: verify.apiKey,
    authScheme: verify.authScheme,
    deadline: input.sharedDeadline(budgetInput, verify.timeoutMs),
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
