import { randomUUID } from 'node:crypto'
import { TransportError } from '../control-plane/transport'
import { agentExchange, type AgentServer } from '../agent-server/exchange'
import { RUN_PATH, statelessRun } from '../agent-server/run'
import { agentStatusMeaning, REFUSED_HINT } from '../agent-server/status'
import { parseJson } from '../lib/json'
import { readAgain, type Reading } from '../lib/read-again'
import { z } from 'zod'
import { describeExpectation, meetsExpectation, type Expectation } from '../lib/expectation'

/** What the agent checks proved, in order, and what the agent said. */
export interface AgentCheckReport {
  passed: string[]
  /** The agent's reply to the `agent.message` run, cut to what is shown. */
  reply?: string
  /** The text of the A2A answer. */
  a2aReply?: string
}

/** A check that failed: which, where, and what the server said. */
export class AgentCheckError extends Error {
  constructor(
    readonly check: string,
    readonly path: string,
    readonly status: number | undefined,
    detail: string,
    /** What the agent did, as a sentence for people, when it answered: the reason shown. */
    words?: string
  ) {
    const saw = `${path} ${status === undefined ? 'got no answer' : `answered ${status}`}: ${detail}`
    super(`Agent check "${check}" failed: ${saw}`)
    this.name = 'AgentCheckError'
    this.saw = words ?? saw
  }

  /**
   * What the check saw, without its name: the report names the check beside it. An HTTP error
   * names its path and status; an answer that is wrong says what the agent replied (the path and
   * status stay in the log's message).
   */
  readonly saw: string

  /** The checks that passed before this one failed. */
  passed: string[] = []
}

export interface AgentCheckOptions extends AgentServer {
  assistantId: string
  message?: string
  /** `agent.expect`: what the reply to `message` must hold. */
  expect?: Expectation
  a2a: boolean
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>
  onProgress: (line: string) => void
}

/** Gap between two tries of the assistant while the new server comes up. */
const RETRY_GAP_MS = 2_000
const MAX_TEXT = 2_000

const assistantSchema = z.object({ assistant_id: z.string(), graph_id: z.string().optional() })
const agentCardSchema = z.object({ url: z.string().url(), name: z.string().optional() }).loose()
const partSchema = z.object({ kind: z.string().optional(), text: z.string().optional() }).loose()
const jsonRpcErrorSchema = z.object({ error: z.object({ code: z.number(), message: z.string() }) })
const jsonRpcResultSchema = z.object({
  result: z
    .object({
      artifacts: z.array(z.object({ parts: z.array(partSchema) }).loose()).optional(),
      status: z
        .object({
          message: z
            .object({ parts: z.array(partSchema) })
            .loose()
            .optional()
        })
        .loose()
        .optional()
    })
    .loose()
})

/**
 * After DEPLOYED, proves the agent answers: the assistant exists (retried while the server comes
 * up, until the deadline), a stateless run answers the message, and the A2A endpoint answers.
 * Throws an AgentCheckError for the first check that fails. (The check runner runs the three as
 * checks of their own: ./checks.ts.)
 */
export async function checkAgent(options: AgentCheckOptions): Promise<AgentCheckReport> {
  const report: AgentCheckReport = { passed: [] }
  try {
    await checkAssistant(options)
    report.passed.push('assistant')
    if (options.message !== undefined) {
      report.reply = await checkRun({ ...options, message: options.message })
      report.passed.push('run')
    }
    if (options.a2a) {
      report.a2aReply = await checkA2a(options)
      report.passed.push('a2a')
    }
    return report
  } catch (error) {
    if (error instanceof AgentCheckError) error.passed = [...report.passed]
    throw error
  }
}

/** The assistant answers (retried while the server comes up); else an AgentCheckError. */
export async function checkAssistant(options: AgentCheckOptions): Promise<void> {
  const id = encodeURIComponent(options.assistantId)
  await waitForAssistant(options, `/assistants/${id}`)
  options.onProgress(`Agent check: assistant ${options.assistantId} answers.`)
}

/** A stateless run answers `message` (and meets `agent.expect`): its reply, as shown. */
export async function checkRun(options: AgentCheckOptions & { message: string }): Promise<string> {
  const path = RUN_PATH
  const answer = await answered('run', path, () =>
    statelessRun(options, {
      assistantId: options.assistantId,
      input: { messages: [{ role: 'human', content: options.message }] }
    })
  )
  if (answer.status !== 200)
    throw new AgentCheckError('run', path, answer.status, serverMessage(answer.text))
  const run = answer.reply
  if (run.kind !== 'reply')
    throw new AgentCheckError(
      'run',
      path,
      200,
      run.reason,
      `the agent's run ended without a reply: ${run.reason}`
    )
  const replyText = run.text
  const shown = truncate(replyText)
  if (options.expect && !meetsExpectation(options.expect, replyText))
    throw new AgentCheckError(
      'run',
      path,
      200,
      `the reply does not ${describeExpectation(options.expect)} (agent.expect): ${truncate(replyText, 300)}`,
      `the agent replied ${JSON.stringify(truncate(replyText, 200))}; agent.expect wants ${expectationWords(options.expect)}`
    )
  options.onProgress(`Agent check: the run answered: ${shown}`)
  return shown
}

/** What `agent.expect` wants, in a reader's words. */
function expectationWords(expectation: Expectation): string {
  return expectation.kind === 'text'
    ? JSON.stringify(expectation.text)
    : `a reply matching ${String(expectation.pattern)}`
}

/** The A2A endpoint answers the message (or "ping"): the text of its answer, as shown. */
export async function checkA2a(options: AgentCheckOptions): Promise<string> {
  const id = encodeURIComponent(options.assistantId)
  const cardPath = `/.well-known/agent-card.json?assistant_id=${id}`
  const cardAnswer = await answered('a2a', '/.well-known/agent-card.json', () =>
    agentExchange(options, { method: 'GET', path: cardPath })
  )
  if (cardAnswer.status !== 200)
    throw new AgentCheckError('a2a', cardPath, cardAnswer.status, serverMessage(cardAnswer.text))
  const card = agentCardSchema.safeParse(parseJson(cardAnswer.text))
  if (!card.success)
    throw new AgentCheckError(
      'a2a',
      cardPath,
      200,
      'the agent card names no endpoint url',
      "the agent's A2A card names no endpoint url"
    )
  const path = `/a2a/${id}`
  const answer = await answered('a2a', path, () =>
    agentExchange(options, {
      method: 'POST',
      path,
      body: {
        jsonrpc: '2.0',
        id: randomUUID(),
        method: 'message/send',
        params: {
          message: {
            role: 'user',
            messageId: randomUUID(),
            parts: [{ kind: 'text', text: options.message ?? 'ping' }]
          }
        }
      },
      headers: { accept: 'application/json' }
    })
  )
  if (answer.status !== 200)
    throw new AgentCheckError('a2a', path, answer.status, serverMessage(answer.text))
  const reply = parseJson(answer.text)
  const rpcError = jsonRpcErrorSchema.safeParse(reply)
  if (rpcError.success) {
    const { code, message } = rpcError.data.error
    throw new AgentCheckError(
      'a2a',
      path,
      200,
      `JSON-RPC error ${code}: ${message}`,
      `the agent answered over A2A with error ${code}: ${message}`
    )
  }
  const rpc = jsonRpcResultSchema.safeParse(reply)
  if (!rpc.success) {
    throw new AgentCheckError(
      'a2a',
      path,
      200,
      'the answer is not a JSON-RPC result',
      "the agent's A2A answer is not a JSON-RPC result"
    )
  }
  const result = rpc.data.result
  const parts =
    result.artifacts?.flatMap((artifact) => artifact.parts) ?? result.status?.message?.parts ?? []
  const text = parts
    .filter((part) => part.text !== undefined)
    .map((part) => part.text)
    .join('\n')
  const shown = truncate(text)
  options.onProgress(`Agent check: A2A answered: ${shown || '(no text)'}`)
  return shown
}

/** What a try of the assistant says: the status and why, as the check's failure would. */
interface AssistantAnswer {
  status: number | undefined
  detail: string
}

/**
 * The assistant must answer 200 with an assistant. Asked again while the server is not ready or
 * has no such assistant yet (the new revision may bring it), until the deadline; a refused key
 * or a rejected request ends it at once.
 */
async function waitForAssistant(options: AgentCheckOptions, path: string): Promise<void> {
  const verdict = await readAgain<true, AssistantAnswer, AgentCheckError>({
    read: () => readAssistant(options, path),
    deadline: options.deadline,
    gapMs: RETRY_GAP_MS,
    signal: options.signal,
    now: options.now,
    sleep: options.sleep
  })
  switch (verdict.kind) {
    case 'seen':
      return
    case 'final':
      throw verdict.value
    case 'not-seen':
      throw new AgentCheckError('assistant', path, verdict.value.status, verdict.value.detail)
    case 'could-not-tell':
      throw new AgentCheckError('assistant', path, undefined, verdict.why)
  }
}

async function readAssistant(
  options: AgentCheckOptions,
  path: string
): Promise<Reading<true, AssistantAnswer, AgentCheckError>> {
  let answer: { status: number; text: string }
  try {
    answer = await agentExchange(options, { method: 'GET', path })
  } catch (error) {
    if (!(error instanceof TransportError)) throw error
    // A body over the cap is read once: asking again would download it again.
    if (error.kind === 'too-large')
      return { kind: 'final', value: tooLargeError('assistant', path, error) }
    return { kind: 'could-not-tell', why: error.reason }
  }
  switch (agentStatusMeaning(answer.status)) {
    case 'answered':
      return assistantSchema.safeParse(parseJson(answer.text)).success
        ? { kind: 'seen', value: true }
        : { kind: 'not-seen', value: { status: 200, detail: 'the answer is not an assistant' } }
    case 'missing':
      return {
        kind: 'not-seen',
        value: {
          status: answer.status,
          detail: `${serverMessage(answer.text)}. A 404 also comes when the key is not tied to the agent's owner: check agent-api-key (and agent-auth-scheme for builder agents), and that agent.assistant names an assistant id or graph name.`
        }
      }
    case 'refused':
      return {
        kind: 'final',
        value: new AgentCheckError(
          'assistant',
          path,
          answer.status,
          `${serverMessage(answer.text)}. ${REFUSED_HINT}`
        )
      }
    case 'rejected':
      return {
        kind: 'final',
        value: new AgentCheckError('assistant', path, answer.status, serverMessage(answer.text))
      }
    case 'not-ready':
      return {
        kind: 'not-seen',
        value: { status: answer.status, detail: serverMessage(answer.text) }
      }
  }
}

/** An exchange of the run or A2A check (`path` as shown): any failure of it fails the check. */
async function answered<T>(check: string, path: string, exchange: () => Promise<T>): Promise<T> {
  try {
    return await exchange()
  } catch (error) {
    if (!(error instanceof TransportError)) throw error
    if (error.kind === 'too-large') throw tooLargeError(check, path, error)
    throw new AgentCheckError(
      check,
      path,
      undefined,
      error.kind === 'timeout' ? 'no answer in time' : error.reason
    )
  }
}

function tooLargeError(check: string, path: string, error: TransportError): AgentCheckError {
  return new AgentCheckError(
    check,
    path,
    error.status,
    `${error.reason}, more than any answer of an agent server: the check stopped reading it and does not ask again.`
  )
}

/** The server's own message from an error body, or the start of the body. */
function serverMessage(text: string): string {
  const body = parseJson(text) as { detail?: unknown; message?: unknown } | undefined
  const message = body?.detail ?? body?.message
  return truncate(typeof message === 'string' ? message : text.trim() || '(empty body)', 300)
}

function truncate(text: string, max = MAX_TEXT): string {
  return text.length > max ? `${text.slice(0, max)}…` : text
}
