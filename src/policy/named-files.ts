/**
 * The files a policy names: every key a section declares file-valued (./section.ts `files`), in
 * the policy and in each environments entry, read once per path through one reader (the
 * workspace's, or a pull request's base commit's) and parsed by its declaration; an inline list
 * checked the same way. Each problem is on the policy's key that names the file, or on the
 * file's own line. Never throws for the user's mistakes: they are the problems returned.
 */
import { createHash } from 'node:crypto'
import { posix } from 'node:path'
import { readWorkspaceFile, type WorkspaceFile } from '../lib/workspace-file'
import { keyPathText, type PolicyProblem } from '../policy-kit/problems'
import type { FileKey, FileRead, KeyPath, LoadFacts } from '../policy-kit/section'
import { DECLARATIONS } from './sections'

/** Reads a file the policy names, by the path written in the policy; `what` names it in a sentence. */
export type ReadNamedFile = (path: string, what: string) => Promise<WorkspaceFile>

/** A named file as read: its bytes' digest, its list, and where a key path of it stands. */
export interface NamedFileRead extends FileRead<unknown> {
  sha256: string
}

/** Every file read, by the key path that may name one (`section.key`), then by the path written. */
export type NamedFiles = ReadonlyMap<string, ReadonlyMap<string, NamedFileRead>>

type Locate = (
  path: readonly PropertyKey[],
  options?: { key?: boolean }
) => { line?: number; col?: number }

/** Each key a section declares file-valued, with its key path in a policy (`section.key`). */
export const FILE_KEYS: readonly { path: [string, string]; keyPath: string; spec: FileKey }[] =
  DECLARATIONS.flatMap((section) =>
    Object.entries(section.files ?? {}).map(([key, spec]) => ({
      path: [section.name, key] as [string, string],
      keyPath: `${section.name}.${key}`,
      spec
    }))
  )

/** The largest file a policy may name (each kind then holds to its own size). */
export const MAX_NAMED_FILE_BYTES = Math.max(...FILE_KEYS.map(({ spec }) => spec.maxBytes))

const isMapping = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** Every value of `path` in the policy and in each entry, with the key path that holds it. */
function valuesOf(policy: Record<string, unknown>, path: [string, string]) {
  const found: { at: KeyPath; value: unknown }[] = []
  const at = (root: unknown, prefix: KeyPath) => {
    const section = isMapping(root) ? root[path[0]] : undefined
    const value = isMapping(section) ? section[path[1]] : undefined
    if (value != null) found.push({ at: [...prefix, ...path], value })
  }
  at(policy, [])
  const entries = policy.environments
  if (isMapping(entries))
    for (const [name, entry] of Object.entries(entries)) at(entry, ['environments', name])
  return found
}

/**
 * Reads every file the parsed policy names (each path once per kind), and checks every list in
 * it, inline or read, against `facts`. `policyFile` is the path written in `release-policy`.
 */
export async function readNamedFiles(
  policy: Record<string, unknown>,
  policyFile: string,
  readNamed: ReadNamedFile,
  at: Locate,
  facts: LoadFacts
): Promise<{ files: NamedFiles; problems: PolicyProblem[] }> {
  const files = new Map<string, Map<string, NamedFileRead>>()
  const problems: PolicyProblem[] = []
  readNamed = readOncePerFile(readNamed)
  for (const { path: keyPath, keyPath: name, spec } of FILE_KEYS) {
    const read = new Map<string, NamedFileRead>()
    files.set(name, read)
    // Parsed and judged once per kind, whatever spellings of its path name it (said once).
    const parsedOnce = new Map<Buffer, NamedFileRead | undefined>()
    // A file with problems: what of its list can still be checked beside the policy.
    const partial = new Map<string, FileRead<unknown>>()
    const lists = valuesOf(policy, keyPath)
    for (const { at: path, value } of lists) {
      const onPolicy = (message: string, where: KeyPath = path) =>
        problems.push({
          message: `${keyPathText(path)}: ${message}`,
          keyPath: keyPathText(where),
          file: policyFile,
          ...at(where)
        })
      if (Array.isArray(value)) {
        const inline = spec.inline(value)
        if ('problems' in inline)
          for (const { index, message } of inline.problems) onPolicy(message, [...path, index])
        continue
      }
      if (typeof value !== 'string' || read.has(value)) continue
      const bytes = await readNamed(value, spec.what)
      if (bytes.bytes === undefined) {
        onPolicy(bytes.problem)
        continue
      }
      if (parsedOnce.has(bytes.bytes)) {
        const seen = parsedOnce.get(bytes.bytes)
        if (seen !== undefined) read.set(value, seen)
        continue
      }
      parsedOnce.set(bytes.bytes, undefined)
      const parsed = await spec.parse(bytes.bytes, value)
      if ('problems' in parsed) {
        if (parsed.partial !== undefined) partial.set(value, parsed.partial)
        for (const problem of parsed.problems)
          if (problem.inFile === undefined) onPolicy(problem.message)
          else
            problems.push({
              message: `${problem.message} (in ${value})`,
              keyPath: keyPathText([...keyPath, ...problem.inFile]),
              file: value,
              line: problem.line,
              col: problem.col
            })
        continue
      }
      const fileRead = {
        ...parsed.read,
        sha256: createHash('sha256').update(bytes.bytes).digest('hex')
      }
      parsedOnce.set(bytes.bytes, fileRead)
      read.set(value, fileRead)
    }
    if (spec.check !== undefined)
      for (const { at: path, value } of lists)
        problems.push(
          ...checked(
            spec,
            path,
            value,
            read.get(String(value)) ?? partial.get(String(value)),
            facts,
            policyFile,
            at
          )
        )
  }
  return { files, problems }
}

/**
 * `read`, once per file whatever spelling of its path names it (`./cases.yml`, `a//b.yml`): a
 * policy may name one large file under many spellings, and each file is read once per run.
 */
function readOncePerFile(read: ReadNamedFile): ReadNamedFile {
  const reads = new Map<string, Promise<WorkspaceFile>>()
  return (path, what) => {
    const parts = path.split(/[\\/]/)
    // A path that climbs out is refused as written, never folded into another.
    const key = `${what}\n${parts.includes('..') ? path : posix.normalize(parts.join('/'))}`
    let reading = reads.get(key)
    if (reading === undefined) {
      reading = read(path, what)
      reads.set(key, reading)
    }
    return reading
  }
}

/** A list's problems against the facts read beside the policy, on the line of the item. */
function checked(
  spec: FileKey,
  path: KeyPath,
  value: unknown,
  read: FileRead<unknown> | undefined,
  facts: LoadFacts,
  policyFile: string,
  at: Locate
): PolicyProblem[] {
  const inline = Array.isArray(value) ? spec.inline(value) : undefined
  const items = read?.items ?? (inline !== undefined && 'items' in inline ? inline.items : [])
  return (spec.check?.({ written: [], items }, facts) ?? []).map((found) => {
    const keyPath = keyPathText([...path, ...found.path])
    return {
      message: `${keyPath}: ${found.message}`,
      keyPath,
      ...(read !== undefined && typeof value === 'string'
        ? { file: value, ...read.locate?.(found.path) }
        : { file: policyFile, ...at([...path, ...found.path]) })
    }
  })
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
    maxBytes: 1024 * 1024,
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
