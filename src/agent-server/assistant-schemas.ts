import { z } from 'zod'
import { UUID } from '../lib/ids'

// The assistant routes' shapes (api.md 4.4). An answer is the server's text and untrusted: only
// the fields the action reads are kept, ids must be UUIDs (they go into request paths) and
// versions whole numbers (they go into `/latest`).

const jsonObject = z.record(z.string(), z.unknown())

/** The content an assistant's version holds, as the server answers it. */
const content = {
  graph_id: z.string(),
  config: jsonObject,
  // Whatever the assistant was given (the server stores `{}` when none was).
  context: z.unknown(),
  metadata: jsonObject,
  name: z.string(),
  // The server answers null for an assistant made without one; a PATCH cannot set it back.
  description: z.string().nullable()
}

const version = z.number().int().min(1)

/** An assistant as `GET /assistants/{id}` and every write answer it: its active version. */
export const assistantSchema = z.object({
  assistant_id: z.string().regex(UUID, 'not a UUID'),
  version,
  ...content
})
export type Assistant = z.infer<typeof assistantSchema>

/** One version as `POST /assistants/{id}/versions` lists it. */
export const assistantVersionSchema = z.object({ version, ...content })
export type AssistantVersion = z.infer<typeof assistantVersionSchema>

export const assistantListSchema = z.array(assistantSchema)
export const versionListSchema = z.array(assistantVersionSchema)

/** What `POST /assistants` is sent (the client adds `if_exists: "raise"`). */
export interface AssistantCreate {
  assistant_id: string
  graph_id: string
  config?: Record<string, unknown>
  context?: unknown
  metadata?: Record<string, unknown>
  name?: string
  description?: string
}

/**
 * What `PATCH /assistants/{id}` is sent. `config` and `context` replace the stored ones whole,
 * `metadata` is merged into them, and a description can be set but never cleared (null is
 * refused).
 */
export interface AssistantPatch {
  graph_id?: string
  config?: Record<string, unknown>
  context?: unknown
  metadata?: Record<string, unknown>
  name?: string
  description?: string
}

/** What `POST /assistants/search` filters on; `name` matches as a substring, any case. */
export interface AssistantSearch {
  metadata?: Record<string, unknown>
  graph_id?: string
  name?: string
}
