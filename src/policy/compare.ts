/**
 * What a pull request changes in the policy in effect: one line per setting, its key path, the
 * base branch's value → this one's, and whether the change makes the release weaker, stronger or
 * only changed (spec: "What a pull request changes"). Pure.
 */
import canonicalize from 'canonicalize'
import type { EffectivePolicy } from './effective'
import type { DiffSide, KeyDiff, NamedList } from '../policy-kit/section'
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
  /** An assistant whose content changed: the key paths that differ (never their values). */
  paths?: string[]
}

/** A side of the comparison: the policy in effect, and the lists its file-valued keys hold. */
export interface ComparedPolicy {
  policy: EffectivePolicy
  /** Each file-valued key's list in effect, by its key path (`section.key`), as written. */
  files?: Readonly<Record<string, NamedList>>
}

interface Setting {
  /** Compared for equality (canonical JSON): the value as written. */
  value: unknown
  /** What the direction judges: the value that applies (undefined: not comparable). */
  judged?: number
  shown: string
  /** How its key judges a change. */
  diff: KeyDiff
  /** The key path of the line whose value this name takes (`*`), when it writes none itself. */
  via?: string
  /** The line that stands for the names without a line of their own (`*`). */
  stands?: boolean
}

type Declaration = (typeof DECLARATIONS)[number]
type Values = Record<string, unknown>

/** A section of one side, as its keys' judgements read it. */
function diffSide(side: ComparedPolicy, section: Declaration): DiffSide | undefined {
  const values = (side.policy as Record<string, unknown>)[section.name] as Values | undefined
  if (values === undefined) return undefined
  return {
    values,
    list: (key) => {
      const listed = side.files?.[`${section.name}.${key}`]?.written
      return listed ?? (Array.isArray(values[key]) ? values[key] : undefined)
    }
  }
}

/** Every setting of a section as key path → value, as its declaration expands and shows it. */
function settings(side: DiffSide | undefined, section: Declaration): Map<string, Setting> {
  const found = new Map<string, Setting>()
  if (side === undefined) return found
  const setting = (value: unknown, diff: KeyDiff): Setting =>
    value == null
      ? { value, shown: '(none)', diff }
      : {
          value,
          judged: diff.judged ? diff.judged(value, side) : plainJudged(value),
          shown: diff.shown?.(value, side) ?? plain(value),
          diff
        }
  // In the order of the section's keys; a mapping with a fallback also when not written.
  const keys = Object.keys(section.file.shape).filter(
    (key) => side.values[key] !== undefined || section.diff?.[key]?.fallback !== undefined
  )
  for (const key of keys) {
    const value = side.values[key]
    const keyPath = `${section.name}.${key}`
    const diff = section.diff?.[key] ?? {}
    const file = section.files?.[key]
    if (file !== undefined) {
      if (value === undefined) continue
      // An item is matched across the sides by its identity, its repeats counted.
      const seen = new Map<string, number>()
      for (const [index, written] of (side.list(key) ?? []).entries()) {
        const identity = file.identity(written, index)
        const repeat = (seen.get(identity) ?? 0) + 1
        seen.set(identity, repeat)
        found.set(`${keyPath}[${repeat === 1 ? identity : `${identity} #${repeat}`}]`, {
          value: written,
          shown: file.shown(written),
          diff
        })
      }
    } else if (diff.perKey) {
      const lines = (value ?? {}) as Values
      for (const [name, bound] of Object.entries(lines))
        if (bound != null)
          found.set(`${keyPath}.${name}`, {
            ...setting(bound, diff),
            stands: name === diff.fallback?.name
          })
      const fallback = diff.fallback
      for (const name of fallback?.names(side) ?? [])
        if (fallback && lines[name] == null && name !== fallback.name)
          found.set(`${keyPath}.${name}`, {
            ...setting(lines[fallback.name], diff),
            via: `${keyPath}.${fallback.name}`
          })
    } else found.set(keyPath, setting(value, diff))
  }
  return found
}

function plain(value: unknown): string {
  return typeof value === 'string' ? JSON.stringify(value) : (canonicalize(value) ?? String(value))
}

/** A number, or a boolean as 0 or 1, is judged as itself; any other value is not comparable. */
function plainJudged(value: unknown): number | undefined {
  return typeof value === 'number' ? value : typeof value === 'boolean' ? Number(value) : undefined
}

/** The line of a setting both sides have, or undefined when nothing that applies changed. */
function changed(
  keyPath: string,
  from: Setting,
  to: Setting,
  judge: boolean
): PolicyChange | undefined {
  const sameValue = canonicalize(from.value) === canonicalize(to.value)
  if (sameValue && from.judged === to.judged) return undefined
  const moved =
    judge && from.judged !== undefined && to.judged !== undefined
      ? Math.sign(to.judged - from.judged) * (to.diff.direction ?? 0)
      : 0
  const word = moved > 0 ? 'stronger' : moved < 0 ? 'weaker' : 'changed'
  // A value shown the same on both sides (an assistant's content is never shown): the line
  // names where it differs instead.
  const paths = from.shown === to.shown ? differingPaths(from.value, to.value) : []
  return {
    keyPath,
    base: from.shown,
    head: to.shown,
    word,
    ...(paths.length > 0 && { paths })
  }
}

/** The changes of one section present on both sides, in the order of its keys. */
function sectionChanges(before: Map<string, Setting>, after: Map<string, Setting>): PolicyChange[] {
  // A name that takes the standing line's value on both sides: that line speaks for it.
  const standing = new Set<string>()
  const own = (setting: Setting | undefined) =>
    setting !== undefined && setting.via === undefined ? setting : undefined
  for (const [keyPath, from] of before) {
    const to = after.get(keyPath)
    if (from.via !== undefined && to?.via === from.via) standing.add(from.via)
  }
  const changes: PolicyChange[] = []
  for (const keyPath of new Set([...before.keys(), ...after.keys()])) {
    const inBase = before.get(keyPath)
    const inHead = after.get(keyPath)
    // A name with no line of its own on either side is the standing line's.
    if (own(inBase) === undefined && own(inHead) === undefined) continue
    const present = (setting: Setting | undefined) =>
      setting !== undefined && setting.value != null ? setting : undefined
    const from = present(inBase)
    const to = present(inHead)
    // A line that stands for others is judged only on the names it stands for on both sides.
    const judge = !(inBase?.stands || inHead?.stands) || standing.has(keyPath)
    const weakens = (setting: Setting) => judge && setting.diff.removalWeakens === true
    if (from !== undefined && to !== undefined) {
      const change = changed(keyPath, from, to, judge)
      if (change) changes.push(change)
    } else if (from !== undefined)
      changes.push({
        keyPath,
        base: from.shown,
        word: weakens(from) ? 'weaker' : 'changed',
        note: 'removed'
      })
    else if (to !== undefined)
      changes.push({
        keyPath,
        head: to.shown,
        word: weakens(to) ? 'stronger' : 'changed',
        note: 'added'
      })
  }
  return changes
}

/**
 * The changes from `base` (the policy in effect at the pull request's base; undefined when the
 * file is new there) to `head`, in the order of the sections and their keys, each judged on the
 * value that applies.
 */
export function comparePolicies(
  base: ComparedPolicy | undefined,
  head: ComparedPolicy
): PolicyChange[] {
  const changes: PolicyChange[] = []
  for (const section of DECLARATIONS) {
    const headSide = diffSide(head, section)
    const after = settings(headSide, section)
    if (base === undefined) {
      for (const [keyPath, setting] of after)
        if (setting.via === undefined) changes.push({ keyPath, head: setting.shown, word: 'new' })
      continue
    }
    const baseSide = diffSide(base, section)
    if (baseSide !== undefined && headSide === undefined) {
      changes.push({ keyPath: section.name, base: 'present', word: 'weaker', note: 'removed' })
      continue
    }
    if (baseSide === undefined && headSide !== undefined) {
      changes.push({ keyPath: section.name, head: 'present', word: 'stronger', note: 'added' })
      continue
    }
    changes.push(...sectionChanges(settings(baseSide, section), after))
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
  return canonicalize(base) === canonicalize(head) || prefix === '' ? [] : [prefix]
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
