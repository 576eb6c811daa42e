/**
 * An assistant's content as the action compares it: what an entry asks for, what a version
 * holds, the key paths that differ (never the values: they may hold prompts), drift, and the
 * bodies of the writes. Pure.
 */
import canonicalize from 'canonicalize'
import type { AssistantCreate, AssistantPatch } from '../agent-server/assistant-schemas'
import { MANAGED_BY } from '../lib/managed-by'
import { MANAGED_PREFIX, type AssistantEntryWritten } from './entries'

/** What a version of an assistant holds (an answer of the server, or what an entry asks for). */
export interface Content {
  graph_id: string
  name: string
  description: string | null
  config: Record<string, unknown>
  context: unknown
  metadata: Record<string, unknown>
}

/** What the action stamps on every write. */
export interface Stamp {
  digest: string
  commit?: string
  revisionId: string
}

/** The `managed-*` metadata of a write. */
export function managedMetadata(stamp: Stamp): Record<string, string> {
  return {
    'managed-by': MANAGED_BY,
    'managed-digest': stamp.digest,
    ...(stamp.commit !== undefined && { 'managed-commit': stamp.commit }),
    'managed-revision': stamp.revisionId
  }
}

/** The content an entry asks for (`graph-id` given: a pin has none). */
function wanted(entry: AssistantEntryWritten, graphId: string) {
  return {
    graph_id: graphId,
    name: entry.name,
    config: entry.config ?? {},
    context: entry.context ?? {},
    ...(entry.description !== undefined && { description: entry.description })
  }
}

/** `POST /assistants` for an entry (the client adds `if_exists: raise`). */
export function createBody(
  entry: AssistantEntryWritten,
  id: string,
  graphId: string,
  stamp: Stamp
): AssistantCreate {
  return {
    assistant_id: id,
    ...wanted(entry, graphId),
    metadata: { ...entry.metadata, ...managedMetadata(stamp) }
  }
}

/** `PATCH /assistants/{id}` for an entry: config and context replace, metadata merges. */
export function patchBody(
  entry: AssistantEntryWritten,
  graphId: string,
  stamp: Stamp
): AssistantPatch {
  return { ...wanted(entry, graphId), metadata: { ...entry.metadata, ...managedMetadata(stamp) } }
}

/**
 * The key paths where `actual` differs from what `entry` sets (description only when it sets
 * one; metadata only the keys it names, and the managed ones when `stamp` is given).
 */
export function differsFromEntry(
  actual: Content,
  entry: AssistantEntryWritten,
  graphId: string,
  stamp?: Stamp
): string[] {
  const asked = wanted(entry, graphId)
  const metadataAsked = { ...entry.metadata, ...(stamp && managedMetadata(stamp)) }
  return [
    ...(actual.graph_id === asked.graph_id ? [] : ['graph_id']),
    ...(actual.name === asked.name ? [] : ['name']),
    ...(asked.description === undefined || actual.description === asked.description
      ? []
      : ['description']),
    ...changedPaths(actual.config, asked.config, 'config'),
    ...changedPaths(actual.context, asked.context, 'context'),
    ...Object.keys(metadataAsked).flatMap((key) =>
      changedPaths(actual.metadata[key], metadataAsked[key], `metadata.${key}`)
    )
  ]
}

/**
 * Drift: the key paths where the active content differs from `base`, the earliest version that
 * holds the active `managed-digest` (a hand edit keeps the digest, since metadata merges).
 * Metadata is compared on the keys the entry names, never the managed ones.
 */
export function driftPaths(active: Content, base: Content, entry: AssistantEntryWritten): string[] {
  const keys = Object.keys(entry.metadata ?? {}).filter((key) => !key.startsWith(MANAGED_PREFIX))
  return [
    ...(active.graph_id === base.graph_id ? [] : ['graph_id']),
    ...(active.name === base.name ? [] : ['name']),
    ...(active.description === base.description ? [] : ['description']),
    ...changedPaths(base.config, active.config, 'config'),
    ...changedPaths(base.context, active.context, 'context'),
    ...keys.flatMap((key) =>
      changedPaths(base.metadata[key], active.metadata[key], `metadata.${key}`)
    )
  ]
}

/** The key paths, at the leaves of mappings, where two values differ (`config.configurable.model`). */
export function changedPaths(before: unknown, after: unknown, path: string): string[] {
  if (isMapping(before) && isMapping(after)) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort()
    return keys.flatMap((key) => changedPaths(before[key], after[key], `${path}.${key}`))
  }
  return same(before, after) ? [] : [path]
}

function isMapping(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function same(a: unknown, b: unknown): boolean {
  return canonicalize(a ?? null) === canonicalize(b ?? null)
}

/** The `managed-digest` a version carries, when it is one the action wrote. */
export function managedDigestOf(content: Pick<Content, 'metadata'>): string | undefined {
  const digest = content.metadata['managed-digest']
  return typeof digest === 'string' ? digest : undefined
}
