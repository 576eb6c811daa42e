import { createReadStream } from 'node:fs'
import type { Readable } from 'node:stream'
import { request as undiciRequest, type Dispatcher } from './transport'
import type { z } from 'zod'
import {
  ControlPlaneError,
  DeadlineError,
  formatErrorDetail,
  HttpStatusError,
  NetworkError,
  ResponseShapeError
} from './errors'
import {
  backoffDelay,
  parseRetryAfter,
  RETRYABLE_STATUSES,
  sleep,
  type BackoffPolicy
} from './retry'
import {
  deploymentSchema,
  deploymentsListSchema,
  revisionLogsSchema,
  revisionSchema,
  revisionsListSchema,
  uploadUrlSchema,
  type Deployment,
  type DeploymentCreateBody,
  type DeploymentPatchBody,
  type Revision,
  type RevisionLogs,
  type UploadUrl
} from './schemas'

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
  now?: () => number
  random?: () => number
}

export interface CallOptions {
  /** Epoch milliseconds after which nothing is sent and no retry is slept. */
  deadline?: number
  signal?: AbortSignal
}

interface RequestSpec<T> extends CallOptions {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT'
  /** A URL outside the control plane (an upload): sent without the control plane's headers. */
  absoluteUrl?: string
  headers?: Record<string, string>
  /** A body made anew for each attempt (a file stream). */
  rawBody?: () => Readable
  path: string
  query?: Record<string, string | number | undefined>
  body?: unknown
  schema: z.ZodType<T> | undefined
}

/** Methods whose repetition changes nothing more than the first attempt did. */
const IDEMPOTENT: ReadonlySet<string> = new Set(['GET', 'PUT', 'DELETE'])
const PAGE_LIMIT = 100
/** A guard against a service whose offsets never end; 1,000 pages are 100,000 deployments. */
const MAX_PAGES = 1000

/**
 * The control plane's client: one request() chokepoint adds the auth headers and a timeout,
 * retries what is safe to retry, turns failures into errors that name the call, and parses every
 * answer with its schema. It imports nothing from @actions/* so it can be used on its own.
 */
export class ControlPlaneClient {
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

  /** The deployment whose name is exactly `name`, paging through the substring filter's results. */
  async findDeploymentByName(
    name: string,
    call: CallOptions = {}
  ): Promise<Deployment | undefined> {
    let offset = 0
    for (let page = 0; page < MAX_PAGES; page++) {
      const list = await this.#request({
        ...call,
        method: 'GET',
        path: '/v2/deployments',
        query: { name_contains: name, limit: PAGE_LIMIT, offset },
        schema: deploymentsListSchema
      })
      const match = list.resources.find((deployment) => deployment.name === name)
      if (match) return match
      const next = list.offset ?? offset + list.resources.length
      if (list.resources.length < PAGE_LIMIT || next <= offset) return undefined
      offset = next
    }
    return undefined
  }

  getDeployment(id: string, call: CallOptions = {}): Promise<Deployment> {
    return this.#request({
      ...call,
      method: 'GET',
      path: `/v2/deployments/${encodeURIComponent(id)}`,
      schema: deploymentSchema
    })
  }

  createDeployment(body: DeploymentCreateBody, call: CallOptions = {}): Promise<Deployment> {
    return this.#request({
      ...call,
      method: 'POST',
      path: '/v2/deployments',
      body,
      schema: deploymentSchema
    })
  }

  patchDeployment(
    id: string,
    body: DeploymentPatchBody,
    call: CallOptions = {}
  ): Promise<Deployment> {
    return this.#request({
      ...call,
      method: 'PATCH',
      path: `/v2/deployments/${encodeURIComponent(id)}`,
      body,
      schema: deploymentSchema
    })
  }

  getRevision(deploymentId: string, revisionId: string, call: CallOptions = {}): Promise<Revision> {
    return this.#request({
      ...call,
      method: 'GET',
      path: `/v2/deployments/${encodeURIComponent(deploymentId)}/revisions/${encodeURIComponent(revisionId)}`,
      schema: revisionSchema
    })
  }

  deleteDeployment(
    id: string,
    options: { deleteTracingProject: boolean },
    call: CallOptions = {}
  ): Promise<void> {
    return this.#request({
      ...call,
      method: 'DELETE',
      path: `/v2/deployments/${encodeURIComponent(id)}`,
      query: { delete_tracing_project: options.deleteTracingProject ? 'true' : undefined },
      schema: undefined
    })
  }

  /** A signed URL to PUT a source tarball to, and the object path the PATCH names it by. */
  createUploadUrl(deploymentId: string, call: CallOptions = {}): Promise<UploadUrl> {
    return this.#request({
      ...call,
      method: 'POST',
      path: `/v2/deployments/${encodeURIComponent(deploymentId)}/upload-url`,
      schema: uploadUrlSchema
    })
  }

  /**
   * PUTs a file to a signed upload URL, streamed from disk. The URL carries its own authority:
   * no API key goes with it. Sending the same file again is harmless, so failures are retried.
   */
  async uploadFile(
    uploadUrl: string,
    file: { path: string; bytes: number },
    call: CallOptions = {}
  ): Promise<void> {
    const target = new URL(uploadUrl)
    // The signed query string is a credential: messages name the host and path only.
    const shown = `${target.origin}${target.pathname}`
    await this.#request({
      ...call,
      method: 'PUT',
      path: shown,
      absoluteUrl: uploadUrl,
      headers: { 'content-type': 'application/gzip', 'content-length': String(file.bytes) },
      rawBody: () => createReadStream(file.path),
      schema: undefined
    })
  }

  /** The newest revisions of a deployment, newest first (one page). */
  async listRevisions(
    deploymentId: string,
    limit: number,
    call: CallOptions = {}
  ): Promise<Revision[]> {
    const page = await this.#request({
      ...call,
      method: 'GET',
      path: `/v2/deployments/${encodeURIComponent(deploymentId)}/revisions`,
      query: { limit },
      schema: revisionsListSchema
    })
    return page.resources
  }

  /** One page of a revision's build or deploy logs (newer than the published schema). */
  getRevisionLogs(
    deploymentId: string,
    revisionId: string,
    type: 'build' | 'deploy',
    query: { order?: 'asc' | 'desc'; limit?: number; offset?: string },
    call: CallOptions = {}
  ): Promise<RevisionLogs> {
    return this.#request({
      ...call,
      method: 'GET',
      path: `/v2/deployments/${encodeURIComponent(deploymentId)}/revisions/${encodeURIComponent(revisionId)}/logs`,
      query: { type, ...query },
      schema: revisionLogsSchema
    })
  }

  /**
   * Every deployment whose name contains `nameContains` ('' for all), over every page; at most
   * `maxPages` pages (MAX_PAGES unless given).
   */
  async listDeployments(
    nameContains: string,
    call: CallOptions = {},
    maxPages = MAX_PAGES
  ): Promise<Deployment[]> {
    const found: Deployment[] = []
    let offset = 0
    for (let page = 0; page < maxPages; page++) {
      const list = await this.#request({
        ...call,
        method: 'GET',
        path: '/v2/deployments',
        query: { name_contains: nameContains || undefined, limit: PAGE_LIMIT, offset },
        schema: deploymentsListSchema
      })
      found.push(...list.resources)
      const next = list.offset ?? offset + list.resources.length
      if (list.resources.length < PAGE_LIMIT || next <= offset) break
      offset = next
    }
    return found
  }

  async #request<T>(spec: RequestSpec<T>): Promise<T> {
    const { method, path } = spec
    const { maxAttempts, backoff, now, random } = this.#options
    for (let attempt = 1; ; attempt++) {
      const outcome = await this.#send(spec)
      let error: ControlPlaneError | undefined
      if (outcome.kind === 'answer' && outcome.status >= 200 && outcome.status < 300) {
        try {
          return this.#parse(spec, outcome.bodyText)
        } catch (parseError) {
          // A body cut short in transit is read again; one of the wrong shape would not change.
          const cutShort = parseError instanceof ResponseShapeError && parseError.notJson
          if (!cutShort || !IDEMPOTENT.has(method) || attempt >= maxAttempts) throw parseError
          error = parseError
        }
      }
      error ??=
        outcome.kind === 'answer'
          ? new HttpStatusError(method, path, outcome.status, formatErrorDetail(outcome.bodyText))
          : outcome.error
      // A GET, PUT or DELETE repeated changes nothing more, so it is safe to send again. A 429 was refused before the
      // service acted, so it is safe for every method. Anything else that changes state is not
      // retried here: its first attempt may have acted.
      const retryable =
        error instanceof ResponseShapeError ||
        (outcome.kind === 'answer'
          ? RETRYABLE_STATUSES.has(outcome.status) &&
            (IDEMPOTENT.has(method) || outcome.status === 429)
          : IDEMPOTENT.has(method) && outcome.error instanceof NetworkError)
      if (!retryable || attempt >= maxAttempts) throw error
      const retryAfter =
        outcome.kind === 'answer' ? parseRetryAfter(outcome.retryAfter, now()) : undefined
      const delayMs = retryAfter ?? backoffDelay(attempt - 1, backoff, random)
      if (spec.deadline !== undefined && now() + delayMs >= spec.deadline) throw error
      this.#options.onRetry?.({
        method,
        path,
        attempt,
        delayMs,
        reason:
          error instanceof ResponseShapeError
            ? 'body cut short'
            : outcome.kind === 'answer'
              ? `HTTP ${outcome.status}`
              : outcome.error.reason
      })
      await sleep(delayMs, spec.signal)
    }
  }

  async #send(
    spec: RequestSpec<unknown>
  ): Promise<
    | { kind: 'answer'; status: number; bodyText: string; retryAfter: string | undefined }
    | { kind: 'failure'; error: NetworkError }
  > {
    const { method, path } = spec
    const { now, requestTimeoutMs } = this.#options
    spec.signal?.throwIfAborted()
    const remaining = spec.deadline === undefined ? requestTimeoutMs : spec.deadline - now()
    if (remaining <= 0) throw new DeadlineError(method, path)
    const timeoutMs = Math.min(requestTimeoutMs, remaining)
    const timeout = AbortSignal.timeout(timeoutMs)
    const signal = spec.signal ? AbortSignal.any([spec.signal, timeout]) : timeout
    const url = this.#url(spec)
    const started = now()
    try {
      const response = await undiciRequest(url, {
        method,
        headers: spec.absoluteUrl
          ? (spec.headers ?? {})
          : { ...this.#headers(spec.body !== undefined), ...spec.headers },
        body: spec.rawBody
          ? spec.rawBody()
          : spec.body === undefined
            ? undefined
            : JSON.stringify(spec.body),
        signal,
        dispatcher: this.#options.dispatcher
      })
      const bodyText = await response.body.text()
      this.#options.onDebug?.(
        () => `${method} ${path} → ${response.statusCode} in ${now() - started} ms`
      )
      const retryAfter = response.headers['retry-after']
      return {
        kind: 'answer',
        status: response.statusCode,
        bodyText,
        retryAfter: Array.isArray(retryAfter) ? retryAfter[0] : retryAfter
      }
    } catch (error) {
      if (spec.signal?.aborted) throw spec.signal.reason
      const reason = timeout.aborted
        ? `no answer within ${Math.round(timeoutMs / 100) / 10} s`
        : describeNetworkError(error)
      this.#options.onDebug?.(() => `${method} ${path} → ${reason} after ${now() - started} ms`)
      if (timeout.aborted && timeoutMs < requestTimeoutMs) throw new DeadlineError(method, path)
      return { kind: 'failure', error: new NetworkError(method, path, reason) }
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
    const url = new URL(this.#options.baseUrl + spec.path)
    for (const [key, value] of Object.entries(spec.query ?? {})) {
      if (value !== undefined) url.searchParams.set(key, String(value))
    }
    return url.toString()
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

function describeNetworkError(error: unknown): string {
  if (error instanceof ControlPlaneError) return error.message
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code
    const cause = error.cause instanceof Error ? `: ${error.cause.message}` : ''
    return typeof code === 'string'
      ? `${error.message} (${code})${cause}`
      : `${error.message}${cause}`
  }
  return String(error)
}
