/**
 * What a pull request changes in the release policy for every environment either side names:
 * each name's policy in effect on both sides (what that name selects there, merged over the rest)
 * and the rest alone (an environment with no entry), compared key by key (./compare.ts). A change
 * the same for all of them is listed once, under every environment; any other under each
 * environment it affects, this run's first. Pure.
 */
import canonicalize from 'canonicalize'
import { comparePolicies, type ComparedPolicy, type PolicyChange } from './compare'
import { selectEntry } from './environments'
import { DECLARATIONS } from './sections'

/** One side of the pull request: its entries' names and the policy each environment gets. */
export interface PolicySides {
  entries: readonly string[]
  /** The policy in effect for an environment (undefined: one with no entry, the rest alone). */
  side(environment: string | undefined): ComparedPolicy
}

/** Where a change applies: every environment, one entry's, or those no entry matches. */
export type ChangeScope = { kind: 'every' } | { kind: 'entry'; name: string } | { kind: 'rest' }

export interface ScopedChanges {
  scope: ChangeScope
  list: PolicyChange[]
}

/** A weaker line and where it applies. */
export interface WeakerChange {
  scope: ChangeScope
  change: PolicyChange
}

const idOf = (change: PolicyChange) => canonicalize(change) ?? change.keyPath

/**
 * The changes from `base` (undefined: the file is new in the pull request) to `head`, grouped by
 * where they apply; `environment` is this run's input (its group comes first).
 */
export function compareEnvironments(
  base: PolicySides | undefined,
  head: PolicySides,
  environment: string | undefined
): ScopedChanges[] {
  const names = uniqueNames([...head.entries, ...(base?.entries ?? [])])
  const compared: ScopedChanges[] = [
    { scope: { kind: 'rest' }, list: comparePolicies(base?.side(undefined), head.side(undefined)) },
    ...names.map((name) => ({
      scope: { kind: 'entry', name } as const,
      list: comparePolicies(base?.side(name), head.side(name))
    }))
  ]
  const common = compared
    .map(({ list }) => new Set(list.map(idOf)))
    .reduce((all, ids) => new Set([...all].filter((id) => ids.has(id))))
  const every = compared[0]?.list.filter((change) => common.has(idOf(change))) ?? []
  const applied = selectEntry(head.entries, environment)
  const isThisRun = (scope: ChangeScope) =>
    applied === undefined
      ? scope.kind === 'rest'
      : scope.kind === 'entry' && scope.name.toLowerCase() === applied.toLowerCase()
  const others = compared
    .map(({ scope, list }) => ({ scope, list: list.filter((change) => !common.has(idOf(change))) }))
    .filter(({ list }) => list.length > 0)
  return [
    ...(every.length > 0 ? [{ scope: { kind: 'every' } as const, list: every }] : []),
    ...others.filter(({ scope }) => isThisRun(scope)),
    ...others.filter(({ scope }) => !isThisRun(scope))
  ]
}

/** Names as GitHub matches them: without regard to case, the first spelling kept. */
function uniqueNames(names: readonly string[]): string[] {
  const seen = new Map<string, string>()
  for (const name of names) if (!seen.has(name.toLowerCase())) seen.set(name.toLowerCase(), name)
  return [...seen.values()]
}

/** Each line as many times as it is listed: the counts are of the lines a reader sees. */
export const listedLines = (groups: readonly ScopedChanges[]): PolicyChange[] =>
  groups.flatMap(({ list }) => list)

/**
 * How bad a weaker line is: a section removed, a key its declaration marks `takesCheck` (a check
 * or the safety net taken away), an item of a listed file removed (0), then bounds (1).
 */
function severity(change: PolicyChange): number {
  const [name, key = ''] = change.keyPath.split('.')
  const section = DECLARATIONS.find((each) => each.name === name)
  if (section === undefined) return 1
  if (change.keyPath === section.name) return 0
  const listKey = key.replace(/\[.*$/, '')
  if (listKey !== key) return change.note === 'removed' && section.files?.[listKey] ? 0 : 1
  return section.diff?.[key]?.takesCheck === true ? 0 : 1
}

/** Every weaker line, worst first (then in the order listed). */
export function weakerFirst(groups: readonly ScopedChanges[]): WeakerChange[] {
  return groups
    .flatMap(({ scope, list }) =>
      list.filter((change) => change.word === 'weaker').map((change) => ({ scope, change }))
    )
    .map((weaker, order) => ({ weaker, order, rank: severity(weaker.change) }))
    .sort((a, b) => a.rank - b.rank || a.order - b.order)
    .map(({ weaker }) => weaker)
}

/** The key path of a change as the file writes it: `smoke.cases[hello]` → smoke, cases. */
export function writtenPath(keyPath: string): string[] {
  const [section = '', key, ...rest] = keyPath.replace(/\[.*$/, '').split('.')
  return [
    section,
    ...(key === undefined ? [] : [key]),
    ...(rest.length > 0 ? [rest.join('.')] : [])
  ]
}
