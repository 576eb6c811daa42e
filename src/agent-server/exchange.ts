import {
  attemptTimeout,
  BODY_CAPS,
  send,
  TransportError,
  type Dispatcher
} from '../control-plane/transport'
import type { Sleep } from '../world'

/** Where and how to reach a deployment's agent server, and until when. */
export interface AgentServer {
  /** The deployment URL. */
  baseUrl: string
  apiKey: string
  authScheme?: string
  /** Epoch ms: nothing is sent after it, and no exchange lasts beyond it. */
  deadline: number
  signal?: AbortSignal
  dispatcher?: Dispatcher
  now: () => number
  /** The clock's sleep each exchange's timeout is measured with; real time when undefined. */
  sleep?: Sleep
}

/** The longest one exchange with the agent server may take, before the deadline cuts it. */
export const AGENT_REQUEST_TIMEOUT_MS = 60_000

/**
 * One exchange with the agent server: its key and auth scheme sent, bounded by the request
 * timeout and the deadline, the answer read up to the agent reply cap. Throws the transport's
 * error (no answer, none in time, too large).
 */
export async function agentExchange(
  server: AgentServer,
  request: {
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE'
    path: string
    body?: unknown
    headers?: Record<string, string>
    timeoutMs?: number
    /** Send no content type (a read without a body, to a route that refuses one with it). */
    withoutContentType?: boolean
  }
): Promise<{ status: number; text: string; retryAfter?: string }> {
  const bound = attemptTimeout(
    request.timeoutMs ?? AGENT_REQUEST_TIMEOUT_MS,
    server.deadline,
    server.now()
  )
  if (!bound) throw new TransportError('timeout', 'the time allowed ran out before it was sent')
  const headers: Record<string, string> = {
    // `/schemas` refuses a JSON content type without a body (400): such a read goes without.
    ...(request.withoutContentType ? {} : { 'content-type': 'application/json' }),
    'x-api-key': server.apiKey,
    ...request.headers
  }
  if (server.authScheme) headers['x-auth-scheme'] = server.authScheme
  const answer = await send({
    url: `${server.baseUrl.replace(/\/+$/, '')}${request.path}`,
    method: request.method,
    headers,
    body: request.body === undefined ? undefined : JSON.stringify(request.body),
    signal: server.signal,
    timeoutMs: bound.timeoutMs,
    maxBodyBytes: BODY_CAPS.agentReply,
    dispatcher: server.dispatcher,
    sleep: server.sleep
  })
  const retryAfter = answer.headers['retry-after']
  return {
    status: answer.status,
    text: answer.bodyText,
    retryAfter: Array.isArray(retryAfter) ? retryAfter[0] : retryAfter
  }
}
