/**
 * The policy in effect in words, one line per section, in the order of the sections, each in its
 * declaration's words: `gate: support-golden, each example × 2 (at most 100 runs), …`. Pure: the
 * text is plain; the summary escapes it.
 */
import type { EffectivePolicy } from './effective'
import { DECLARATIONS } from './sections'

/** One line per section present. */
export function describePolicy(policy: EffectivePolicy): string[] {
  const sections = policy as Readonly<Record<string, unknown>>
  return DECLARATIONS.flatMap((section) => {
    const value = sections[section.name]
    return value === undefined
      ? []
      : [`${section.name}: ${section.words(value as never).join(', ')}`]
  })
}
