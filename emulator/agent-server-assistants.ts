import { randomUUID } from 'node:crypto'
import { v5 as uuidV5, validate as isUuid } from 'uuid'
import type { Answer } from './http'

/**
 * An answer with the headers it is sent with (the search's paging headers), or with a text
 * body: the server answers a refusal it raises itself (404, 409) in plain text.
 */
export type StoreAnswer = Answer & { headers?: Record<string, string>; text?: string }

function plain(status: number, text: string): StoreAnswer {
  return { status, text, contentType: 'text/plain;charset=UTF-8' }
}

// The agent server's assistants with their versions, as the open-source server (2.0.0) keeps
// them (api.md 4.4, and __tests__/emulator/assistants-contract.test.ts runs the same cases
// against both): a PATCH always makes a version, `/latest` restores config, metadata and name
// only, metadata merges, and each graph the server loads has a default assistant.

/** The namespace the open-source server makes a graph's default assistant id in. */
export const GRAPH_NAMESPACE = '6ba7b821-9dad-11d1-80b4-00c04fd430c8'

/** The id of a graph's default assistant: the UUID v5 of the graph's name. */
export function defaultAssistantId(graph: string): string {
  return uuidV5(graph, GRAPH_NAMESPACE)
}

type Json = Record<string, unknown>

interface Content {
  graph_id: string
  config: Json
  context: unknown
  metadata: Json
  name: string
  description: string | null
}

interface Version extends Content {
  assistant_id: string
  version: number
  created_at: string
}

interface Assistant extends Version {
  updated_at: string
}

interface Stored {
  active: Assistant
  versions: Version[]
  /** Creation order: the server's sort by `created_at` keeps it among equal times. */
  order: number
}

const NOT_FOUND = plain(404, 'Assistant not found')

/** The assistant routes: `route` answers those it knows and undefined for any other path. */
export class AssistantStore {
  readonly #assistants = new Map<string, Stored>()
  readonly #graphs: ReadonlySet<string>
  readonly #now: () => number
  #order = 0

  constructor(graphs: readonly string[], now: () => number = Date.now) {
    this.#graphs = new Set(graphs)
    this.#now = now
    for (const graph of graphs)
      this.#put(defaultAssistantId(graph), {
        graph_id: graph,
        config: {},
        context: {},
        metadata: { created_by: 'system' },
        name: graph,
        description: null
      })
  }

  /** The id a path names: a loaded graph's name stands for its default assistant. */
  resolve(idOrGraph: string): string {
    return this.#graphs.has(idOrGraph) ? defaultAssistantId(idOrGraph) : idOrGraph
  }

  /** Whether runs can be made with it: it exists, and the server loads its graph. */
  runnable(idOrGraph: string): boolean {
    const stored = this.#assistants.get(this.resolve(idOrGraph))
    return stored !== undefined && this.#graphs.has(stored.active.graph_id)
  }

  route(method: string, path: string, body: unknown): StoreAnswer | undefined {
    if (path === '/assistants' && method === 'POST') return this.#create(body)
    if (path === '/assistants/search' && method === 'POST') return this.#search(body)
    const match = /^\/assistants\/([^/]+)(\/versions|\/latest)?$/.exec(path)
    if (!match) return undefined
    const id = this.resolve(decodeURIComponent(match[1] ?? ''))
    const action = `${method} ${match[2] ?? ''}`
    if (action === 'GET ') return this.#get(id)
    if (action === 'PATCH ') return this.#patch(id, body)
    if (action === 'DELETE ') return this.#delete(id)
    if (action === 'POST /versions') return this.#versions(id, body)
    if (action === 'POST /latest') return this.#latest(id, body)
    return undefined
  }

  #get(id: string): StoreAnswer {
    const stored = this.#assistants.get(id)
    return stored ? { status: 200, body: stored.active } : NOT_FOUND
  }

  #create(body: unknown): StoreAnswer {
    const request = record(body)
    const problem =
      (request === undefined && invalid([], 'Expected object')) ||
      (request?.assistant_id !== undefined &&
        !(typeof request.assistant_id === 'string' && isUuid(request.assistant_id)) &&
        invalid(['assistant_id'], 'Invalid uuid')) ||
      (typeof request?.graph_id !== 'string' && invalid(['graph_id'], 'Required')) ||
      (request?.if_exists !== undefined &&
        request.if_exists !== 'raise' &&
        request.if_exists !== 'do_nothing' &&
        invalid(['if_exists'], 'Invalid input')) ||
      contentProblem(request ?? {})
    if (problem) return problem
    const valid = request as Json & { graph_id: string }
    const id = typeof valid.assistant_id === 'string' ? valid.assistant_id : randomUUID()
    const existing = this.#assistants.get(id)
    if (existing) {
      if ((valid.if_exists ?? 'raise') === 'raise') return plain(409, 'Assistant already exists')
      return { status: 200, body: existing.active }
    }
    // The server names an assistant "Untitled" when no name is sent, and by its graph when the
    // name sent is empty.
    const name = typeof valid.name === 'string' ? valid.name : 'Untitled'
    const active = this.#put(id, {
      graph_id: valid.graph_id,
      config: record(valid.config) ?? {},
      context: valid.context ?? {},
      metadata: record(valid.metadata) ?? {},
      name: name || valid.graph_id,
      description: typeof valid.description === 'string' ? valid.description : null
    })
    return { status: 200, body: active }
  }

  #put(id: string, content: Content): Assistant {
    const created_at = new Date(this.#now()).toISOString()
    const version: Version = { assistant_id: id, version: 1, ...content, created_at }
    const active: Assistant = { ...version, updated_at: created_at }
    this.#assistants.set(id, { active, versions: [version], order: this.#order++ })
    return active
  }

  #patch(id: string, body: unknown): StoreAnswer {
    const request = record(body)
    const problem =
      (request === undefined && invalid([], 'Expected object')) || contentProblem(request ?? {})
    if (problem) return problem
    const stored = this.#assistants.get(id)
    if (!stored) return NOT_FOUND
    const given = request as Json
    const { active } = stored
    const updated_at = new Date(this.#now()).toISOString()
    // Each key sent replaces the stored one, but metadata, which is merged into it (so a key
    // can never be removed); null or absent keeps what is stored.
    const next: Assistant = {
      ...active,
      ...(typeof given.graph_id === 'string' ? { graph_id: given.graph_id } : {}),
      ...(record(given.config) ? { config: record(given.config) as Json } : {}),
      ...(given.context !== undefined && given.context !== null ? { context: given.context } : {}),
      ...(typeof given.name === 'string' ? { name: given.name } : {}),
      ...(typeof given.description === 'string' ? { description: given.description } : {}),
      ...(record(given.metadata)
        ? { metadata: { ...active.metadata, ...record(given.metadata) } }
        : {}),
      // A new version every time, even when nothing differs.
      version: Math.max(...stored.versions.map((version) => version.version)) + 1,
      updated_at
    }
    stored.active = next
    stored.versions.push({
      assistant_id: id,
      version: next.version,
      graph_id: next.graph_id,
      config: next.config,
      context: next.context,
      metadata: next.metadata,
      name: next.name,
      description: next.description,
      created_at: updated_at
    })
    return { status: 200, body: next }
  }

  #versions(id: string, body: unknown): StoreAnswer {
    const request = record(body ?? {})
    const limit = request?.limit ?? 10
    const offset = request?.offset ?? 0
    const problem =
      (request === undefined && invalid([], 'Expected object')) ||
      ((typeof limit !== 'number' || limit < 1 || limit > 1000) &&
        invalid(['limit'], 'Number must be between 1 and 1000')) ||
      ((typeof offset !== 'number' || offset < 0) &&
        invalid(['offset'], 'Number must be greater than or equal to 0')) ||
      (request?.metadata !== undefined &&
        record(request.metadata) === undefined &&
        invalid(['metadata'], 'Expected object'))
    if (problem) return problem
    const filter = record(request?.metadata)
    const versions = (this.#assistants.get(id)?.versions ?? [])
      .filter((version) => filter === undefined || contains(version.metadata, filter))
      .sort((a, b) => b.version - a.version)
      .slice(offset as number, (offset as number) + (limit as number))
    // An empty page, past the end or of a filter nothing matches, is answered as missing.
    if (versions.length === 0) return plain(404, `Assistant "${id}" not found.`)
    return { status: 200, body: versions }
  }

  #latest(id: string, body: unknown): StoreAnswer {
    const version = record(body)?.version
    if (typeof version !== 'number') return invalid(['version'], 'Required')
    const stored = this.#assistants.get(id)
    if (!stored) return NOT_FOUND
    const chosen = stored.versions.find((each) => each.version === version)
    if (!chosen) return plain(404, 'Assistant version not found')
    // Only these come back: context, description and graph_id keep the newer values.
    stored.active = {
      ...stored.active,
      config: chosen.config,
      metadata: chosen.metadata,
      name: chosen.name,
      version: chosen.version,
      updated_at: new Date(this.#now()).toISOString()
    }
    return { status: 200, body: stored.active }
  }

  #search(body: unknown): StoreAnswer {
    const request = record(body ?? {})
    const limit = request?.limit ?? 10
    const offset = request?.offset ?? 0
    const problem =
      (request === undefined && invalid([], 'Expected object')) ||
      ((!Number.isInteger(limit) || (limit as number) < 1 || (limit as number) > 1000) &&
        invalid(['limit'], 'Number must be a whole number between 1 and 1000')) ||
      ((!Number.isInteger(offset) || (offset as number) < 0) &&
        invalid(['offset'], 'Number must be a whole number from 0')) ||
      (request?.graph_id !== undefined &&
        typeof request.graph_id !== 'string' &&
        invalid(['graph_id'], 'Expected string')) ||
      (request?.name !== undefined &&
        typeof request.name !== 'string' &&
        invalid(['name'], 'Expected string')) ||
      (request?.metadata !== undefined &&
        record(request.metadata) === undefined &&
        invalid(['metadata'], 'Expected object'))
    if (problem) return problem
    const filter = record(request?.metadata)
    const name = (request?.name as string | undefined)?.toLowerCase()
    const found = [...this.#assistants.values()]
      .filter(
        ({ active }) =>
          (request?.graph_id === undefined || active.graph_id === request.graph_id) &&
          (name === undefined || active.name.toLowerCase().includes(name)) &&
          (filter === undefined || contains(active.metadata, filter))
      )
      .sort(
        (a, b) =>
          Date.parse(b.active.created_at) - Date.parse(a.active.created_at) || a.order - b.order
      )
    const page = found.slice(offset as number, (offset as number) + (limit as number))
    // The server's paging headers compare the whole count with the limit: wrong past one page.
    const start = offset as number
    const headers: Record<string, string> =
      found.length === limit
        ? {
            'x-pagination-next': String(start + found.length),
            'x-pagination-total': String(start + found.length + 1)
          }
        : { 'x-pagination-total': String(start + found.length) }
    return { status: 200, body: page.map((each) => each.active), headers }
  }

  #delete(id: string): StoreAnswer {
    if (!this.#assistants.delete(id)) return NOT_FOUND
    return { status: 200, body: [id] }
  }
}

/** The shape problems of an assistant's content in a create or a patch (null description included). */
function contentProblem(request: Json): Answer | false {
  return (
    (request.graph_id !== undefined &&
      typeof request.graph_id !== 'string' &&
      invalid(['graph_id'], 'Expected string')) ||
    (request.config !== undefined &&
      record(request.config) === undefined &&
      invalid(['config'], 'Expected object')) ||
    (request.metadata !== undefined &&
      record(request.metadata) === undefined &&
      invalid(['metadata'], 'Expected object')) ||
    (request.name !== undefined &&
      typeof request.name !== 'string' &&
      invalid(['name'], 'Expected string')) ||
    // The server takes a description or none: null is refused, so one cannot be cleared.
    (request.description !== undefined &&
      typeof request.description !== 'string' &&
      invalid(['description'], 'Expected string'))
  )
}

/** A 400 as the server's request validation answers it. */
function invalid(path: string[], message: string): Answer {
  return {
    status: 400,
    body: { success: false, error: { issues: [{ path, message }], name: 'ZodError' } }
  }
}

function record(value: unknown): Json | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Json)
    : undefined
}

/** The server's metadata filter: each key of `subset` is in `superset` (objects within objects). */
function contains(superset: Json, subset: Json): boolean {
  return Object.entries(subset).every(([key, value]) => {
    const held = superset[key]
    if (held === undefined || held === null) return false
    const inner = record(value)
    const heldInner = record(held)
    return inner && heldInner ? contains(heldInner, inner) : held === value
  })
}
