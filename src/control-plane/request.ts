import type { Readable } from 'node:stream'
import type { z } from 'zod'
import { formatBytes } from '../lib/bytes'
import { attemptTimeout, send, TransportError, type Dispatcher } from './transport'
import {
  BodyTooLargeError,
  ControlPlaneError,
  DeadlineError,
  formatErrorDetail,
  HttpStatusError,
  NetworkError,
  ResponseShapeError
} from './errors'
import { backoffDelay, parseRetryAfter, sleep, type BackoffPolicy } from './retry'
import { failureOf, isRetryable } from './status-policy'
import type { Sleep } from '../world'

export interface RetryNotice {
  method: string
  path: string
  attempt: number
  delayMs: number
  reason: string
}

export interface ControlPlaneClientOptions {
  /** Base URL, path prefix included, without a trailing slash. */
  baseUrl: string
  apiKey: string
  tenantId?: string
  userAgent: string
  /** Longest time one request may take; each request is also cut short by the call's deadline. */
  requestTimeoutMs?: number
  /** Attempts of a retryable call, the first included. */
  maxAttempts?: number
  backoff?: BackoffPolicy
  dispatcher?: Dispatcher
  /** Called with a lazily built line for debug output; never receives a body or a header value. */
  onDebug?: (line: () => string) => void
  onRetry?: (notice: RetryNotice) => void
  /**
   * Called with the wait a 429's or a 503's `Retry-After` asks for, sent again or not: a
   * client whose other calls must hold back too (the tracing service's) learns of it here.
   */
  onRetryAfter?: (delayMs: number) => void
  now?: () => number
  /** The sleep between attempts and of each request's timeout: the world's clock. */
  sleep?: Sleep
  random?: () => number
  /** Pages of a list read at the most, a guard against a service whose pages never end (1,000). */
  maxListPages?: number
}

export interface CallOptions {
  /** Epoch milliseconds after which nothing is sent and no retry is slept. */
  deadline?: number
  signal?: AbortSignal
  /** Attempts of this call, the first included, when fewer than the client's (a status poll). */
  maxAttempts?: number
}

/** One call as the chokepoint sends it. */
export interface RequestSpec<T> extends CallOptions {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT'
  /** A URL outside the control plane (an upload): sent without the control plane's headers. */
  absoluteUrl?: string
  headers?: Record<string, string>
  /** A body made anew for each attempt (a file stream). */
  rawBody?: () => Readable
  path: string
  query?: Query
  body?: unknown
  schema: z.ZodType<T> | undefined
  /** The most bytes of the answer read (BODY_CAPS). */
  maxBodyBytes: number
  /**
   * A write whose repetition changes nothing more (its ids are made by the caller): retried like a
   * GET after a failure that leaves the outcome unknown.
   */
  idempotent?: boolean
}

/** A list value is sent as the key repeated (`run=a&run=b`). */
export type Query = Record<string, string | number | readonly string[] | undefined>

/** `?a=1&b=2` of the values that are set, encoded as the request sends them; '' when none. */
export function queryString(query: Query = {}): string {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(query)) {
    if (Array.isArray(value)) for (const item of value) params.append(key, String(item))
    else if (value !== undefined) params.set(key, String(value))
  }
  const text = params.toString()
  return text ? `?${text}` : ''
}

/**
 * The client's one request chokepoint: adds the auth headers and a timeout, retries what is safe
 * to retry, turns failures into errors that name the call, and parses every answer with its schema.
 */
export class ControlPlaneRequester {
  readonly #options: Required<
    Pick<
      ControlPlaneClientOptions,
      'requestTimeoutMs' | 'maxAttempts' | 'backoff' | 'now' | 'random'
    >
  > &
    ControlPlaneClientOptions

  constructor(options: ControlPlaneClientOptions) {
    this.#options = {
      requestTimeoutMs: 30_000,
      maxAttempts: 5,
      backoff: { baseMs: 1_000, maxMs: 20_000 },
      now: Date.now,
      random: Math.random,
      ...options,
      baseUrl: options.baseUrl.replace(/\/+$/, '')
    }
  }

  /** The longest time one request may take. */
  get requestTimeoutMs(): number {
    return this.#options.requestTimeoutMs
  }

  /** The pause before retry `retryNumber` (0 for the first): the client's backoff and random. */
  retryDelay(retryNumber: number): number {
    return backoffDelay(retryNumber, this.#options.backoff, this.#options.random)
  }

  async request<T>(spec: RequestSpec<T>): Promise<T> {
    const { method, path } = spec
    const { now } = this.#options
    const maxAttempts = Math.min(spec.maxAttempts ?? Infinity, this.#options.maxAttempts)
    for (let attempt = 1; ; attempt++) {
      const outcome = await this.#send(spec)
      // A 503's Retry-After asks the same as a 429's: hold back (the spec's bake window).
      if (outcome.kind === 'answer' && (outcome.status === 429 || outcome.status === 503)) {
        const asked = parseRetryAfter(outcome.retryAfter, now())
        if (asked !== undefined) this.#options.onRetryAfter?.(asked)
      }
      let error: ControlPlaneError
      if (outcome.kind === 'answer' && outcome.status >= 200 && outcome.status < 300) {
        try {
          return this.#parse(spec, outcome.bodyText)
        } catch (parseError) {
          if (!(parseError instanceof ResponseShapeError)) throw parseError
          error = parseError
        }
      } else {
        error =
          outcome.kind === 'answer'
            ? new HttpStatusError(method, path, outcome.status, formatErrorDetail(outcome.bodyText))
            : outcome.error
      }
      // What a failure means (retry? for which methods?) is status-policy.ts's table.
      const failure = failureOf(error)
      const retryable = failure && isRetryable(failure, spec.idempotent ? 'PUT' : method)
      if (!retryable || attempt >= maxAttempts) throw error
      const retryAfter =
        outcome.kind === 'answer' ? parseRetryAfter(outcome.retryAfter, now()) : undefined
      const delayMs = retryAfter ?? this.retryDelay(attempt - 1)
      if (spec.deadline !== undefined && now() + delayMs >= spec.deadline) throw error
      this.#options.onRetry?.({
        method,
        path,
        attempt,
        delayMs,
        reason:
          failure.kind === 'status'
            ? `HTTP ${failure.status}`
            : error instanceof NetworkError
              ? error.reason
              : failure.kind === 'too-large'
                ? 'body too large'
                : 'body cut short'
      })
      await (this.#options.sleep ?? sleep)(delayMs, spec.signal)
    }
  }

  async #send(
    spec: RequestSpec<unknown>
  ): Promise<
    | { kind: 'answer'; status: number; bodyText: string; retryAfter: string | undefined }
    | { kind: 'failure'; error: NetworkError | BodyTooLargeError }
  > {
    const { method, path } = spec
    const { now, requestTimeoutMs } = this.#options
    spec.signal?.throwIfAborted()
    const bound = attemptTimeout(requestTimeoutMs, spec.deadline, now())
    if (!bound) throw new DeadlineError(method, path)
    const started = now()
    try {
      const answer = await send({
        url: this.#url(spec),
        method,
        headers: spec.absoluteUrl
          ? (spec.headers ?? {})
          : { ...this.#headers(spec.body !== undefined), ...spec.headers },
        body: spec.rawBody
          ? spec.rawBody()
          : spec.body === undefined
            ? undefined
            : JSON.stringify(spec.body),
        signal: spec.signal,
        timeoutMs: bound.timeoutMs,
        maxBodyBytes: spec.maxBodyBytes,
        dispatcher: this.#options.dispatcher,
        sleep: this.#options.sleep
      })
      this.#options.onDebug?.(() => `${method} ${path} → ${answer.status} in ${now() - started} ms`)
      const retryAfter = answer.headers['retry-after']
      return {
        kind: 'answer',
        status: answer.status,
        bodyText: answer.bodyText,
        retryAfter: Array.isArray(retryAfter) ? retryAfter[0] : retryAfter
      }
    } catch (error) {
      if (!(error instanceof TransportError)) throw error
      this.#options.onDebug?.(
        () => `${method} ${path} → ${error.reason} after ${now() - started} ms`
      )
      if (error.kind === 'timeout' && bound.cutByDeadline) throw new DeadlineError(method, path)
      return {
        kind: 'failure',
        error:
          error.kind === 'too-large'
            ? new BodyTooLargeError(method, path, error.status, formatBytes(spec.maxBodyBytes))
            : new NetworkError(method, path, error.reason)
      }
    }
  }

  #parse<T>(spec: RequestSpec<T>, bodyText: string): T {
    if (spec.schema === undefined) return undefined as T
    let json: unknown
    try {
      json = JSON.parse(bodyText)
    } catch {
      throw new ResponseShapeError(spec.method, spec.path, 'the body is not JSON', true)
    }
    const parsed = spec.schema.safeParse(json)
    if (!parsed.success) {
      const problems = parsed.error.issues
        .slice(0, 3)
        .map((issue) => `${issue.path.join('.') || '(body)'}: ${issue.message}`)
      throw new ResponseShapeError(spec.method, spec.path, problems.join('; '))
    }
    return parsed.data
  }

  #url(spec: RequestSpec<unknown>): string {
    if (spec.absoluteUrl) return spec.absoluteUrl
    return new URL(this.#options.baseUrl + spec.path + queryString(spec.query)).toString()
  }

  #headers(hasBody: boolean): Record<string, string> {
    const headers: Record<string, string> = {
      accept: 'application/json',
      'user-agent': this.#options.userAgent,
      'x-api-key': this.#options.apiKey
    }
    if (this.#options.tenantId) headers['x-tenant-id'] = this.#options.tenantId
    if (hasBody) headers['content-type'] = 'application/json'
    return headers
  }
}
