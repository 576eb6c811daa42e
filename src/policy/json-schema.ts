/**
 * The release policy's published JSON Schema, made from the zod schema the action validates with
 * (the file as written: durations, shares and the rest as their text), so editors check a policy
 * as it is typed and the two cannot drift apart.
 */
import { z } from 'zod'
import { policySchema } from './schema'

/** Where the repository publishes it, relative to its root (the `$schema` line points there). */
export const JSON_SCHEMA_FILE = 'release-policy.schema.json'

export type JsonSchema = {
  description?: string
  default?: unknown
  type?: string | string[]
  properties?: Record<string, JsonSchema>
  additionalProperties?: JsonSchema | boolean
  anyOf?: JsonSchema[]
  [key: string]: unknown
}

export function policyJsonSchema(): JsonSchema {
  return z.toJSONSchema(policySchema, { io: 'input', target: 'draft-2020-12' }) as JsonSchema
}
