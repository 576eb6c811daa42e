/**
 * What a pull request changes in the policy in effect: one line per setting, its key path, the
 * base branch's value → this one's, and whether the change makes the release weaker, stronger or
 * only changed (spec: "What a pull request changes"). Pure.
 */
import { createHash } from 'node:crypto'
import canonicalize from 'canonicalize'
import type { EffectivePolicy } from './effective'
import { SECTIONS } from './schema'
import { durationWords, minPassWords, shareWords } from './words'

export type ChangeWord = 'weaker' | 'stronger' | 'changed' | 'new'

export interface PolicyChange {
  keyPath: string
  /** The values as people read them; undefined on the side that does not have the setting. */
  base?: string
  head?: string
  word: ChangeWord
  /** A setting (a section, a case, a bound) that one side has and the other has not. */
  note?: 'removed' | 'added'
  /** An assistant whose content changed: the key paths that differ (never their values). */
  paths?: string[]
}

/** A side of the comparison: the policy in effect, and its smoke cases as written. */
export interface ComparedPolicy {
  policy: EffectivePolicy
  casesWritten?: unknown[]
  /** Its assistants as written (inline or from their file). */
  assistants?: readonly { name: string }[]
}

/** The bake's bounds: a higher one lets more through, and removing one judges less. */
const BAKE_BOUNDS = ['bake.max-error-rate', 'bake.max-latency.', 'bake.max-regression.']

/** Higher is stronger (+1), lower is stronger (-1), or neither (0: a change is `changed`). */
function direction(keyPath: string): 1 | -1 | 0 {
  if (keyPath.startsWith('gate.min-scores.') || keyPath === 'smoke.min-pass') return 1
  if (keyPath.startsWith('gate.max-regression.') || keyPath === 'gate.max-error-rate') return -1
  if (keyPath === 'bake.min-runs' || keyPath === 'bake.duration') return 1
  if (BAKE_BOUNDS.some((bound) => keyPath.startsWith(bound)) || keyPath === 'bake.failure-limit')
    return -1
  if (keyPath === 'rollback.on-failure' || keyPath === 'agent.a2a') return 1
  return 0
}

/** Settings whose removal takes a check away (a bound, a case, the reply's expectation). */
function removalWeakens(keyPath: string): boolean {
  return (
    keyPath.startsWith('gate.min-scores.') ||
    keyPath.startsWith('gate.max-regression.') ||
    keyPath.startsWith('smoke.cases[') ||
    keyPath.startsWith('assistants.entries[') ||
    BAKE_BOUNDS.some((bound) => keyPath.startsWith(bound)) ||
    keyPath === 'agent.expect'
  )
}

interface Setting {
  /** Compared for direction (numbers, booleans), or for equality (canonical JSON). */
  value: unknown
  shown: string
}

/** Every setting of a section as key path → value. */
function settings(side: ComparedPolicy, section: (typeof SECTIONS)[number]): Map<string, Setting> {
  const found = new Map<string, Setting>()
  const record = side.policy[section] as Record<string, unknown> | undefined
  if (record === undefined) return found
  for (const [key, value] of Object.entries(record)) {
    const keyPath = `${section}.${key}`
    if (value === undefined) continue
    if (keyPath === 'gate.min-scores' || keyPath === 'gate.max-regression') {
      for (const [name, bound] of Object.entries(value as Record<string, number>))
        found.set(`${keyPath}.${name}`, { value: bound, shown: String(bound) })
    } else if (keyPath === 'bake.max-latency' || keyPath === 'bake.max-regression') {
      for (const [name, bound] of Object.entries(value as Record<string, number>)) {
        const path = `${keyPath}.${name}`
        found.set(path, { value: bound, shown: shownValue(path, bound) })
      }
    } else if (keyPath === 'assistants.entries') {
      // An assistant is matched by its name; its content is compared, never shown.
      for (const entry of side.assistants ?? [])
        found.set(`assistants.entries[${entry.name}]`, { value: entry, shown: 'an assistant' })
    } else if (keyPath === 'smoke.cases') {
      for (const [index, written] of (side.casesWritten ?? []).entries())
        found.set(`smoke.cases[${caseIdentity(written, index)}]`, {
          value: written,
          shown: caseWords(written)
        })
    } else
      found.set(keyPath, { value: comparable(keyPath, value), shown: shownValue(keyPath, value) })
  }
  return found
}

/** A case is matched by its name, else by the SHA-256 of its message or input. */
function caseIdentity(written: unknown, index: number): string {
  const record = (written ?? {}) as Record<string, unknown>
  if (typeof record.name === 'string' && record.name !== '') return record.name
  const content = record.message ?? record.input ?? record.inputs ?? { index }
  const hash = createHash('sha256')
    .update(canonicalize(content) ?? String(index))
    .digest('hex')
  return `sha256:${hash.slice(0, 12)}`
}

function caseWords(written: unknown): string {
  const message = (written as Record<string, unknown> | null)?.message
  return typeof message === 'string' ? JSON.stringify(message.slice(0, 40)) : 'a case'
}

/** min-pass is compared only between two shares or two counts. */
function comparable(keyPath: string, value: unknown): unknown {
  if (keyPath !== 'smoke.min-pass') return value
  const minPass = value as { share: number } | { count: number }
  return 'share' in minPass ? { share: minPass.share } : { count: minPass.count }
}

function shownValue(keyPath: string, value: unknown): string {
  if (
    keyPath.endsWith('.timeout') ||
    ['bake.duration', 'bake.interval'].includes(keyPath) ||
    keyPath.startsWith('bake.max-latency.')
  )
    return durationWords(value as number)
  if (
    keyPath === 'gate.max-error-rate' ||
    keyPath === 'bake.max-error-rate' ||
    keyPath.startsWith('bake.max-regression.')
  )
    return shareWords(value as number)
  if (keyPath === 'smoke.min-pass')
    return minPassWords(value as { share: number } | { count: number })
  if (keyPath === 'smoke.cases') return 'the cases'
  return typeof value === 'string' ? JSON.stringify(value) : (canonicalize(value) ?? String(value))
}

/** Which way a change of a directional setting goes: +1 higher, -1 lower, 0 not comparable. */
function movement(base: unknown, head: unknown): number {
  const number = (value: unknown) =>
    typeof value === 'boolean'
      ? Number(value)
      : typeof value === 'number'
        ? value
        : typeof value === 'object' && value !== null
          ? ((value as { share?: number }).share ?? (value as { count?: number }).count)
          : undefined
  const sameKind =
    typeof base !== 'object' ||
    base === null ||
    typeof head !== 'object' ||
    head === null ||
    Object.keys(base).join() === Object.keys(head).join()
  const from = number(base)
  const to = number(head)
  if (!sameKind || from === undefined || to === undefined) return 0
  return Math.sign(to - from)
}

/**
 * The changes from `base` (the policy in effect at the pull request's base; undefined when the
 * file is new there) to `head`, in the order of the sections and their keys.
 */
export function comparePolicies(
  base: ComparedPolicy | undefined,
  head: ComparedPolicy
): PolicyChange[] {
  const changes: PolicyChange[] = []
  for (const section of SECTIONS) {
    const after = settings(head, section)
    if (base === undefined) {
      for (const [keyPath, setting] of after)
        changes.push({ keyPath, head: setting.shown, word: 'new' })
      continue
    }
    const inBase = base.policy[section] !== undefined
    const inHead = head.policy[section] !== undefined
    if (inBase && !inHead) {
      changes.push({ keyPath: section, base: 'present', word: 'weaker', note: 'removed' })
      continue
    }
    if (!inBase && inHead) {
      changes.push({ keyPath: section, head: 'present', word: 'stronger', note: 'added' })
      continue
    }
    const before = settings(base, section)
    for (const keyPath of new Set([...before.keys(), ...after.keys()])) {
      const from = before.get(keyPath)
      const to = after.get(keyPath)
      if (from !== undefined && to !== undefined) {
        if (canonicalize(from.value) === canonicalize(to.value)) continue
        const moved = movement(from.value, to.value) * direction(keyPath)
        const word = moved > 0 ? 'stronger' : moved < 0 ? 'weaker' : 'changed'
        changes.push({
          keyPath,
          base: from.shown,
          head: to.shown,
          word,
          ...(keyPath.startsWith('assistants.entries[') && {
            paths: differingPaths(from.value, to.value)
          })
        })
      } else if (from !== undefined)
        changes.push({
          keyPath,
          base: from.shown,
          word: removalWeakens(keyPath) ? 'weaker' : 'changed',
          note: 'removed'
        })
      else if (to !== undefined)
        changes.push({
          keyPath,
          head: to.shown,
          word: removalWeakens(keyPath) ? 'stronger' : 'changed',
          note: 'added'
        })
    }
  }
  return changes
}

/** The key paths where two values differ (`config.configurable.model`), never the values. */
function differingPaths(base: unknown, head: unknown, prefix = ''): string[] {
  const isRecord = (value: unknown): value is Record<string, unknown> =>
    typeof value === 'object' && value !== null && !Array.isArray(value)
  if (isRecord(base) && isRecord(head))
    return [...new Set([...Object.keys(base), ...Object.keys(head)])].flatMap((key) =>
      differingPaths(base[key], head[key], prefix === '' ? key : `${prefix}.${key}`)
    )
  return canonicalize(base) === canonicalize(head) ? [] : [prefix]
}

/**
 * "`gate.min-scores.correctness` 0.8 → 0.6, weaker", or for an assistant "`assistants.entries[support]`:
 * `config.configurable.model` changed"; plain text, escaped by the report.
 */
export function changeLine(change: PolicyChange): string {
  if (change.paths !== undefined && change.paths.length > 0)
    return `\`${change.keyPath}\`: ${change.paths.map((path) => `\`${path}\``).join(', ')} ${change.word}`
  const values = `${change.base ?? '(none)'} → ${change.head ?? '(none)'}`
  const word = change.note === undefined ? change.word : `${change.word} (${change.note})`
  return `\`${change.keyPath}\` ${values}, ${word}`
}

/** The PR comment's one line: "policy: 2 weaker, 1 stronger". */
export function changeCounts(changes: readonly PolicyChange[]): string {
  const words: ChangeWord[] = ['weaker', 'stronger', 'changed', 'new']
  const counts = words
    .map((word) => [word, changes.filter((change) => change.word === word).length] as const)
    .filter(([, count]) => count > 0)
    .map(([word, count]) => `${count} ${word}`)
  return `policy: ${counts.length > 0 ? counts.join(', ') : 'unchanged'}`
}
