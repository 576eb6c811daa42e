/**
 * The files `assistants.entries` names, read with the policy: each parsed with its lines kept,
 * so every problem of an entry is annotated on the line of the file that holds it; and the
 * `graph-id` of every entry checked against the application's graph configuration when it can
 * be read. Never throws for the user's mistakes: they are the problems returned.
 */
import { createHash } from 'node:crypto'
import type { z } from 'zod'
import { readWorkspaceFile } from '../lib/workspace-file'
import {
  entriesListSchema,
  explainEntryIssue,
  MAX_ENTRIES_FILE_BYTES,
  type AssistantEntryWritten
} from './assistants'
import { keyPathText, type PolicyProblem } from './problems'
import type { policySchema } from './schema'
import { readPolicySource, type PolicySource } from './yaml-source'
import type { WorkspaceFile } from '../lib/workspace-file'

/** An assistants file as read: its bytes' digest and its entries as written. */
export interface EntriesFileRead {
  sha256: string
  entries: AssistantEntryWritten[]
  /** Where an entry's key path stands in the file. */
  locate(path: readonly (string | number)[]): { line: number; col: number }
}

type PolicyFile = z.output<typeof policySchema>
type Locate = (
  path: readonly PropertyKey[],
  options?: { key?: boolean }
) => { line?: number; col?: number }

const LIST = ['assistants', 'entries'] as const

/** Every `assistants.entries` of the policy and its entries, with the key path that holds it. */
function namedEntries(
  policy: PolicyFile
): { path: (string | number)[]; entries: string | AssistantEntryWritten[] }[] {
  const named: { path: (string | number)[]; entries: string | AssistantEntryWritten[] }[] = []
  if (policy.assistants?.entries != null)
    named.push({ path: [...LIST], entries: policy.assistants.entries })
  for (const [entry, value] of Object.entries(policy.environments ?? {})) {
    const entries = value.assistants === false ? undefined : value.assistants?.entries
    if (entries != null) named.push({ path: ['environments', entry, ...LIST], entries })
  }
  return named
}

/**
 * Reads every assistants file the policy names into `files` (by path as written); the problems
 * of a file that cannot be read are on the policy's line that names it, those of its entries on
 * their own lines of the file.
 */
export async function readEntriesFiles(
  policy: PolicyFile,
  policyFile: string,
  readNamed: (path: string) => Promise<WorkspaceFile>,
  at: Locate,
  files: Map<string, EntriesFileRead>
): Promise<PolicyProblem[]> {
  const problems: PolicyProblem[] = []
  for (const { path, entries: named } of namedEntries(policy)) {
    if (typeof named !== 'string' || files.has(named)) continue
    const onPolicy = (message: string) =>
      problems.push({
        message: `${keyPathText(path)}: ${message}`,
        keyPath: keyPathText(path),
        file: policyFile,
        ...at(path)
      })
    const read = await readNamed(named)
    if (read.bytes === undefined) {
      onPolicy(read.problem.replace('the case file', 'the assistants file'))
      continue
    }
    if (read.bytes.length > MAX_ENTRIES_FILE_BYTES) {
      onPolicy(`${named} is more than 1 MiB`)
      continue
    }
    const source = readPolicySource(read.bytes.toString('utf8'))
    const locate = (entryPath: readonly (string | number)[], key = false) =>
      nearestPlace(source, entryPath, key)
    const inFile = (
      found: { path: (string | number)[]; message: string; key?: boolean },
      place?: { line?: number; col?: number }
    ) => {
      const entryPath = found.path.slice(LIST.length)
      problems.push({
        message: `${found.message} (in ${named})`,
        keyPath: keyPathText(found.path),
        file: named,
        ...(place?.line === undefined ? locate(entryPath, found.key) : place)
      })
    }
    for (const problem of source.problems)
      inFile(
        {
          path: [...LIST, ...problem.path],
          message: `${keyPathText([...LIST, ...problem.path])} ${problem.message}`
        },
        problem
      )
    if (source.value === undefined || source.problems.length > 0) continue
    const parsed = entriesListSchema.safeParse(source.value)
    if (!parsed.success) {
      for (const issue of parsed.error.issues)
        for (const found of explainEntryIssue(issue, [...LIST])) inFile(found)
      continue
    }
    files.set(named, {
      sha256: createHash('sha256').update(read.bytes).digest('hex'),
      entries: parsed.data,
      locate: (entryPath) => locate(entryPath)
    })
  }
  return problems
}

/**
 * Entries whose `graph-id` is not a key of `graphs` in the application's configuration file
 * (`graphs` undefined when it could not be read: nothing is judged then).
 */
export function graphProblems(
  policy: PolicyFile,
  files: ReadonlyMap<string, EntriesFileRead>,
  graphs: readonly string[] | undefined,
  policyFile: string,
  at: Locate
): PolicyProblem[] {
  if (graphs === undefined) return []
  const problems: PolicyProblem[] = []
  for (const { path, entries: named } of namedEntries(policy)) {
    const read = typeof named === 'string' ? files.get(named) : undefined
    const entries = typeof named === 'string' ? (read?.entries ?? []) : named
    entries.forEach((entry, index) => {
      const graph = entry['graph-id']
      if (graph === undefined || graphs.includes(graph)) return
      const entryPath = [index, 'graph-id']
      const keyPath = keyPathText([...path, ...entryPath])
      const known = graphs.length > 0 ? graphs.join(', ') : 'none'
      problems.push({
        message: `${keyPath}: the graph ${JSON.stringify(graph)} of assistant ${entry.name} is not a key of graphs in the application's configuration (it names ${known})`,
        keyPath,
        ...(read !== undefined && typeof named === 'string'
          ? { file: named, ...read.locate(entryPath) }
          : { file: policyFile, ...at([...path, ...entryPath]) })
      })
    })
  }
  return problems
}

/**
 * The graph names of the application's configuration file (`graph-config-path`, else
 * `langgraph.json`): the keys of its `graphs`; undefined when it cannot be read or holds none.
 */
export async function readGraphNames(
  graphConfigPath: string | undefined,
  workspace: string | undefined
): Promise<string[] | undefined> {
  const read = await readWorkspaceFile(graphConfigPath ?? 'langgraph.json', workspace, {
    maxBytes: MAX_ENTRIES_FILE_BYTES,
    what: "the application's graph configuration"
  })
  if (read.bytes === undefined) return undefined
  try {
    const graphs = (JSON.parse(read.bytes.toString('utf8')) as { graphs?: unknown }).graphs
    if (typeof graphs !== 'object' || graphs === null || Array.isArray(graphs)) return undefined
    return Object.keys(graphs)
  } catch {
    return undefined
  }
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
