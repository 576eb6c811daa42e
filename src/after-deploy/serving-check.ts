import { z } from 'zod'
import type { CallOptions } from '../control-plane/client'
import type { Deployment } from '../control-plane/schemas'
import { TransportError } from '../control-plane/transport'
import { agentExchange, type AgentServer } from './agent-server'

/** How long `active_revision_id` may lag behind DEPLOYED before the check fails. */
export const ACTIVE_REVISION_WAIT_MS = 60_000
/** Gap between two reads of the deployment or of /info while they still name another revision. */
const READ_GAP_MS = 2_000
const INFO_REQUEST_MS = 10_000

/** What a serving check found: this run's revision, none named, or another one (or unreadable). */
export type Serving =
  | { kind: 'serving' }
  | { kind: 'not-named'; why: string }
  | { kind: 'other'; servingId: string | null }

export interface ActiveRevisionCheck {
  getDeployment: (call: CallOptions) => Promise<Deployment>
  revisionId: string
  /** `active_revision_id` as a read just made saw it: when it is this revision, none is sent. */
  seen?: string | null
  /** Epoch ms: the end of ACTIVE_REVISION_WAIT_MS, never past the run's deadline. */
  deadline: number
  signal?: AbortSignal
  now: () => number
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>
}

/**
 * After DEPLOYED: the deployment's `active_revision_id` must become this run's revision. It is
 * read again while it names another (the service moves it a little after DEPLOYED), until the
 * deadline. A service that returns none cannot be checked this way.
 */
export async function checkActiveRevision(check: ActiveRevisionCheck): Promise<Serving> {
  if (check.seen === check.revisionId) return { kind: 'serving' }
  for (;;) {
    const current = await check.getDeployment({ deadline: check.deadline, signal: check.signal })
    const active = current.active_revision_id
    if (active === undefined) {
      return { kind: 'not-named', why: 'the service returns no active_revision_id' }
    }
    if (active === check.revisionId) return { kind: 'serving' }
    const left = check.deadline - check.now()
    if (left <= 0) return { kind: 'other', servingId: active }
    await check.sleep(Math.min(READ_GAP_MS, left), check.signal)
  }
}

export interface InfoCheck extends AgentServer {
  revisionId: string
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>
}

const infoSchema = z
  .object({
    host: z.object({ host_revision_id: z.string().nullish() }).loose().nullish()
  })
  .loose()

/**
 * With `verify-assistant`: the agent server's `GET /info` names the control plane's revision it
 * runs as `host.host_revision_id` (servers run by the service, newer ones). Retried while it
 * names another revision or does not answer, until the deadline. A server that sends no
 * `host_revision_id`, or no /info at all (404), cannot be checked this way.
 */
export async function checkInfoHost(check: InfoCheck): Promise<Serving> {
  let last: Serving = { kind: 'not-named', why: 'GET /info did not answer' }
  for (;;) {
    const answer = await readInfo(check)
    if (answer.kind === 'body') {
      const parsed = infoSchema.safeParse(answer.body)
      const named = parsed.success ? parsed.data.host?.host_revision_id : undefined
      if (named === check.revisionId) return { kind: 'serving' }
      if (!parsed.success || named === undefined) {
        return {
          kind: 'not-named',
          why: "the agent server's GET /info names no host.host_revision_id (older and local servers send none)"
        }
      }
      last = { kind: 'other', servingId: named }
    } else if (answer.kind === 'absent') {
      return { kind: 'not-named', why: `the agent server answers ${answer.status} to GET /info` }
    } else {
      last = last.kind === 'other' ? last : { kind: 'not-named', why: answer.why }
    }
    const left = check.deadline - check.now()
    if (left <= 0) return last
    await check.sleep(Math.min(READ_GAP_MS, left), check.signal)
  }
}

async function readInfo(
  check: InfoCheck
): Promise<
  | { kind: 'body'; body: unknown }
  | { kind: 'absent'; status: number }
  | { kind: 'unreadable'; why: string }
> {
  try {
    const answer = await agentExchange(check, {
      method: 'GET',
      path: '/info',
      headers: { accept: 'application/json' },
      timeoutMs: INFO_REQUEST_MS
    })
    // A 4xx does not change by waiting (404: no /info; 401/403: not for this key): skipped.
    if (answer.status >= 400 && answer.status < 500)
      return { kind: 'absent', status: answer.status }
    if (answer.status !== 200) {
      return { kind: 'unreadable', why: `GET /info answered ${answer.status}` }
    }
    try {
      return { kind: 'body', body: JSON.parse(answer.text) }
    } catch {
      return { kind: 'unreadable', why: 'GET /info answered a body that is not JSON' }
    }
  } catch (error) {
    if (check.signal?.aborted) throw error
    const reason = error instanceof TransportError ? error.reason : String(error)
    return { kind: 'unreadable', why: `GET /info got no usable answer: ${reason}` }
  }
}
