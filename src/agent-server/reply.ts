import { z } from 'zod'

// The one reading of a stateless run's answer (`POST /runs/wait`): the agent checks, the smoke
// suite and the evaluation gate judge what it finds here, and nothing else. An agent that
// answered nothing of its own (its input state handed back, an empty list) has not answered.

/** The reason given when an answer holds nothing the agent said. */
export const NO_REPLY = 'the answer holds no reply from the agent'

/**
 * What a run's answer holds, with the whole answer (parsed; undefined when it is not JSON) for
 * those that record it:
 * - `reply`: the agent's reply, whole (`text`; a caller cuts only what it shows);
 * - `no-reply`: nothing from the agent after the messages sent, or only empty text;
 * - `error-state`: the graph threw (`__error__` at the top level).
 * The last two fail a check or a case; `reason` says why.
 */
export type AgentReply =
  | { kind: 'reply'; text: string; answer: unknown }
  | { kind: 'no-reply'; reason: string; answer: unknown }
  | { kind: 'error-state'; reason: string; answer: unknown }

const textPart = z.union([
  z.string(),
  z.object({ type: z.string().optional(), text: z.string().optional() }).loose()
])
const content = z.union([z.string(), z.array(textPart)])
/** A message as the server serialises it (`type`), as a client writes it (`role`), or as
 * LangChain serialises an object: `{lc, type: "constructor", id: [..., "AIMessage"], kwargs}`
 * or `{type: "ai", data: {content}}`. */
const messageSchema = z
  .object({
    type: z.unknown().optional(),
    role: z.unknown().optional(),
    id: z.unknown().optional(),
    content: z.unknown().optional(),
    kwargs: z.object({ content: z.unknown().optional() }).loose().optional(),
    data: z.object({ content: z.unknown().optional() }).loose().optional()
  })
  .loose()
type Message = z.infer<typeof messageSchema>

const AGENT_TYPES = new Set(['ai', 'AIMessage', 'AIMessageChunk'])
const AGENT_ROLES = new Set(['assistant', 'ai'])

/**
 * How many messages a run's input sends: the answer's `messages` list begins with them, so the
 * agent's reply stands after that many. A single message (not a list) counts one.
 */
export function sentMessageCount(input: unknown): number {
  const messages = (input as { messages?: unknown } | null | undefined)?.messages
  if (messages === undefined || messages === null) return 0
  return Array.isArray(messages) ? messages.length : 1
}

/**
 * Reads the reply from a run's answer body. `sent`: how many messages the run's input sent (see
 * sentMessageCount). Pure; never throws.
 */
export function readAgentReply(body: string, sent: number): AgentReply {
  let answer: unknown
  try {
    answer = JSON.parse(body)
  } catch {
    return { kind: 'no-reply', reason: `${NO_REPLY} (the answer is not JSON)`, answer: undefined }
  }
  if (isRecord(answer) && answer.__error__ !== undefined && answer.__error__ !== null)
    return {
      kind: 'error-state',
      reason: `the graph failed: ${graphErrorMessage(answer.__error__)}`,
      answer
    }
  if (isRecord(answer) && Array.isArray(answer.messages)) {
    const text = agentText(answer.messages.slice(sent))
    return text === undefined || text.trim() === ''
      ? { kind: 'no-reply', reason: NO_REPLY, answer }
      : { kind: 'reply', text, answer }
  }
  // A graph whose output is structured answers with it: the whole answer is the reply.
  if (isEmpty(answer)) return { kind: 'no-reply', reason: NO_REPLY, answer }
  return { kind: 'reply', text: JSON.stringify(answer), answer }
}

/** The text of the last message from the agent among `messages`; undefined when none is. */
function agentText(messages: readonly unknown[]): string | undefined {
  for (let index = messages.length - 1; index >= 0; index--) {
    const parsed = messageSchema.safeParse(messages[index])
    if (!parsed.success || !fromAgent(parsed.data)) continue
    const { data } = parsed
    return textOf(data.kwargs?.content ?? data.data?.content ?? data.content)
  }
  return undefined
}

function fromAgent(message: Message): boolean {
  if (message.type === 'constructor' && Array.isArray(message.id))
    return AGENT_TYPES.has(String(message.id.at(-1)))
  return (
    (typeof message.type === 'string' && AGENT_TYPES.has(message.type)) ||
    (typeof message.role === 'string' && AGENT_ROLES.has(message.role))
  )
}

/** A message's content as text: a string, or the text parts of a list joined. */
function textOf(value: unknown): string {
  const parsed = content.safeParse(value)
  if (!parsed.success) return ''
  if (typeof parsed.data === 'string') return parsed.data
  return parsed.data.map((part) => (typeof part === 'string' ? part : (part.text ?? ''))).join('')
}

function graphErrorMessage(error: unknown): string {
  const message = (error as { message?: unknown }).message
  return typeof message === 'string' ? message : JSON.stringify(error)
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function isEmpty(value: unknown): boolean {
  if (value === null || value === '') return true
  if (Array.isArray(value)) return value.length === 0
  return isRecord(value) && Object.keys(value).length === 0
}
