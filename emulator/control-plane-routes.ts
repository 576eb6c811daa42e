import type { Answer } from './http'
import { logsPage, type LogSource } from './logs'
import { createProblems, createsRevision, patchProblems } from './rules'
import type { Store } from './store'
import type { Deployment, Revision } from './types'
import type { UploadSlots } from './uploads'

export const NOT_FOUND: Answer = { status: 404, body: { detail: 'Not Found' } }
const METHOD_NOT_ALLOWED: Answer = { status: 405, body: { detail: 'Method Not Allowed' } }

/** What the routes read: the state, the upload slots, and what the server learns or changes later. */
export interface RouteContext {
  store: Store
  slots: UploadSlots
  /** The server's origin, known once it listens. */
  origin: () => string
  /** The logs of a revision, or false for a service without the logs endpoint (404). */
  revisionLogs: () => LogSource | false
  /** The deployment types the workspace's plan accepts (default every type of 2026). */
  deploymentTypes?: readonly string[]
}

export type Route = (method: string, path: string, query: URLSearchParams, body: unknown) => Answer

/**
 * The API's resources (api.md §4.1): a path under the base path and a method answered from the
 * store, once the server has let the request in (key, tenant, faults).
 */
export function controlPlaneRoutes({
  store,
  slots,
  origin,
  revisionLogs,
  deploymentTypes
}: RouteContext): Route {
  const route = (method: string, path: string, query: URLSearchParams, body: unknown): Answer => {
    const [v2, collection, id, sub, revisionId, tail, ...rest] = path.split('/').slice(1)
    if (v2 !== 'v2' || collection !== 'deployments' || rest.length > 0) return NOT_FOUND
    if (id === undefined || id === '') {
      if (method === 'GET') return listDeployments(query)
      if (method === 'POST') return createDeployment(body)
      return METHOD_NOT_ALLOWED
    }
    const deployment = store.get(id)
    if (!deployment) return { status: 404, body: { detail: `Deployment ID ${id} not found.` } }
    if (sub === undefined) {
      if (method === 'GET') return { status: 200, body: deployment }
      if (method === 'PATCH') return patchDeployment(deployment, body)
      if (method === 'DELETE') {
        store.delete(id, query.get('delete_tracing_project') === 'true')
        return { status: 204 }
      }
      return METHOD_NOT_ALLOWED
    }
    if (sub === 'upload-url' && revisionId === undefined) {
      if (method !== 'POST') return METHOD_NOT_ALLOWED
      return { status: 200, body: slots.open(origin(), id) }
    }
    if (sub !== 'revisions') return NOT_FOUND
    if (tail === 'redeploy' && method === 'POST') return redeploy(id, revisionId ?? '')
    if (method !== 'GET') return METHOD_NOT_ALLOWED
    if (revisionId === undefined) return page(withStatus(store.revisions(id), query), query)
    const revision = store.revision(id, revisionId)
    if (!revision) return { status: 404, body: { detail: `Revision ID ${revisionId} not found.` } }
    if (tail === undefined) return { status: 200, body: revision }
    const logSource = revisionLogs()
    if (tail === 'logs' && logSource !== false) return logs(logSource, revision, query)
    return NOT_FOUND
  }

  const listDeployments = (query: URLSearchParams): Answer => {
    const nameContains = query.get('name_contains')
    const ids = query.get('deployment_ids')?.split(',')
    const matching = store
      .list()
      .filter((deployment) => nameContains === null || deployment.name.includes(nameContains))
      .filter((deployment) => ids === undefined || ids.includes(deployment.id))
      .sort((a, b) => a.created_at.localeCompare(b.created_at))
    return page(matching, query)
  }

  const createDeployment = (body: unknown): Answer => {
    const problems = createProblems(body, new Set(store.uploadedPaths.keys()), deploymentTypes)
    if (problems.length > 0) return { status: 422, body: { detail: problems } }
    const request = body as Record<string, unknown>
    const name = String(request.name)
    if (store.nameTaken(name)) {
      return {
        status: 409,
        body: { detail: `A deployment or tracing project named '${name}' already exists` }
      }
    }
    return { status: 201, body: store.create(request) }
  }

  const patchDeployment = (deployment: Deployment, body: unknown): Answer => {
    // api.md refuses "arbitrary paths", not a path upload-url handed out for another deployment
    // of the tenant (a promote reuses one); what the service does then is not published.
    const problems = patchProblems(body, deployment, new Set(store.uploadedPaths.keys()))
    if (problems.length > 0) return { status: 422, body: { detail: problems } }
    const request = body as Record<string, unknown>
    return { status: 200, body: store.patch(deployment.id, request, createsRevision(request)) }
  }

  /** 200 with the deployment and a new revision rebuilt from a revision that was DEPLOYED. */
  const redeploy = (id: string, revisionId: string): Answer => {
    const revision = store.revision(id, revisionId)
    if (!revision) return { status: 404, body: { detail: `Revision ID ${revisionId} not found.` } }
    if (revision.status !== 'DEPLOYED') {
      return {
        status: 400,
        body: {
          detail: `Revision ${revisionId} is ${revision.status} and was never deployed; only a deployed revision can be redeployed.`
        }
      }
    }
    return { status: 200, body: store.redeploy(id, revisionId) }
  }

  return route
}

/** The revisions whose status is in `status` (a comma-separated list), or all without it. */
function withStatus(revisions: Revision[], query: URLSearchParams): Revision[] {
  const wanted = query.get('status')
  if (wanted === null || wanted === '') return revisions
  const statuses = new Set(wanted.split(',').map((status) => status.trim()))
  return revisions.filter((revision) => statuses.has(revision.status))
}

/** A list page: `limit` 1–100 (default 20), `offset` ≥ 0; `offset` answered is the next page's. */
function page<T>(items: T[], query: URLSearchParams): Answer {
  const limit = Number(query.get('limit') ?? 20)
  const offset = Number(query.get('offset') ?? 0)
  const problems = []
  if (!Number.isInteger(limit) || limit < 1 || limit > 100) {
    problems.push({
      loc: ['query', 'limit'],
      msg: 'Input should be an integer from 1 to 100',
      type: !Number.isInteger(limit)
        ? 'int_parsing'
        : limit < 1
          ? 'greater_than_equal'
          : 'less_than_equal'
    })
  }
  if (!Number.isInteger(offset) || offset < 0) {
    problems.push({
      loc: ['query', 'offset'],
      msg: 'Input should be an integer of 0 or more',
      type: Number.isInteger(offset) ? 'greater_than_equal' : 'int_parsing'
    })
  }
  if (problems.length > 0) return { status: 422, body: { detail: problems } }
  const resources = items.slice(offset, offset + limit)
  return { status: 200, body: { resources, offset: offset + resources.length } }
}

function logs(source: LogSource, revision: Revision, query: URLSearchParams): Answer {
  const type = query.get('type')
  if (type !== 'build' && type !== 'deploy') {
    return {
      status: 422,
      body: {
        detail: [
          { loc: ['query', 'type'], msg: "Input should be 'build' or 'deploy'", type: 'enum' }
        ]
      }
    }
  }
  return logsPage(source({ revision, type }), query)
}
