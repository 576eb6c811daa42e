/**
 * The policy as written with what the schema refused taken out, so that every other check still
 * runs on the rest (every problem at once): an unknown key is dropped, and a value the schema
 * refused is dropped with the rules on it left unjudged (they would only say it again, or say a
 * key is missing that is there). Pure.
 */
import { keyPathText } from '../policy-kit/problems'
import { policySchema } from './schema'
import { explainIssue, type ExplainedIssue } from './schema-issues'

type Mapping = Record<string, unknown>

const isMapping = (value: unknown): value is Mapping =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

export interface Judgeable {
  /** Every issue of the schema, explained (those seen once the first ones were taken out too). */
  issues: ExplainedIssue[]
  /** The file as written without what was refused; undefined when nothing of it can be judged. */
  value?: Mapping
  policy?: Record<string, unknown>
  /** Whether a rule about `keyPath` (or naming it in `message`) stands on a refused value. */
  onRefused(keyPath: string, message: string): boolean
}

/** Passes of the schema at most: each takes out what the last refused (a refinement runs later). */
const MAX_PASSES = 5

export function judgeable(written: unknown): Judgeable {
  const issues: ExplainedIssue[] = []
  const seen = new Set<string>()
  const refused: string[] = []
  const onRefused = (keyPath: string, message: string) => {
    const named = [keyPath, ...(message.match(KEY_PATH) ?? [])]
    return refused.some((path) => named.some((each) => onPath(each, path)))
  }
  if (!isMapping(written)) {
    const parsed = policySchema.safeParse(written)
    if (!parsed.success) issues.push(...parsed.error.issues.flatMap(explainIssue))
    return { issues, onRefused }
  }
  let value: Mapping = structuredClone(written)
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    const parsed = policySchema.safeParse(value)
    if (parsed.success)
      return { issues, value, policy: parsed.data as Record<string, unknown>, onRefused }
    for (const issue of parsed.error.issues) {
      for (const explained of explainIssue(issue)) {
        const id = `${keyPathText(explained.path)}\n${explained.message}`
        if (!seen.has(id)) issues.push(explained)
        seen.add(id)
        // A typo for a known key: the rules on the key meant are not judged without it.
        if (explained.meant !== undefined)
          refused.push(keyPathText(inEffect([...explained.path.slice(0, -1), explained.meant])))
      }
      const path = issue.path.map((part) => (typeof part === 'symbol' ? String(part) : part))
      if (issue.code === 'unrecognized_keys') {
        for (const name of issue.keys) removeAt(value, [...path, name])
        continue
      }
      // A list is judged whole: a refused item takes the list out.
      const firstIndex = path.findIndex((part) => typeof part === 'number')
      const cut = firstIndex === -1 ? path : path.slice(0, firstIndex)
      if (cut.length === 0) return { issues, onRefused }
      if (cut.length === 1 && cut[0] === 'version') value.version = 1
      else removeAt(value, cut)
      refused.push(keyPathText(inEffect(cut)))
    }
    value = structuredClone(value)
  }
  return { issues, onRefused }
}

/** A key path of an entry as the policy in effect has it: `environments.pr-*.gate.x` → `gate.x`. */
function inEffect(path: readonly (string | number)[]): readonly (string | number)[] {
  return path[0] === 'environments' && path.length > 2 ? path.slice(2) : path
}

/** A key path as a sentence names it: `gate.min-scores`, `agent.message`. */
const KEY_PATH = /[a-z0-9-]+(?:\.[a-z0-9*_-]+)+/gi

/**
 * Whether a rule that names `named` stands on the refused `path`: it names the path, a key under
 * it, or the mapping that holds it (a section alone is not a key path: `gate.x` names no other).
 */
function onPath(named: string, path: string): boolean {
  return named === path || named.startsWith(`${path}.`) || path.startsWith(`${named}.`)
}

function removeAt(value: Mapping, path: readonly (string | number)[]): void {
  let node: unknown = value
  for (const part of path.slice(0, -1)) {
    if (!isMapping(node)) return
    node = node[String(part)]
  }
  const last = path.at(-1)
  if (isMapping(node) && last !== undefined) Reflect.deleteProperty(node, String(last))
}
