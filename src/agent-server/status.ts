/**
 * What an agent server's HTTP status means for a check: the one table every check reads.
 * - `answered`: 200, the body is the answer.
 * - `refused`: 401/403, the key or auth scheme is not accepted; waiting does not change that.
 * - `missing`: 404, the path is not there. Whether that can change is the path's to say: an
 *   assistant can appear once the new revision serves, while a server without `/info` keeps none.
 * - `not-ready`: 408, 429, 5xx: the server (or the gateway before it) is not ready; ask again.
 * - `rejected`: any other status: the request is wrong for this server; asking again changes
 *   nothing.
 */
export type AgentStatusMeaning = 'answered' | 'refused' | 'missing' | 'not-ready' | 'rejected'

const MEANINGS: Readonly<Record<number, AgentStatusMeaning>> = {
  200: 'answered',
  401: 'refused',
  403: 'refused',
  404: 'missing',
  408: 'not-ready',
  429: 'not-ready'
}

export function agentStatusMeaning(status: number): AgentStatusMeaning {
  return MEANINGS[status] ?? (status >= 500 ? 'not-ready' : 'rejected')
}

/** What to do about a refused key, said wherever a check is refused. */
export const REFUSED_HINT = 'Check agent-api-key and agent-auth-scheme.'
