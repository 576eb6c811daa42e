/**
 * The bake window's reads of the tracing service: the deployment's project, found before any
 * write, and a window's stats read again and again until an attempt is answered or the next read
 * is due (spec: Bake window, "A read").
 */
import type { CallOptions } from '../control-plane/request'
import { UUID } from '../lib/ids'
import type { TracingClient } from './client'
import type { ProjectLookup, StatsRead, StatsWindow } from './run-stats'
import type { Session } from './schemas'

/** What the lookup knows of the deployment: its exact name and, when the service said, its project. */
export interface DeploymentProject {
  name: string
  /** The control plane's `tracer_session_id`: used only when it is a UUID. */
  tracerSessionId?: string | null
}

/**
 * The deployment's tracing project: its `tracer_session_id` when that is a UUID of a project the
 * service has, else the project of the deployment's exact name; `not-found` when neither exists.
 */
export async function findProject(
  client: TracingClient,
  deployment: DeploymentProject,
  call: CallOptions
): Promise<ProjectLookup> {
  const id = deployment.tracerSessionId
  if (typeof id === 'string' && UUID.test(id)) {
    const session = await client.getProject(id, call)
    if (session) return found(session, 'tracer-session-id')
  }
  const session = await client.findSessionByName(deployment.name, call)
  return session ? found(session, 'name') : { kind: 'not-found', name: deployment.name }
}

const found = (session: Session, foundBy: 'tracer-session-id' | 'name'): ProjectLookup => ({
  kind: 'found',
  project: { id: session.id, name: session.name, tenantId: session.tenant_id ?? null, foundBy }
})

/**
 * A window's stats, tried until an attempt is answered or `deadline` comes (the next read's
 * time): each unanswered attempt waits the client's backoff, and any `Retry-After` hold, before
 * the next; no attempt starts, and none is waited for, past the deadline. A refusal that will not
 * change (401, 403, a 400 on the filter) is thrown at once.
 */
export async function readRunStats(
  client: TracingClient,
  projectId: string,
  window: StatsWindow,
  call: { deadline: number; signal?: AbortSignal }
): Promise<StatsRead> {
  let reason = 'the deadline came before any attempt'
  for (let attempts = 0; ;) {
    if (client.now() >= call.deadline) return { kind: 'unanswered', reason, attempts }
    const attempt = await client.runStatsAttempt(projectId, window, call)
    attempts += 1
    if (attempt.kind === 'answered') return { ...attempt, attempts }
    reason = attempt.reason
    const now = client.now()
    const next = Math.max(now + client.retryDelay(attempts - 1), client.heldUntil)
    if (next >= call.deadline) return { kind: 'unanswered', reason, attempts }
    await client.sleep(next - now, call.signal)
  }
}
