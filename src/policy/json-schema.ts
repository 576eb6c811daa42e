/**
 * The release policy's published JSON Schema, made from the zod schema the action validates with
 * (the file as written: durations, shares and the rest as their text), so editors check a policy
 * as it is typed and the two cannot drift apart.
 */
import { z } from 'zod'
import { DEFAULTS, policySchema } from './schema'

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
  const schema = z.toJSONSchema(policySchema, {
    io: 'input',
    target: 'draft-2020-12'
  }) as JsonSchema
  // Defaults from the one table the policy in effect is filled from (a transformed value's own
  // metadata does not reach the input's JSON Schema).
  for (const [section, defaults] of Object.entries(DEFAULTS))
    for (const [key, value] of Object.entries(defaults)) {
      const property = schema.properties?.[section]?.properties?.[key]
      if (property) property.default = value
    }
  return schema
}
