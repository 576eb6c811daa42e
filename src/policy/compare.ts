/**
 * What a pull request changes in the policy in effect: one line per setting, its key path, the
 * base branch's value → this one's, and whether the change makes the release weaker, stronger or
 * only changed (spec: "What a pull request changes"). Pure.
 */
import canonicalize from 'canonicalize'
import type { EffectivePolicy } from './effective'
import type { KeyDiff, NamedList } from '../policy-kit/section'
import { DECLARATIONS } from './sections'

export type ChangeWord = 'weaker' | 'stronger' | 'changed' | 'new'

export interface PolicyChange {
  keyPath: string
  /** The values as people read them; undefined on the side that does not have the setting. */
  base?: string
  head?: string
  word: ChangeWord
  /** A setting (a section, a case, a bound) that one side has and the other has not. */
  note?: 'removed' | 'added'
}

/** A side of the comparison: the policy in effect, and the lists its file-valued keys hold. */
export interface ComparedPolicy {
  policy: EffectivePolicy
  /** Each file-valued key's list in effect, by its key path (`section.key`), as written. */
  files?: Readonly<Record<string, NamedList>>
}

interface Setting {
  /** Compared for direction (numbers, booleans), or for equality (canonical JSON). */
  value: unknown
  shown: string
  /** How its key judges a change. */
  diff: KeyDiff
}

type Declaration = (typeof DECLARATIONS)[number]

/** Every setting of a section as key path → value, as its declaration expands and shows it. */
function settings(side: ComparedPolicy, section: Declaration): Map<string, Setting> {
  const found = new Map<string, Setting>()
  const record = (side.policy as Record<string, unknown>)[section.name] as
    Record<string, unknown> | undefined
  if (record === undefined) return found
  for (const [key, value] of Object.entries(record)) {
    const keyPath = `${section.name}.${key}`
    const diff = section.diff?.[key] ?? {}
    const shown = (each: unknown) => diff.shown?.(each) ?? plain(each)
    const file = section.files?.[key]
    if (value === undefined) continue
    if (file !== undefined) {
      // An item is matched across the sides by its identity; a named file's items as written.
      for (const [index, written] of (side.files?.[keyPath]?.written ?? []).entries())
        found.set(`${keyPath}[${file.identity(written, index)}]`, {
          value: written,
          shown: file.shown(written),
          diff
        })
    } else if (diff.perKey) {
      for (const [name, bound] of Object.entries(value as Record<string, unknown>))
        found.set(`${keyPath}.${name}`, { value: bound, shown: shown(bound), diff })
    } else
      found.set(keyPath, {
        value: diff.comparable?.(value) ?? value,
        shown: shown(value),
        diff
      })
  }
  return found
}

function plain(value: unknown): string {
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
  for (const section of DECLARATIONS) {
    const after = settings(head, section)
    if (base === undefined) {
      for (const [keyPath, setting] of after)
        changes.push({ keyPath, head: setting.shown, word: 'new' })
      continue
    }
    const inBase = (base.policy as Record<string, unknown>)[section.name] !== undefined
    const inHead = (head.policy as Record<string, unknown>)[section.name] !== undefined
    if (inBase && !inHead) {
      changes.push({ keyPath: section.name, base: 'present', word: 'weaker', note: 'removed' })
      continue
    }
    if (!inBase && inHead) {
      changes.push({ keyPath: section.name, head: 'present', word: 'stronger', note: 'added' })
      continue
    }
    const before = settings(base, section)
    for (const keyPath of new Set([...before.keys(), ...after.keys()])) {
      const from = before.get(keyPath)
      const to = after.get(keyPath)
      if (from !== undefined && to !== undefined) {
        if (canonicalize(from.value) === canonicalize(to.value)) continue
        const moved = movement(from.value, to.value) * (to.diff.direction ?? 0)
        const word = moved > 0 ? 'stronger' : moved < 0 ? 'weaker' : 'changed'
        changes.push({ keyPath, base: from.shown, head: to.shown, word })
      } else if (from !== undefined)
        changes.push({
          keyPath,
          base: from.shown,
          word: from.diff.removalWeakens ? 'weaker' : 'changed',
          note: 'removed'
        })
      else if (to !== undefined)
        changes.push({
          keyPath,
          head: to.shown,
          word: to.diff.removalWeakens ? 'stronger' : 'changed',
          note: 'added'
        })
    }
  }
  return changes
}

/** "`section.key.name` 0.8 → 0.6, weaker"; plain text, escaped by the report. */
export function changeLine(change: PolicyChange): string {
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
