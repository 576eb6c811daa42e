import type { JsonType, StateSchemaView } from '../agent-server/thread-schemas'

// Whether the threads parked at an interrupt() survive a release: judged on what the release
// changes, the old side (what the target served when the threads parked) against the new side
// (what it serves after, or what a promote would bring). A thread is never failed for what the
// old side already could not serve: that is a notice, not this release's doing. Pure: the reads
// are made elsewhere (./read.ts) and handed in.

/** One parked thread as read before the write. */
export interface ParkedThread {
  id: string
  checkpoint: string
  /** The graph it runs (its state's `graph_id`); undefined when the state names none. */
  graph: string | undefined
  /** The nodes it waits at: several when parallel branches each interrupt. */
  nodes: string[]
  /** Its state's keys with their values' JSON types (never the values). */
  keys: Readonly<Record<string, JsonType>>
}

/** A graph as one side serves it: its nodes and its state schema, or not served at all. */
export type GraphSide =
  { kind: 'served'; nodes: readonly string[]; schema: StateSchemaView } | { kind: 'not-served' }

export interface Sides {
  /** By graph name: what the target served before the write. */
  old: ReadonlyMap<string, GraphSide>
  /** By graph name: what the release serves. */
  new: ReadonlyMap<string, GraphSide>
  /**
   * Whether the new side answers anything at all (another graph, its assistants): a server that
   * answers 404 to everything is a key or URL problem, not a graph the release removed.
   */
  newAnswers: boolean
}

/** Why a thread is incompatible; `stranded` is found after `DEPLOYED` (./reread.ts). */
export type Why = 'node' | 'required' | 'type' | 'graph' | 'stranded'

export interface Incompatibility {
  thread: string
  graph: string
  why: Why
  /** The node it waits at that the release removes (`node`, `graph`). */
  node?: string
  /** The key the release requires and the thread lacks, or no longer admits the value of. */
  key?: string
}

export type NoticeKind =
  /** Its state names no pending node before the write: stranded already. */
  | 'already-stranded'
  /** The old side does not serve its graph, or has no such node, or did not admit a value. */
  | 'old-side-could-not-serve'
  /** Its state names no graph. */
  | 'no-graph'

export interface Notice {
  thread: string
  kind: NoticeKind
  graph?: string
  node?: string
  key?: string
}

/** A node of the old graph the new one lacks where no thread read waits, with threads unread. */
export interface UnreadRisk {
  graph: string
  node: string
}

export interface Judgement {
  incompatible: Incompatibility[]
  notices: Notice[]
  unread: UnreadRisk[]
  /** Why it cannot conclude (a key or URL problem, a node gone where threads were not read). */
  inconclusive: string[]
  /** Before `on-incompatible` is applied: `fail` on an incompatibility. */
  verdict: 'pass' | 'fail' | 'inconclusive'
}

/** The nodes every graph has, never a place a thread waits. */
const BOUNDARY_NODES = new Set(['__start__', '__end__'])

/** Judges the threads read (`read` of `total` interrupted) against the two sides. */
export function judge(
  threads: readonly ParkedThread[],
  sides: Sides,
  counts: { read: number; total: number }
): Judgement {
  const incompatible: Incompatibility[] = []
  const notices: Notice[] = []
  const inconclusive = new Set<string>()
  for (const thread of threads) {
    const found = judgeThread(thread, sides)
    incompatible.push(...found.incompatible)
    notices.push(...found.notices)
    for (const reason of found.inconclusive) inconclusive.add(reason)
  }
  const unread = counts.read < counts.total ? unreadRisks(threads, sides) : []
  const verdict =
    incompatible.length > 0
      ? 'fail'
      : inconclusive.size > 0 || unread.length > 0
        ? 'inconclusive'
        : 'pass'
  return { incompatible, notices, unread, inconclusive: [...inconclusive], verdict }
}

function judgeThread(
  thread: ParkedThread,
  sides: Sides
): { incompatible: Incompatibility[]; notices: Notice[]; inconclusive: string[] } {
  const incompatible: Incompatibility[] = []
  const notices: Notice[] = []
  const { id } = thread
  if (thread.graph === undefined)
    return { incompatible, notices: [{ thread: id, kind: 'no-graph' }], inconclusive: [] }
  const graph = thread.graph
  // Nothing of it waits any more: the release cannot strand it again.
  if (thread.nodes.length === 0)
    return {
      incompatible,
      notices: [{ thread: id, kind: 'already-stranded', graph }],
      inconclusive: []
    }
  const before = sides.old.get(graph)
  if (before === undefined || before.kind === 'not-served') {
    notices.push({ thread: id, kind: 'old-side-could-not-serve', graph })
    return { incompatible, notices, inconclusive: [] }
  }
  const after = sides.new.get(graph)
  if (after === undefined || after.kind === 'not-served') {
    if (!sides.newAnswers)
      return {
        incompatible,
        notices,
        inconclusive: [
          'the agent server answers 404 to everything, so the graphs could not be compared: check agent-api-key'
        ]
      }
    for (const node of thread.nodes) incompatible.push({ thread: id, graph, why: 'graph', node })
    return { incompatible, notices, inconclusive: [] }
  }

  for (const node of thread.nodes) {
    if (!before.nodes.includes(node))
      notices.push({ thread: id, kind: 'old-side-could-not-serve', graph, node })
    else if (!after.nodes.includes(node))
      incompatible.push({ thread: id, graph, why: 'node', node })
  }
  const requiredBefore = new Set(before.schema.required)
  for (const key of after.schema.required)
    if (!requiredBefore.has(key) && thread.keys[key] === undefined)
      incompatible.push({ thread: id, graph, why: 'required', key })
  for (const [key, type] of Object.entries(thread.keys)) {
    if (!admits(before.schema.properties[key], type))
      notices.push({ thread: id, kind: 'old-side-could-not-serve', graph, key })
    else if (!admits(after.schema.properties[key], type))
      incompatible.push({ thread: id, graph, why: 'type', key })
  }
  return { incompatible, notices, inconclusive: [] }
}

/**
 * Whether a property's schema admits a value of `type`: `type` a string or a list of types,
 * `anyOf`/`oneOf` any branch; an integer is a number; a property without `type` (a messages key,
 * a `$ref`, one the schema does not declare) admits anything.
 */
export function admits(property: unknown, type: JsonType): boolean {
  if (typeof property !== 'object' || property === null) return true
  const schema = property as Record<string, unknown>
  for (const keyword of ['anyOf', 'oneOf'] as const) {
    const branches = schema[keyword]
    if (Array.isArray(branches) && branches.length > 0)
      return branches.some((branch) => admits(branch, type))
  }
  const declared = schema.type
  const types =
    typeof declared === 'string' ? [declared] : Array.isArray(declared) ? declared : undefined
  if (types === undefined) return true
  return types.includes(type) || (type === 'integer' && types.includes('number'))
}

/** Nodes the release removes where no thread read waits: threads not read may wait there. */
function unreadRisks(threads: readonly ParkedThread[], sides: Sides): UnreadRisk[] {
  const risks: UnreadRisk[] = []
  const graphs = new Set(
    threads.flatMap((thread) => (thread.graph === undefined ? [] : [thread.graph]))
  )
  for (const graph of graphs) {
    const before = sides.old.get(graph)
    const after = sides.new.get(graph)
    if (before?.kind !== 'served' || after?.kind !== 'served') continue
    const waitedAt = new Set(
      threads.filter((thread) => thread.graph === graph).flatMap((thread) => thread.nodes)
    )
    for (const node of before.nodes)
      if (!BOUNDARY_NODES.has(node) && !after.nodes.includes(node) && !waitedAt.has(node))
        risks.push({ graph, node })
  }
  return risks
}
