/**
 * The release policy's `agent` section: the assistant the agent checks ask (and the smoke cases
 * and the gate, which read it through `agentReads`), a message and what its reply must hold,
 * A2A, and how long the checks may take. Loads none of the checks' code.
 */
import { z } from 'zod'
import { parseDuration } from '../lib/duration'
import { assistantIdByName } from '../assistants/section'
import { defineSection, type InEffect, type Keys, type Values } from '../policy-kit/section'
import { about } from '../policy-kit/schema-kit'
import { duration, expectation, text } from '../policy-kit/values'
import { durationWords } from '../policy-kit/words'
import { parseExpectation, type Expectation } from '../lib/expectation'

const keys = ((key) => ({
  assistant: key(
    about(
      text,
      'assistant id or graph name; the default assistant of the checks, the smoke cases and the gate'
    )
  ),
  message: key(
    about(text, 'a stateless POST /runs/wait with this human message; the reply is printed')
  ),
  expect: key(
    about(expectation, 'with agent.message: text the reply must contain, or /pattern/flags')
  ),
  a2a: key(
    about(
      z.boolean({ error: 'must be true or false' }),
      'true: fetch the agent card and send one A2A message/send'
    )
  ),
  timeout: key(about(duration, 'longest time for the agent checks (and the whole smoke suite)'))
})) satisfies Keys<z.core.$ZodLooseShape>

type Agent = InEffect<Values<typeof keys>>

const DEFAULTS = { a2a: false, timeout: '5m' } as const

/** The agent checks' settings; the agent server's key and scheme come from the inputs. */
export interface AgentSettings {
  /** `agent.assistant`, an assistants name standing for that entry's id. */
  assistantId: string
  message?: string
  expect?: Expectation
  a2a: boolean
  timeoutMs: number
  apiKey: string
  authScheme?: string
}

/** The agent checks' settings as a run holds them (under `agent`), for the steps that read them. */
export interface AgentFacts {
  agent?: AgentSettings
}

/** Its key paths, for the words of those that read it through its accessors. */
export const AGENT_KEYS = { assistant: 'agent.assistant', timeout: 'agent.timeout' } as const

/** The accessor other steps read the agent checks' settings through (the smoke suite, the gate). */
export const agentSettingsOf = (facts: AgentFacts): AgentSettings | undefined => facts.agent

const quoted = (value: string) =>
  JSON.stringify(value.length > 60 ? `${value.slice(0, 60)}…` : value)

export const agentSection = defineSection({
  name: 'agent',
  keys,
  defaults: DEFAULTS,
  words: (agent: Agent) => [
    agent.assistant === undefined ? 'no assistant' : `assistant ${agent.assistant}`,
    ...(agent.message === undefined ? [] : [`message ${quoted(agent.message)}`]),
    ...(agent.expect === undefined ? [] : [`the reply must hold ${quoted(agent.expect)}`]),
    ...(agent.a2a ? ['A2A message/send'] : []),
    `within ${durationWords(agent.timeout ?? 0)}`
  ],
  diff: {
    // Each takes a check away when removed or turned off.
    message: { removalWeakens: true, takesCheck: true },
    a2a: { direction: 1, takesCheck: true },
    expect: { removalWeakens: true, takesCheck: true },
    timeout: { shown: (value) => durationWords(value as number) }
  },
  rules: (agent: Agent) => {
    const problems = []
    const assistant = agent.assistant !== undefined
    if (agent.expect !== undefined && agent.message === undefined)
      problems.push({
        path: ['agent', 'expect'],
        message: 'agent.expect needs agent.message (the message whose reply it judges)'
      })
    if (agent.message !== undefined && !assistant)
      problems.push({
        path: ['agent', 'message'],
        message: 'agent.message needs agent.assistant (the assistant to send it to)'
      })
    if (agent.a2a === true && !assistant)
      problems.push({
        path: ['agent', 'a2a'],
        message: 'agent.a2a needs agent.assistant (the assistant to talk to)'
      })
    return problems
  },
  actsOnDeployed: { key: 'assistant', asks: (value) => value != null },
  settings: (agent, { files, inputs }): AgentSettings | undefined => {
    if (agent?.assistant === undefined) return undefined
    const expected = agent.expect === undefined ? undefined : parseExpectation(agent.expect)
    return {
      assistantId: assistantIdByName(files)(agent.assistant),
      message: agent.message,
      expect:
        expected !== undefined && 'expectation' in expected ? expected.expectation : undefined,
      a2a: agent.a2a ?? DEFAULTS.a2a,
      timeoutMs: agent.timeout ?? parseDuration(DEFAULTS.timeout) ?? 0,
      apiKey: inputs.agentApiKey ?? inputs.apiKey,
      authScheme: inputs.agentAuthScheme
    }
  }
})

/**
 * What other sections read of `agent`: the assistant as written (undefined without one), its id
 * (an assistants name standing for that entry's id), and `agent.timeout`.
 */
export function agentReads(
  policy: Readonly<Record<string, unknown>>,
  files: Parameters<typeof assistantIdByName>[0] = {}
): { assistant?: string; assistantId?: string; timeoutMs: number } {
  const agent = policy.agent as Agent | undefined
  const assistant = agent?.assistant
  return {
    ...(assistant !== undefined && {
      assistant,
      assistantId: assistantIdByName(files)(assistant)
    }),
    timeoutMs: agent?.timeout ?? parseDuration(DEFAULTS.timeout) ?? 0
  }
}
