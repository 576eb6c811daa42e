import { z } from 'zod'
import { UUID } from '../lib/ids'

// The thread and graph routes' shapes (api.md 4.5). An answer is the server's text and untrusted:
// only what the judgement reads is kept. A thread's values are users' data: they are reduced to
// each key's JSON type as they are parsed, so no value goes further than this file.

const jsonObject = z.record(z.string(), z.unknown())

/** The JSON type of a value; an integer is told apart, as a schema may admit only integers. */
export type JsonType = 'string' | 'integer' | 'number' | 'boolean' | 'null' | 'array' | 'object'

export function jsonTypeOf(value: unknown): JsonType {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'array'
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number'
  if (typeof value === 'string') return 'string'
  if (typeof value === 'boolean') return 'boolean'
  return 'object'
}

/** The fields a search is asked to carry (`select`): never a conversation. */
export const THREAD_SELECT = ['thread_id', 'updated_at', 'status', 'metadata'] as const

/** One thread as a search with `select: THREAD_SELECT` lists it. */
export const threadSummarySchema = z.object({
  thread_id: z.string().regex(UUID, 'not a UUID'),
  updated_at: z.string().optional(),
  status: z.string(),
  metadata: jsonObject.nullable().optional()
})
export type ThreadSummary = z.infer<typeof threadSummarySchema>
export const threadListSchema = z.array(threadSummarySchema)

/** `POST /threads/count`: a bare whole number. */
export const threadCountSchema = z.number().int().min(0)

const task = z.object({
  name: z.string(),
  // A task waiting at an interrupt() holds its interrupts; the values are the graph's, unread.
  interrupts: z.array(z.unknown()).optional().default([])
})

/** A thread's state (`GET /threads/{id}/state`), its values reduced to their keys' types. */
export const threadStateSchema = z
  .object({
    values: jsonObject,
    next: z.array(z.string()),
    tasks: z.array(task),
    metadata: jsonObject.nullable().optional(),
    checkpoint: z.object({ checkpoint_id: z.string().min(1) })
  })
  .transform((state) => ({
    checkpoint: state.checkpoint.checkpoint_id,
    // Every task holding interrupts, else every name in `next` (parallel branches each wait).
    nodes: parkedNodes(state.tasks, state.next),
    graph: typeof state.metadata?.graph_id === 'string' ? state.metadata.graph_id : undefined,
    keys: Object.fromEntries(
      Object.entries(state.values).map(([key, value]) => [key, jsonTypeOf(value)])
    ) as Record<string, JsonType>
  }))
export type ThreadState = z.output<typeof threadStateSchema>

function parkedNodes(tasks: { name: string; interrupts: unknown[] }[], next: string[]): string[] {
  const interrupted = tasks.filter((t) => t.interrupts.length > 0).map((t) => t.name)
  return [...new Set(interrupted.length > 0 ? interrupted : next)]
}

/** A graph as `GET /assistants/{id}/graph` answers it: its nodes' names. */
export const graphSchema = z
  .object({ nodes: z.array(z.object({ id: z.union([z.string(), z.number()]) })) })
  .transform((graph) => graph.nodes.map((node) => String(node.id)))

/** A graph's state schema (`GET /assistants/{id}/schemas`): its properties and required keys. */
export const graphSchemasSchema = z
  .object({
    state_schema: z
      .object({
        properties: z.record(z.string(), z.unknown()).optional().default({}),
        required: z.array(z.string()).optional().default([])
      })
      .nullable()
      .optional()
  })
  .transform((schemas) => ({
    properties: schemas.state_schema?.properties ?? {},
    required: schemas.state_schema?.required ?? []
  }))
export type StateSchemaView = z.output<typeof graphSchemasSchema>
