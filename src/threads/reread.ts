import type { StateRead, ThreadsClient } from '../agent-server/threads'
import type { ParkedThread } from './compatibility'
import { eachAtMost } from './pool'

// After the write, each thread read before it is read again, by the checkpoint it was at: the
// same checkpoint and its node no longer named is a thread the release stranded; a new
// checkpoint is a user who answered during the deploy; a 404 a thread deleted meanwhile (neither
// is a failure). After a rollback, once more: back at its node and `interrupted`, it waits again;
// back at its node but `idle`, it was answered while the new code served and its answer is lost.

/** The states read at once (the same as before the write). */
export const STATES_AT_ONCE = 4

export type AfterDeploy =
  | { kind: 'waiting' }
  | { kind: 'stranded'; nodes: string[] }
  | { kind: 'moved-on' }
  | { kind: 'deleted' }
  | { kind: 'too-large' }

export function afterDeploy(before: ParkedThread, read: StateRead): AfterDeploy {
  if (read.kind !== 'found') return { kind: read.kind === 'not-found' ? 'deleted' : 'too-large' }
  if (read.state.checkpoint !== before.checkpoint) return { kind: 'moved-on' }
  const lost = before.nodes.filter((node) => !read.state.nodes.includes(node))
  return lost.length > 0 ? { kind: 'stranded', nodes: lost } : { kind: 'waiting' }
}

export type AfterRollback =
  | { kind: 'waiting-again' }
  | { kind: 'answered-lost' }
  | { kind: 'still-stranded'; nodes: string[] }
  | { kind: 'moved-on' }
  | { kind: 'deleted' }
  | { kind: 'too-large' }

/** `status` the thread's status now (undefined when the search no longer lists it). */
export function afterRollback(
  before: ParkedThread,
  read: StateRead,
  status: string | undefined
): AfterRollback {
  if (read.kind !== 'found') return { kind: read.kind === 'not-found' ? 'deleted' : 'too-large' }
  // A resume on the newer graph keeps the checkpoint; a new one is an answer given since.
  if (read.state.checkpoint !== before.checkpoint) return { kind: 'moved-on' }
  const missing = before.nodes.filter((node) => !read.state.nodes.includes(node))
  if (missing.length > 0) return { kind: 'still-stranded', nodes: missing }
  return status === 'interrupted' ? { kind: 'waiting-again' } : { kind: 'answered-lost' }
}

/** Each thread's state read again, `STATES_AT_ONCE` at once, classified after `DEPLOYED`. */
export async function rereadAfterDeploy(
  client: ThreadsClient,
  threads: readonly ParkedThread[]
): Promise<{ thread: ParkedThread; after: AfterDeploy }[]> {
  return eachAtMost(threads, STATES_AT_ONCE, async (thread) => ({
    thread,
    after: afterDeploy(thread, await client.state(thread.id))
  }))
}

/** Each thread read once more after a rollback: its state, then the statuses in one search. */
export async function rereadAfterRollback(
  client: ThreadsClient,
  threads: readonly ParkedThread[]
): Promise<{ thread: ParkedThread; after: AfterRollback }[]> {
  const states = await eachAtMost(threads, STATES_AT_ONCE, (thread) => client.state(thread.id))
  const statuses = await client.statuses(threads.map((thread) => thread.id))
  return threads.map((thread, index) => ({
    thread,
    after: afterRollback(thread, states[index] as StateRead, statuses.get(thread.id))
  }))
}
