/**
 * The policy in effect for an environment: the entry merged over the rest, defaults filled in the
 * sections present, values parsed, the smoke cases resolved; and its digest. Pure: the files the
 * policy names were read by the loader.
 */
import { createHash } from 'node:crypto'
import canonicalize from 'canonicalize'
import type { SmokeCase } from '../smoke/cases'
import type { EntriesFileRead } from './assistant-files'
import type { AssistantEntryWritten } from './assistants'
import { mergeEntry, selectEntry } from './environments'
import { DEFAULTS, SECTIONS, sectionsSchema, type Policy } from './schema'

/** A case file the policy names, as read: its bytes' digest and its cases. */
export interface CaseFileRead {
  sha256: string
  /** Each case as written (matched across revisions by name or content). */
  written: unknown[]
  cases: SmokeCase[]
}

type SmokeSection = NonNullable<Policy['smoke']>
/** Inline smoke cases as parsed. */
export type InlineCases = Exclude<SmokeSection['cases'], string | undefined>
/** A case file the policy names, in its digest: editing the file changes the digest. */
export interface CasesByPath {
  path: string
  sha256: string
}

type AssistantsSection = NonNullable<Policy['assistants']>

/**
 * The policy in effect as data: `smoke.cases` and `assistants.entries` a path's {path, sha256},
 * or the list itself.
 */
export type EffectivePolicy = Omit<Policy, 'smoke' | 'assistants'> & {
  smoke?: Omit<SmokeSection, 'cases'> & { cases?: CasesByPath | InlineCases }
  assistants?: Omit<AssistantsSection, 'entries'> & {
    entries?: CasesByPath | AssistantEntryWritten[]
  }
}

export interface PolicyInEffect {
  /** The environments entry applied; null when none did. */
  entry: string | null
  policy: EffectivePolicy
  /** SHA-256 of the policy's RFC 8785 canonical JSON, 64 lower-case hex. */
  digest: string
  /** The smoke cases in effect, parsed; undefined without `smoke.cases`. */
  cases?: SmokeCase[]
  /** The same cases as written, in order. */
  casesWritten?: unknown[]
  /** The assistants in effect, as written; undefined without `assistants.entries`. */
  assistants?: AssistantEntryWritten[]
}

type Mapping = Record<string, unknown>

/** The file as written, with `entry` merged over it and each present section's defaults filled. */
export function writtenInEffect(written: Mapping, entry: string | undefined): Mapping {
  const entries = written.environments as Mapping | undefined
  const merged = mergeEntry(written, entry === undefined ? undefined : entries?.[entry])
  for (const section of SECTIONS) {
    const value = merged[section]
    if (typeof value === 'object' && value !== null && !Array.isArray(value))
      merged[section] = { ...DEFAULTS[section], ...value }
  }
  return merged
}

/**
 * The policy in effect for `environment` (the input; undefined when not given). `written` is a
 * policy the loader found free of problems, `caseFiles` every case file and `entryFiles` every
 * assistants file it names.
 */
export function policyInEffect(
  written: Mapping,
  caseFiles: ReadonlyMap<string, CaseFileRead>,
  environment: string | undefined,
  parseCase: (value: unknown, index: number) => SmokeCase,
  entryFiles: ReadonlyMap<string, EntriesFileRead> = new Map()
): PolicyInEffect {
  const names = Object.keys((written.environments as Mapping | undefined) ?? {})
  const entry = selectEntry(names, environment)
  const parsed = sectionsSchema.safeParse(writtenInEffect(written, entry))
  // The loader refuses a policy whose merged entries do not parse; one here is a defect.
  if (!parsed.success)
    throw new Error(`The release policy in effect does not parse: ${parsed.error.message}`)
  const { smoke, assistants, ...rest } = parsed.data
  const resolved = resolveCases(smoke?.cases, caseFiles, parseCase)
  const effective: EffectivePolicy = rest
  if (smoke) {
    effective.smoke = { ...smoke, cases: resolved?.data }
    if (resolved === undefined) delete effective.smoke.cases
  }
  const entries = resolveEntries(assistants?.entries, entryFiles)
  if (assistants) {
    effective.assistants = { ...assistants, entries: entries?.data }
    if (entries === undefined) delete effective.assistants.entries
  }
  return {
    entry: entry ?? null,
    policy: effective,
    digest: policyDigest(effective),
    cases: resolved?.cases,
    casesWritten: resolved?.written,
    assistants: entries?.entries
  }
}

function resolveEntries(
  entries: NonNullable<Policy['assistants']>['entries'],
  entryFiles: ReadonlyMap<string, EntriesFileRead>
) {
  if (entries == null) return undefined
  if (typeof entries !== 'string') return { data: entries, entries }
  const file = entryFiles.get(entries)
  if (file === undefined)
    throw new Error(`The assistants file ${entries} was not read with the policy.`)
  return { data: { path: entries, sha256: file.sha256 }, entries: file.entries }
}

function resolveCases(
  cases: NonNullable<Policy['smoke']>['cases'],
  caseFiles: ReadonlyMap<string, CaseFileRead>,
  parseCase: (value: unknown, index: number) => SmokeCase
) {
  if (cases === undefined) return undefined
  if (typeof cases === 'string') {
    const file = caseFiles.get(cases)
    if (file === undefined) throw new Error(`The case file ${cases} was not read with the policy.`)
    return { data: { path: cases, sha256: file.sha256 }, cases: file.cases, written: file.written }
  }
  return { data: cases, cases: cases.map(parseCase), written: cases as unknown[] }
}

/** SHA-256, 64 lower-case hex, of the RFC 8785 canonical JSON of a policy in effect. */
export function policyDigest(policy: EffectivePolicy): string {
  const canonical = canonicalize(policy)
  if (canonical === undefined) throw new Error('The release policy has no JSON form.')
  return createHash('sha256').update(canonical, 'utf8').digest('hex')
}
