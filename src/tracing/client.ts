/**
 * The tracing service's client (reference/tracing-api.md): one typed method per call, each through
 * the control plane's request chokepoint (auth headers, timeout, body cap, retries on 408, 425,
 * 429 with Retry-After and 5xx within the caller's deadline, parsing with the call's schema).
 * Writes carry ids made by the action, so a write sent again is the same write and is retried.
 * A 429's or a 503's Retry-After holds back every call of the client (hold.ts), not only the one
 * refused.
 * The bake window's reads (the project, run stats) are in stats-read.ts, on top of this client.
 */
import { HttpStatusError, ServiceIdError } from '../control-plane/errors'
import { SeenPages } from '../control-plane/paging'
import { sleep } from '../control-plane/retry'
import {
  ControlPlaneRequester,
  type CallOptions,
  type ControlPlaneClientOptions,
  type RequestSpec
} from '../control-plane/request'
import { BODY_CAPS } from '../control-plane/transport'
import { UUID } from '../lib/ids'
import type { Sleep } from '../world'
import { batches, type RunRecord } from './batches'
import { RetryAfterHold } from './hold'
import {
  runStatsBody,
  runStatsSchema,
  toRunStats,
  type StatsAttempt,
  type StatsWindow,
  unansweredOrThrow
} from './run-stats'
import {
  datasetSchema,
  datasetsSchema,
  examplesSchema,
  feedbacksSchema,
  rulesSchema,
  sessionSchema,
  sessionsSchema,
  type Dataset,
  type Example,
  type Feedback,
  type Rule,
  type Session
} from './schemas'

export type TracingClientOptions = ControlPlaneClientOptions
export { RUNS_PER_BATCH, type RunRecord } from './batches'

/** Lists page by at most this many. */
export const PAGE_LIMIT = 100
/** Run ids per feedback read: the service's advice (a long query string is refused by proxies). */
export const FEEDBACK_RUNS_PER_READ = 50
/** The page limit: no list the gate reads is longer (10,000 items); past it the list is refused. */
const MAX_PAGES = 100

const segment = (id: string) => {
  if (!UUID.test(id)) throw new ServiceIdError(id)
  return id
}

export const tracingPaths = {
  datasets: () => '/datasets',
  dataset: (id: string) => `/datasets/${segment(id)}`,
  examples: () => '/examples',
  rules: () => '/runs/rules',
  sessions: () => '/sessions',
  session: (id: string) => `/sessions/${segment(id)}`,
  runsBatch: () => '/runs/batch',
  runsStats: () => '/runs/stats',
  feedback: () => '/feedback'
}

/** An experiment as the gate creates it. */
export interface NewSession {
  id: string
  name: string
  description: string
  reference_dataset_id: string
  start_time: string
  extra: { metadata: Record<string, unknown> }
}

export class TracingClient {
  readonly #requester: ControlPlaneRequester
  readonly #hold: RetryAfterHold
  readonly #now: () => number
  readonly #sleep: Sleep

  constructor(options: TracingClientOptions) {
    this.#now = options.now ?? Date.now
    this.#sleep = options.sleep ?? sleep
    this.#hold = new RetryAfterHold(this.#now, this.#sleep)
    this.#requester = new ControlPlaneRequester({
      ...options,
      onRetryAfter: (delayMs) => {
        this.#hold.extend(delayMs)
        options.onRetryAfter?.(delayMs)
      }
    })
  }

  /** Epoch milliseconds before which no call is sent: the latest `Retry-After` of a 429. */
  get heldUntil(): number {
    return this.#hold.until
  }

  /** The pause before retry `retryNumber` (0 for the first): the client's backoff. */
  retryDelay(retryNumber: number): number {
    return this.#requester.retryDelay(retryNumber)
  }

  /** The clock the client's deadlines are read on. */
  now(): number {
    return this.#now()
  }

  /** A sleep on that clock. */
  sleep(ms: number, signal?: AbortSignal): Promise<void> {
    return this.#sleep(ms, signal)
  }

  /** A project (a session) by exact name; undefined when there is none. */
  async findSessionByName(name: string, call: CallOptions): Promise<Session | undefined> {
    const found = await this.#get(tracingPaths.sessions(), { name, limit: 1 }, sessionsSchema, call)
    // `name` is exact on the service; a service that matches otherwise is not followed.
    return found.find((session) => session.name === name)
  }

  /**
   * One attempt at the stats of the project's root runs started in the window (no retry: the
   * caller decides how long to keep trying, see stats-read.ts). An answer that is not numbers in
   * range, a 408/425/429/5xx, no answer, or a `Retry-After` hold past the deadline is
   * `unanswered`; any other refusal is thrown.
   */
  async runStatsAttempt(
    projectId: string,
    window: StatsWindow,
    call: CallOptions
  ): Promise<StatsAttempt> {
    try {
      const stats = await this.#request({
        ...call,
        maxAttempts: 1,
        method: 'POST',
        path: tracingPaths.runsStats(),
        body: runStatsBody(segment(projectId), window),
        schema: runStatsSchema,
        maxBodyBytes: BODY_CAPS.tracingJson,
        idempotent: true
      })
      return { kind: 'answered', stats: toRunStats(stats) }
    } catch (error) {
      return unansweredOrThrow(error)
    }
  }

  /** A dataset by id (a UUID), else by exact name; undefined when there is none. */
  async findDataset(nameOrId: string, call: CallOptions): Promise<Dataset | undefined> {
    if (UUID.test(nameOrId)) {
      try {
        return await this.#get(tracingPaths.dataset(nameOrId), {}, datasetSchema, call)
      } catch (error) {
        if (!(error instanceof HttpStatusError && error.status === 404)) throw error
      }
    }
    const found = await this.#get(
      tracingPaths.datasets(),
      { name: nameOrId, limit: 1 },
      datasetsSchema,
      call
    )
    // `name` is exact on the service; a service that matches otherwise is not followed.
    return found.find((dataset) => dataset.name === nameOrId)
  }

  /**
   * Every example of the dataset (every page), in the service's order; reading stops as soon as
   * more than `cap` were read (`capped`: there may be more).
   */
  async listExamples(
    datasetId: string,
    filter: { splits?: readonly string[]; asOf?: string; cap?: number },
    call: CallOptions
  ): Promise<{ examples: Example[]; capped: boolean }> {
    const { items, capped } = await this.#pages(
      `the examples of dataset ${datasetId}`,
      tracingPaths.examples(),
      { dataset: datasetId, splits: filter.splits, as_of: filter.asOf },
      examplesSchema,
      call,
      filter.cap
    )
    return { examples: items, capped }
  }

  /** The evaluator rules bound to the dataset. */
  async listRules(datasetId: string, call: CallOptions): Promise<Rule[]> {
    return this.#get(tracingPaths.rules(), { dataset_id: datasetId }, rulesSchema, call)
  }

  /**
   * The dataset's experiments, newest first, a page at a time: `visit` returns true to stop. A
   * session of another dataset in the answer is skipped (the filter is checked here too).
   */
  async eachSession(
    datasetId: string,
    visit: (session: Session) => boolean,
    call: CallOptions
  ): Promise<void> {
    const path = tracingPaths.sessions()
    const seen = new SeenPages(`the experiments of dataset ${datasetId}`, 'GET', path)
    let offset = 0
    // Past the page limit the search ends: the caller takes it as not found.
    for (let page = 0; page < MAX_PAGES; page++) {
      const sessions = await this.#get(
        path,
        {
          reference_dataset: datasetId,
          sort_by: 'start_time',
          sort_by_desc: 'true',
          offset,
          limit: PAGE_LIMIT
        },
        sessionsSchema,
        call
      )
      seen.check(sessions.map((session) => session.id))
      for (const session of sessions) {
        if (session.reference_dataset_id && session.reference_dataset_id !== datasetId) continue
        if (visit(session)) return
      }
      if (sessions.length < PAGE_LIMIT) return
      offset += sessions.length
    }
  }

  /** An experiment with its stats; undefined when there is none of that id. */
  getSession(id: string, call: CallOptions): Promise<Session | undefined> {
    return this.#session(id, { include_stats: 'true' }, call)
  }

  /** A project (a session) without its stats, which a deployment's project has many runs to count for. */
  getProject(id: string, call: CallOptions): Promise<Session | undefined> {
    return this.#session(id, {}, call)
  }

  async #session(
    id: string,
    query: Record<string, string>,
    call: CallOptions
  ): Promise<Session | undefined> {
    try {
      const session = await this.#get(tracingPaths.session(id), query, sessionSchema, call)
      if (session.id.toLowerCase() !== id.toLowerCase()) throw new ServiceIdError(session.id)
      return session
    } catch (error) {
      if (error instanceof HttpStatusError && error.status === 404) return undefined
      throw error
    }
  }

  /**
   * Creates the experiment with the action's id. A 409 is either this same write answered before
   * (the id exists: done) or the name taken by another experiment (the caller picks another).
   */
  async createSession(session: NewSession, call: CallOptions): Promise<'created' | 'name-taken'> {
    try {
      await this.#request({
        ...call,
        method: 'POST',
        path: tracingPaths.sessions(),
        body: session,
        schema: undefined,
        maxBodyBytes: BODY_CAPS.tracingJson,
        idempotent: true
      })
      return 'created'
    } catch (error) {
      if (!(error instanceof HttpStatusError && error.status === 409)) throw error
      return (await this.getSession(session.id, call)) ? 'created' : 'name-taken'
    }
  }

  /** Ends the experiment and replaces its `extra` (the whole of it is sent). */
  async patchSession(
    id: string,
    patch: { end_time: string; extra: { metadata: Record<string, unknown> } },
    call: CallOptions
  ): Promise<void> {
    await this.#request({
      ...call,
      method: 'PATCH',
      path: tracingPaths.session(id),
      body: patch,
      schema: undefined,
      maxBodyBytes: BODY_CAPS.tracingJson,
      idempotent: true
    })
  }

  /** Records runs, in batches of at most 100 runs and 16 MiB. */
  async postRuns(runs: readonly RunRecord[], call: CallOptions): Promise<void> {
    for (const batch of batches(runs)) {
      await this.#request({
        ...call,
        method: 'POST',
        path: tracingPaths.runsBatch(),
        body: { post: batch, patch: [] },
        schema: undefined,
        maxBodyBytes: BODY_CAPS.tracingJson,
        idempotent: true
      })
    }
  }

  /** The feedback of `key` on these runs (at most 50 at a time), every page. */
  async listFeedback(
    runIds: readonly string[],
    key: string,
    call: CallOptions
  ): Promise<Feedback[]> {
    const feedback: Feedback[] = []
    for (let start = 0; start < runIds.length; start += FEEDBACK_RUNS_PER_READ) {
      const runs = runIds.slice(start, start + FEEDBACK_RUNS_PER_READ).map(segment)
      const { items } = await this.#pages(
        `the ${key} feedback of ${runs.length} runs`,
        tracingPaths.feedback(),
        { run: runs, key },
        feedbacksSchema,
        call
      )
      feedback.push(...items)
    }
    return feedback
  }

  /**
   * Every page of a list, the offset moved by what each page held. It ends at a short (or empty)
   * page, or as soon as more than `cap` items were read (`capped`: more may follow); a page with the ids of an
   * earlier one, or more pages than the page limit, is a PagingError naming `list`.
   */
  async #pages<T extends { id: string }>(
    list: string,
    path: string,
    query: Record<string, string | readonly string[] | undefined>,
    schema: import('zod').ZodType<T[]>,
    call: CallOptions,
    cap = Number.POSITIVE_INFINITY
  ): Promise<{ items: T[]; capped: boolean }> {
    const seen = new SeenPages(list, 'GET', path)
    const all: T[] = []
    let offset = 0
    for (let page = 0; page < MAX_PAGES; page++) {
      const items = await this.#get(path, { ...query, offset, limit: PAGE_LIMIT }, schema, call)
      seen.check(items.map((item) => item.id))
      all.push(...items)
      if (items.length < PAGE_LIMIT) return { items: all, capped: false }
      if (all.length > cap) return { items: all, capped: true }
      offset += items.length
    }
    throw seen.endless(MAX_PAGES)
  }

  /** Every call of the client: held back while a 429's `Retry-After` lasts, then sent. */
  async #request<T>(spec: RequestSpec<T>): Promise<T> {
    await this.#hold.wait(spec.method, spec.path, spec)
    return this.#requester.request(spec)
  }

  #get<T>(
    path: string,
    query: Record<string, string | number | readonly string[] | undefined>,
    schema: import('zod').ZodType<T>,
    call: CallOptions
  ): Promise<T> {
    return this.#request({
      ...call,
      method: 'GET',
      path,
      query,
      schema,
      maxBodyBytes: BODY_CAPS.tracingJson
    })
  }
}
