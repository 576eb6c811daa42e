/**
 * Reads the release policy and finds every problem with it at once, each with its key path and
 * place: the YAML, duplicate keys, `${{ }}`, the schema (unknown keys with the nearest known one),
 * the files it names, and the rules between keys judged on the policy as written and with
 * each environments entry merged over it. Sends nothing.
 */
import { readWorkspaceFile } from '../lib/workspace-file'
import { policyInEffect, writtenInEffect, type PolicyInEffect } from './effective'
import { mergeEntry, sameNamedEntries } from './environments'
import {
  MAX_NAMED_FILE_BYTES,
  readGraphNames,
  readNamedFiles,
  type NamedFiles,
  type ReadNamedFile
} from './named-files'
import {
  keyPathText,
  saidOnce,
  uniqueProblems,
  type JudgedProblem,
  type PolicyProblem
} from '../policy-kit/problems'
import { policyRules } from './rules'
import { judgeable } from './judgeable'
import { sectionsSchema } from './schema'
import { explainIssue } from './schema-issues'
import { readPolicySource, type PolicySource } from '../policy-kit/yaml-source'

/** A release policy over this is not a policy. */
export const MAX_POLICY_BYTES = 1024 * 1024

/**
 * The file as written, once its YAML is a mapping, problems or not: the rules with the step's
 * inputs read it, so they are judged in the same run as the file's own problems.
 */
export interface WrittenPolicy {
  /** The path as written in `release-policy`. */
  file: string
  value: Record<string, unknown>
  /** The entries' names, as written. */
  entries: string[]
  /**
   * Where a key path of the policy in effect stands: in the entry applied when the entry sets it,
   * else in the rest (else its nearest ancestor), so a rule with the step's inputs is annotated.
   */
  locate(path: readonly string[], entry: string | null): { line: number; col: number }
  /**
   * Where a setting of an environment stands, or stood: its key in the entry when the entry is in
   * the file (else the entry's nearest key still there), else in the rest, else line 1.
   */
  placeOf(path: readonly string[], entry: string | null): { line: number; col: number }
}

/** A policy free of problems: what the policy in effect for any environment is made from. */
export interface LoadedPolicy extends WrittenPolicy {
  /** The policy in effect for an environment (the input; undefined when not given). */
  inEffect(environment: string | undefined): PolicyInEffect
}

export type PolicyLoad =
  | { policy: LoadedPolicy; problems: []; written: WrittenPolicy }
  | { policy?: undefined; problems: PolicyProblem[]; written?: WrittenPolicy }

/**
 * Reads `path` (relative to `workspace`) and the case files it names, under the workspace's path
 * rules. Never throws for the user's mistakes: they are the problems returned.
 */
export async function loadPolicy(
  path: string,
  workspace: string | undefined,
  options: { graphConfigPath?: string } = {}
): Promise<PolicyLoad> {
  const file = await readWorkspaceFile(path, workspace, {
    maxBytes: MAX_POLICY_BYTES,
    what: 'the release policy'
  })
  if (file.bytes === undefined)
    return { problems: [{ message: `release-policy: ${file.problem}`, keyPath: '', file: path }] }
  const graphs = await readGraphNames(options.graphConfigPath, workspace)
  return checkPolicy(
    file.bytes.toString('utf8'),
    path,
    (named, what) =>
      // The largest kind's cap; a smaller kind's is checked on its bytes.
      readWorkspaceFile(named, workspace, { maxBytes: MAX_NAMED_FILE_BYTES, what }),
    graphs
  )
}

/**
 * The policy's text → the loaded policy, or every problem with it. `file` is the path written in
 * `release-policy`; `readNamed` reads the files the policy names (from the workspace, or from a
 * pull request's base commit); `graphs` the graph names of the application's configuration, when
 * it could be read.
 */
export async function checkPolicy(
  text: string,
  file: string,
  readNamed: ReadNamedFile,
  graphs?: readonly string[]
): Promise<PolicyLoad> {
  const source = readPolicySource(text)
  const at = (path: readonly PropertyKey[], options?: { key?: boolean }) =>
    locateNearest(source, path, options)
  const problems: PolicyProblem[] = source.problems.map((problem) => ({
    message: problem.message,
    keyPath: keyPathText(problem.path),
    file,
    ...(problem.line === undefined ? at(problem.path) : { line: problem.line, col: problem.col })
  }))
  if (source.value === undefined) return { problems: withFallback(problems, file) }
  const asWritten = writtenPolicy(source, file)
  for (const { name, first } of sameNamedEntries(asWritten?.entries ?? [])) {
    const path = ['environments', name]
    problems.push({
      message: `environments.${name} is environments.${first} again (first on line ${at(['environments', first], { key: true }).line ?? 1}): GitHub matches environment names without regard to case; keep one`,
      keyPath: keyPathText(path),
      file,
      ...at(path, { key: true })
    })
  }
  const expressions = source.problems.map((problem) => keyPathText(problem.path))
  // What the schema refuses is taken out, and every other check runs on the rest.
  const checked = judgeable(source.value)
  for (const explained of checked.issues) {
    const keyPath = keyPathText(explained.path)
    // A `${{ }}` value is not also said to be of the wrong type.
    if (expressions.includes(keyPath)) continue
    problems.push({ message: explained.message, keyPath, file, ...at(explained.path, explained) })
  }
  const { value: judged, policy } = checked
  if (judged === undefined || policy === undefined)
    return { problems: withFallback(problems, file), written: asWritten }
  const named = await readNamedFiles(policy, file, readNamed, at, { graphs })
  const files = named.files
  problems.push(...named.problems)
  const entries = Object.keys(isMapping(policy.environments) ? policy.environments : {})
  // A rule broken as written, or by several entries, is said once for its line; a rule on a
  // value the schema refused is not judged.
  const rules = [undefined, ...entries]
    .flatMap((entry) => mergedProblems(judged, entry, files, file, at))
    .filter(({ problem }) => !checked.onRefused(problem.keyPath, problem.message))
  problems.push(...saidOnce(rules))
  if (problems.length > 0)
    return { problems: withFallback(uniqueProblems(problems), file), written: asWritten }
  const written = source.value as Record<string, unknown>
  if (asWritten === undefined) throw new Error('A release policy that parsed is not a mapping.')
  return {
    problems: [],
    written: asWritten,
    policy: {
      ...asWritten,
      inEffect: (environment) => policyInEffect(written, files, environment)
    }
  }
}

/** The file as written, when its YAML is a mapping (else the schema says what it is). */
function writtenPolicy(source: PolicySource, file: string): WrittenPolicy | undefined {
  const value = source.value
  if (!isMapping(value)) return undefined
  const environments = value.environments
  return {
    file,
    value,
    entries: isMapping(environments) ? Object.keys(environments) : [],
    locate: (path, entry) => {
      const inEntry = entry === null ? undefined : ['environments', entry, ...path]
      if (inEntry !== undefined && keyLocatedExactly(value, inEntry))
        return locateNearest(source, inEntry, { key: true })
      return locateNearest(source, path, { key: true })
    },
    placeOf: (path, entry) => {
      const inEntry = entry === null ? [] : ['environments', entry]
      if (inEntry.length > 0 && keyLocatedExactly(value, inEntry))
        return locateNearest(source, [...inEntry, ...path], { key: true })
      return locateNearest(source, path, { key: true })
    }
  }
}

const isMapping = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

type Locate = (
  path: readonly PropertyKey[],
  options?: { key?: boolean }
) => { line?: number; col?: number }

/** The place of a key path, else of its nearest ancestor that is in the file, else line 1. */
function locateNearest(
  source: PolicySource,
  path: readonly PropertyKey[],
  options?: { key?: boolean }
): { line: number; col: number } {
  for (let length = path.length; length >= 0; length--) {
    const place = source.locate(
      path.slice(0, length),
      length === path.length ? options : { key: true }
    )
    if (place) return place
  }
  return { line: 1, col: 1 }
}

/** Every problem is annotated somewhere: one with no place is on the file's first line. */
function withFallback(problems: PolicyProblem[], file: string): PolicyProblem[] {
  return problems
    .map((problem) =>
      problem.line === undefined ? { ...problem, file, line: 1, col: 1 } : problem
    )
    .sort((a, b) => (a.line ?? 0) - (b.line ?? 0) || (a.col ?? 0) - (b.col ?? 0))
}

/**
 * The rules judged on the policy in effect: as written (`entry` undefined) or with an entry
 * merged over it. A problem is placed on the key that needs the other, in the entry when the entry
 * sets it.
 */
function mergedProblems(
  written: Record<string, unknown>,
  entry: string | undefined,
  files: NamedFiles,
  file: string,
  at: Locate
): JudgedProblem[] {
  const place = (path: readonly (string | number)[]) => {
    if (entry !== undefined) {
      const inEntry = ['environments', entry, ...path]
      const found = at(inEntry, { key: true })
      if (found.line !== undefined && keyLocatedExactly(written, inEntry)) return found
    }
    return at(path, { key: true })
  }
  const parsed = sectionsSchema.safeParse(writtenInEffect(written, entry))
  const merged = mergeEntry(written, entry === undefined ? undefined : entryOf(written, entry))
  const given = (section: string, key: string) => keyLocatedExactly(merged, [section, key])
  const found = parsed.success
    ? policyRules(
        parsed.data,
        given,
        (keyPath, named) => files.get(keyPath)?.get(named)?.items.length
      )
    : parsed.error.issues.flatMap(explainIssue)
  return found.map(({ path, message }) => ({
    entry,
    problem: { message, keyPath: keyPathText(path), file, ...place(path) }
  }))
}

function entryOf(written: Record<string, unknown>, entry: string): unknown {
  return (written.environments as Record<string, unknown> | undefined)?.[entry]
}

/** Whether the file as written holds the key path itself (not only an ancestor of it). */
function keyLocatedExactly(written: unknown, path: readonly (string | number)[]): boolean {
  let node: unknown = written
  for (const part of path) {
    if (typeof node !== 'object' || node === null || !(part in node)) return false
    node = (node as Record<string | number, unknown>)[part]
  }
  return true
}

export type { PolicyInEffect, ReadNamedFile }
