/**
 * A zod issue of the policy schema as sentences about key paths: an unknown key with the nearest
 * known one (or the section it belongs to), a value's problem after
 * its key path.
 */
import type { z } from 'zod'
import { caseSchema } from '../smoke/cases'
import { explainEntryIssue, inEntries } from './assistants'
import { nearest, keyPathText } from './problems'
import { base, SECTIONS } from './schema'

export interface ExplainedIssue {
  path: (string | number)[]
  message: string
  /** Placed on the key rather than its value (an unknown key). */
  key?: boolean
}

const TOP_KEYS = ['version', ...SECTIONS, 'environments']
const SECTION_KEYS: Record<string, string[]> = Object.fromEntries(
  SECTIONS.map((section) => [section, Object.keys(base[section].shape)])
)
const CASE_KEYS = Object.keys(caseSchema.shape)

/** The keys known where `path` points (a mapping of the policy), and what it is called. */
function knownAt(path: readonly (string | number)[]): { keys: string[]; entry: boolean } {
  const inEntry = path[0] === 'environments'
  const rest = inEntry ? path.slice(2) : path
  if (rest.length === 0) return { keys: inEntry ? [...SECTIONS] : TOP_KEYS, entry: inEntry }
  if (rest[0] === 'smoke' && rest[1] === 'cases') return { keys: CASE_KEYS, entry: inEntry }
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
    message: `${keyPath} is not a key of the release policy${hint}`
  }
}

export function explainIssue(issue: z.core.$ZodIssue): ExplainedIssue[] {
  const path = issue.path.map((part) => (typeof part === 'symbol' ? String(part) : part))
  const entry = inEntries(path)
  // An assistant entry's keys are its own: its nearest known key is one of them.
  if (entry !== undefined && path.length > entry)
    return explainEntryIssue({ ...issue, path: path.slice(entry + 1) }, path.slice(0, entry + 1))
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
