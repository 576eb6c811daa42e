/**
 * The release policy's sections, in the order they are shown: the one list the policy machinery
 * (schema, loader, environment merge, rules, words, diff, JSON Schema, settings) iterates over.
 * Each declaration lives in its step's folder; a new section is its declaration and a row here.
 */
import type { z } from 'zod'
import { agentSection } from '../agent-checks/section'
import { assistantsSection } from '../assistants/section'
import { bakeSection } from '../bake/section'
import { gateSection } from '../evaluation/section'
import { rollbackSection } from '../rollback/section'
import { smokeSection } from '../smoke/section'
import { threadsSection } from '../threads/section'
import type { Section } from '../policy-kit/section'

export const DECLARED = [
  agentSection,
  smokeSection,
  gateSection,
  bakeSection,
  assistantsSection,
  threadsSection,
  rollbackSection
] as const

type Declared = (typeof DECLARED)[number]

/** Every declaration as the machinery reads it (a section's own types are its own business). */
export const DECLARATIONS: readonly Section<
  string,
  z.core.$ZodLooseShape,
  unknown,
  never,
  never
>[] = DECLARED

/**
 * The bound past `timeout` of the step named `name` (its section's overtimeMs) on a run's
 * settings; undefined when it has none or the run does not ask for it.
 */
export function overtimeMs(
  name: string,
  settings: Readonly<Partial<Record<string, unknown>>>
): number | undefined {
  const own = settings[name]
  const declaration = DECLARATIONS.find((each) => each.name === name)
  return own === undefined || own === null ? undefined : declaration?.overtimeMs?.(own)
}

/** The sections a policy (and an environments entry) may hold, in the order they are shown. */
export type SectionName = Declared['name']

/** Each section as a policy holds it, parsed. */
export type PolicySections = { [D in Declared as D['name']]?: z.output<D['file']> }

/** Each section in effect (its named files resolved to their references). */
export type EffectiveSections = {
  [D in Declared as D['name']]?: Parameters<D['words']>[0]
}

/** Each section's settings, keyed by its name (undefined: its step does not run). */
export type PolicySettings = {
  [D in Declared as D['name']]: ReturnType<D['settings']>
}
