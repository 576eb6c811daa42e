import { z } from 'zod'
import { UUID } from '../lib/ids'
import { agentExchange, type AgentServer } from './exchange'
import { AgentReadError, retryingExchange, type RetrySettings } from './retrying'

// The only threads the action writes: its own canaries, named by ids it derives, never found by
// their metadata. A delete is sent again like a read (it changes nothing the second time); a
// create only after a 429; a run once (it is the agent acting, as a user's message would).

export interface CanaryThreadsClient {
  /** `DELETE /threads/{id}`: gone now, or was not there. */
  remove(id: string): Promise<'deleted' | 'not-found'>
  /** `POST /threads` with this id and metadata, refused if it exists. */
  create(id: string, metadata: Record<string, unknown>): Promise<void>
  /** `POST /threads/{id}/runs/wait`, once: the answer's status and text, and how long it took. */
  run(
    id: string,
    body: { assistant_id: string; input?: unknown; command?: { resume: unknown } },
    timeoutMs?: number
  ): Promise<{ status: number; text: string; ms: number }>
  /** The messages the canary's thread holds (its own values, not a user's). */
  messages(id: string): Promise<unknown[]>
}

const created = z.object({ thread_id: z.string().regex(UUID, 'not a UUID') })
const canaryState = z.object({
  values: z.object({ messages: z.array(z.unknown()).optional() }).loose()
})

export function canaryThreadsClient(
  server: AgentServer,
  options: RetrySettings = {}
): CanaryThreadsClient {
  const path = (id: string) => {
    if (!UUID.test(id)) throw new TypeError(`a canary thread is named by a UUID, not ${id}`)
    return `/threads/${id}`
  }
  return {
    remove: async (id) => {
      const answer = await retryingExchange(server, options, {
        method: 'DELETE',
        path: path(id),
        retryAs: 'GET',
        schema: z.unknown(),
        withoutContentType: true
      })
      if (answer.kind === 'answer') return 'deleted'
      if (answer.status === 404) return 'not-found'
      throw new AgentReadError(
        'DELETE',
        path(id),
        { kind: 'status', status: answer.status },
        answer.detail
      )
    },
    create: async (id, metadata) => {
      const answer = await retryingExchange(server, options, {
        method: 'POST',
        path: '/threads',
        body: { thread_id: id, metadata, if_exists: 'raise' },
        retryAs: 'POST',
        schema: created
      })
      if (answer.kind === 'status')
        throw new AgentReadError(
          'POST',
          '/threads',
          { kind: 'status', status: answer.status },
          answer.detail
        )
    },
    run: async (id, body, timeoutMs) => {
      const started = server.now()
      const answer = await agentExchange(server, {
        method: 'POST',
        path: `${path(id)}/runs/wait`,
        body,
        timeoutMs
      })
      return { status: answer.status, text: answer.text, ms: server.now() - started }
    },
    messages: async (id) => {
      const answer = await retryingExchange(server, options, {
        method: 'GET',
        path: `${path(id)}/state`,
        retryAs: 'GET',
        schema: canaryState,
        withoutContentType: true
      })
      if (answer.kind === 'status')
        throw new AgentReadError(
          'GET',
          `${path(id)}/state`,
          { kind: 'status', status: answer.status },
          answer.detail
        )
      return answer.value.values.messages ?? []
    }
  }
}
