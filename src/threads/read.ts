import { AgentReadError } from '../agent-server/retrying'
import type { ThreadSummary } from '../agent-server/thread-schemas'
import type { ThreadsClient } from '../agent-server/threads'
import type { GraphSide, ParkedThread } from './compatibility'
import { eachAtMost } from './pool'
import { STATES_AT_ONCE } from './reread'

// The reads the judgement needs, made on one agent server: before the write, the target's
// interrupted threads (how many there are, then the newest up to the sample, then each one's
// state) and, once per graph they name, the graph's nodes and state schema (the old side); for
// the new side, the same graph reads on the server that serves the release. A failed or
// misshapen read is thrown (an AgentReadError): the caller cannot conclude.

export interface ThreadsRead {
  /** Interrupted threads on the server (its count). */
  total: number
  /** Those read and judged. */
  threads: ParkedThread[]
  /** Listed, then their state answered 404: deleted meanwhile. */
  deleted: string[]
  /** Their state is over the body cap: too large to judge (named, never a pass or a failure). */
  tooLarge: string[]
}

/**
 * The newest `sample` interrupted threads with their states, leaving out the action's own
 * canaries, known by their ids (never by metadata, which a user's thread may carry too).
 */
export async function readParkedThreads(
  client: ThreadsClient,
  sample: number,
  canaries: ReadonlySet<string> = new Set()
): Promise<ThreadsRead> {
  const total = await client.count('interrupted')
  const read: ThreadsRead = { total, threads: [], deleted: [], tooLarge: [] }
  if (total === 0) return read
  const listed = await client.interrupted(sample, (thread: ThreadSummary) =>
    canaries.has(thread.thread_id.toLowerCase())
  )
  const states = await eachAtMost(listed, STATES_AT_ONCE, (thread) =>
    client.state(thread.thread_id)
  )
  listed.forEach((thread, index) => {
    const state = states[index]
    const id = thread.thread_id
    if (state?.kind === 'found') read.threads.push({ id, ...state.state })
    else if (state?.kind === 'not-found') read.deleted.push(id)
    else read.tooLarge.push(id)
  })
  return read
}

/** The graphs the threads name, each once, in the order first named. */
export function graphsOf(threads: readonly ParkedThread[]): string[] {
  return [
    ...new Set(threads.flatMap((thread) => (thread.graph === undefined ? [] : [thread.graph])))
  ]
}

/** A graph as this server serves it: its nodes and schema, or not at all (a 404 for either). */
export async function readGraph(client: ThreadsClient, graph: string): Promise<GraphSide> {
  const nodes = await client.graph(graph)
  if (nodes.kind === 'not-found') return { kind: 'not-served' }
  const schema = await client.schemas(graph)
  if (schema.kind === 'not-found') return { kind: 'not-served' }
  return { kind: 'served', nodes: nodes.value, schema: schema.value }
}

/** Each graph named, read on this server. */
export async function readGraphs(
  client: ThreadsClient,
  graphs: readonly string[]
): Promise<Map<string, GraphSide>> {
  const sides = await eachAtMost(graphs, STATES_AT_ONCE, (graph) => readGraph(client, graph))
  return new Map(graphs.map((graph, index) => [graph, sides[index] as GraphSide]))
}

/**
 * Whether the server answers at all: a 404 for a graph is that graph gone only when the server
 * answers something else (here its count of threads); 404 to everything is a key or URL problem.
 */
export async function answersAnything(
  client: ThreadsClient,
  sides: ReadonlyMap<string, GraphSide>
): Promise<boolean> {
  if ([...sides.values()].some((side) => side.kind === 'served')) return true
  try {
    await client.count('interrupted')
    return true
  } catch (error) {
    if (error instanceof AgentReadError && error.status === 404) return false
    throw error
  }
}
