/**
 * Reads the release policy and finds every problem with it at once, each with its key path and
 * place: the YAML, duplicate keys, `${{ }}`, the schema (unknown keys with the nearest known one),
 * the case files it names, and the rules between keys judged on the policy as written and with
 * each environments entry merged over it. Sends nothing.
 */
import { createHash } from 'node:crypto'
import type { z } from 'zod'
import { caseEntries } from '../smoke/case-file'
import { MAX_CASES, MAX_FILE_BYTES, toCase, type SmokeCase } from '../smoke/cases'
import { readWorkspaceFile, type WorkspaceFile } from '../lib/workspace-file'
import {
  policyInEffect,
  writtenInEffect,
  type CaseFileRead,
  type PolicyInEffect
} from './effective'
import {
  graphProblems,
  readEntriesFiles,
  readGraphNames,
  type EntriesFileRead
} from './assistant-files'
import { MAX_ENTRIES_FILE_BYTES } from './assistants'
import { mergeEntry } from './environments'
import { keyPathText, uniqueProblems, type PolicyProblem } from './problems'
import { policyRules } from './rules'
import { policySchema, sectionsSchema, type Policy } from './schema'
import { explainIssue } from './schema-issues'
import { readPolicySource, type PolicySource } from './yaml-source'

/** A release policy over this is not a policy. */
export const MAX_POLICY_BYTES = 1024 * 1024

/** Reads a file the policy names (a case file), by the path written in the policy. */
export type ReadNamedFile = (path: string) => Promise<WorkspaceFile>

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
    (named) =>
      readWorkspaceFile(named, workspace, {
        // The larger cap of the two kinds of file; an assistants file's is checked on its bytes.
        maxBytes: Math.max(MAX_FILE_BYTES, MAX_ENTRIES_FILE_BYTES),
        what: 'the case file'
      }),
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
  const expressions = source.problems.map((problem) => keyPathText(problem.path))
  const parsed = policySchema.safeParse(source.value)
  if (!parsed.success) {
    for (const issue of parsed.error.issues)
      for (const explained of explainIssue(issue)) {
        const keyPath = keyPathText(explained.path)
        // A `${{ }}` value is not also said to be of the wrong type.
        if (expressions.includes(keyPath)) continue
        problems.push({
          message: explained.message,
          keyPath,
          file,
          ...at(explained.path, explained)
        })
      }
  }
  if (problems.length > 0) return { problems: withFallback(problems, file), written: asWritten }
  const written = source.value as Record<string, unknown>
  const policy = parsed.data as z.output<typeof policySchema>
  const caseFiles = new Map<string, CaseFileRead>()
  problems.push(...(await readCaseFiles(policy, file, readNamed, at, caseFiles)))
  problems.push(...inlineCaseProblems(policy, file, at))
  const entryFiles = new Map<string, EntriesFileRead>()
  problems.push(...(await readEntriesFiles(policy, file, readNamed, at, entryFiles)))
  problems.push(...graphProblems(policy, entryFiles, graphs, file, at))
  if (problems.length > 0) return { problems: withFallback(problems, file), written: asWritten }
  const entries = Object.keys(policy.environments ?? {})
  const judgedAsWritten = mergedProblems(written, undefined, caseFiles, file, at)
  problems.push(...judgedAsWritten.map(({ problem }) => problem))
  // A rule broken as written is said once, not again for every entry that leaves it broken.
  const said = new Set(judgedAsWritten.map(({ id }) => id))
  for (const entry of entries)
    for (const { id, problem } of mergedProblems(written, entry, caseFiles, file, at))
      if (!said.has(id)) problems.push(problem)
  if (problems.length > 0)
    return { problems: withFallback(uniqueProblems(problems), file), written: asWritten }
  if (asWritten === undefined) throw new Error('A release policy that parsed is not a mapping.')
  return {
    problems: [],
    written: asWritten,
    policy: {
      ...asWritten,
      inEffect: (environment) =>
        policyInEffect(written, caseFiles, environment, parseCase, entryFiles)
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

/** A case the loader already checked, parsed again for the policy in effect. */
function parseCase(value: unknown, index: number): SmokeCase {
  const parsed = toCase(value, `case ${index + 1}`)
  if ('problems' in parsed)
    throw new Error(
      `A smoke case the policy accepted does not parse: ${parsed.problems.join('; ')}`
    )
  return parsed.case
}

/** Every `smoke.cases` path, in the policy and in each entry, with the key path that names it. */
function namedCaseFiles(policy: z.output<typeof policySchema>): { path: string[]; file: string }[] {
  const named: { path: string[]; file: string }[] = []
  if (typeof policy.smoke?.cases === 'string')
    named.push({ path: ['smoke', 'cases'], file: policy.smoke.cases })
  for (const [entry, value] of Object.entries(policy.environments ?? {})) {
    const cases = value.smoke === false ? undefined : value.smoke?.cases
    if (typeof cases === 'string')
      named.push({ path: ['environments', entry, 'smoke', 'cases'], file: cases })
  }
  return named
}

async function readCaseFiles(
  policy: z.output<typeof policySchema>,
  file: string,
  readNamed: ReadNamedFile,
  at: Locate,
  caseFiles: Map<string, CaseFileRead>
): Promise<PolicyProblem[]> {
  const problems: PolicyProblem[] = []
  for (const { path, file: named } of namedCaseFiles(policy)) {
    const problem = (message: string) =>
      problems.push({
        message: `${keyPathText(path)}: ${message}`,
        keyPath: keyPathText(path),
        file,
        ...at(path)
      })
    if (caseFiles.has(named)) continue
    const read = await readNamed(named)
    if (read.bytes === undefined) {
      problem(read.problem)
      continue
    }
    const entries = caseEntries(read.bytes.toString('utf8'), /\.jsonl$/i.test(named))
    if ('problem' in entries) {
      problem(`${named} ${entries.problem}`)
      continue
    }
    if (entries.list.length === 0) problem(`${named} holds no cases`)
    if (entries.list.length > MAX_CASES)
      problem(
        `${named} holds ${entries.list.length} cases, more than ${MAX_CASES}: a smoke suite gates a deploy, keep it small`
      )
    const cases: SmokeCase[] = []
    for (const { where, value } of entries.list) {
      const parsed = toCase(value, where)
      if ('problems' in parsed)
        for (const message of parsed.problems) problem(`${named} ${message}`)
      else cases.push(parsed.case)
    }
    caseFiles.set(named, {
      sha256: createHash('sha256').update(read.bytes).digest('hex'),
      written: entries.list.map(({ value }) => value),
      cases
    })
  }
  return problems
}

/** What the case schema cannot see in an inline case: message or input, the expectations. */
function inlineCaseProblems(
  policy: z.output<typeof policySchema>,
  file: string,
  at: Locate
): PolicyProblem[] {
  const lists: { path: (string | number)[]; cases: unknown[] }[] = []
  if (Array.isArray(policy.smoke?.cases))
    lists.push({ path: ['smoke', 'cases'], cases: policy.smoke.cases })
  for (const [entry, value] of Object.entries(policy.environments ?? {})) {
    const cases = value.smoke === false ? undefined : value.smoke?.cases
    if (Array.isArray(cases)) lists.push({ path: ['environments', entry, 'smoke', 'cases'], cases })
  }
  return lists.flatMap(({ path, cases }) =>
    cases.flatMap((value, index) => {
      const parsed = toCase(value, `case ${index + 1}`)
      if (!('problems' in parsed)) return []
      const casePath = [...path, index]
      return parsed.problems.map((message) => ({
        message: `${keyPathText(path)}: ${message}`,
        keyPath: keyPathText(casePath),
        file,
        ...at(casePath)
      }))
    })
  )
}

/**
 * The rules judged on the policy in effect: as written (`entry` undefined) or with an entry
 * merged over it. A problem is placed on the key that needs the other, in the entry when the entry
 * sets it.
 */
function mergedProblems(
  written: Record<string, unknown>,
  entry: string | undefined,
  caseFiles: ReadonlyMap<string, CaseFileRead>,
  file: string,
  at: Locate
): { id: string; problem: PolicyProblem }[] {
  const context = entry === undefined ? '' : `with environments.${entry} merged: `
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
    ? policyRules(parsed.data, given, caseCount(parsed.data, caseFiles))
    : parsed.error.issues.flatMap(explainIssue)
  return found.map(({ path, message }) => {
    const where = place(path)
    return {
      id: `${where.line}:${where.col}:${message}`,
      problem: { message: `${context}${message}`, keyPath: keyPathText(path), file, ...where }
    }
  })
}

function entryOf(written: Record<string, unknown>, entry: string): unknown {
  return (written.environments as Record<string, unknown> | undefined)?.[entry]
}

function caseCount(policy: Policy, caseFiles: ReadonlyMap<string, CaseFileRead>) {
  const cases = policy.smoke?.cases
  if (cases === undefined) return undefined
  return typeof cases === 'string' ? caseFiles.get(cases)?.cases.length : cases.length
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

export type { PolicyInEffect }
