import { createReadStream } from 'node:fs'
import type { Readable } from 'node:stream'
import { formatBytes } from '../lib/bytes'
import { attemptTimeout, BODY_CAPS, send, TransportError, type Dispatcher } from './transport'
import type { z } from 'zod'
import {
  BodyTooLargeError,
  ControlPlaneError,
  DeadlineError,
  formatErrorDetail,
  HttpStatusError,
  NetworkError,
  ResponseShapeError,
  ServiceIdError,
  UploadRefusedError
} from './errors'
import { UUID } from '../lib/ids'
import { withoutQuery } from './signed-url'
import { backoffDelay, parseRetryAfter, sleep, type BackoffPolicy } from './retry'
import { failureOf, isRetryable } from './status-policy'
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
  /** Attempts of this call, the first included, when fewer than the client's (a status poll). */
  maxAttempts?: number
}

interface RequestSpec<T> extends CallOptions {
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
}

type Query = Record<string, string | number | undefined>

/**
 * An id as a path segment. Ids come from the service (or from inputs checked as UUIDs): one of
 * another shape is never put into a request, the run stops naming it.
 */
const segment = (id: string) => {
  if (!UUID.test(id)) throw new ServiceIdError(id)
  return id
}

/** The control plane's paths: the one place they are spelled. Ids are UUIDs. */
export const controlPlanePaths = {
  deployments: () => '/v2/deployments',
  deployment: (id: string) => `/v2/deployments/${segment(id)}`,
  /** For messages about a deployment not created yet (dry run). */
  newDeployment: () => '/v2/deployments/{new id}',
  uploadUrl: (id: string) => `${controlPlanePaths.deployment(id)}/upload-url`,
  newDeploymentUploadUrl: () => `${controlPlanePaths.newDeployment()}/upload-url`,
  revisions: (id: string) => `${controlPlanePaths.deployment(id)}/revisions`,
  revision: (id: string, revisionId: string) =>
    `${controlPlanePaths.revisions(id)}/${segment(revisionId)}`,
  revisionLogs: (id: string, revisionId: string) =>
    `${controlPlanePaths.revision(id, revisionId)}/logs`,
  redeploy: (id: string, revisionId: string) =>
    `${controlPlanePaths.revision(id, revisionId)}/redeploy`
}

/** `?a=1&b=2` of the values that are set, encoded as the request sends them; '' when none. */
function queryString(query: Query = {}): string {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined) params.set(key, String(value))
  }
  const text = params.toString()
  return text ? `?${text}` : ''
}

function deleteQuery(options: { deleteTracingProject: boolean }): Query {
  return { delete_tracing_project: options.deleteTracingProject ? 'true' : undefined }
}

/** The DELETE a delete operation sends, for messages: `DELETE /v2/deployments/{id}?…`. */
export function describeDeleteRequest(
  id: string,
  options: { deleteTracingProject: boolean }
): string {
  return `DELETE ${controlPlanePaths.deployment(id)}${queryString(deleteQuery(options))}`
}
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
    for await (const page of this.#deploymentPages(name, call, MAX_PAGES)) {
      const match = page.find((deployment) => deployment.name === name)
      if (match) return match
    }
    return undefined
  }

  getDeployment(id: string, call: CallOptions = {}): Promise<Deployment> {
    return this.#request({
      ...call,
      method: 'GET',
      path: controlPlanePaths.deployment(id),
      schema: deploymentSchema,
      maxBodyBytes: BODY_CAPS.controlPlaneJson
    })
  }

  createDeployment(body: DeploymentCreateBody, call: CallOptions = {}): Promise<Deployment> {
    return this.#request({
      ...call,
      method: 'POST',
      path: controlPlanePaths.deployments(),
      body,
      schema: deploymentSchema,
      maxBodyBytes: BODY_CAPS.controlPlaneJson
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
      path: controlPlanePaths.deployment(id),
      body,
      schema: deploymentSchema,
      maxBodyBytes: BODY_CAPS.controlPlaneJson
    })
  }

  /**
   * The revision of this id. One that comes back under another id is refused: a rollback must
   * never redeploy a revision the service substituted.
   */
  async getRevision(
    deploymentId: string,
    revisionId: string,
    call: CallOptions = {}
  ): Promise<Revision> {
    const path = controlPlanePaths.revision(deploymentId, revisionId)
    const revision = await this.#request({
      ...call,
      method: 'GET',
      path,
      schema: revisionSchema,
      maxBodyBytes: BODY_CAPS.controlPlaneJson
    })
    if (revision.id !== revisionId) {
      const shown = revision.id.length > 100 ? `${revision.id.slice(0, 100)}…` : revision.id
      throw new ResponseShapeError(
        'GET',
        path,
        `it is the revision ${JSON.stringify(shown)}, not ${revisionId} that was asked for`
      )
    }
    return revision
  }

  deleteDeployment(
    id: string,
    options: { deleteTracingProject: boolean },
    call: CallOptions = {}
  ): Promise<void> {
    return this.#request({
      ...call,
      method: 'DELETE',
      path: controlPlanePaths.deployment(id),
      query: deleteQuery(options),
      schema: undefined,
      maxBodyBytes: BODY_CAPS.controlPlaneJson
    })
  }

  /** A signed URL to PUT a source tarball to, and the object path the PATCH names it by. */
  createUploadUrl(deploymentId: string, call: CallOptions = {}): Promise<UploadUrl> {
    return this.#request({
      ...call,
      method: 'POST',
      path: controlPlanePaths.uploadUrl(deploymentId),
      schema: uploadUrlSchema,
      maxBodyBytes: BODY_CAPS.controlPlaneJson
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
    try {
      await this.#request({
        ...call,
        method: 'PUT',
        path: shown,
        absoluteUrl: uploadUrl,
        headers: { 'content-type': 'application/gzip', 'content-length': String(file.bytes) },
        rawBody: () => createReadStream(file.path),
        schema: undefined,
        maxBodyBytes: BODY_CAPS.uploadAnswer
      })
    } catch (error) {
      if (!(error instanceof HttpStatusError)) throw error
      // The storage's error body often quotes the request, signature included.
      throw new UploadRefusedError(shown, error.status, withoutQuery(error.detail, target))
    }
  }

  /** The newest revisions of a deployment, newest first (one page), of `statuses` when given. */
  async listRevisions(
    deploymentId: string,
    limit: number,
    call: CallOptions = {},
    statuses?: readonly string[]
  ): Promise<Revision[]> {
    const page = await this.#request({
      ...call,
      method: 'GET',
      path: controlPlanePaths.revisions(deploymentId),
      query: { limit, status: statuses?.join(',') },
      schema: revisionsListSchema,
      maxBodyBytes: BODY_CAPS.controlPlaneJson
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
      path: controlPlanePaths.revisionLogs(deploymentId, revisionId),
      query: { type, ...query },
      schema: revisionLogsSchema,
      maxBodyBytes: BODY_CAPS.logPage
    })
  }

  /** The pause before retry `retryNumber` (0 for the first): the client's backoff and random. */
  retryDelay(retryNumber: number): number {
    return backoffDelay(retryNumber, this.#options.backoff, this.#options.random)
  }

  /**
   * Starts a new revision built from `revisionId`'s configuration; the answer is the Deployment,
   * whose `latest_revision_id` is that new revision. Not retried: a lost answer is settled by
   * the caller (operations/redeploy-once.ts), never by sending it again.
   */
  redeployRevision(
    deploymentId: string,
    revisionId: string,
    call: CallOptions = {}
  ): Promise<Deployment> {
    return this.#request({
      ...call,
      method: 'POST',
      path: controlPlanePaths.redeploy(deploymentId, revisionId),
      schema: deploymentSchema,
      maxBodyBytes: BODY_CAPS.controlPlaneJson
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
    for await (const page of this.#deploymentPages(nameContains, call, maxPages)) {
      found.push(...page)
    }
    return found
  }

  /**
   * The pages of the substring filter `name_contains`, in order. Paging stops at a short page or
   * an offset that does not advance (the last page's offset is undocumented).
   */
  async *#deploymentPages(
    nameContains: string,
    call: CallOptions,
    maxPages: number
  ): AsyncGenerator<Deployment[]> {
    let offset = 0
    for (let page = 0; page < maxPages; page++) {
      const list = await this.#request({
        ...call,
        method: 'GET',
        path: controlPlanePaths.deployments(),
        query: { name_contains: nameContains || undefined, limit: PAGE_LIMIT, offset },
        schema: deploymentsListSchema,
        maxBodyBytes: BODY_CAPS.controlPlaneJson
      })
      yield list.resources
      const next = list.offset ?? offset + list.resources.length
      if (list.resources.length < PAGE_LIMIT || next <= offset) return
      offset = next
    }
  }

  async #request<T>(spec: RequestSpec<T>): Promise<T> {
    const { method, path } = spec
    const { now } = this.#options
    const maxAttempts = Math.min(spec.maxAttempts ?? Infinity, this.#options.maxAttempts)
    for (let attempt = 1; ; attempt++) {
      const outcome = await this.#send(spec)
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
      if (!failure || !isRetryable(failure, method) || attempt >= maxAttempts) throw error
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
      await sleep(delayMs, spec.signal)
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
        dispatcher: this.#options.dispatcher
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
