/**
 * The `environments` entry for a GitHub environment, and the policy with it merged over the
 * rest. Works on the file as written (before values are parsed), so a mapping is merged key by key
 * whatever it holds. Pure.
 */

type Mapping = Record<string, unknown>

const isMapping = (value: unknown): value is Mapping =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/**
 * The entry that applies to `environment`: the one named exactly, else the longest prefix entry
 * (`pr-*`) it starts with; undefined when none does (or no environment is given). Names match
 * without regard to case, as GitHub matches environments (`Production` is `production`).
 */
export function selectEntry(
  entryNames: readonly string[],
  environment: string | undefined
): string | undefined {
  if (environment === undefined || environment === '') return undefined
  const wanted = environment.toLowerCase()
  const exact = entryNames.find((name) => name.toLowerCase() === wanted)
  if (exact !== undefined) return exact
  let best: string | undefined
  for (const name of entryNames) {
    if (!name.endsWith('*')) continue
    const prefix = name.slice(0, -1).toLowerCase()
    if (wanted.startsWith(prefix) && (best === undefined || prefix.length > best.length - 1))
      best = name
  }
  return best
}

/**
 * Entries whose names differ from an earlier one's only by case: GitHub sees one environment,
 * so the file would say two things of it. Each with the name it repeats.
 */
export function sameNamedEntries(entryNames: readonly string[]): { name: string; first: string }[] {
  const seen = new Map<string, string>()
  const repeated: { name: string; first: string }[] = []
  for (const name of entryNames) {
    const first = seen.get(name.toLowerCase())
    if (first === undefined) seen.set(name.toLowerCase(), name)
    else repeated.push({ name, first })
  }
  return repeated
}

/**
 * The policy (as written) with `entry` merged over it, without `environments`: mappings key by
 * key, anything else replaced, `null` removing a key and `false` a whole section.
 */
export function mergeEntry(policy: Mapping, entry: unknown): Mapping {
  const rest = Object.fromEntries(Object.entries(policy).filter(([key]) => key !== 'environments'))
  if (!isMapping(entry)) return rest
  const removed = (value: unknown) => value === false || value === null
  return mergeMappings(rest, entry, removed)
}

function mergeMappings(
  base: Mapping,
  over: Mapping,
  removed: (value: unknown) => boolean
): Mapping {
  const merged = new Map(Object.entries(base))
  for (const [key, value] of Object.entries(over)) {
    if (removed(value)) merged.delete(key)
    else merged.set(key, mergeValue(merged.get(key), value))
  }
  return Object.fromEntries(merged)
}

function mergeValue(base: unknown, over: unknown): unknown {
  if (!isMapping(over)) return over
  return mergeMappings(isMapping(base) ? base : {}, over, (value) => value === null)
}
