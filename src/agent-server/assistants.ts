import type { z } from 'zod'
import type { BackoffPolicy } from '../control-plane/retry'
import { meaningOf } from '../control-plane/status-policy'
import { UUID } from '../lib/ids'
import {
  assistantListSchema,
  assistantSchema,
  versionListSchema,
  type Assistant,
  type AssistantCreate,
  type AssistantPatch,
  type AssistantSearch,
  type AssistantVersion
} from './assistant-schemas'
import type { AgentServer } from './exchange'
import { AgentReadError, retryingExchange, type AgentRequest } from './retrying'

// The agent server's assistant routes (api.md 4.4) as the action uses them. Reads are sent again
// after a failure the one status table (control-plane/status-policy.ts) calls retryable for a
// GET; a write only after a refusal that says the server did not act (429). A write whose
// answer was lost is never sent again: it is handed back as `lost`, and the caller reads.

export interface AssistantsClientOptions {
  /** Attempts of one request, the first included (default 5). */
  maxAttempts?: number
  /** The pause between attempts (default 1 s doubling to 20 s, full jitter). */
  backoff?: BackoffPolicy
  random?: () => number
  /** Items asked for per page of a search (default 1000, the server's most). */
  pageSize?: number
  /** Versions asked for per page (default 100: at most `maxVersions` are read). */
  versionPageSize?: number
  /** Versions read at the most, newest first (default 1000); `more` says there were more. */
  maxVersions?: number
  /** Pages read at the most before the list is refused as endless (default 100). */
  maxPages?: number
}

/** A read: the thing, or a 404 (no such assistant, or a key not tied to its owner: api.md 5.3). */
export type Lookup<T> = { kind: 'found'; value: T } | { kind: 'not-found' }

/** A list read at most so far: `more` when it goes on past what was read. */
export type ListLookup<T> = { kind: 'found'; value: T[]; more?: boolean } | { kind: 'not-found' }

/**
 * A write's outcome:
 * - `done`: applied; `assistant` is the server's answer (its active version).
 * - `lost`: sent, and no usable answer came (the connection dropped, no answer in time, a
 *   gateway's 502/503/504): it may have been applied. Settle it by reading, never by writing again.
 * - `refused`: not applied: the server answered that it did not act (`status`), or the time ran
 *   out before it was sent (no `status`).
 */
export type WriteResult =
  | { kind: 'done'; assistant: Assistant }
  | { kind: 'lost'; reason: string }
  | { kind: 'refused'; status?: number; reason: string }

export type CreateResult = WriteResult | { kind: 'exists' }
export type UpdateResult = WriteResult | { kind: 'not-found' }

/** A read that failed (the one error of the agent server's resource routes). */
export { AgentReadError as AssistantReadError }

export interface AssistantsClient {
  /** `GET /assistants/{id}`; `id` a UUID or a graph's name (its default assistant). */
  get(id: string): Promise<Lookup<Assistant>>
  /**
   * The versions, newest first, at most `maxVersions` (`POST /assistants/{id}/versions`, paged
   * until a short page; `more` when the list goes on). With a `metadata` filter (containment),
   * none matching reads as an empty list: the server answers 404 for that as for a missing
   * assistant.
   */
  versions(
    id: string,
    filter?: { metadata?: Record<string, unknown> }
  ): Promise<ListLookup<AssistantVersion>>
  /** `POST /assistants` with `if_exists: "raise"`: a 409 is `exists`. */
  create(body: AssistantCreate): Promise<CreateResult>
  /** `PATCH /assistants/{id}`: always a new version, even for an identical body. */
  patch(id: string, body: AssistantPatch): Promise<UpdateResult>
  /** `POST /assistants/{id}/latest`: restores config, metadata and name only. */
  setLatest(id: string, version: number): Promise<UpdateResult>
  /** `POST /assistants/search`, paged until a short page (its paging headers are wrong). */
  search(filter: AssistantSearch): Promise<Assistant[]>
}

/** Builds the client over one agent server (its key, auth scheme, deadline, clock, dispatcher). */
export function assistantsClient(
  server: AgentServer,
  options: AssistantsClientOptions = {}
): AssistantsClient {
  const pageSize = options.pageSize ?? 1_000
  const versionPageSize = options.versionPageSize ?? 100
  const maxVersions = options.maxVersions ?? 1_000
  const maxPages = options.maxPages ?? 100

  const exchange = <T>(request: AgentRequest<T>) => retryingExchange(server, options, request)

  /** A read: a 404 is `not-found`, any other failure is thrown. */
  const read = async <T>(
    method: 'GET' | 'POST',
    path: string,
    schema: z.ZodType<T>,
    body?: unknown
  ): Promise<Lookup<T>> => {
    const answer = await exchange({ method, path, body, retryAs: 'GET', schema })
    if (answer.kind === 'answer') return { kind: 'found', value: answer.value }
    if (answer.status === 404) return { kind: 'not-found' }
    throw new AgentReadError(method, path, { kind: 'status', status: answer.status }, answer.detail)
  }

  /** A write, sent at most once unless refused with 429; `special` names the statuses it reads. */
  const write = async <S>(
    method: 'POST' | 'PATCH',
    path: string,
    body: unknown,
    special: Readonly<Record<number, S>>
  ): Promise<WriteResult | S> => {
    if (server.deadline - server.now() <= 0)
      return { kind: 'refused', reason: 'the time allowed ran out before it was sent' }
    try {
      const answer = await exchange({
        method,
        path,
        body,
        retryAs: 'POST',
        schema: assistantSchema
      })
      if (answer.kind === 'answer') return { kind: 'done', assistant: answer.value }
      const known = special[answer.status]
      if (known !== undefined) return known
      // A gateway's 502/503/504 may stand before a server that did act.
      if (meaningOf({ kind: 'status', status: answer.status }).lostAnswer)
        return { kind: 'lost', reason: `answered ${answer.status}: ${answer.detail}` }
      return { kind: 'refused', status: answer.status, reason: answer.detail }
    } catch (error) {
      if (!(error instanceof AgentReadError)) throw error
      const { failure, status } = error
      // A body too large to read came with a status: a success means the write was applied.
      const applied =
        failure.kind === 'too-large'
          ? status === undefined || (status >= 200 && status < 300)
          : meaningOf(failure).lostAnswer
      if (applied) return { kind: 'lost', reason: error.detail }
      return { kind: 'refused', status, reason: error.detail }
    }
  }

  /**
   * The items of a paged list: pages of `size` until a short one, each item once, at most
   * `maxItems` (`more` when a full page ends there). A page whose items were all seen before (one
   * that repeats an earlier page: the server ignores the offset) is an error, never a loop.
   */
  const pages = async <T>(
    path: string,
    schema: z.ZodType<T[]>,
    filter: Record<string, unknown>,
    key: (item: T) => string | number,
    size = pageSize,
    maxItems = Number.POSITIVE_INFINITY
  ): Promise<ListLookup<T>> => {
    const items = new Map<string | number, T>()
    for (let page = 0; page < maxPages; page++) {
      const body = { ...filter, limit: size, offset: page * size }
      const answer = await read('POST', path, schema, body)
      // The server answers an empty page of versions with 404.
      if (answer.kind === 'not-found')
        return page === 0 ? answer : { kind: 'found', value: [...items.values()] }
      const before = items.size
      for (const item of answer.value) {
        if (items.size >= maxItems) return { kind: 'found', value: [...items.values()], more: true }
        if (!items.has(key(item))) items.set(key(item), item)
      }
      if (answer.value.length < size) return { kind: 'found', value: [...items.values()] }
      if (items.size === before)
        throw new AgentReadError(
          'POST',
          path,
          { kind: 'wrong-shape' },
          `page ${page + 1} repeats an earlier page (the server ignores the offset asked for)`
        )
      if (items.size >= maxItems) return { kind: 'found', value: [...items.values()], more: true }
    }
    throw new AgentReadError(
      'POST',
      path,
      { kind: 'wrong-shape' },
      `the list goes on past ${maxPages} pages of ${size}`
    )
  }

  return {
    get: (id) => read('GET', assistantPath(id), assistantSchema),

    versions: async (id, filter = {}) => {
      const metadata = filter.metadata === undefined ? {} : { metadata: filter.metadata }
      const found = await pages(
        `${assistantPath(id)}/versions`,
        versionListSchema,
        metadata,
        (version) => version.version,
        versionPageSize,
        maxVersions
      )
      if (found.kind === 'not-found' && filter.metadata !== undefined)
        return { kind: 'found', value: [] }
      return found
    },

    create: (body) => {
      writable(body.assistant_id)
      return write(
        'POST',
        '/assistants',
        { ...body, if_exists: 'raise' },
        {
          409: { kind: 'exists' } as const
        }
      )
    },

    patch: (id, body) =>
      write('PATCH', assistantPath(writable(id)), body, { 404: { kind: 'not-found' } as const }),

    setLatest: (id, version) => {
      if (!Number.isSafeInteger(version) || version < 1)
        throw new RangeError(`an assistant's version is a whole number from 1, not ${version}`)
      return write(
        'POST',
        `${assistantPath(writable(id))}/latest`,
        { version },
        {
          404: { kind: 'not-found' } as const
        }
      )
    },

    search: async (filter) => {
      const found = await pages(
        '/assistants/search',
        assistantListSchema,
        { ...filter },
        (assistant) => assistant.assistant_id
      )
      return found.kind === 'found' ? found.value : []
    }
  }
}

function assistantPath(id: string): string {
  return `/assistants/${encodeURIComponent(id)}`
}

/** Writes go to assistants the action names by UUID only: never to a graph's default by name. */
function writable(id: string): string {
  if (!UUID.test(id))
    throw new TypeError(`an assistant written to is named by a UUID, not ${JSON.stringify(id)}`)
  return id
}
