/**
 * A zod issue of the policy schema as sentences about key paths: an unknown key with the nearest
 * known one (or the section it belongs to), a value's problem after
 * its key path.
 */
import type { z } from 'zod'
import { FILE_KEYS } from './named-files'
import { nearest, keyPathText } from '../policy-kit/problems'
import type { ExplainedIssue } from '../policy-kit/section'
import { DECLARATIONS } from './sections'

export type { ExplainedIssue }

const SECTIONS = DECLARATIONS.map((section) => section.name)
const TOP_KEYS = ['version', ...SECTIONS, 'environments']
const SECTION_KEYS: Record<string, string[]> = Object.fromEntries(
  DECLARATIONS.map((section) => [section.name, Object.keys(section.file.shape)])
)

/** The file-valued key (an inline list) a key path stands inside, and where its list starts. */
function inList(path: readonly (string | number)[]) {
  const start = path[0] === 'environments' ? 2 : 0
  const found = FILE_KEYS.find(
    ({ path: [section, key] }) => path[start] === section && path[start + 1] === key
  )
  return found && { spec: found.spec, list: start + 2 }
}

/** The keys known where `path` points (a mapping of the policy), and what it is called. */
function knownAt(path: readonly (string | number)[]): { keys: string[]; entry: boolean } {
  const inEntry = path[0] === 'environments'
  const rest = inEntry ? path.slice(2) : path
  if (rest.length === 0) return { keys: inEntry ? [...SECTIONS] : TOP_KEYS, entry: inEntry }
  const list = inList(path)
  if (list !== undefined) return { keys: [...list.spec.itemKeys], entry: inEntry }
  return { keys: SECTION_KEYS[String(rest[0])] ?? [], entry: inEntry }
}

/** Where else a key is known: "min-pass is a key of smoke". */
function sectionOf(name: string): string | undefined {
  return SECTIONS.find((section) => SECTION_KEYS[section]?.includes(name))
}

function unknownKey(path: (string | number)[], name: string): ExplainedIssue {
  const keyPath = keyPathText([...path, name])
  const { keys, entry } = knownAt(path)
  const atTop = path.length === (entry ? 2 : 0)
  if (atTop && entry && (name === 'version' || name === 'environments'))
    return {
      path: [...path, name],
      key: true,
      message: `${keyPath}: an environments entry holds sections only (${SECTIONS.join(', ')}), not ${name}`
    }
  const suggestion = nearest(name, keys)
  const elsewhere = atTop ? undefined : sectionOf(name)
  const hint =
    suggestion !== undefined
      ? `; did you mean \`${suggestion}\`?`
      : elsewhere !== undefined
        ? `; ${name} is a key of ${elsewhere}`
        : keys.length > 0
          ? ` (known here: ${keys.join(', ')})`
          : ''
  return {
    path: [...path, name],
    key: true,
    message: `${keyPath} is not a key of the release policy${hint}`,
    ...(suggestion === undefined ? {} : { meant: suggestion })
  }
}

export function explainIssue(issue: z.core.$ZodIssue): ExplainedIssue[] {
  const path = issue.path.map((part) => (typeof part === 'symbol' ? String(part) : part))
  const list = inList(path)
  // An item of a list that explains its own issues (an assistant entry): its own keys, its words.
  if (list?.spec.explainIssue !== undefined && path.length > list.list)
    return list.spec.explainIssue(
      { ...issue, path: path.slice(list.list + 1) },
      path.slice(0, list.list + 1)
    )
  if (issue.code === 'unrecognized_keys') return issue.keys.map((name) => unknownKey(path, name))
  if (issue.code === 'invalid_key')
    return [
      {
        path,
        key: true,
        message: `${keyPathText(path)}: the key ${issue.issues[0]?.message ?? issue.message}`
      }
    ]
  const keyPath = keyPathText(path)
  // A section of an entry is a mapping or false; zod says only "Invalid input" for neither.
  if (issue.code === 'invalid_union' && path[0] === 'environments' && path.length === 3)
    return [{ path, message: `${keyPath} must be a mapping of its keys, or false to remove it` }]
  return [
    { path, message: keyPath === '' ? `the file ${issue.message}` : `${keyPath} ${issue.message}` }
  ]
}
