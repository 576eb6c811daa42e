/**
 * An assistant entry of `assistants.entries` (inline, or in a workspace file that holds just the
 * list): its schema, its id and digest. An entry's own keys are checked like the policy's; what
 * `config`, `context` and `metadata` hold passes as written, except a literal secret and the
 * reserved `managed-` metadata. Pure.
 */
import { createHash } from 'node:crypto'
import canonicalize from 'canonicalize'
import { z } from 'zod'
import { UUID } from '../lib/ids'
import { uuidV5 } from '../lib/uuid-v5'
import { keyPathText, nearest } from '../policy-kit/problems'

/** The action's namespace for assistant ids: fixed forever (the README writes it out). */
export const ASSISTANT_NAMESPACE = 'a4cd1350-3f60-47c9-82e8-eb29baeb4384'
/** More entries than this is not a deployment's assistants. */
export const MAX_ENTRIES = 100
/** An assistants file over this is refused. */
export const MAX_ENTRIES_FILE_BYTES = 1024 * 1024
/** Metadata keys the action writes itself. */
export const MANAGED_PREFIX = 'managed-'

const NAME = /^[a-z0-9][a-z0-9_-]{0,62}$/
/** A key whose folded name ends in one of these holds a secret when it holds text. */
const SECRET_WORDS = ['apikey', 'token', 'secret', 'password', 'credential'] as const
/** What stands for the assistant's content; `version` pins an existing version instead. */
const CONTENT_KEYS = ['description', 'config', 'context', 'metadata'] as const

const mappingOf = (what: string) =>
  z.record(z.string(), z.unknown(), { error: `must be a mapping (${what})` })

/** One entry as written. */
export const entrySchema = z
  .strictObject(
    {
      name: z
        .string({ error: 'must be text' })
        .regex(NAME, 'must be 1–63 of a-z, 0-9, _ and -, starting with a letter or digit'),
      id: z
        .string({ error: 'must be a UUID' })
        .regex(UUID, 'must be a UUID (the id of an existing assistant to adopt)')
        .optional(),
      'graph-id': z
        .string({ error: 'must be text' })
        .min(1, 'must not be empty')
        .optional()
        .meta({ description: 'the graph the assistant runs (a key of graphs in langgraph.json)' }),
      description: z.string({ error: 'must be text' }).optional(),
      config: mappingOf('the run config, configurable included').optional(),
      context: mappingOf('the run context').optional(),
      metadata: mappingOf('kept as written; managed-* keys are reserved').optional(),
      version: z
        .number({ error: 'must be a whole number' })
        .int('must be a whole number')
        .min(1, 'must be a version number, 1 or more')
        .optional()
        .meta({ description: 'instead of the content: make this version active (a pin)' })
    },
    { error: 'must be a mapping of name, id, graph-id, description, config, context, metadata' }
  )
  .superRefine((entry, ctx) => {
    const content = CONTENT_KEYS.filter((key) => entry[key] !== undefined)
    if (entry.version !== undefined && content.length > 0)
      ctx.addIssue({
        code: 'custom',
        path: ['version'],
        message: `pins a version, so it cannot stand beside ${content.join(', ')} (give the content, or the version)`
      })
    if (entry.version === undefined && entry['graph-id'] === undefined)
      ctx.addIssue({
        code: 'custom',
        path: [],
        message: `(${entry.name}) needs graph-id (the graph the assistant runs), or version to pin one`
      })
    for (const key of Object.keys(entry.metadata ?? {}))
      if (key.startsWith(MANAGED_PREFIX))
        ctx.addIssue({
          code: 'custom',
          path: ['metadata', key],
          message: `is reserved: the action writes the ${MANAGED_PREFIX}* metadata keys itself`
        })
    for (const section of ['config', 'context', 'metadata'] as const)
      for (const { path, word } of secretKeys(entry[section], [section]))
        ctx.addIssue({
          code: 'custom',
          path,
          message: `holds a literal value, and its name ends in "${word}" (assistant ${entry.name}): secrets belong in the deployment's secrets input, never in the repository's assistants`
        })
  })
  .meta({ description: 'an assistant: its name, graph and content, or a version to pin' })

export type AssistantEntryWritten = z.output<typeof entrySchema>

/** The list: at most MAX_ENTRIES, names and ids unique. */
export const entriesListSchema = z
  .array(entrySchema, { error: 'must be a list of assistants' })
  .min(1, 'must hold at least one assistant')
  .max(MAX_ENTRIES, `must hold at most ${MAX_ENTRIES} assistants`)
  .superRefine((entries, ctx) => {
    const names = new Map<string, number>()
    const ids = new Map<string, number>()
    entries.forEach((entry, index) => {
      const named = names.get(entry.name)
      if (named !== undefined)
        ctx.addIssue({
          code: 'custom',
          path: [index, 'name'],
          message: `is given twice (entries ${named + 1} and ${index + 1}): names are unique`
        })
      else names.set(entry.name, index)
      const id = assistantIdOf(entry).toLowerCase()
      const same = ids.get(id)
      if (same !== undefined && named === undefined)
        ctx.addIssue({
          code: 'custom',
          path: [index, entry.id === undefined ? 'name' : 'id'],
          message: `gives the id ${id} that entry ${same + 1} has too: ids are unique`
        })
      else ids.set(id, index)
    })
  })

/** `assistants.on-drift`. */
export const onDrift = z.enum(['overwrite', 'fail'], { error: 'must be overwrite or fail' })

/** The key names of an entry, for the nearest known one. */
export const ENTRY_KEYS = Object.keys(entrySchema.shape)

/** The id an entry gives, else the UUID v5 of its name in the action's namespace. */
export function assistantIdOf(entry: { name: string; id?: string }): string {
  return entry.id?.toLowerCase() ?? uuidV5(entry.name, ASSISTANT_NAMESPACE)
}

/** SHA-256 of the entry's RFC 8785 canonical JSON: what `managed-digest` holds. */
export function entryDigest(entry: AssistantEntryWritten): string {
  return createHash('sha256')
    .update(canonicalize(entry) ?? '', 'utf8')
    .digest('hex')
}

/**
 * Every key under `value` whose folded name ends in a secret's word and holds text: `apikey`,
 * `secret`, `password`, `credential`, singular or plural, holding text or a list holding text;
 * `token` (no plural, no list: `max_tokens`, `stop_tokens` are model settings) holding text that
 * is neither a count (`"512"`) nor shaped like a special token (`</s>`, `[PAD]`).
 */
function secretKeys(
  value: unknown,
  path: (string | number)[]
): { path: (string | number)[]; word: string }[] {
  if (Array.isArray(value))
    return value.flatMap((item, index) => secretKeys(item, [...path, index]))
  if (typeof value !== 'object' || value === null) return []
  return Object.entries(value).flatMap(([key, inner]) => {
    const word = secretWordOf(key, inner)
    if (word !== undefined) return [{ path: [...path, key], word }]
    return secretKeys(inner, [...path, key])
  })
}

const isText = (value: unknown) => typeof value === 'string' && value.trim() !== ''

/** The secret word `key` ends in when it holds what a secret would be; undefined otherwise. */
function secretWordOf(key: string, held: unknown): string | undefined {
  const folded = key.toLowerCase().replace(/[^a-z0-9]/g, '')
  if (folded.endsWith('token'))
    return typeof held === 'string' &&
      isText(held) &&
      !/^\s*(\d+|<[^<>]*>|\[[^[\]]*\])\s*$/.test(held)
      ? 'token'
      : undefined
  const word = SECRET_WORDS.find(
    (candidate) =>
      candidate !== 'token' && (folded.endsWith(candidate) || folded.endsWith(`${candidate}s`))
  )
  const holdsText = isText(held) || (Array.isArray(held) && held.some(isText))
  return word !== undefined && holdsText ? word : undefined
}

/**
 * A zod issue of an entry as a sentence after its key path: an unknown key with the nearest
 * known one ("did you mean `graph-id`?"). `prefix` is the key path of the list.
 */
export function explainEntryIssue(
  issue: z.core.$ZodIssue,
  prefix: readonly (string | number)[]
): { path: (string | number)[]; message: string; key?: boolean }[] {
  const path = [
    ...prefix,
    ...issue.path.map((part) => (typeof part === 'symbol' ? String(part) : part))
  ]
  if (issue.code === 'unrecognized_keys')
    return issue.keys.map((name) => {
      const suggestion = nearest(name, ENTRY_KEYS)
      const hint =
        suggestion !== undefined
          ? `; did you mean \`${suggestion}\`?`
          : ` (an entry has ${ENTRY_KEYS.join(', ')})`
      return {
        path: [...path, name],
        key: true,
        message: `${keyPathText([...path, name])} is not a key of an assistant entry${hint}`
      }
    })
  return [{ path, message: `${keyPathText(path)} ${issue.message}` }]
}
