/**
 * Assistants as code on the agent server: the reads before the control plane's write (each
 * entry's assistant and its versions, drift judged then), and the writes on the new revision
 * (only what differs, each read back, a lost answer settled by reading).
 */
import type { Assistant, AssistantVersion } from '../agent-server/assistant-schemas'
import {
  AssistantReadError,
  type AssistantsClient,
  type WriteResult
} from '../agent-server/assistants'
import { assistantIdOf, entryDigest, type AssistantEntryWritten } from './entries'
import {
  createBody,
  differsFromEntry,
  driftPaths,
  managedDigestOf,
  patchBody,
  type Stamp
} from './content'
import type { AssistantRow, AssistantsReport } from './types'

/** One entry as read before the write. */
export interface Observed {
  entry: AssistantEntryWritten
  id: string
  digest: string
  /** Its active version then; undefined when it did not exist (or could not be read: no URL). */
  current?: Assistant
  /** Every version then, newest first. */
  versions: AssistantVersion[]
  /** Key paths changed by hand since the action last wrote it. */
  drift: string[]
}

/** The assistants as read before the write; `read` false when there was no agent server yet. */
export interface ObservedAssistants {
  read: boolean
  observed: Observed[]
  /** What the reads noticed, a line each (an assistant with more versions than were read). */
  notices: string[]
}

/**
 * `on-drift: fail` found an assistant changed by hand: nothing is written anywhere. The account,
 * and what was refused in a few words (for the headline).
 */
export function driftRefusal(drifted: readonly Observed[]): { message: string; refused: string } {
  const one = drifted.length === 1
  return {
    message:
      `assistants.on-drift is fail, and ${one ? 'an assistant was' : `${drifted.length} assistants were`} changed by hand since the action last wrote ${one ? 'it' : 'them'}; nothing was written:\n` +
      drifted.map(({ entry, drift }) => `  - ${entry.name}: ${drift.join(', ')}`).join('\n') +
      '\nPut the change into the repository (or set assistants.on-drift: overwrite) and run again.',
    refused: `assistants.on-drift refused ${one ? 'an assistant' : `${drifted.length} assistants`} changed by hand`
  }
}

/** Each entry's assistant and its versions, and its drift. */
export async function observe(
  entries: readonly AssistantEntryWritten[],
  client: AssistantsClient | undefined
): Promise<ObservedAssistants> {
  const observed: Observed[] = []
  const notices: string[] = []
  for (const entry of entries) {
    const id = assistantIdOf(entry)
    const digest = entryDigest(entry)
    if (client === undefined) {
      observed.push({ entry, id, digest, versions: [], drift: [] })
      continue
    }
    const found = await client.get(id)
    if (found.kind === 'not-found') {
      observed.push({ entry, id, digest, versions: [], drift: [] })
      continue
    }
    const listed = await client.versions(id)
    const versions = listed.kind === 'found' ? listed.value : []
    if (listed.kind === 'found' && listed.more === true)
      notices.push(
        `Assistant ${entry.name} has more versions than the newest ${versions.length} the action reads; drift is judged on those.`
      )
    observed.push({
      entry,
      id,
      digest,
      current: found.value,
      versions,
      drift: driftOf(found.value, versions, entry)
    })
  }
  return { read: client !== undefined, observed, notices }
}

/**
 * Drift against the earliest version that holds the active `managed-digest`; none when
 * unmanaged. An active version that carries the entry's own digest but not its content was
 * changed by hand too (metadata can be copied: an assistant deleted and made again, say).
 */
function driftOf(
  current: Assistant,
  versions: readonly AssistantVersion[],
  entry: AssistantEntryWritten
): string[] {
  const digest = managedDigestOf(current)
  if (digest === undefined) return []
  if (digest === entryDigest(entry) && entry.version === undefined) {
    const differs = differsFromEntry(current, entry, entry['graph-id'] ?? current.graph_id)
    if (differs.length > 0) return differs
  }
  const base = versions
    .filter((version) => managedDigestOf(version) === digest)
    .reduce<AssistantVersion | undefined>(
      (earliest, version) =>
        earliest === undefined || version.version < earliest.version ? version : earliest,
      undefined
    )
  return base === undefined ? [] : driftPaths(current, base, entry)
}

/** The plan in words, a line each (a dry run's, and the log's before the write). */
export function planLines(observed: ObservedAssistants): string[] {
  return observed.observed.map(({ entry, id, current, digest, drift }) => {
    const what =
      entry.version !== undefined
        ? current?.version === entry.version
          ? 'unchanged (pinned)'
          : `pin version ${entry.version}`
        : current === undefined
          ? observed.read
            ? 'create'
            : 'create or update (not read: the deployment has no URL yet)'
          : drift.length > 0
            ? `drifted (${drift.join(', ')})`
            : managedDigestOf(current) === digest
              ? 'unchanged'
              : 'update'
    return `Assistant ${entry.name} (${id.slice(0, 8)}): ${what}`
  })
}

/** What the run is given to write with. */
export interface ApplyContext {
  client: AssistantsClient
  stampOf(entry: AssistantEntryWritten): Stamp
  notice(line: string): void
}

/**
 * The entries made to match on the new revision, in entry order: each graph's default assistant
 * read first (a missing graph, or an entry that is a default assistant, fails before any write).
 */
export async function applyEntries(
  prepared: ObservedAssistants,
  context: ApplyContext
): Promise<{ ok: boolean; why?: string; inconclusive?: boolean; report: AssistantsReport }> {
  const { client } = context
  const rows: AssistantRow[] = prepared.observed.map(({ entry, id, current }) => ({
    name: entry.name,
    id,
    graphId: entry['graph-id'] ?? current?.graph_id,
    ...(current !== undefined && { before: current.version }),
    changed: []
  }))
  const report = { rows }
  const graphs = [...new Set(prepared.observed.flatMap(({ entry }) => entry['graph-id'] ?? []))]
  const defaults = new Set<string>()
  for (const graph of graphs) {
    const found = await client.get(graph)
    if (found.kind === 'not-found')
      return {
        ok: false,
        why: `the new revision does not serve the graph ${graph} (GET /assistants/${graph} answered 404); nothing was written`,
        report
      }
    defaults.add(found.value.assistant_id.toLowerCase())
  }
  const defaulted = prepared.observed.filter(({ id }) => defaults.has(id))
  if (defaulted.length > 0)
    return {
      ok: false,
      why: `${defaulted.map(({ entry }) => entry.name).join(', ')}: the id is a graph's default assistant, which the server makes itself; give another id (or none); nothing was written`,
      report
    }
  for (const [index, observed] of prepared.observed.entries()) {
    const row = rows[index]
    if (row === undefined) continue
    let failed: string | undefined
    try {
      failed = await applyOne(observed, row, prepared.read, context)
    } catch (error) {
      // A read that failed past its retries: what was written so far is kept in the report.
      if (!(error instanceof AssistantReadError)) throw error
      row.why = error.message
      return {
        ok: false,
        inconclusive: true,
        why: `assistant ${observed.entry.name}: ${error.message}`,
        report
      }
    }
    if (failed !== undefined) {
      row.why = failed
      return { ok: false, why: `assistant ${observed.entry.name}: ${failed}`, report }
    }
  }
  return { ok: true, report }
}

/** One entry: decided, written when it differs, read back. Undefined when it went well. */
async function applyOne(
  observed: Observed,
  row: AssistantRow,
  readBefore: boolean,
  context: ApplyContext
): Promise<string | undefined> {
  const { client } = context
  const { entry, id } = observed
  // Not read before the write (no URL then): read now.
  const current = readBefore ? observed.current : await currentOf(client, id)
  if (current !== undefined && row.before === undefined) row.before = current.version
  if (entry.version !== undefined) return pin(observed, current, row, context)
  const graphId = entry['graph-id'] ?? current?.graph_id ?? ''
  const stamp = context.stampOf(entry)
  if (current === undefined) {
    row.written = true
    const written = await client.create(createBody(entry, id, graphId, stamp))
    if (written.kind === 'exists') {
      const now = await currentOf(client, id)
      if (now === undefined)
        return 'POST /assistants answered 409, and a read finds no such assistant'
      return update(observed, now, row, context)
    }
    return settle(written, 'created', observed, row, undefined, context)
  }
  return update(observed, current, row, context)
}

async function update(
  observed: Observed,
  current: Assistant,
  row: AssistantRow,
  context: ApplyContext
): Promise<string | undefined> {
  const { entry, id, digest, drift } = observed
  const graphId = entry['graph-id'] ?? current.graph_id
  if (
    drift.length === 0 &&
    managedDigestOf(current) === digest &&
    differsFromEntry(current, entry, graphId).length === 0
  ) {
    Object.assign(row, { result: 'unchanged', after: current.version })
    return undefined
  }
  if (drift.length > 0)
    context.notice(
      `Assistant ${entry.name} was changed by hand since the action last wrote it (${drift.join(', ')}); assistants.on-drift is overwrite, so the repository's entry is written over it.`
    )
  row.changed = [...new Set([...differsFromEntry(current, entry, graphId), ...drift])]
  row.written = true
  if (drift.length > 0) row.overwritten = [...drift]
  const written = await context.client.patch(id, patchBody(entry, graphId, context.stampOf(entry)))
  if (written.kind === 'not-found') return `PATCH /assistants/${id} answered 404`
  return settle(written, 'updated', observed, row, current.version, context)
}

/** A pin: `/latest` makes the version active (a PATCH would make another). */
async function pin(
  observed: Observed,
  current: Assistant | undefined,
  row: AssistantRow,
  context: ApplyContext
): Promise<string | undefined> {
  const { entry, id } = observed
  const version = entry.version ?? 0
  if (current === undefined) return `there is no assistant ${id} to pin version ${version} of`
  if (current.version === version) {
    Object.assign(row, { result: 'unchanged', after: version })
    return undefined
  }
  row.written = true
  const written = await context.client.setLatest(id, version)
  if (written.kind === 'not-found') return `POST /assistants/${id}/latest answered 404`
  if (written.kind === 'refused') return `the pin was refused: ${written.reason}`
  const now = await currentOf(context.client, id)
  if (now?.version !== version)
    return `version ${version} was made active, but a read shows version ${now?.version ?? 'none'}`
  Object.assign(row, { result: 'pinned', after: version })
  return undefined
}

/**
 * A write's answer (or its loss) settled by reading the assistant back: it must hold what the
 * entry sets and the stamp; a lost answer counts when the read shows the write, and never leads
 * to a second write.
 */
async function settle(
  written: WriteResult,
  result: 'created' | 'updated',
  observed: Observed,
  row: AssistantRow,
  before: number | undefined,
  context: ApplyContext
): Promise<string | undefined> {
  const { entry, id } = observed
  if (written.kind === 'refused') return `the write was refused: ${written.reason}`
  if (written.kind === 'lost')
    context.notice(
      `Assistant ${entry.name}: the answer to the write was lost (${written.reason}); reading it back to see whether it was applied.`
    )
  const now = await currentOf(context.client, id)
  if (now === undefined) return 'the write was not applied (a read finds no such assistant)'
  const stamp = context.stampOf(entry)
  const differs = differsFromEntry(now, entry, entry['graph-id'] ?? now.graph_id, stamp)
  if (differs.length > 0)
    return written.kind === 'lost'
      ? `the write's answer was lost and a read shows it was not applied (${differs.join(', ')} differ)`
      : `the read-back differs from the entry in ${differs.join(', ')}`
  Object.assign(row, { result, after: now.version })
  if (before !== undefined && now.version <= before)
    return `the read-back shows version ${now.version}, not a new one after ${before}`
  return undefined
}

async function currentOf(client: AssistantsClient, id: string): Promise<Assistant | undefined> {
  const found = await client.get(id)
  return found.kind === 'found' ? found.value : undefined
}
