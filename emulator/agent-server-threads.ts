import { randomUUID } from 'node:crypto'
import { validate as isUuid } from 'uuid'
import type { StoreAnswer } from './agent-server-assistants'

// The agent server's threads and graphs as the open-source server (2.0.0) answers them (api.md
// 4.5), for the parked-threads check: a thread parked at a node keeps its checkpoint, and once
// the graph served no longer has that node its state names no pending node (`next: []`, no
// tasks, no error); a search's paging header is wrong (offset plus the whole count); `select`
// limits each result to the fields named; `/schemas` refuses a JSON content type without a body.
// Tests seed threads with `park`, move them on with `answer`, and change the graphs served.

/** A graph as a revision serves it: its nodes and its state schema. */
export interface EmulatedGraph {
  nodes: string[]
  /** JSON Schema `properties` of the state (default: `messages` only). */
  properties?: Record<string, unknown>
  required?: string[]
  /** The node a run on a thread stops at with an interrupt() (default: none, a run ends). */
  parksAt?: string
}

/** Answers a test asks for instead of the true ones, to see the action refuse them. */
export type HostileThreads =
  | 'search-not-a-list'
  | 'search-bad-id'
  | 'state-without-next'
  | 'state-values-not-object'
  | 'graph-without-nodes'

export interface ThreadStoreOptions {
  /** The graphs served now, by name (default: `agent` with one node `agent`). */
  graphs?: () => Record<string, EmulatedGraph>
  hostile?: () => HostileThreads | undefined
  /** The clock of `created_at` and `updated_at` (default real time). */
  now?: () => number
}

interface StoredThread {
  thread_id: string
  created_at: string
  updated_at: string
  metadata: Record<string, unknown>
  status: 'idle' | 'busy' | 'interrupted' | 'error'
  values: Record<string, unknown>
  checkpoint: string
  /** The nodes it waits at (each with an interrupt), empty when it does not wait. */
  parkedAt: string[]
  graph: string
}

const DEFAULT_GRAPHS: Record<string, EmulatedGraph> = { agent: { nodes: ['agent'] } }
const MESSAGES = { messages: { langgraph_type: 'messages' } }

function plain(status: number, text: string): StoreAnswer {
  return { status, text, contentType: 'text/plain;charset=UTF-8' }
}

export class ThreadStore {
  readonly #threads = new Map<string, StoredThread>()
  readonly #options: ThreadStoreOptions
  #tick = 0

  constructor(options: ThreadStoreOptions = {}) {
    this.#options = options
  }

  /** Seeds a thread parked at `nodes` of `graph` (default `agent`), as a run that interrupted. */
  park(thread: {
    id?: string
    graph?: string
    nodes: string[]
    values?: Record<string, unknown>
    metadata?: Record<string, unknown>
  }): string {
    const id = thread.id ?? randomUUID()
    const graph = thread.graph ?? 'agent'
    const at = this.#stamp()
    this.#threads.set(id, {
      thread_id: id,
      created_at: at,
      updated_at: at,
      metadata: { ...thread.metadata, graph_id: graph, assistant_id: randomUUID() },
      status: 'interrupted',
      values: thread.values ?? { messages: [] },
      checkpoint: randomUUID(),
      parkedAt: thread.nodes,
      graph
    })
    return id
  }

  /** Its user answers it: a new checkpoint, and it no longer waits. */
  answer(id: string): void {
    const thread = this.#threads.get(id)
    if (!thread) throw new Error(`no thread ${id}`)
    Object.assign(thread, {
      status: 'idle',
      checkpoint: randomUUID(),
      parkedAt: [],
      updated_at: this.#stamp()
    })
  }

  /**
   * A resume while the graph served lacks its node: the server answers with no reply and the
   * thread turns `idle` at the same checkpoint, its node kept (served again, it is back there).
   */
  answerKeepingCheckpoint(id: string): void {
    const thread = this.#threads.get(id)
    if (!thread) throw new Error(`no thread ${id}`)
    Object.assign(thread, { status: 'idle', updated_at: this.#stamp() })
  }

  delete(id: string): boolean {
    return this.#threads.delete(id)
  }

  checkpointOf(id: string): string | undefined {
    return this.#threads.get(id)?.checkpoint
  }

  route(
    method: string,
    path: string,
    body: unknown,
    contentType?: string
  ): StoreAnswer | undefined {
    if (method === 'POST' && path === '/threads') return this.#create(body)
    const run = /^\/threads\/([^/]+)\/runs\/wait$/.exec(path)?.[1]
    if (method === 'POST' && run !== undefined) return this.#run(decodeURIComponent(run), body)
    if (method === 'POST' && path === '/threads/count') return this.#count(body)
    if (method === 'POST' && path === '/threads/search') return this.#search(body)
    const state = /^\/threads\/([^/]+)\/state$/.exec(path)?.[1]
    if (method === 'GET' && state !== undefined) return this.#state(decodeURIComponent(state))
    const thread = /^\/threads\/([^/]+)$/.exec(path)?.[1]
    if (method === 'DELETE' && thread !== undefined) {
      const id = decodeURIComponent(thread)
      return this.#threads.delete(id)
        ? { status: 204 }
        : plain(404, `Thread with ID ${id} not found`)
    }
    const graphRoute = /^\/assistants\/([^/]+)\/(graph|schemas)$/.exec(path)
    if (method !== 'GET' || !graphRoute) return undefined
    if (graphRoute[2] === 'schemas' && body === undefined && contentType?.includes('json'))
      return plain(400, 'Malformed JSON in request body')
    const name = decodeURIComponent(graphRoute[1] ?? '')
    const graph = this.#graphs()[name]
    if (!graph) return plain(404, 'Assistant not found')
    if (graphRoute[2] === 'graph') return this.#graph(graph)
    const stateSchema = {
      type: 'object',
      properties: graph.properties ?? MESSAGES,
      ...(graph.required?.length ? { required: graph.required } : {})
    }
    return {
      status: 200,
      body: {
        graph_id: name,
        input_schema: stateSchema,
        output_schema: stateSchema,
        state_schema: stateSchema,
        config_schema: { type: 'object' },
        context_schema: { type: 'object' }
      }
    }
  }

  #create(body: unknown): StoreAnswer {
    const request = (body ?? {}) as { thread_id?: unknown; metadata?: unknown; if_exists?: unknown }
    const id = typeof request.thread_id === 'string' ? request.thread_id : randomUUID()
    if (!isUuid(id)) return { status: 422, body: { detail: 'Invalid thread_id' } }
    const existing = this.#threads.get(id)
    if (existing) {
      if (request.if_exists === 'do_nothing') return { status: 200, body: this.#listed(existing) }
      return plain(409, 'Thread already exists')
    }
    const at = this.#stamp()
    const thread: StoredThread = {
      thread_id: id,
      created_at: at,
      updated_at: at,
      metadata: { ...(request.metadata as Record<string, unknown> | undefined) },
      status: 'idle',
      values: {},
      checkpoint: randomUUID(),
      parkedAt: [],
      graph: ''
    }
    this.#threads.set(id, thread)
    return { status: 200, body: this.#listed(thread) }
  }

  /** A run on a thread: its input runs until the graph's `parksAt`; a resume goes on from there. */
  #run(id: string, body: unknown): StoreAnswer {
    const thread = this.#threads.get(id)
    if (!thread) return plain(404, `Thread with ID ${id} not found`)
    const request = (body ?? {}) as {
      assistant_id?: unknown
      input?: { messages?: { role?: string; content?: unknown }[] }
      command?: { resume?: unknown }
    }
    const graphs = this.#graphs()
    const named = typeof request.assistant_id === 'string' ? request.assistant_id : ''
    const graphName = thread.graph || (graphs[named] ? named : (Object.keys(graphs)[0] ?? ''))
    const graph = graphs[graphName]
    if (!graph) return plain(404, `Assistant ${named} not found`)
    Object.assign(thread, {
      graph: graphName,
      metadata: { ...thread.metadata, graph_id: graphName },
      updated_at: this.#stamp()
    })
    const messages = Array.isArray(thread.values.messages)
      ? [...(thread.values.messages as unknown[])]
      : []
    if (request.command !== undefined) {
      // At a node the graph served lacks, the interrupt is lost: no reply, the checkpoint kept.
      if (this.#waiting(thread).length === 0) {
        thread.status = 'idle'
        return { status: 200, body: thread.values }
      }
      messages.push({ type: 'ai', content: `approved: ${JSON.stringify(request.command.resume)}` })
      Object.assign(thread, {
        values: { ...thread.values, messages },
        status: 'idle',
        parkedAt: [],
        checkpoint: randomUUID()
      })
      return { status: 200, body: thread.values }
    }
    const sent = request.input?.messages ?? []
    for (const message of sent)
      messages.push({ type: message.role === 'ai' ? 'ai' : 'human', content: message.content })
    messages.push({ type: 'ai', content: `draft: ${String(sent.at(-1)?.content ?? '')}` })
    thread.values = { ...thread.values, messages }
    thread.checkpoint = randomUUID()
    if (graph.parksAt === undefined || !graph.nodes.includes(graph.parksAt)) {
      thread.status = 'idle'
      return { status: 200, body: thread.values }
    }
    Object.assign(thread, { status: 'interrupted', parkedAt: [graph.parksAt] })
    return {
      status: 200,
      body: { __interrupt__: [{ id: randomUUID(), value: { question: 'approve?' } }] }
    }
  }

  #graphs(): Record<string, EmulatedGraph> {
    return this.#options.graphs?.() ?? DEFAULT_GRAPHS
  }

  #matching(filter: Record<string, unknown>): StoredThread[] {
    const metadata = (filter.metadata ?? {}) as Record<string, unknown>
    const ids = Array.isArray(filter.ids) ? (filter.ids as unknown[]) : undefined
    return [...this.#threads.values()].filter(
      (thread) =>
        (filter.status === undefined || thread.status === filter.status) &&
        (ids === undefined || ids.includes(thread.thread_id)) &&
        Object.entries(metadata).every(
          ([key, value]) => JSON.stringify(thread.metadata[key]) === JSON.stringify(value)
        )
    )
  }

  #count(body: unknown): StoreAnswer {
    return { status: 200, body: this.#matching((body ?? {}) as Record<string, unknown>).length }
  }

  #search(body: unknown): StoreAnswer {
    const filter = (body ?? {}) as Record<string, unknown>
    const limit = typeof filter.limit === 'number' ? filter.limit : 10
    const offset = typeof filter.offset === 'number' ? filter.offset : 0
    if (limit < 1 || limit > 1000) return { status: 422, body: { detail: 'Invalid limit' } }
    const sortBy = (typeof filter.sort_by === 'string' ? filter.sort_by : 'created_at') as
      'created_at' | 'updated_at'
    const direction = filter.sort_order === 'asc' ? 1 : -1
    const all = this.#matching(filter).sort(
      (a, b) => direction * a[sortBy].localeCompare(b[sortBy])
    )
    const page = all.slice(offset, offset + limit).map((thread) => this.#listed(thread))
    const select = Array.isArray(filter.select) ? (filter.select as string[]) : undefined
    const hostile = this.#options.hostile?.()
    const answer =
      hostile === 'search-not-a-list'
        ? { threads: page }
        : hostile === 'search-bad-id'
          ? page.map((thread) => ({ ...thread, thread_id: '../../assistants/x' }))
          : page.map((thread) =>
              select ? Object.fromEntries(select.map((key) => [key, thread[key]])) : thread
            )
    // The server's total is the offset plus the whole count: wrong past the first page.
    return {
      status: 200,
      body: answer,
      headers: { 'x-pagination-total': String(offset + all.length) }
    }
  }

  #listed(thread: StoredThread): Record<string, unknown> {
    return {
      thread_id: thread.thread_id,
      created_at: thread.created_at,
      updated_at: thread.updated_at,
      metadata: thread.metadata,
      status: thread.status,
      config: {},
      values: thread.values,
      interrupts: Object.fromEntries(
        this.#waiting(thread).map((node) => [`task-${node}`, [{ id: node, value: {} }]])
      )
    }
  }

  /** The nodes it waits at that the graph served still has: a vanished one is not pending. */
  #waiting(thread: StoredThread): string[] {
    const nodes = this.#graphs()[thread.graph]?.nodes ?? []
    return thread.parkedAt.filter((node) => nodes.includes(node))
  }

  #state(id: string): StoreAnswer {
    const thread = isUuid(id) ? this.#threads.get(id) : undefined
    if (!thread) return plain(404, `Thread with ID ${id} not found`)
    const waiting = this.#waiting(thread)
    const hostile = this.#options.hostile?.()
    return {
      status: 200,
      body: {
        values: hostile === 'state-values-not-object' ? ['not', 'an', 'object'] : thread.values,
        ...(hostile === 'state-without-next' ? {} : { next: waiting }),
        tasks: waiting.map((node) => ({
          id: randomUUID(),
          name: node,
          error: null,
          interrupts: [{ id: randomUUID(), value: { question: 'approve?' } }],
          path: ['__pregel_pull', node]
        })),
        metadata: { graph_id: thread.graph, assistant_id: thread.metadata.assistant_id },
        created_at: thread.updated_at,
        checkpoint: { thread_id: id, checkpoint_id: thread.checkpoint, checkpoint_ns: '' }
      }
    }
  }

  #graph(graph: EmulatedGraph): StoreAnswer {
    if (this.#options.hostile?.() === 'graph-without-nodes')
      return { status: 200, body: { edges: [] } }
    const nodes = ['__start__', ...graph.nodes, '__end__']
    return {
      status: 200,
      body: {
        nodes: nodes.map((id) => ({
          id,
          type: id.startsWith('__') ? 'schema' : 'runnable',
          data: {}
        })),
        edges: nodes.slice(1).map((target, index) => ({ source: nodes[index], target }))
      }
    }
  }

  /** Distinct, increasing times, so that "newest first" is well defined. */
  #stamp(): string {
    this.#tick += 1
    return new Date((this.#options.now ?? Date.now)() + this.#tick).toISOString()
  }
}
