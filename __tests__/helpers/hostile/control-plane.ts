import { startRecordingServer, send, type Answer, type HugeStats, type Seen } from './http'

/** The calls the action makes to the control plane. */
export type Route =
  | 'list-deployments'
  | 'create-deployment'
  | 'patch-deployment'
  | 'get-deployment'
  | 'delete-deployment'
  | 'upload-url'
  | 'get-revision'
  | 'list-revisions'
  | 'revision-logs'
  | 'unknown'

export interface ControlPlaneScript {
  /** Fields of the deployment every deployment answer carries (merged over a plain one). */
  deployment?: Record<string, unknown>
  /** The deployment exists before the run (found by name); else it is created. */
  exists?: boolean
  /** The id of the revision the create or update makes (later writes make other ids). */
  revisionId?: string
  /** The revision's status at each read, the last one repeated. Default: DEPLOYED. */
  statuses?: string[]
  /** The log objects of a log page (newest first, as the action asks). */
  logs?: unknown[]
  /** Where the upload goes (default: this server's `/_upload`), signed query included. */
  uploadUrl?: string
  /** Answers a call differently; undefined keeps the plain answer. */
  answer?: (route: Route, seen: Seen) => Answer | undefined
}

/** The ids a well-behaved service hands out (UUIDs); a test puts others in to see them refused. */
export const DEPLOYMENT_ID = '0d5f2a3e-6b1c-4f7a-9e2d-3c4b5a6f7e81'
export const PREVIOUS_REVISION_ID = '1e6a3b4f-7c2d-4a8b-8f3e-4d5c6b7a8f92'
export const REVISION_ID = '2f7b4c5a-8d3e-4b9c-9a4f-5e6d7c8b9a03'

/** The id of the n-th revision after REVISION_ID (n from 2): still a UUID. */
const laterRevisionId = (base: string, n: number) =>
  UUID_SHAPE.test(base) ? `${base.slice(0, -4)}${n.toString(16).padStart(4, '0')}` : `${base}-${n}`
const UUID_SHAPE = /^[0-9a-f-]{36}$/

function routeOf(seen: Seen): Route {
  const [v2, deployments, id, sub, revisionId, leaf] = seen.segments
  if (v2 !== 'v2' || deployments !== 'deployments') return 'unknown'
  const { method } = seen
  if (id === undefined || id === '')
    return method === 'POST' ? 'create-deployment' : 'list-deployments'
  if (sub === undefined) {
    if (method === 'PATCH') return 'patch-deployment'
    if (method === 'DELETE') return 'delete-deployment'
    return 'get-deployment'
  }
  if (sub === 'upload-url') return 'upload-url'
  if (sub !== 'revisions') return 'unknown'
  if (revisionId === undefined || revisionId === '') return 'list-revisions'
  return leaf === 'logs' ? 'revision-logs' : 'get-revision'
}

/**
 * A scripted control plane on 127.0.0.1 that answers the action's few calls with whatever a test
 * puts in them: the deployment's fields, the statuses a revision goes through, its log lines, and
 * any answer to any call (a hang, a redirect, a 1 GB body, an error that echoes a secret).
 */
export async function startHostileControlPlane(script: ControlPlaneScript = {}) {
  const revisionId = script.revisionId ?? REVISION_ID
  const statuses = script.statuses ?? ['DEPLOYED']
  let reads = 0
  // Each write makes a new revision: the first `revisionId`, later ones `revisionId-2`, `-3`….
  let writes = 0
  const latest = () =>
    writes === 0
      ? script.exists
        ? PREVIOUS_REVISION_ID
        : null
      : writes === 1
        ? revisionId
        : laterRevisionId(revisionId, writes)
  const huge: HugeStats = { requests: 0, bytesSent: 0 }
  const deployment = () => ({
    id: DEPLOYMENT_ID,
    name: 'support-agent',
    source: 'git_host',
    status: 'READY',
    source_config: { custom_url: null },
    source_revision_config: {},
    latest_revision_id: latest(),
    active_revision_id: latest(),
    ...script.deployment
  })
  const revision = (status: string, id = revisionId) => ({
    id,
    status,
    created_at: new Date().toISOString(),
    updated_at: new Date().toISOString()
  })
  const plain = (route: Route, seen: Seen): Answer => {
    switch (route) {
      case 'list-deployments':
        return { json: { resources: script.exists ? [deployment()] : [], offset: null } }
      case 'create-deployment':
        writes += 1
        return { status: 201, json: deployment() }
      case 'patch-deployment':
        writes += 1
        return { json: deployment() }
      case 'get-deployment':
        return { json: deployment() }
      case 'delete-deployment':
        return { status: 204, text: '' }
      case 'upload-url':
        return {
          json: {
            upload_url: script.uploadUrl ?? `${server.url}/_upload?sig=abc`,
            object_path: 'obj/1'
          }
        }
      case 'get-revision':
        return {
          json: revision(
            statuses[Math.min(reads++, statuses.length - 1)] ?? 'DEPLOYED',
            seen.segments[4]
          )
        }
      case 'list-revisions':
        return { json: { resources: [], offset: null } }
      case 'revision-logs':
        return { json: { logs: script.logs ?? [], next_offset: null } }
      case 'unknown':
        return seen.method === 'PUT' ? { text: '' } : { status: 404, json: { detail: 'Not Found' } }
    }
  }
  const server = await startRecordingServer((seen, res) => {
    const route = routeOf(seen)
    send(res, script.answer?.(route, seen) ?? plain(route, seen), huge)
  })
  return {
    url: server.url,
    seen: server.seen,
    huge,
    /** The requests of one route. */
    calls: (route: Route) => server.seen.filter((seen) => routeOf(seen) === route),
    close: server.close
  }
}

export type HostileControlPlane = Awaited<ReturnType<typeof startHostileControlPlane>>
