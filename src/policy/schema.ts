/**
 * The release policy file, one zod schema made from the sections' declarations (./sections.ts):
 * what every key may hold, its description and its default (for the published JSON Schema and
 * the README's reference), and the partial policy an `environments` entry holds (`null` removes
 * a key, `false` a section).
 */
import { z } from 'zod'
import { mappingError } from '../policy-kit/schema-kit'
import { DECLARATIONS, DECLARED, type PolicySections, type SectionName } from './sections'

/** The sections a policy (and an environments entry) may hold, in the order they are shown. */
export const SECTIONS = DECLARED.map((section) => section.name)
export type Section = SectionName

/** Each key's default, as written in a file (filled in only in the sections present). */
export const DEFAULTS: Readonly<Record<string, Readonly<Record<string, unknown>>>> =
  Object.fromEntries(DECLARATIONS.map((section) => [section.name, section.defaults]))

/** The sections' schemas as a policy holds them (their shapes name the known keys). */
export const base = Object.fromEntries(DECLARED.map((section) => [section.name, section.file])) as {
  [D in (typeof DECLARED)[number] as D['name']]: D['file']
}

const removable = (schema: z.ZodType) => z.union([z.literal(false), schema]).optional()

/** An environments entry: any section but version and environments, `false` removing one. */
export const entrySchema = z
  .strictObject(
    Object.fromEntries(DECLARATIONS.map((section) => [section.name, removable(section.entry)])),
    { error: mappingError(`a partial policy (${SECTIONS.join(', ')})`) }
  )
  .meta({ description: 'a partial policy applied over the rest for this GitHub environment' })

/** An entry's name: the environment's, or a prefix of names ending in `*`. */
const entryName = z
  .string()
  .regex(/^[^*]+\*?$/, 'must be an environment name, or a prefix ending in * (pr-*)')

const version = z
  .literal(1, { error: 'must be 1 (the only version of the release policy so far)' })
  .meta({ description: '`1` (required; a later schema is a new number)' })

/** The sections of a policy without `environments`: what a policy in effect holds. */
export const sectionsSchema = z.strictObject(
  {
    version,
    ...Object.fromEntries(DECLARATIONS.map((section) => [section.name, section.file.optional()]))
  },
  {
    error: mappingError(`a mapping of version, ${SECTIONS.join(', ')} and environments`)
  }
) as unknown as z.ZodType<{ version: 1 } & PolicySections, unknown>

/** The file as written. */
export const policySchema = (sectionsSchema as unknown as z.ZodObject)
  .extend({
    environments: z
      .record(entryName, entrySchema, {
        error: 'must be a mapping of environment names to partial policies'
      })
      .optional()
      .meta({
        description:
          'environment name (or prefix ending in *) → a partial policy merged over the rest'
      })
  })
  .meta({
    title: 'Release policy',
    description: 'What must hold before a new revision stays (deploy-agent-action)'
  })

/** A policy as parsed: durations in ms, shares 0–1, min-pass as a share or a count. */
export type Policy = { version: 1 } & PolicySections
