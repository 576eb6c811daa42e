import { randomUUID } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { bodyBytes, parseJson, readBody, recordOf, send, type Answer } from './http'
import { infoBody, type InfoHost } from './agent-info'
import { AssistantStore, type StoreAnswer } from './agent-server-assistants'
import { ThreadStore, type ThreadStoreOptions } from './agent-server-threads'
import { FaultQueue, statusAnswer } from './faults'
import type { AgentBehaviour, Fault, RecordedRequest, ServingRevision } from './types'

export interface AgentServerOptions {
  /** Expected X-Api-Key (default 'emulator-key'); a wrong one gets 404, as api.md §5.3 says. */
  apiKey?: string
  /**
   * The graphs the server loads (default ['agent']), each with its default assistant: the graph's
   * name stands for it, as on the real server.
   */
  graphs?: string[]
  /** The clock of the assistants' `created_at` and `updated_at` (default real time). */
  now?: () => number
  /** The sleep of a 'delay' fault (default real time). */
  sleep?: (ms: number) => Promise<void>
  /** Default 0: a free port. */
  port?: number
  /** Answer every request but /ok with this status, as a server behind other auth would. */
  rejectWith?: number
  /** Answer every A2A call with this JSON-RPC error. */
  a2aError?: { code: number; message: string }
  /** Answer the first this many reads of an assistant with 503, as a server still coming up. */
  warmUpReads?: number
  /**
   * The revision this server runs as, e.g. `() => controlPlane.serving('agent')`: it answers as
   * that revision's AgentBehaviour, and /info names it. Without it all is well and /info has no
   * `host`, as the local development server.
   */
  host?: () => ServingRevision | undefined
  /**
   * What /info says of the host: 'serving' (default: `host.host_revision_id` is the serving
   * revision), 'absent' (no `host`, as older servers), 'stale' (the revision that served
   * before, for the first `staleInfoReads` reads of /info, default all of them) or 'malformed'
   * (`host_revision_id` a number).
   */
  infoHost?: InfoHost
  staleInfoReads?: number
  /**
   * Called with each stateless run's last message before it is answered: it may wait (a slow
   * model, or a gate a test opens) and may return the answer to send instead of the echo.
   */
  beforeRun?: (message: string) => Promise<Answer | undefined> | Answer | undefined
  /** The threads' graphs as served now, and hostile answers of the thread routes. */
  threads?: ThreadStoreOptions
}

export interface AgentServerEmulator {
  url: string
  requests: RecordedRequest[]
  /** Its threads: tests park, answer and delete them. */
  threads: ThreadStore
  /** Stateless runs received and not yet answered, now and at the most so far. */
  runsInFlight(): number
  maxRunsInFlight(): number
  /**
   * A fault for the next matching request that carries the key ('status', 'reset-before',
   * 'reset-after': the request is carried out and its answer lost, 'delay', 'truncate').
   */
  injectFault(fault: Fault): void
  clearFaults(): void
  close(): Promise<void>
}

interface RunRequest {
  assistant_id?: unknown
  input?: { messages?: { role?: string; content?: unknown }[] }
}

interface JsonRpcCall {
  id?: string | number | null
  method?: string
  params?: {
    message?: { parts?: { kind?: string; text?: string }[]; contextId?: string; taskId?: string }
  }
}

const NOT_FOUND: Answer = { status: 404, body: { detail: 'Not Found' } }
/** What a 'wrong-reply' revision answers instead of the echo. */
export const WRONG_REPLY = 'This revision is broken.'

/** A small agent server (api.md §4.2, §4.3): assistants, a stateless echo run, and A2A. */
export async function startAgentServer(
  options: AgentServerOptions = {}
): Promise<AgentServerEmulator> {
  const apiKey = options.apiKey ?? 'emulator-key'
  const assistants = new AssistantStore(options.graphs ?? ['agent'], options.now)
  // Unless a test says otherwise, each graph the server loads has one node of its own name.
  const loaded = () =>
    Object.fromEntries((options.graphs ?? ['agent']).map((g) => [g, { nodes: [g] }]))
  const threads = new ThreadStore({ now: options.now, graphs: loaded, ...options.threads })
  const faults = new FaultQueue()
  const requests: RecordedRequest[] = []
  let origin = ''
  let infoReads = 0
  let assistantReads = 0
  let runsInFlight = 0
  let maxRunsInFlight = 0
  const behaviour = (): AgentBehaviour => options.host?.()?.agent ?? 'well'
  const BROKEN: Answer = { status: 500, body: { detail: 'Internal Server Error' } }

  // Each request's content type, by its URL (one object per request): `/schemas` reads it.
  const contentTypes = new WeakMap<URL, string | undefined>()

  const route = (method: string, url: URL, body: unknown, isJson: boolean): StoreAnswer => {
    if (!isJson && url.pathname.startsWith('/assistants'))
      return { status: 400, text: 'Malformed JSON in request body' }
    const threadAnswer = threads.route(method, url.pathname, body, contentTypes.get(url))
    if (threadAnswer) return threadAnswer
    const assistantPath = /^\/assistants\/([^/]+)$/.exec(url.pathname)?.[1]
    if (
      method === 'GET' &&
      assistantPath !== undefined &&
      ++assistantReads <= (options.warmUpReads ?? 0)
    )
      return { status: 503, body: { detail: 'The server is starting' } }
    if (method === 'GET' && assistantPath !== undefined && behaviour() === 'assistant-error')
      return BROKEN
    const assistantAnswer = assistants.route(method, url.pathname, body)
    if (assistantAnswer) return assistantAnswer
    if (method === 'POST' && url.pathname === '/runs/wait') {
      if (!isJson) return { status: 422, body: { detail: 'Invalid JSON body' } }
      return runWait(body as RunRequest)
    }
    if (method === 'GET' && url.pathname === '/.well-known/agent-card.json') {
      const id = url.searchParams.get('assistant_id') ?? ''
      if (!assistants.runnable(id))
        return { status: 404, body: { detail: `Assistant ${id} not found` } }
      return { status: 200, body: agentCard(id) }
    }
    const a2aPath = /^\/a2a\/([^/]+)$/.exec(url.pathname)?.[1]
    if (method === 'POST' && a2aPath !== undefined) {
      const id = decodeURIComponent(a2aPath)
      if (!assistants.runnable(id))
        return { status: 404, body: { detail: `Assistant ${id} not found` } }
      if (!isJson) return { status: 200, body: rpcError(null, -32700, 'Parse error') }
      if (behaviour() === 'run-error') return BROKEN
      return { status: 200, body: a2a(body as JsonRpcCall) }
    }
    return NOT_FOUND
  }

  const runWait = (run: RunRequest): Answer => {
    const id = typeof run.assistant_id === 'string' ? run.assistant_id : ''
    if (!assistants.runnable(id))
      return { status: 404, body: { detail: `Assistant ${id} not found` } }
    if (behaviour() === 'run-error') return BROKEN
    const messages = run.input?.messages ?? []
    const last = messages.at(-1)?.content ?? ''
    // The real server labels this JSON text/plain.
    return {
      status: 200,
      body: { messages: [...messages, { type: 'ai', content: reply(String(last)) }] },
      contentType: 'text/plain'
    }
  }

  const agentCard = (id: string) => ({
    name: id,
    description: `Echo agent ${id}: answers every message with "echo: " and its text`,
    url: `${origin}/a2a/${encodeURIComponent(id)}`,
    version: '1.0.0',
    protocolVersion: '0.3.0',
    preferredTransport: 'JSONRPC',
    capabilities: {},
    defaultInputModes: ['text'],
    defaultOutputModes: ['text'],
    skills: [{ id: 'echo', name: 'Echo', description: 'Repeats the message', tags: ['echo'] }]
  })

  /** The echo, unless the serving revision is broken that way. */
  const reply = (text: string) => (behaviour() === 'wrong-reply' ? WRONG_REPLY : `echo: ${text}`)

  const a2a = (call: JsonRpcCall) => {
    const id = call.id ?? null
    if (options.a2aError) return rpcError(id, options.a2aError.code, options.a2aError.message)
    if (call.method !== 'message/send') return rpcError(id, -32601, 'Method not found')
    const message = call.params?.message
    if (message === undefined) return rpcError(id, -32602, 'Invalid params: message is required')
    const text = message.parts?.find((part) => part.kind === 'text')?.text ?? ''
    return {
      jsonrpc: '2.0',
      id,
      result: {
        kind: 'task',
        // A conversation's later messages carry the ids handed out first (api.md §4.3).
        id: message.taskId ?? randomUUID(),
        contextId: message.contextId ?? randomUUID(),
        status: { state: 'completed' },
        artifacts: [{ artifactId: randomUUID(), parts: [{ kind: 'text', text: reply(text) }] }]
      }
    }
  }

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', origin)
    contentTypes.set(url, req.headers['content-type'])
    const record = recordOf(req, url, url.pathname)
    requests.push(record)
    const parsed = parseJson(await readBody(req))
    if (parsed.ok) record.body = parsed.value
    const method = req.method ?? 'GET'
    if (method === 'GET' && url.pathname === '/ok')
      return send(res, record, { status: 200, body: { ok: true } })
    // The real server answers /info without auth.
    if (method === 'GET' && url.pathname === '/info') {
      infoReads += 1
      const stale = infoReads <= (options.staleInfoReads ?? Infinity)
      return send(res, record, {
        status: 200,
        body: infoBody(options.host?.(), options.infoHost ?? 'serving', stale)
      })
    }
    // A token not tied to the agent's owner gets 404, not 401 (api.md §5.3).
    if (options.rejectWith) {
      return send(res, record, { status: options.rejectWith, body: { detail: 'Forbidden' } })
    }
    if (req.headers['x-api-key'] !== apiKey) return send(res, record, NOT_FOUND)
    const fault = faults.take(method, url.pathname)
    if (fault) record.faulted = true
    await fault?.before?.()
    if (fault?.kind === 'status') {
      const { status, headers, body } = statusAnswer(fault)
      return send(res, record, { status, body }, headers)
    }
    if (fault?.kind === 'reset-before') return req.socket.destroy()
    if (fault?.kind === 'delay')
      await (options.sleep
        ? options.sleep(fault.delayMs ?? 1000)
        : new Promise((resolve) => setTimeout(resolve, fault.delayMs ?? 1000).unref()))
    const made: StoreAnswer =
      (await beforeRun(method, url, parsed)) ??
      route(method, url, parsed.ok ? parsed.value : undefined, parsed.ok)
    // The answer as a misbehaving server (or a proxy) would give it: the store keeps the truth.
    // A plain-text refusal reaches `alter` as undefined; `status` then says what to answer.
    const answer: StoreAnswer =
      fault?.kind === 'alter' && fault.alter
        ? {
            status: fault.status ?? made.status,
            ...(made.headers && { headers: made.headers }),
            body: fault.alter(
              made.text === undefined ? structuredClone(made.body) : undefined,
              parsed.ok ? parsed.value : undefined
            )
          }
        : made
    // Carried out, and the answer lost on the way back.
    if (fault?.kind === 'reset-after') return req.socket.destroy()
    const bytes = bodyBytes(answer)
    if (fault?.kind === 'truncate' && bytes !== undefined) {
      record.status = answer.status
      res.writeHead(answer.status, { 'content-type': 'application/json' })
      return res.end(bytes.subarray(0, Math.floor(bytes.length / 2)))
    }
    if (answer.text !== undefined) {
      record.status = answer.status
      res.writeHead(answer.status, {
        ...answer.headers,
        'content-type': answer.contentType ?? 'text/plain'
      })
      return res.end(answer.text)
    }
    send(res, record, answer, answer.headers)
  }

  /** What the test's `beforeRun` answers a stateless run instead of the echo, if anything. */
  const beforeRun = async (
    method: string,
    url: URL,
    parsed: ReturnType<typeof parseJson>
  ): Promise<Answer | undefined> => {
    if (method !== 'POST' || url.pathname !== '/runs/wait' || !parsed.ok) return undefined
    runsInFlight += 1
    maxRunsInFlight = Math.max(maxRunsInFlight, runsInFlight)
    try {
      const messages = (parsed.value as RunRequest | undefined)?.input?.messages
      const last = Array.isArray(messages) ? messages.at(-1)?.content : undefined
      return (await options.beforeRun?.(String(last ?? ''))) ?? undefined
    } finally {
      runsInFlight -= 1
    }
  }

  const server = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) res.writeHead(500)
      res.end()
    })
  })
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve))
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    url: origin,
    requests,
    threads,
    runsInFlight: () => runsInFlight,
    maxRunsInFlight: () => maxRunsInFlight,
    injectFault: (fault) => faults.inject(fault),
    clearFaults: () => faults.clear(),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections()
        server.close((error) => (error ? reject(error) : resolve()))
      })
  }
}

function rpcError(id: string | number | null, code: number, message: string) {
  return { jsonrpc: '2.0', id, error: { code, message } }
}
