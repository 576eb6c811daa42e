/**
 * Assistants brought back with a revision: after a failed deploy's rollback, each assistant the
 * run changed made active again at the version it had before; with `operation: rollback`, each
 * managed assistant at the newest version stamped with the revision brought back. `/latest`
 * restores config, metadata and name only, so what it leaves (context, description, graph) is
 * patched back. Created assistants are kept (deleting one deletes its runs).
 */
import type { AssistantVersion } from '../agent-server/assistant-schemas'
import { AssistantReadError, type AssistantsClient } from '../agent-server/assistants'
import { MANAGED_BY } from '../lib/managed-by'
import type { AssistantRow, AssistantsReport } from './types'

/** Makes `version` active again, and patches back what `/latest` does not restore. */
async function restoreTo(
  client: AssistantsClient,
  id: string,
  version: AssistantVersion,
  makeActive = true
): Promise<{ after?: number; why?: string }> {
  if (makeActive) {
    const latest = await client.setLatest(id, version.version)
    if (latest.kind === 'not-found') return { why: `POST /assistants/${id}/latest answered 404` }
    if (latest.kind === 'refused') return { why: `the restore was refused: ${latest.reason}` }
  }
  const now = await client.get(id)
  if (now.kind === 'not-found') return { why: 'a read after the restore finds no such assistant' }
  const back: Record<string, unknown> = {}
  if (now.value.graph_id !== version.graph_id) back.graph_id = version.graph_id
  if (JSON.stringify(now.value.context) !== JSON.stringify(version.context))
    back.context = version.context
  if (version.description !== null && now.value.description !== version.description)
    back.description = version.description
  if (Object.keys(back).length === 0) return { after: now.value.version }
  const patched = await client.patch(id, back)
  if (patched.kind === 'not-found' || patched.kind === 'refused')
    return { why: `patching back ${Object.keys(back).join(', ')} failed` }
  const read = await client.get(id)
  return read.kind === 'found'
    ? { after: read.value.version }
    : { why: 'a read after the restore finds no such assistant' }
}

/**
 * After a failed deploy's rollback: every assistant this run sent a write to, whatever the
 * answer said (a lost answer, a read-back that failed or differed), read first and made active
 * again at the version it had before. `versionsOf` gives the versions read before the write (the
 * one to restore among them). Those it created are kept.
 */
export async function restoreWritten(
  client: AssistantsClient,
  ran: AssistantsReport,
  versionsOf: (id: string) => readonly AssistantVersion[]
): Promise<{ ok: boolean; report: AssistantsReport }> {
  const rows: AssistantRow[] = []
  let ok = true
  for (const row of ran.rows) {
    if (row.result !== 'created' && row.written !== true) continue
    try {
      const now = await client.get(row.id)
      if (row.before === undefined) {
        // Created by this run (or its create was sent): kept when it exists.
        if (now.kind === 'found')
          rows.push({
            ...row,
            result: 'created',
            after: now.value.version,
            changed: [],
            why: 'kept: created by this run'
          })
        continue
      }
      const before = versionsOf(row.id).find((version) => version.version === row.before)
      if (before === undefined) {
        ok = false
        rows.push({ ...row, result: undefined, why: `version ${row.before} was not read before` })
        continue
      }
      const current = now.kind === 'found' ? now.value.version : undefined
      const restored =
        current === before.version
          ? await restoreTo(client, row.id, before, false)
          : await restoreTo(client, row.id, before)
      if (restored.why !== undefined) ok = false
      rows.push({
        ...row,
        result: restored.why === undefined ? 'restored' : undefined,
        before: current,
        after: restored.after,
        ...(restored.why !== undefined && { why: restored.why })
      })
    } catch (error) {
      if (!(error instanceof AssistantReadError)) throw error
      ok = false
      rows.push({ ...row, result: undefined, why: error.message })
    }
  }
  return { ok, report: { rows } }
}

/**
 * `operation: rollback`: every assistant the action manages, at the newest version stamped with
 * `revisionId` (the revision brought back); `none` when no version is stamped with it.
 */
export async function restoreStamped(
  client: AssistantsClient,
  revisionId: string
): Promise<{ ok: boolean; report: AssistantsReport; none: boolean }> {
  // What a metadata filter returns is checked again: a server that ignores the filter must not
  // make the rollback touch an assistant it does not manage, nor pick an unstamped version.
  const managed = (await client.search({ metadata: { 'managed-by': MANAGED_BY } })).filter(
    (assistant) => assistant.metadata['managed-by'] === MANAGED_BY
  )
  const rows: AssistantRow[] = []
  let ok = true
  for (const assistant of managed) {
    const stamped = await client.versions(assistant.assistant_id, {
      metadata: { 'managed-revision': revisionId }
    })
    const newest = (stamped.kind === 'found' ? stamped.value : [])
      .filter((version) => version.metadata['managed-revision'] === revisionId)
      .reduce<AssistantVersion | undefined>(
        (found, version) =>
          found === undefined || version.version > found.version ? version : found,
        undefined
      )
    if (newest === undefined) continue
    const row: AssistantRow = {
      name: assistant.name,
      id: assistant.assistant_id,
      graphId: newest.graph_id,
      before: assistant.version,
      changed: []
    }
    if (newest.version === assistant.version) {
      rows.push({ ...row, result: 'unchanged', after: assistant.version })
      continue
    }
    const restored = await restoreTo(client, assistant.assistant_id, newest)
    if (restored.why !== undefined) ok = false
    rows.push({
      ...row,
      result: restored.why === undefined ? 'restored' : undefined,
      after: restored.after,
      ...(restored.why !== undefined && { why: restored.why })
    })
  }
  return { ok, report: { rows }, none: rows.length === 0 }
}
