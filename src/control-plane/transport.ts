/**
 * The only HTTP code of the action: one send() for the control plane, the signed upload URL and
 * the agent server. It bounds every wait by the caller's timeout and signal (a proxy's CONNECT
 * included) and reads bodies incrementally up to a cap.
 */
import { formatDuration } from '../lib/duration'
import type { Readable } from 'node:stream'
import { Agent, EnvHttpProxyAgent, Pool, request, type Dispatcher, type ProxyAgent } from 'undici'
import { formatBytes } from '../lib/bytes'
import type { Sleep } from '../world'

export type { Dispatcher }

const MB = 1024 * 1024

/** The most of a body read for each use; past it the request fails once and is not retried. */
export const BODY_CAPS = {
  /** A control-plane answer: a deployment, a revision, a page of 100 deployments. */
  controlPlaneJson: 10 * MB,
  /** A page of a revision's build or deploy logs. */
  logPage: 10 * MB,
  /** The storage's answer to the source upload, which is not read. */
  uploadAnswer: 1 * MB,
  /** An agent server's answer: an assistant, a run's messages, an agent card, an A2A reply. */
  agentReply: 4 * MB,
  /** A tracing service answer: a dataset, a page of 100 examples, rules, feedback, an experiment. */
  tracingJson: 10 * MB,
  /** A GitHub API answer: a page of 100 comments of at most 65,536 characters each. */
  githubJson: 10 * MB
} as const

/**
 * How long a proxy may take to answer CONNECT. The request's own signal cannot reach undici's
 * tunnel set-up, so send() stops waiting at its timeout; this frees the socket soon after
 * (undici's default would hold it, and the process, for 300 s).
 */
export const PROXY_ANSWER_TIMEOUT_MS = 5_000

/**
 * The pool of connections to a proxy, through which ProxyAgent opens each tunnel (CONNECT). A
 * proxy that closes the connection fails a CONNECT with a socket error, which undici takes as
 * passing and answers by connecting again at once, without end and without looking at the
 * request's signal (thousands of CONNECTs a second). The failure is handed on as one that
 * fails the request instead: the client's own retries, with backoff and the deadline, decide.
 */
class TunnelPool extends Pool {
  override connect(options: Dispatcher.ConnectOptions): Promise<Dispatcher.ConnectData>
  override connect(options: Dispatcher.ConnectOptions, callback: ConnectCallback): void
  override connect(
    options: Dispatcher.ConnectOptions,
    callback?: ConnectCallback
  ): Promise<Dispatcher.ConnectData> | void {
    if (callback) return super.connect(options, callback)
    return super.connect(options).catch((error: unknown) => {
      throw new ProxyTunnelError(error)
    })
  }
}

type ConnectCallback = (err: Error | null, data: Dispatcher.ConnectData) => void

/** A CONNECT the proxy did not answer with a tunnel; its code is not one undici retries. */
class ProxyTunnelError extends Error {
  readonly code = 'PROXY_TUNNEL_FAILED'
  constructor(cause: unknown) {
    super(
      `the proxy did not open a tunnel: ${cause instanceof Error ? cause.message : String(cause)}`
    )
    this.name = 'ProxyTunnelError'
  }
}

/** The variables that route requests through a proxy, as undici's EnvHttpProxyAgent reads them. */
const PROXY_VARIABLES = ['HTTP_PROXY', 'http_proxy', 'HTTPS_PROXY', 'https_proxy'] as const

/**
 * The dispatcher of a run: HTTP(S)_PROXY and NO_PROXY honoured, the proxy's answer bounded.
 * undici 6 (the line @actions/core and @actions/github use, so the bundle holds one undici) marks
 * EnvHttpProxyAgent experimental and says so on stderr when one is made: a run with no proxy
 * variable set gets a plain Agent instead.
 */
export function createDispatcher(
  options: {
    httpProxy?: string
    noProxy?: string
    env?: Readonly<Record<string, string | undefined>>
  } = {}
): Dispatcher {
  const { env = process.env, ...proxy } = options
  const proxied = proxy.httpProxy !== undefined || PROXY_VARIABLES.some((name) => env[name])
  if (!proxied) return new Agent()
  // clientFactory is ProxyAgent's option, which EnvHttpProxyAgent hands on to its proxy agents
  // (its type leaves it out); __tests__/control-plane/transport.test.ts holds that a silent proxy
  // is let go.
  // Read from `env` as undici would read process.env (a run's world may not be this process's).
  const agentOptions: EnvHttpProxyAgent.Options & Pick<ProxyAgent.Options, 'clientFactory'> = {
    httpProxy: env.http_proxy ?? env.HTTP_PROXY ?? '',
    httpsProxy: env.https_proxy ?? env.HTTPS_PROXY ?? '',
    noProxy: env.no_proxy ?? env.NO_PROXY ?? '',
    ...proxy,
    clientFactory: (origin, clientOptions) =>
      new TunnelPool(origin, {
        ...clientOptions,
        headersTimeout: PROXY_ANSWER_TIMEOUT_MS,
        bodyTimeout: PROXY_ANSWER_TIMEOUT_MS
      })
  }
  return new EnvHttpProxyAgent(agentOptions)
}

export interface SendRequest {
  url: string
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT'
  headers: Record<string, string>
  /** JSON text, or a stream made anew for this attempt. */
  body?: string | Readable
  /** The caller's cancellation: its reason is thrown as is. */
  signal?: AbortSignal
  /** Longest time this exchange may take, answer and body included. */
  timeoutMs: number
  /** The most bytes of body read (BODY_CAPS). */
  maxBodyBytes: number
  dispatcher?: Dispatcher
  /** The clock's sleep `timeoutMs` is measured with (the world's); real time when undefined. */
  sleep?: Sleep
}

export interface SendAnswer {
  status: number
  headers: Record<string, string | string[] | undefined>
  bodyText: string
}

export type TransportFailure = 'network' | 'timeout' | 'too-large'

/** The exchange failed: no answer, none within the timeout, or a body over the cap. */
export class TransportError extends Error {
  constructor(
    readonly kind: TransportFailure,
    /** For people: `ECONNRESET`, `no answer within 2 s`, `a body over 10.0 MB`. */
    readonly reason: string,
    /** The status of a too-large answer; undefined when none came. */
    readonly status?: number
  ) {
    super(reason)
    this.name = 'TransportError'
  }
}

/**
 * The time one attempt may take: the request timeout, cut to what is left before the deadline.
 * `cutByDeadline` says the deadline, not the request timeout, set the bound; undefined when
 * nothing is left.
 */
export function attemptTimeout(
  requestTimeoutMs: number,
  deadline: number | undefined,
  now: number
): { timeoutMs: number; cutByDeadline: boolean } | undefined {
  const remaining = deadline === undefined ? Infinity : deadline - now
  if (remaining <= 0) return undefined
  return remaining < requestTimeoutMs
    ? { timeoutMs: remaining, cutByDeadline: true }
    : { timeoutMs: requestTimeoutMs, cutByDeadline: false }
}

/**
 * Sends one request and reads its answer, never longer than `timeoutMs` and never more than
 * `maxBodyBytes` of body. Redirects are not followed: a 3xx is an answer like any other.
 */
export async function send(spec: SendRequest): Promise<SendAnswer> {
  spec.signal?.throwIfAborted()
  const timeout = timeLimit(spec.timeoutMs, spec.sleep)
  const signal = spec.signal ? AbortSignal.any([spec.signal, timeout.signal]) : timeout.signal
  try {
    return await untilAborted(exchange(spec, signal), signal)
  } catch (error) {
    if (spec.signal?.aborted) throw spec.signal.reason
    if (error instanceof TransportError) throw error
    if (timeout.signal.aborted) {
      throw new TransportError('timeout', `no answer within ${formatSeconds(spec.timeoutMs)}`)
    }
    throw new TransportError('network', describeNetworkError(error))
  } finally {
    timeout.stop()
  }
}

/**
 * A signal that aborts with a TimeoutError once `ms` have passed on the clock `sleep` belongs to
 * (real time when undefined, as AbortSignal.timeout); `stop()` when the work it bounds is over.
 */
export function timeLimit(ms: number, sleep?: Sleep): { signal: AbortSignal; stop(): void } {
  if (!sleep) return { signal: AbortSignal.timeout(ms), stop: () => undefined }
  const timedOut = new AbortController()
  const stopped = new AbortController()
  sleep(ms, stopped.signal).then(
    () => timedOut.abort(new DOMException('The operation timed out.', 'TimeoutError')),
    () => undefined
  )
  return { signal: timedOut.signal, stop: () => stopped.abort() }
}

async function exchange(spec: SendRequest, signal: AbortSignal): Promise<SendAnswer> {
  const response = await request(spec.url, {
    method: spec.method,
    headers: spec.headers,
    body: spec.body,
    signal,
    dispatcher: spec.dispatcher
  })
  const tooLarge = () =>
    new TransportError('too-large', `a body over ${formatBytes(spec.maxBodyBytes)}`, status)
  const status = response.statusCode
  const declared = Number(response.headers['content-length'])
  if (Number.isFinite(declared) && declared > spec.maxBodyBytes) {
    discard(response.body)
    throw tooLarge()
  }
  const chunks: Buffer[] = []
  let bytes = 0
  for await (const chunk of response.body as AsyncIterable<Buffer>) {
    bytes += chunk.length
    if (bytes > spec.maxBodyBytes) {
      discard(response.body)
      throw tooLarge()
    }
    chunks.push(chunk)
  }
  return { status, headers: response.headers, bodyText: Buffer.concat(chunks).toString('utf8') }
}

/**
 * Stops reading a body and lets its socket go. undici reports the abort as an 'error' event on
 * the body, which nothing is reading any more: it is swallowed here rather than left unhandled.
 */
function discard(body: Dispatcher.ResponseData['body']): void {
  body.on('error', () => undefined)
  body.destroy()
}

/**
 * Rejects as soon as the signal aborts, whatever the exchange is waiting for. undici queues a
 * request while its connection (or a proxy's tunnel) is being set up, and does not look at the
 * signal until then; a late answer is then dropped.
 */
function untilAborted<T extends SendAnswer>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason)
    if (signal.aborted) onAbort()
    signal.addEventListener('abort', onAbort, { once: true })
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort))
  })
}

function formatSeconds(ms: number): string {
  return formatDuration(ms, 'fine')
}

function describeNetworkError(error: unknown): string {
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code
    const cause = error.cause instanceof Error ? `: ${error.cause.message}` : ''
    return typeof code === 'string'
      ? `${error.message} (${code})${cause}`
      : `${error.message}${cause}`
  }
  return String(error)
}

type Fetch = (
  input: Parameters<typeof fetch>[0],
  init?: Parameters<typeof fetch>[1]
) => Promise<Response>

/** Statuses whose answer has no body (a Response made with one throws). */
const NO_BODY_STATUSES = new Set([101, 204, 205, 304])

/**
 * A fetch that reads each answer's body up to `maxBytes` before handing it on (for clients that
 * take a fetch, such as Octokit): past the cap it stops reading and rejects with a 'too-large'
 * TransportError, so that no answer can fill the memory.
 */
export function cappedFetch(inner: Fetch, maxBytes: number): Fetch {
  return async (input, init) => {
    const response = await inner(input, init)
    const tooLarge = () =>
      new TransportError('too-large', `a body over ${formatBytes(maxBytes)}`, response.status)
    const declared = Number(response.headers.get('content-length') ?? NaN)
    if (Number.isFinite(declared) && declared > maxBytes) {
      await response.body?.cancel().catch(() => undefined)
      throw tooLarge()
    }
    const chunks: Uint8Array[] = []
    let bytes = 0
    if (response.body) {
      const reader = response.body.getReader()
      for (;;) {
        const { done, value } = await reader.read()
        if (done) break
        bytes += value.byteLength
        if (bytes > maxBytes) {
          await reader.cancel().catch(() => undefined)
          throw tooLarge()
        }
        chunks.push(value)
      }
    }
    const read = new Response(
      NO_BODY_STATUSES.has(response.status) ? null : Buffer.concat(chunks),
      {
        status: response.status,
        statusText: response.statusText,
        headers: response.headers
      }
    )
    // The client reads the URL the answer came from (a Response made anew has none).
    Object.defineProperty(read, 'url', { value: response.url })
    return read
  }
}
