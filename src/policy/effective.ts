/**
 * The policy in effect for an environment: the entry merged over the rest, defaults filled in the
 * sections present, values parsed, the lists its file-valued keys hold resolved (a named file to
 * its path and digest); and its digest. Pure: the files the policy names were read by the loader.
 */
import { createHash } from 'node:crypto'
import canonicalize from 'canonicalize'
import { mergeEntry, selectEntry } from './environments'
import { FILE_KEYS, type NamedFiles } from './named-files'
import { sectionsSchema } from './schema'
import type { NamedList } from '../policy-kit/section'
import { DECLARATIONS, type EffectiveSections } from './sections'

/** The policy in effect as data: a file-valued key holds the file's {path, sha256}, or the list. */
export type EffectivePolicy = { version: 1 } & EffectiveSections

export interface PolicyInEffect {
  /** The environments entry applied; null when none did. */
  entry: string | null
  policy: EffectivePolicy
  /** SHA-256 of the policy's RFC 8785 canonical JSON, 64 lower-case hex. */
  digest: string
  /** Each file-valued key's list in effect, by its key path (`section.key`), as written and parsed. */
  files: Record<string, NamedList>
}

type Mapping = Record<string, unknown>

const isMapping = (value: unknown): value is Mapping =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** The file as written, with `entry` merged over it and each present section's defaults filled. */
export function writtenInEffect(written: Mapping, entry: string | undefined): Mapping {
  const entries = written.environments as Mapping | undefined
  const merged = mergeEntry(written, entry === undefined ? undefined : entries?.[entry])
  for (const section of DECLARATIONS) {
    const value = merged[section.name]
    if (isMapping(value)) merged[section.name] = { ...section.defaults, ...value }
  }
  return merged
}

/**
 * The policy in effect for `environment` (the input; undefined when not given). `written` is a
 * policy the loader found free of problems, `files` every file it names, as read.
 */
export function policyInEffect(
  written: Mapping,
  files: NamedFiles,
  environment: string | undefined
): PolicyInEffect {
  const names = Object.keys((written.environments as Mapping | undefined) ?? {})
  const entry = selectEntry(names, environment)
  const parsed = sectionsSchema.safeParse(writtenInEffect(written, entry))
  // The loader refuses a policy whose merged entries do not parse; one here is a defect.
  if (!parsed.success)
    throw new Error(`The release policy in effect does not parse: ${parsed.error.message}`)
  const effective: Mapping = { ...parsed.data }
  const lists: Record<string, NamedList> = {}
  for (const { path, keyPath, spec } of FILE_KEYS) {
    const section = effective[path[0]]
    if (!isMapping(section) || section[path[1]] == null) continue
    const value = section[path[1]]
    const copy: Mapping = { ...section }
    effective[path[0]] = copy
    if (Array.isArray(value)) {
      const inline = spec.inline(value)
      if ('problems' in inline)
        throw new Error(
          `An inline list the policy accepted does not parse (${keyPath}): ${inline.problems.map((p) => p.message).join('; ')}`
        )
      lists[keyPath] = { written: value, items: inline.items }
      continue
    }
    const named = String(value)
    const read = files.get(keyPath)?.get(named)
    if (read === undefined) throw new Error(`The file ${named} was not read with the policy.`)
    copy[path[1]] = { path: named, sha256: read.sha256 }
    lists[keyPath] = { written: read.written, items: read.items }
  }
  const policy = effective as EffectivePolicy
  return { entry: entry ?? null, policy, digest: policyDigest(policy), files: lists }
}

/** SHA-256, 64 lower-case hex, of the RFC 8785 canonical JSON of a policy in effect. */
export function policyDigest(policy: EffectivePolicy): string {
  const canonical = canonicalize(policy)
  if (canonical === undefined) throw new Error('The release policy has no JSON form.')
  return createHash('sha256').update(canonical, 'utf8').digest('hex')
}
