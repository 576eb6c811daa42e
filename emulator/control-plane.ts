import { randomUUID } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { controlPlaneRoutes, NOT_FOUND } from './control-plane-routes'
import { FaultQueue, statusAnswer } from './faults'
import { bodyBytes, parseJson, readBody, recordOf, send, type Answer } from './http'
import { defaultLogs, type LogSource } from './logs'
import { Store } from './store'
import type {
  AgentBehaviour,
  AgentChooser,
  Deployment,
  Fault,
  OutcomeChooser,
  RecordedRequest,
  Revision,
  RevisionOutcome,
  SeedRevision,
  ServingRevision
} from './types'
import { UPLOAD_PREFIX, UploadSlots, type Upload } from './uploads'

export interface ControlPlaneOptions {
  /** Expected X-Api-Key (default 'emulator-key'); anything else gets 401. */
  apiKey?: string
  /** When set, X-Tenant-Id must equal it, else 403 as for an organisation-scoped key. */
  tenantId?: string
  /** Path prefix the API is served under, e.g. '/api-host' (default ''). */
  basePath?: string
  /** Time a revision spends in each in-progress status (default 1000 ms). */
  stepMs?: number
  /** Time in particular statuses, e.g. `{ BUILDING: 120_000 }`; the others take `stepMs`. */
  phaseMs?: Partial<Record<string, number>>
  /**
   * Time from DEPLOYED until `active_revision_id` (and the agent server, see `serving`) moves to
   * a new revision (default 0). Until then the previous revision serves.
   */
  activeLagMs?: number
  /** How the agent server answers while a new revision serves (default 'well'). */
  agent?: AgentChooser
  /** Final status of new revisions (default 'DEPLOYED'). */
  outcome?: OutcomeChooser
  /** custom_url of non-external_image deployments once a revision is DEPLOYED (default `${url}/agent`). */
  agentUrl?: string
  /** Clock in ms (default Date.now). */
  now?: () => number
  /** The sleep of a 'delay' fault, on the clock `now` reads (default real time). */
  sleep?: (ms: number) => Promise<void>
  /** Default 0: a free port. */
  port?: number
  /** A deployment's tracing project id, answered as `tracer_session_id` (not in the schema). */
  tracerSessionId?: (deploymentName: string) => string | undefined
  /** A revision stays QUEUED while an older revision of its deployment has failed. */
  holdBehindFailed?: boolean
  /** The logs of a revision, or false for a service without the logs endpoint (404). */
  revisionLogs?: LogSource | false
  /**
   * The deployment types the workspace's plan accepts (default the five of 2026: service-notes);
   * another is refused with a 422 naming these.
   */
  deploymentTypes?: readonly string[]
}

export interface ControlPlaneEmulator {
  /** Origin plus base path. */
  url: string
  /** Every request in order, including refused and faulted ones. */
  requests: RecordedRequest[]
  /** Deep copies of the current state. */
  deployments(): Deployment[]
  /** Newest first. */
  revisions(deploymentId: string): Revision[]
  /**
   * Adds a deployment whose revisions already happened; not recorded. Its history is `history`
   * (oldest first; see SeedRevision for durations and agent behaviour) or else one revision that
   * has reached `status` (default 'DEPLOYED'). With `updated_at` (ISO time) its newest revision
   * was created then, and so was the last update; else the newest revision just reached its
   * status. A git_host deployment gets a repo_url-less config unless `source_config` is given.
   */
  seedDeployment(init: {
    name: string
    source?: string
    status?: RevisionOutcome
    history?: SeedRevision[]
    updated_at?: string
    source_config?: object
    source_revision_config?: object
  }): Deployment
  /** Outcome of revisions created from now on; undefined restores 'DEPLOYED'. */
  setOutcome(outcome: ControlPlaneOptions['outcome']): void
  /** Revisions created from now on spend `stepMs` in each in-progress status (a slower build). */
  setStepMs(stepMs: number): void
  /** Revisions created from now on spend `phaseMs[status]` in those statuses; {} undoes it. */
  setPhaseMs(phaseMs: Partial<Record<string, number>>): void
  /** Revisions created from now on become active this long after DEPLOYED. */
  setActiveLagMs(lagMs: number): void
  /** Agent behaviour of revisions created from now on (not redeploys: they keep their source's). */
  setAgent(agent: AgentChooser): void
  /** How the agent server answers while this revision serves. */
  setRevisionAgent(revisionId: string, agent: AgentBehaviour): void
  /**
   * The revision `deployment` (an id or a name) serves now (or `at`), or undefined: give it to the
   * agent server as `host: () => controlPlane.serving('name')`.
   */
  serving(deployment: string, at?: number): ServingRevision | undefined
  /** Every redeploy request received, including refused and faulted ones. */
  redeploys(): RecordedRequest[]
  /**
   * The commit a git_host build of `ref` resolves to now: derived from the ref, so every
   * deployment building it gets the same one, until `moveRef`.
   */
  commitOf(ref: string): string
  /** A push to `ref`: later builds of it get `commit` (default: a new one), which is returned. */
  moveRef(ref: string, commit?: string): string
  /** From now on, builds of `ref` show no repo_commit_sha, as a service that does not say. */
  hideCommit(ref: string): void
  setRevisionLogs(source: LogSource | false): void
  injectFault(fault: Fault): void
  /** Drops the faults not yet spent. */
  clearFaults(): void
  tracingProjects(): string[]
  uploads(): Upload[]
  close(): Promise<void>
}

const SEED_INTEGRATION = '00000000-0000-4000-8000-000000000001'
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const REDEPLOY_PATH = /^\/v2\/deployments\/[^/]+\/revisions\/[^/]+\/redeploy$/

/** Starts the control-plane emulator on 127.0.0.1 (api.md §4.1, with the rules of §2 and §7). */
export async function startControlPlane(
  options: ControlPlaneOptions = {}
): Promise<ControlPlaneEmulator> {
  const apiKey = options.apiKey ?? 'emulator-key'
  const basePath = (options.basePath ?? '').replace(/\/+$/, '')
  let origin = ''
  const store = new Store({
    stepMs: options.stepMs ?? 1000,
    now: options.now ?? Date.now,
    agentUrl: () => options.agentUrl ?? `${origin}${basePath}/agent`,
    outcome: options.outcome ?? 'DEPLOYED',
    tenantId:
      options.tenantId !== undefined && UUID.test(options.tenantId)
        ? options.tenantId
        : randomUUID(),
    holdBehindFailed: options.holdBehindFailed,
    phaseMs: options.phaseMs,
    activeLagMs: options.activeLagMs,
    agent: options.agent,
    tracerSessionId: options.tracerSessionId
  })
  const requests: RecordedRequest[] = []
  const faults = new FaultQueue()
  const slots = new UploadSlots()
  let revisionLogs: LogSource | false = options.revisionLogs ?? defaultLogs
  const route = controlPlaneRoutes({
    store,
    slots,
    origin: () => origin,
    revisionLogs: () => revisionLogs,
    deploymentTypes: options.deploymentTypes
  })

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const url = new URL(req.url ?? '/', origin)
    if (url.pathname.startsWith(UPLOAD_PREFIX)) return handleUpload(req, res, url)
    const method = req.method ?? 'GET'
    const inBase = basePath === '' || url.pathname.startsWith(`${basePath}/`)
    const record = recordOf(
      req,
      url,
      inBase ? url.pathname.slice(basePath.length) || '/' : url.pathname
    )
    record.at = (options.now ?? Date.now)()
    requests.push(record)
    const parsed = parseJson(await readBody(req))
    if (parsed.ok) record.body = parsed.value
    if (!inBase) return send(res, record, NOT_FOUND)
    if (req.headers['x-api-key'] !== apiKey)
      return send(res, record, { status: 401, body: { detail: 'Invalid API key' } })
    if (options.tenantId !== undefined && req.headers['x-tenant-id'] !== options.tenantId) {
      return send(res, record, {
        status: 403,
        body: { detail: 'This API key requires workspace specification (X-Tenant-Id)' }
      })
    }
    const fault = faults.take(method, record.path)
    if (fault) record.faulted = true
    await fault?.before?.()
    if (fault?.kind === 'status') {
      const { status, headers, body } = statusAnswer(fault)
      return send(res, record, { status, body }, headers)
    }
    if (fault?.kind === 'reset-before') {
      req.socket.destroy()
      return
    }
    // Unref'd: a test whose client gave up may close the emulator before the delay ends, and
    // the pending answer must not keep the test process alive.
    if (fault?.kind === 'delay')
      await (options.sleep
        ? options.sleep(fault.delayMs ?? 1000)
        : new Promise((resolve) => setTimeout(resolve, fault.delayMs ?? 1000).unref()))
    if (fault?.kind === 'ignore-offset') url.searchParams.delete('offset')
    const answer: Answer = parsed.ok
      ? route(method, record.path, url.searchParams, parsed.value)
      : {
          status: 422,
          body: { detail: [{ loc: ['body'], msg: 'JSON decode error', type: 'json_invalid' }] }
        }
    if (fault?.kind === 'reset-after') {
      req.socket.destroy()
      return
    }
    const bytes = bodyBytes(answer)
    if (fault?.kind === 'truncate' && bytes !== undefined) {
      // The status line and headers are right; the JSON stops halfway.
      record.status = answer.status
      res.writeHead(answer.status, { 'content-type': 'application/json' })
      res.end(bytes.subarray(0, Math.floor(bytes.length / 2)))
      return
    }
    send(res, record, answer)
  }

  const handleUpload = async (req: IncomingMessage, res: ServerResponse, url: URL) => {
    const token = url.pathname.slice(UPLOAD_PREFIX.length)
    const record = recordOf(req, url, UPLOAD_PREFIX.slice(0, -1))
    requests.push(record)
    const refused = slots.check(token, req)
    if (refused) return send(res, record, refused)
    const bytes = await readBody(req)
    record.body = { bytes: bytes.length }
    const slot = slots.store(token, bytes, req.headers['content-type'])
    store.uploadedPaths.set(slot.objectPath, slot.deploymentId)
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
      if (init.history !== undefined && init.status !== undefined)
        throw new Error(`seedDeployment ${init.name}: give either status or history, not both`)
      const updatedAt = init.updated_at === undefined ? undefined : Date.parse(init.updated_at)
      if (Number.isNaN(updatedAt))
        throw new Error(`seedDeployment ${init.name}: updated_at ${init.updated_at} is not a time`)
      return store.seed(
        {
          name: init.name,
          source,
          source_config:
            init.source_config ??
            (source === 'git_host' ? { integration_id: SEED_INTEGRATION } : {}),
          source_revision_config: init.source_revision_config ?? seedRevisionConfig(source)
        },
        init.history ?? [{ status: init.status ?? 'DEPLOYED' }],
        updatedAt
      )
    },
    setOutcome: (outcome) => store.setOutcome(outcome ?? 'DEPLOYED'),
    setStepMs: (stepMs) => store.setStepMs(stepMs),
    setPhaseMs: (phaseMs) => store.setPhaseMs(phaseMs),
    setActiveLagMs: (lagMs) => store.setActiveLagMs(lagMs),
    setAgent: (agent) => store.setAgent(agent),
    setRevisionAgent: (revisionId, agent) => store.setRevisionAgent(revisionId, agent),
    serving: (deployment, at) => store.serving(deployment, at),
    redeploys: () =>
      requests.filter((request) => request.method === 'POST' && REDEPLOY_PATH.test(request.path)),
    commitOf: (ref) => store.commitOf(ref),
    moveRef: (ref, commit) => store.moveRef(ref, commit),
    hideCommit: (ref) => store.hideCommit(ref),
    setRevisionLogs: (source) => {
      revisionLogs = source
    },
    injectFault: (fault) => faults.inject(fault),
    clearFaults: () => faults.clear(),
    tracingProjects: () => [...store.tracingProjects],
    uploads: () => [...slots.uploads],
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections()
        server.close((error) => (error ? reject(error) : resolve()))
      })
  }
}

function seedRevisionConfig(source: string): Record<string, unknown> {
  if (source === 'git_host') return { repo_ref: 'main', graph_config_path: 'graph.json' }
  if (source === 'internal_source')
    return { graph_config_path: 'graph.json', source_tarball_path: 'uploads/seed.tar.gz' }
  return { image_uri: 'seed:1' }
}
