import { randomUUID } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { defaultLogs, logsPage, type LogSource } from './logs'
import { createProblems, patchProblems, type ValidationProblem } from './rules'
import { Store } from './store'
import type { Deployment, Fault, OutcomeChooser, RecordedRequest, Revision } from './types'

export interface ControlPlaneOptions {
  /** Expected X-Api-Key (default 'emulator-key'); anything else gets 401. */
  apiKey?: string
  /** When set, X-Tenant-Id must equal it, else 403 as for an organisation-scoped key. */
  tenantId?: string
  /** Path prefix the API is served under, e.g. '/api-host'. */
  basePath?: string
  /** Time a revision spends in each in-progress status (default 1000 ms). */
  stepMs?: number
  outcome?: OutcomeChooser
  /** custom_url of non-image deployments once a revision is DEPLOYED (default `${origin}/agent`). */
  agentUrl?: string
  now?: () => number
  port?: number
  /** A revision stays QUEUED while an older revision of its deployment has failed. */
  holdBehindFailed?: boolean
  /** The logs of a revision, or false for a service without the logs endpoint (404). */
  revisionLogs?: LogSource | false
}

export interface ControlPlaneEmulator {
  /** Origin plus base path. */
  url: string
  requests: RecordedRequest[]
  deployments(): Deployment[]
  /** Newest first. */
  revisions(deploymentId: string): Revision[]
  seedDeployment(init: {
    name: string
    source?: string
    status?: string
    source_config?: Record<string, unknown>
    source_revision_config?: Record<string, unknown>
  }): Deployment
  setOutcome(outcome: OutcomeChooser): void
  /** Revisions created from now on spend `stepMs` in each in-progress status (a slower build). */
  setStepMs(stepMs: number): void
  setRevisionLogs(source: LogSource | false): void
  injectFault(fault: Fault): void
  /** Drops the faults not yet spent. */
  clearFaults(): void
  tracingProjects(): string[]
  uploads(): { objectPath: string; bytes: Buffer; contentType?: string }[]
  close(): Promise<void>
}

const MAX_UPLOAD_BYTES = 200 * 1024 * 1024
const SEED_INTEGRATION = '00000000-0000-4000-8000-000000000001'

interface Answer {
  status: number
  body?: unknown
}

/** Starts the control-plane emulator on 127.0.0.1 (api.md §4.1, with the rules of §2 and §7). */
export async function startControlPlane(
  options: ControlPlaneOptions = {}
): Promise<ControlPlaneEmulator> {
  const apiKey = options.apiKey ?? 'emulator-key'
  const basePath = (options.basePath ?? '').replace(/\/+$/, '')
  const now = options.now ?? Date.now
  let origin = ''
  const store = new Store({
    stepMs: options.stepMs ?? 1000,
    now,
    agentUrl: () => options.agentUrl ?? `${origin}/agent`,
    outcome: options.outcome ?? 'DEPLOYED',
    holdBehindFailed: options.holdBehindFailed
  })
  const requests: RecordedRequest[] = []
  const faults: (Fault & { left: number })[] = []
  const uploads: { objectPath: string; bytes: Buffer; contentType?: string }[] = []
  let revisionLogs: LogSource | false = options.revisionLogs ?? defaultLogs
  const uploadTokens = new Map<string, { deploymentId: string; objectPath: string }>()

  const route = (method: string, path: string, query: URLSearchParams, body: unknown): Answer => {
    const segments = path.split('/').filter(Boolean)
    if (segments[0] !== 'v2' || segments[1] !== 'deployments')
      return { status: 404, body: { detail: 'Not Found' } }
    const [, , id, sub, revisionId, tail] = segments
    if (id === undefined) {
      if (method === 'GET') return listDeployments(query)
      if (method === 'POST') return createDeployment(body)
      return { status: 405, body: { detail: 'Method Not Allowed' } }
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
    }
    if (sub === 'revisions' && method === 'GET') {
      if (revisionId === undefined) return page(store.revisions(id), query)
      const revision = store.revision(id, revisionId)
      if (!revision)
        return { status: 404, body: { detail: `Revision ID ${revisionId} not found.` } }
      if (tail === undefined) return { status: 200, body: revision }
      if (tail === 'logs' && revisionLogs !== false) {
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
        return logsPage(revisionLogs({ revision, type }), query)
      }
    }
    if (sub === 'upload-url' && method === 'POST' && revisionId === undefined) {
      const token = randomUUID()
      const objectPath = `uploads/${id}/${token}.tar.gz`
      uploadTokens.set(token, { deploymentId: id, objectPath })
      return {
        status: 200,
        body: { upload_url: `${origin}/_upload/${token}`, object_path: objectPath }
      }
    }
    return { status: 404, body: { detail: 'Not Found' } }
  }

  const listDeployments = (query: URLSearchParams): Answer => {
    const nameContains = query.get('name_contains')
    const ids = query.get('deployment_ids')?.split(',')
    const all = store
      .list()
      .filter((d) => nameContains === null || d.name.includes(nameContains))
      .filter((d) => ids === undefined || ids.includes(d.id))
      .sort((a, b) => a.created_at.localeCompare(b.created_at))
    return page(all, query)
  }

  const page = <T>(items: T[], query: URLSearchParams): Answer => {
    const limit = Number(query.get('limit') ?? 20)
    const offset = Number(query.get('offset') ?? 0)
    const problems: ValidationProblem[] = []
    if (!Number.isInteger(limit) || limit < 1 || limit > 100) {
      problems.push({
        loc: ['query', 'limit'],
        msg: 'Input should be between 1 and 100',
        type: 'less_than_equal'
      })
    }
    if (!Number.isInteger(offset) || offset < 0) {
      problems.push({
        loc: ['query', 'offset'],
        msg: 'Input should be 0 or more',
        type: 'greater_than_equal'
      })
    }
    if (problems.length > 0) return { status: 422, body: { detail: problems } }
    const resources = items.slice(offset, offset + limit)
    return { status: 200, body: { resources, offset: offset + resources.length } }
  }

  const createDeployment = (body: unknown): Answer => {
    const request = (body ?? {}) as Record<string, unknown>
    const problems = createProblems(request, new Set(store.uploadedPaths.keys()))
    if (problems.length > 0) return { status: 422, body: { detail: problems } }
    const name = String(request.name)
    if (store.tracingProjects.has(name) || store.list().some((d) => d.name === name)) {
      return {
        status: 409,
        body: { detail: `A deployment or tracing project named '${name}' already exists.` }
      }
    }
    return { status: 201, body: store.create(request) }
  }

  const patchDeployment = (deployment: Deployment, body: unknown): Answer => {
    const request = (body ?? {}) as Record<string, unknown>
    const uploaded = new Set(
      [...store.uploadedPaths.entries()]
        .filter(([, owner]) => owner === deployment.id)
        .map(([path]) => path)
    )
    const problems = patchProblems(request, deployment, uploaded)
    if (problems.length > 0) return { status: 422, body: { detail: problems } }
    const revision = (request.source_revision_config ?? {}) as Record<string, unknown>
    const config = (request.source_config ?? {}) as Record<string, unknown>
    const createsRevision =
      ['repo_ref', 'graph_config_path', 'image_uri', 'source_tarball_path'].some(
        (key) => revision[key] != null
      ) ||
      request.secrets != null ||
      config.resource_spec != null
    return { status: 200, body: store.patch(deployment.id, request, createsRevision) }
  }

  const takeFault = (method: string, path: string): Fault | undefined => {
    const index = faults.findIndex(
      (fault) =>
        (fault.method === undefined || fault.method === method) &&
        (fault.path === undefined ||
          (typeof fault.path === 'string' ? fault.path === path : fault.path.test(path)))
    )
    if (index < 0) return undefined
    const fault = faults[index] as Fault & { left: number }
    fault.left -= 1
    if (fault.left <= 0) faults.splice(index, 1)
    return fault
  }

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const url = new URL(req.url ?? '/', origin)
    const method = req.method ?? 'GET'
    const raw = await readBody(req)
    if (url.pathname.startsWith('/_upload/')) {
      handleUpload(url.pathname.slice('/_upload/'.length), req, res, raw)
      return
    }
    const record: RecordedRequest = {
      method,
      path: url.pathname.startsWith(basePath)
        ? url.pathname.slice(basePath.length) || '/'
        : url.pathname,
      query: Object.fromEntries(url.searchParams),
      headers: Object.fromEntries(
        Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : v])
      ),
      body: undefined,
      status: 0
    }
    requests.push(record)
    let body: unknown
    if (raw.length > 0) {
      try {
        body = JSON.parse(raw.toString('utf8'))
        record.body = body
      } catch {
        return send(res, record, {
          status: 422,
          body: { detail: [{ loc: ['body'], msg: 'JSON decode error', type: 'json_invalid' }] }
        })
      }
    }
    if (basePath && !url.pathname.startsWith(`${basePath}/`)) {
      return send(res, record, { status: 404, body: { detail: 'Not Found' } })
    }
    if (req.headers['x-api-key'] !== apiKey)
      return send(res, record, { status: 401, body: { detail: 'Invalid API key' } })
    if (options.tenantId !== undefined && req.headers['x-tenant-id'] !== options.tenantId) {
      return send(res, record, {
        status: 403,
        body: { detail: 'This API key requires workspace specification (X-Tenant-Id)' }
      })
    }
    const fault = takeFault(method, record.path)
    if (fault) record.faulted = true
    if (fault?.kind === 'status') {
      const status = fault.status ?? 503
      if (fault.retryAfter !== undefined) res.setHeader('retry-after', fault.retryAfter)
      return send(res, record, { status, body: fault.body ?? { detail: `injected ${status}` } })
    }
    if (fault?.kind === 'reset-before') {
      req.socket.destroy()
      return
    }
    if (fault?.kind === 'delay')
      await new Promise((resolve) => setTimeout(resolve, fault.delayMs ?? 1000))
    const answer = route(method, record.path, url.searchParams, body)
    if (fault?.kind === 'reset-after') {
      record.status = answer.status
      req.socket.destroy()
      return
    }
    if (fault?.kind === 'truncate') {
      const text = JSON.stringify(answer.body ?? {})
      record.status = answer.status
      res.writeHead(answer.status, { 'content-type': 'application/json' })
      res.end(text.slice(0, Math.floor(text.length / 2)))
      return
    }
    send(res, record, answer)
  }

  const handleUpload = (token: string, req: IncomingMessage, res: ServerResponse, raw: Buffer) => {
    const target = uploadTokens.get(token)
    const record: RecordedRequest = {
      method: req.method ?? 'PUT',
      path: '/_upload',
      query: {},
      headers: {
        'content-type': req.headers['content-type'],
        'content-length': req.headers['content-length']
      },
      body: { bytes: raw.length },
      status: 0
    }
    requests.push(record)
    if (req.method !== 'PUT' || !target)
      return send(res, record, { status: 404, body: { detail: 'Not Found' } })
    if (req.headers['content-type'] !== 'application/gzip') {
      return send(res, record, {
        status: 400,
        body: { detail: 'Content-Type must be application/gzip' }
      })
    }
    if (raw.length > MAX_UPLOAD_BYTES)
      return send(res, record, { status: 413, body: { detail: 'Upload too large' } })
    uploads.push({
      objectPath: target.objectPath,
      bytes: raw,
      contentType: req.headers['content-type']
    })
    store.uploadedPaths.set(target.objectPath, target.deploymentId)
    send(res, record, { status: 200 })
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' })
      res.end(JSON.stringify({ detail: `emulator error: ${String(error)}` }))
    })
  })
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve))
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`

  return {
    url: origin + basePath,
    requests,
    deployments: () => store.list(),
    revisions: (deploymentId) => store.revisions(deploymentId),
    seedDeployment: (init) => {
      const source = init.source ?? 'git_host'
      const previous = store.options.outcome
      store.setOutcome(init.status ?? 'DEPLOYED')
      const deployment = store.create({
        name: init.name,
        source,
        source_config:
          init.source_config ?? (source === 'git_host' ? { integration_id: SEED_INTEGRATION } : {}),
        source_revision_config:
          init.source_revision_config ??
          (source === 'git_host'
            ? { repo_ref: 'main', graph_config_path: 'graph.json' }
            : { image_uri: 'seed:1' })
      })
      store.setOutcome(previous)
      return deployment
    },
    setOutcome: (outcome) => store.setOutcome(outcome),
    setStepMs: (stepMs) => store.setStepMs(stepMs),
    setRevisionLogs: (source) => {
      revisionLogs = source
    },
    injectFault: (fault) => faults.push({ ...fault, left: fault.times ?? 1 }),
    clearFaults: () => {
      faults.length = 0
    },
    tracingProjects: () => [...store.tracingProjects],
    uploads: () => [...uploads],
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections()
        server.close((error) => (error ? reject(error) : resolve()))
      })
  }
}

function send(res: ServerResponse, record: RecordedRequest, answer: Answer): void {
  record.status = answer.status
  if (answer.body === undefined) {
    res.writeHead(answer.status)
    res.end()
    return
  }
  res.writeHead(answer.status, { 'content-type': 'application/json' })
  res.end(JSON.stringify(answer.body))
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => resolve(Buffer.concat(chunks)))
    req.on('error', reject)
  })
}
