/**
 * The release policy's `assistants` section: the assistants of the repository (inline, or a
 * workspace file that holds just the list, each problem on the file's own line) and what a hand
 * edit does. Other sections read an assistant's id by its name through `assistantIdByName`.
 * Loads none of the step's code.
 */
import { z } from 'zod'
import { keyPathText } from '../policy-kit/problems'
import {
  defineSection,
  type FileKey,
  type FileProblem,
  type InEffect,
  type Keys,
  type NamedList,
  type Values
} from '../policy-kit/section'
import type { PolicySource } from '../policy-kit/yaml-source'
import {
  assistantIdOf,
  ENTRY_KEYS,
  entriesListSchema,
  explainEntryIssue,
  MAX_ENTRIES_FILE_BYTES,
  onDrift,
  type AssistantEntryWritten
} from './entries'

const LIST = ['assistants', 'entries'] as const

const keys = ((key) => ({
  entries: key(
    z
      .union([
        z.string({ error: 'must be text' }).min(1, 'must not be empty').meta({
          description: 'an assistants file, relative to the workspace (YAML or JSON)'
        }),
        entriesListSchema
      ])
      .meta({
        description:
          'the assistants: a path to a YAML or JSON file that holds the list, or the list itself'
      })
  ),
  'on-drift': key(
    onDrift.meta({
      description:
        'overwrite or fail: when an assistant the action manages was changed by hand since it last wrote it'
    })
  )
})) satisfies Keys<z.core.$ZodLooseShape>

type Assistants = InEffect<Values<typeof keys>, 'entries'>

const DEFAULTS = { 'on-drift': 'overwrite' } as const

/** Assistants as code: the entries to make match, and how the agent server is reached. */
export interface AssistantsSettings {
  entries: AssistantEntryWritten[]
  onDrift: 'overwrite' | 'fail'
  apiKey: string
  authScheme?: string
}

const isMapping = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/**
 * Each entry's name and graph as written, where they are text (an entry with problems has its
 * graph judged all the same): an entry only to the graph check.
 */
function graphsOf(list: unknown): AssistantEntryWritten[] {
  if (!Array.isArray(list)) return []
  return list.map((entry) => {
    if (!isMapping(entry)) return {} as AssistantEntryWritten
    const { name, 'graph-id': graph } = entry
    return {
      ...(typeof name === 'string' ? { name } : {}),
      ...(typeof graph === 'string' ? { 'graph-id': graph } : {})
    } as AssistantEntryWritten
  })
}

/** The file `assistants.entries` names: parsed with its lines kept, each problem on its line. */
const entriesFile: FileKey<AssistantEntryWritten> = {
  what: 'the assistants file',
  maxBytes: MAX_ENTRIES_FILE_BYTES,
  parse: async (bytes, named) => {
    if (bytes.length > MAX_ENTRIES_FILE_BYTES)
      return { problems: [{ message: `${named} is more than 1 MiB` }] }
    // Read while the policy loads: its reader's chunk (one copy of it in dist/).
    const { readPolicySource } = await import(
      /* webpackChunkName: "policy" */ '../policy-kit/yaml-source'
    )
    const source = readPolicySource(bytes.toString('utf8'))
    const inFile = (
      found: { path: (string | number)[]; message: string; key?: boolean },
      place?: { line?: number; col?: number }
    ): FileProblem => {
      const path = found.path.slice(LIST.length)
      const at = place?.line === undefined ? nearestPlace(source, path, found.key === true) : place
      return { message: found.message, inFile: path, line: at.line ?? 1, col: at.col ?? 1 }
    }
    const problems = source.problems.map((problem) =>
      inFile(
        {
          path: [...LIST, ...problem.path],
          message: `${keyPathText([...LIST, ...problem.path])} ${problem.message}`
        },
        problem
      )
    )
    if (source.value === undefined || problems.length > 0) return { problems }
    const parsed = entriesListSchema.safeParse(source.value)
    if (!parsed.success)
      return {
        problems: parsed.error.issues.flatMap((issue) =>
          explainEntryIssue(issue, [...LIST]).map((found) => inFile(found))
        ),
        // Each entry's graph is still judged: its problems never hide another's.
        partial: {
          written: [],
          items: graphsOf(source.value),
          locate: (path) => nearestPlace(source, path, false)
        }
      }
    return {
      read: {
        written: parsed.data,
        items: parsed.data,
        locate: (path) => nearestPlace(source, path, false)
      }
    }
  },
  inline: (list) => ({ items: list as AssistantEntryWritten[] }),
  check: (list, facts) => {
    const graphs = facts.graphs
    if (graphs === undefined) return []
    const known = graphs.length > 0 ? graphs.join(', ') : 'none'
    return list.items.flatMap((entry, index) => {
      const graph = entry['graph-id']
      if (typeof graph !== 'string' || graphs.includes(graph)) return []
      return [
        {
          path: [index, 'graph-id'],
          message: `the graph ${JSON.stringify(graph)} of assistant ${typeof entry.name === 'string' ? entry.name : `entry ${index + 1}`} is not a key of graphs in the application's configuration (it names ${known})`
        }
      ]
    })
  },
  itemKeys: ENTRY_KEYS,
  explainIssue: (issue, prefix) => explainEntryIssue(issue, prefix),
  // An assistant is matched by its name; its content is compared, never shown.
  identity: (written) => (written as AssistantEntryWritten).name,
  shown: () => 'an assistant'
}

export const assistantsSection = defineSection({
  name: 'assistants',
  possessive: "assistants'",
  keys,
  defaults: DEFAULTS,
  words: (assistants: Assistants) => {
    const entries = assistants.entries
    const which =
      entries === undefined
        ? 'no entries'
        : Array.isArray(entries)
          ? `${entries.length} inline (${namesWords(entries.map((entry) => entry.name))})`
          : `from ${entries.path}`
    return [which, `on drift ${assistants['on-drift'] ?? 'overwrite'}`]
  },
  diff: {
    entries: { removalWeakens: true },
    // A hand edit that fails the deploy is stronger than one overwritten.
    'on-drift': { direction: 1, judged: (value) => (value === 'fail' ? 1 : 0) }
  },
  files: { entries: entriesFile },
  rules: (assistants: Assistants, { given }) =>
    assistants.entries === undefined && given('on-drift')
      ? [
          {
            path: ['assistants', 'on-drift'],
            message: 'assistants.on-drift needs assistants.entries (the assistants it applies to)'
          }
        ]
      : [],
  actsOnDeployed: { key: 'entries', asks: (value) => value != null },
  settings: (assistants, { files, inputs }): AssistantsSettings | undefined => {
    const entries = entriesInEffect(files)
    if (entries === undefined) return undefined
    return {
      entries,
      onDrift: assistants?.['on-drift'] ?? DEFAULTS['on-drift'],
      apiKey: inputs.agentApiKey ?? inputs.apiKey,
      ...(inputs.agentAuthScheme !== undefined && { authScheme: inputs.agentAuthScheme })
    }
  }
})

function entriesInEffect(
  files: Readonly<Record<string, NamedList>>
): AssistantEntryWritten[] | undefined {
  return files[keyPathText(LIST)]?.items as AssistantEntryWritten[] | undefined
}

/** An assistant named by an `assistants.entries` name stands for that entry's id. */
export function assistantIdByName(
  files: Readonly<Record<string, NamedList>>
): (assistant: string) => string {
  const ids = new Map(
    (entriesInEffect(files) ?? []).map((entry) => [entry.name, assistantIdOf(entry)])
  )
  return (assistant) => ids.get(assistant) ?? assistant
}

/** The first few names, the rest counted. */
function namesWords(names: readonly string[]): string {
  const shown = names.slice(0, 5).join(', ')
  return names.length > 5 ? `${shown} and ${names.length - 5} more` : shown
}

/** The place of a key path in the file, else of its nearest ancestor, else line 1. */
function nearestPlace(
  source: PolicySource,
  path: readonly (string | number)[],
  key: boolean
): { line: number; col: number } {
  for (let length = path.length; length >= 0; length--) {
    const place = source.locate(path.slice(0, length), { key: length === path.length ? key : true })
    if (place) return place
  }
  return { line: 1, col: 1 }
}
