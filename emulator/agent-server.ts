import { randomUUID } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { RecordedRequest } from './types'

export interface AgentServerOptions {
  /** Expected X-Api-Key (default 'emulator-key'); a wrong one gets 404, as api.md §5.3 says. */
  apiKey?: string
  assistants?: string[]
  port?: number
  /** Answer every A2A call with this JSON-RPC error. */
  a2aError?: { code: number; message: string }
  /** Answer /assistants with 503 for this long after start, as a server still coming up. */
  warmUpMs?: number
}

export interface AgentServerEmulator {
  url: string
  requests: RecordedRequest[]
  close(): Promise<void>
}

/** A small agent server (api.md §4.2, §4.3): assistants, a stateless echo run, and A2A. */
export async function startAgentServer(
  options: AgentServerOptions = {}
): Promise<AgentServerEmulator> {
  const apiKey = options.apiKey ?? 'emulator-key'
  const assistants = new Set(options.assistants ?? ['agent'])
  const requests: RecordedRequest[] = []
  const startedAt = Date.now()
  let origin = ''

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', origin)
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    const text = Buffer.concat(chunks).toString('utf8')
    let body: unknown
    try {
      body = text ? JSON.parse(text) : undefined
    } catch {
      body = text
    }
    const record: RecordedRequest = {
      method: req.method ?? 'GET',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      headers: Object.fromEntries(
        Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : v])
      ),
      body,
      status: 0
    }
    requests.push(record)
    const reply = (status: number, payload: unknown, contentType = 'application/json') => {
      record.status = status
      res.writeHead(status, { 'content-type': contentType })
      res.end(JSON.stringify(payload))
    }
    if (url.pathname === '/ok') return reply(200, { ok: true })
    if (req.headers['x-api-key'] !== apiKey) return reply(404, { detail: 'Not Found' })

    const assistant = /^\/assistants\/([^/]+)$/.exec(url.pathname)?.[1]
    if (
      req.method === 'GET' &&
      assistant !== undefined &&
      Date.now() < startedAt + (options.warmUpMs ?? 0)
    ) {
      return reply(503, { detail: 'The server is starting' })
    }
    if (req.method === 'GET' && assistant !== undefined) {
      const id = decodeURIComponent(assistant)
      if (!assistants.has(id)) return reply(404, { detail: `Assistant ${id} not found` })
      return reply(200, { assistant_id: id, graph_id: id, name: id, config: {}, metadata: {} })
    }
    if (req.method === 'POST' && url.pathname === '/runs/wait') {
      const run = body as {
        assistant_id?: string
        input?: { messages?: { role: string; content: string }[] }
      }
      if (!assistants.has(run.assistant_id ?? ''))
        return reply(404, { detail: 'Assistant not found' })
      const messages = run.input?.messages ?? []
      const last = messages.at(-1)?.content ?? ''
      // The real server answers this JSON as text/plain.
      return reply(
        200,
        { messages: [...messages, { type: 'ai', content: `echo: ${last}` }] },
        'text/plain'
      )
    }
    if (req.method === 'GET' && url.pathname === '/.well-known/agent-card.json') {
      const id = url.searchParams.get('assistant_id') ?? ''
      if (!assistants.has(id)) return reply(404, { detail: 'Assistant not found' })
      return reply(200, {
        name: id,
        description: `Echo agent ${id}`,
        url: `${origin}/a2a/${id}`,
        version: '1.0.0',
        protocolVersion: '0.3.0',
        preferredTransport: 'JSONRPC',
        capabilities: { streaming: true },
        defaultInputModes: ['text'],
        defaultOutputModes: ['text'],
        skills: [{ id: 'echo', name: 'Echo', description: 'Repeats the message', tags: ['echo'] }]
      })
    }
    const a2a = /^\/a2a\/([^/]+)$/.exec(url.pathname)?.[1]
    if (req.method === 'POST' && a2a !== undefined) {
      const call = body as {
        id?: string
        method?: string
        params?: { message?: { parts?: { kind: string; text?: string }[]; contextId?: string } }
      }
      if (options.a2aError) {
        return reply(200, { jsonrpc: '2.0', id: call.id ?? null, error: options.a2aError })
      }
      if (call.method !== 'message/send') {
        return reply(200, {
          jsonrpc: '2.0',
          id: call.id ?? null,
          error: { code: -32601, message: 'Method not found' }
        })
      }
      const input = call.params?.message?.parts?.find((part) => part.kind === 'text')?.text ?? ''
      return reply(200, {
        jsonrpc: '2.0',
        id: call.id,
        result: {
          kind: 'task',
          id: randomUUID(),
          contextId: call.params?.message?.contextId ?? randomUUID(),
          status: { state: 'completed' },
          artifacts: [
            { artifactId: randomUUID(), parts: [{ kind: 'text', text: `echo: ${input}` }] }
          ]
        }
      })
    }
    reply(404, { detail: 'Not Found' })
  }

  const server = createServer((req, res) => {
    handle(req, res).catch(() => {
      res.writeHead(500)
      res.end()
    })
  })
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve))
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    url: origin,
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections()
        server.close((error) => (error ? reject(error) : resolve()))
      })
  }
}
