import type { ServingRevision } from './types'

/** What /info says of the host: see AgentServerOptions.infoHost. */
export type InfoHost = 'serving' | 'absent' | 'stale' | 'malformed'

/**
 * The body of the agent server's GET /info: its version and flags, and for a server run by the
 * service a `host` naming the control plane's revision it runs (`host_revision_id`). With
 * 'stale' and `stale` true it names the revision that served before (none before the first);
 * with 'malformed' it names it as a number, as a broken server might.
 */
export function infoBody(serving: ServingRevision | undefined, mode: InfoHost, stale: boolean) {
  const body = {
    version: '0.0.0-emulator',
    context: 'js',
    flags: { assistants: true, crons: false, langsmith: false }
  }
  if (serving === undefined || mode === 'absent') return body
  const revisionId = mode === 'stale' && stale ? serving.previousRevisionId : serving.revisionId
  return {
    ...body,
    host: {
      kind: 'emulator',
      project_id: serving.deploymentId,
      host_revision_id: mode === 'malformed' ? 42 : revisionId,
      // The server's own revision, not the control plane's: never the id to compare.
      revision_id: revisionId === null ? null : `server-${revisionId.slice(0, 8)}`,
      tenant_id: serving.tenantId
    }
  }
}
