import type { z } from 'zod'
import { UUID } from '../lib/ids'
import type { Lookup } from './assistants'
import type { AgentServer } from './exchange'
import { AgentReadError, retryingExchange, type RetrySettings } from './retrying'
import {
  graphSchema,
  graphSchemasSchema,
  THREAD_SELECT,
  threadCountSchema,
  threadListSchema,
  threadStateSchema,
  type StateSchemaView,
  type ThreadState,
  type ThreadSummary
} from './thread-schemas'

// The agent server's thread and graph routes (api.md 4.5), read only: the action never writes a
// user's thread. Every route here reads, so each is sent again as a GET would be (a search is a
// POST that changes nothing). A search carries `select` so that no conversation comes back, is
// paged by its own count of what came back (the server's paging headers are wrong), and never
// asks past the sample it was given.

export interface ThreadsClientOptions extends RetrySettings {
  /** Threads asked for per page of a search (default 100). */
  pageSize?: number
}

/** A thread's state as read: judged, gone (404), or over the body cap (too large to judge). */
export type StateRead =
  { kind: 'found'; state: ThreadState } | { kind: 'not-found' } | { kind: 'too-large' }

export interface ThreadsClient {
  /** `POST /threads/count` with a status: how many threads there are in it. */
  count(status: ThreadStatus): Promise<number>
  /**
   * The newest (by `updated_at`) interrupted threads, at most `sample`, each once, without their
   * values. `skip` leaves threads out (the action's canaries) without counting them.
   */
  interrupted(sample: number, skip?: (thread: ThreadSummary) => boolean): Promise<ThreadSummary[]>
  /** The statuses of the threads named (a search by id), for those that still exist. */
  statuses(ids: readonly string[]): Promise<Map<string, string>>
  /** `GET /threads/{id}/state`: its checkpoint, parked nodes, graph and keys' types. */
  state(id: string): Promise<StateRead>
  /** `GET /assistants/{graph}/graph`: the names of its nodes; 404 for a graph not loaded. */
  graph(graph: string): Promise<Lookup<string[]>>
  /** `GET /assistants/{graph}/schemas`: the state schema, sent without a body or content type. */
  schemas(graph: string): Promise<Lookup<StateSchemaView>>
}

export type ThreadStatus = 'idle' | 'busy' | 'interrupted' | 'error'

/** The most the search is asked for at once (the server's most is 1000; pages stay small). */
const MAX_PAGE = 100

export function threadsClient(
  server: AgentServer,
  options: ThreadsClientOptions = {}
): ThreadsClient {
  const pageSize = Math.min(options.pageSize ?? MAX_PAGE, MAX_PAGE)

  const read = async <T>(
    method: 'GET' | 'POST',
    path: string,
    schema: z.ZodType<T>,
    body?: unknown
  ): Promise<Lookup<T>> => {
    const answer = await retryingExchange(server, options, {
      method,
      path,
      body,
      retryAs: 'GET',
      schema,
      // A read without a body goes without a content type (`/schemas` refuses one).
      withoutContentType: body === undefined
    })
    if (answer.kind === 'answer') return { kind: 'found', value: answer.value }
    if (answer.status === 404) return { kind: 'not-found' }
    throw new AgentReadError(method, path, { kind: 'status', status: answer.status }, answer.detail)
  }

  /** A route that answers 404 only when the key or URL is wrong: then it is a failure too. */
  const mustRead = async <T>(path: string, schema: z.ZodType<T>, body: unknown): Promise<T> => {
    const found = await read('POST', path, schema, body)
    if (found.kind === 'found') return found.value
    throw new AgentReadError('POST', path, { kind: 'status', status: 404 }, 'not found')
  }

  const search = (body: Record<string, unknown>) =>
    mustRead('/threads/search', threadListSchema, { ...body, select: [...THREAD_SELECT] })

  return {
    count: (status) => mustRead('/threads/count', threadCountSchema, { status }),

    interrupted: async (sample, skip = () => false) => {
      if (!Number.isSafeInteger(sample) || sample < 1)
        throw new RangeError(`a sample is a whole number from 1, not ${sample}`)
      const kept = new Map<string, ThreadSummary>()
      const seen = new Set<string>()
      // Every thread skipped costs a page at the most; beyond that a page repeats or never ends.
      const maxPages = Math.ceil(sample / pageSize) + 1
      for (let page = 0, offset = 0; page < maxPages && kept.size < sample; page++) {
        const limit = Math.min(pageSize, sample - kept.size)
        const threads = await search({
          status: 'interrupted',
          sort_by: 'updated_at',
          sort_order: 'desc',
          limit,
          offset
        })
        const before = seen.size
        for (const thread of threads.slice(0, limit)) {
          if (seen.has(thread.thread_id)) continue
          seen.add(thread.thread_id)
          if (thread.status !== 'interrupted' || skip(thread)) continue
          if (kept.size < sample) kept.set(thread.thread_id, thread)
        }
        if (threads.length < limit) break
        if (seen.size === before)
          throw new AgentReadError(
            'POST',
            '/threads/search',
            { kind: 'wrong-shape' },
            'a page repeats the one before it'
          )
        offset += limit
      }
      return [...kept.values()]
    },

    statuses: async (ids) => {
      const statuses = new Map<string, string>()
      for (let start = 0; start < ids.length; start += pageSize) {
        const chunk = ids.slice(start, start + pageSize).map(threadId)
        const threads = await search({ ids: chunk, limit: chunk.length, offset: 0 })
        for (const thread of threads)
          if (chunk.includes(thread.thread_id)) statuses.set(thread.thread_id, thread.status)
      }
      return statuses
    },

    state: async (id) => {
      const path = `/threads/${threadId(id)}/state`
      try {
        const found = await read('GET', path, threadStateSchema)
        return found.kind === 'found' ? { kind: 'found', state: found.value } : found
      } catch (error) {
        if (error instanceof AgentReadError && error.failure.kind === 'too-large')
          return { kind: 'too-large' }
        throw error
      }
    },

    graph: (graph) => read('GET', `${assistantPath(graph)}/graph`, graphSchema),

    schemas: (graph) => read('GET', `${assistantPath(graph)}/schemas`, graphSchemasSchema)
  }
}

/** A thread id goes into a path: it must be a UUID, whatever the search answered. */
function threadId(id: string): string {
  if (!UUID.test(id)) throw new TypeError(`a thread is named by a UUID, not ${JSON.stringify(id)}`)
  return id
}

function assistantPath(id: string): string {
  return `/assistants/${encodeURIComponent(id)}`
}
