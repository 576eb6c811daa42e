/**
 * How a section of the release policy is written as a zod schema: a key's description, a key
 * that an environments entry may remove (`null`), a mapping whose wrong type reads as a sentence.
 * Shared by the sections' declarations (./section.ts) and the policy's schema (./schema.ts).
 */
import { z } from 'zod'

/** The description the JSON Schema carries for a key (its default comes from DEFAULTS). */
export function about<T extends z.ZodType>(schema: T, description: string): T {
  return schema.meta({ description })
}

/**
 * A key of a section: optional in the file; in an environments entry also `null` (remove it).
 */
export function key<E extends boolean, T extends z.ZodType>(entry: E, schema: T) {
  return (entry ? schema.nullable().optional() : schema.optional()) as E extends true
    ? z.ZodOptional<z.ZodNullable<T>>
    : z.ZodOptional<T>
}

/** A mapping's message when it is something else (its unknown keys are said apart). */
export function mappingError(what: string) {
  return (issue: { code: string }) =>
    issue.code === 'invalid_type' ? `must be ${what}` : undefined
}

/** A section: a mapping of its keys. */
export function mapping<T extends z.core.$ZodLooseShape>(name: string, shape: T) {
  return z.strictObject(shape, { error: mappingError(`a mapping of ${name}'s keys`) })
}
