/**
 * The tracing service's emulator: datasets, evaluator rules, experiments, runs and feedback as
 * `shared/reference/tracing-api.md` describes them, on 127.0.0.1, for tests, the demo and bench.
 *
 * Test-facing API (`startTracing(options)` → `TracingEmulator`):
 * - Options: `now` (a virtual clock; nothing here runs on a timer: ingest lag and evaluator
 *   delays are compared with `now()` when a request reads), `ingestLagMs` (a run is visible this
 *   long after its 202, default 50), `apiKey`, `tenantId` with `orgScopedKey` (no X-Tenant-Id
 *   → 403 `{"error":"org_scoped_key_requires_workspace"}`), `basePath`, `countChildRuns`
 *   (`run_count` counts child runs too), `duplicateRunStatus` (202 default, or 409).
 *   Every path is served with or without an `/api/v1` prefix.
 * - Seeding: `seedDataset({name, examples: [{inputs, outputs, splits}], tags})`,
 *   `editDataset(id, {add, update, remove, tags})` (a new version, now), `setDatasetBaseline`,
 *   `addRule({dataset_id, keys, score(run, key), comment, delayMs, spendingLimit, is_enabled,
 *   sampling_rate, filter})`, `updateRule(id, change)`, `seedExperiment(...)` (runs with their
 *   scores, visible at once), `addFeedback`. `seedGate` in tracing-seed.ts does the usual set.
 *   A score function returns a number, a boolean, null, `{score, value, comment}` or undefined
 *   (no feedback); one that throws writes an evaluator error. `comment` is free text: make it
 *   hostile to test that it never shows. A rule scores each ended root run of an experiment of
 *   its dataset created after the rule, `delayMs` (default 200) after the run's end is ingested;
 *   `spendingLimit` counts runs scored (one evaluator call writes every key of the rule);
 *   `seedGate`'s default score is `holdsReference` (1 when the outputs hold the example's
 *   `answer` string, which the emulated agent's echo does, 0 for a 'wrong-reply' revision).
 * - `startServices()` (services.ts) starts the control plane, the agent server and this
 *   service together with one key, clock and workspace.
 * - Faults: `injectFault(fault)` with the control plane's `Fault` shape (status with
 *   `retryAfter`, reset-before, reset-after, delay, truncate, ignore-offset; per method/path/times), matched
 *   on the path without `/api/v1`; `clearFaults()`.
 * - Inspection: `requests` (every request, faulted ones marked), `sessions()`, `runs(sessionId?)`
 *   (newest state with `posts` and `visible`), `feedback(filter?)`, `posted()` (counts of session
 *   posts, session conflicts, run posts and duplicate run posts), `evaluatorCalls(ruleId?)`.
 * - Refusals: unknown keys in a session or a run body → 422; a root run without
 *   reference_example_id / session_id / trace_id / dotted_order, or whose dotted_order is not its
 *   start time and id → 422 (ingest shape `{"error","details"}`); more than 100 runs in a batch
 *   → 422; a body over 20 MiB → 413.
 * - Run stats (the bake window): `POST /runs/stats` over a session's visible root runs started in
 *   `[start_time, end_time)` (tracing-runstats.ts; only the filter `and(eq(metadata_key, "K"),
 *   eq(metadata_value, "V"))`, else 400), each read in `statsReads()`. A deployment's project:
 *   `seedProject`, `seedRootRuns`, `addTraffic` (tracing-traffic.ts; startServices' `traffic`
 *   follows the control plane's serving revision), `deploymentProjects` (names made on demand).
 *   Faults also `alter` an answer's body or send `rawBody` text (a NaN, say).
 * - Lists are bare arrays; `GET /sessions` is in creation order unless asked
 *   `sort_by=start_time&sort_by_desc=true`. Also served: `GET /runs/{id}` (404 until the run is
 *   ingested), `GET /sessions?name=`.
 */
import { randomUUID } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { FaultQueue, statusAnswer } from './faults'
import { bodyBytes, parseJson, readBody, recordOf, send, type Answer } from './http'
import { ingest, type IngestCounts } from './tracing-ingest'
import { detail422, listSessions, page } from './tracing-lists'
import { check, isUuid, sessionCreate, sessionPatch } from './tracing-schemas'
import { seedExperiment, type ExperimentSeed } from './tracing-seed'
import { ProjectRuns, type RootRunSeed } from './tracing-project'
import { runStatsRoute, statsReads, type StatsReadEntry } from './tracing-runstats'
import { TracingStore } from './tracing-store'
import type { TrafficGenerator, TrafficSpec } from './tracing-traffic'
import type { DatasetInit } from './tracing-datasets'
import type {
  Dataset,
  DatasetEdit,
  Example,
  Feedback,
  Rule,
  RuleInit,
  Run,
  Score,
  TracerSession
} from './tracing-types'
import type { Fault, RecordedRequest } from './types'

export interface TracingOptions {
  apiKey?: string
  /** The workspace: an X-Tenant-Id other than it gets 403 (default: a random one, unchecked). */
  tenantId?: string
  /** An organisation-scoped key: requests without X-Tenant-Id get 403. */
  orgScopedKey?: boolean
  basePath?: string
  now?: () => number
  ingestLagMs?: number
  countChildRuns?: boolean
  duplicateRunStatus?: 202 | 409
  port?: number
  /** Names whose project exists as soon as a request comes (the control plane's deployments). */
  deploymentProjects?: () => readonly string[]
}

export interface TracingEmulator {
  url: string
  tenantId: string
  requests: RecordedRequest[]
  seedDataset(init: DatasetInit): Dataset
  editDataset(datasetId: string, change: DatasetEdit): Dataset
  setDatasetBaseline(datasetId: string, experimentId: string | null): void
  /** The examples of a dataset, as `GET /examples` reads them (all of them, no paging). */
  examples(datasetId: string, asOf?: string, splits?: string[]): Example[]
  addRule(init: RuleInit): Rule
  updateRule(id: string, change: Partial<Omit<RuleInit, 'dataset_id' | 'id' | 'created_at'>>): Rule
  seedExperiment(seed: ExperimentSeed): { session: TracerSession; runIds: string[] }
  addFeedback(init: { run_id: string; key: string; score: Score; comment?: string }): Feedback
  setIngestLagMs(ms: number): void
  injectFault(fault: Fault): void
  clearFaults(): void
  sessions(): TracerSession[]
  runs(sessionId?: string): (Run & { posts: number; visible: boolean })[]
  /** Feedback visible now (scoring what is due first). */
  feedback(filter?: { runs?: string[]; keys?: string[]; sessions?: string[] }): Feedback[]
  posted(): IngestCounts & { sessionPosts: number; sessionConflicts: number }
  /** Runs scored so far by a rule, or by all. */
  evaluatorCalls(ruleId?: string): number
  /** A deployment's project: a session of that name, without a dataset. */
  seedProject(init: { name: string; id?: string; start_time?: string }): TracerSession
  /** Root runs of a project's traffic, each visible after the ingest lag; their ids. */
  seedRootRuns(sessionId: string, runs: readonly RootRunSeed[]): string[]
  /**
   * Users' traffic to a project, as root runs computed when a read comes (tracing-traffic.ts):
   * `serving(at)` says which revision served then (the control plane's, see services.ts).
   */
  addTraffic(
    sessionId: string,
    spec: TrafficSpec,
    serving: (at: number) => string | undefined
  ): TrafficGenerator
  /** Every `POST /runs/stats` received, faulted ones included: the reads a bake made. */
  statsReads(): StatsReadEntry[]
  close(): Promise<void>
}

const NOT_FOUND: Answer = { status: 404, body: { detail: 'Not Found' } }
const METHOD_NOT_ALLOWED: Answer = { status: 405, body: { detail: 'Method Not Allowed' } }
const INGEST = /^\/runs(\/batch|\/[^/]+)?$/
const MAX_BODY = 20 * 1024 * 1024

/** Starts the tracing-service emulator on 127.0.0.1 (see the top of this file). */
export async function startTracing(options: TracingOptions = {}): Promise<TracingEmulator> {
  const apiKey = options.apiKey ?? 'emulator-key'
  const basePath = (options.basePath ?? '').replace(/\/+$/, '')
  const tenantId = options.tenantId ?? randomUUID()
  const now = options.now ?? Date.now
  const store = new TracingStore({
    now,
    tenantId,
    ingestLagMs: options.ingestLagMs ?? 50,
    countChildRuns: options.countChildRuns ?? false
  })
  const requests: RecordedRequest[] = []
  const projects = new ProjectRuns(store)
  const faults = new FaultQueue()
  const counts: IngestCounts = { runPosts: 0, duplicateRunPosts: 0, runPatches: 0 }
  let sessionPosts = 0
  let sessionConflicts = 0
  let origin = ''

  const route = (
    method: string,
    path: string,
    query: URLSearchParams,
    body: unknown,
    size: number
  ): Answer => {
    const [collection, id, ...rest] = path.split('/').slice(1)
    if (collection === 'runs' && id === 'stats' && rest.length === 0) {
      if (method !== 'POST') return METHOD_NOT_ALLOWED
      return runStatsRoute(body, projects.runsOf)
    }
    if (collection === 'runs' && (id === 'batch' || method !== 'GET' || id === undefined)) {
      if (size > MAX_BODY)
        return {
          status: 413,
          body: { error: 'Payload Too Large', details: `at most ${MAX_BODY} bytes` }
        }
      return ingest(store, counts, method, id, body, options.duplicateRunStatus ?? 202)
    }
    if (rest.length > 0) return NOT_FOUND
    if (collection === 'runs' && id === 'rules') {
      if (method !== 'GET') return METHOD_NOT_ALLOWED
      const datasetId = query.get('dataset_id') ?? undefined
      return page(store.datasets.rules(datasetId), query)
    }
    if (collection === 'runs' && id !== undefined) {
      // Not among the endpoints the gate relies on; answered as the service does, after ingest.
      if (!isUuid(id))
        return detail422(['path', 'run_id'], 'Input should be a valid UUID', 'uuid_parsing')
      const run = store.visibleRun(id)
      return run ? { status: 200, body: run } : { status: 404, body: { detail: 'Run not found' } }
    }
    if (collection === 'datasets') {
      if (method !== 'GET') return METHOD_NOT_ALLOWED
      if (id === undefined) {
        const name = query.get('name')
        const ids = query.getAll('id')
        const found = store.datasets
          .list()
          .filter((dataset) => name === null || dataset.name === name)
          .filter((dataset) => ids.length === 0 || ids.includes(dataset.id))
        return page(found, query)
      }
      if (!isUuid(id))
        return detail422(['path', 'dataset_id'], 'Input should be a valid UUID', 'uuid_parsing')
      const dataset = store.datasets.get(id)
      return dataset
        ? { status: 200, body: dataset }
        : { status: 404, body: { detail: 'Dataset not found' } }
    }
    if (collection === 'examples' && id === undefined) {
      if (method !== 'GET') return METHOD_NOT_ALLOWED
      const datasetId = query.get('dataset')
      if (datasetId === null) return detail422(['query', 'dataset'], 'Field required', 'missing')
      if (!isUuid(datasetId))
        return detail422(['query', 'dataset'], 'Input should be a valid UUID', 'uuid_parsing')
      const asOf = query.get('as_of') ?? undefined
      const examples = store.datasets.examples(datasetId, asOf, query.getAll('splits'))
      if (examples === undefined)
        return { status: 404, body: { detail: `Version ${asOf} not found` } }
      return page(examples, query)
    }
    if (collection === 'sessions') return sessions(method, id, query, body)
    if (collection === 'feedback' && id === undefined) {
      if (method !== 'GET') return METHOD_NOT_ALLOWED
      const list = (name: string) =>
        query.getAll(name).length > 0 ? query.getAll(name) : undefined
      return page(
        store.feedback({ runs: list('run'), keys: list('key'), sessions: list('session') }),
        query
      )
    }
    return NOT_FOUND
  }

  const sessions = (
    method: string,
    id: string | undefined,
    query: URLSearchParams,
    body: unknown
  ): Answer => {
    const withStats = query.get('include_stats') === 'true'
    const shown = (session: TracerSession) =>
      withStats ? { ...session, ...store.stats(session.id) } : session
    if (id === undefined) {
      if (method === 'POST') {
        sessionPosts += 1
        const checked = check(sessionCreate, body)
        if (!checked.ok) return { status: 422, body: { detail: checked.problems } }
        const created = store.createSession(checked.value)
        if (!created.ok) {
          if (created.status === 409) sessionConflicts += 1
          return { status: created.status, body: { detail: created.detail } }
        }
        return { status: 200, body: created.session }
      }
      if (method !== 'GET') return METHOD_NOT_ALLOWED
      const listed = listSessions(store.sessions(), query)
      if ('status' in listed) return listed
      return page(listed, query, shown)
    }
    if (!isUuid(id))
      return detail422(['path', 'session_id'], 'Input should be a valid UUID', 'uuid_parsing')
    if (!store.hasSession(id)) return { status: 404, body: { detail: 'Session not found' } }
    if (method === 'GET') return { status: 200, body: shown(store.session(id) as TracerSession) }
    if (method === 'PATCH') {
      const checked = check(sessionPatch, body)
      if (!checked.ok) return { status: 422, body: { detail: checked.problems } }
      return { status: 200, body: store.patchSession(id, checked.value) }
    }
    return METHOD_NOT_ALLOWED
  }

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const url = new URL(req.url ?? '/', origin)
    const method = req.method ?? 'GET'
    const inBase = basePath === '' || url.pathname.startsWith(`${basePath}/`)
    const local = inBase ? url.pathname.slice(basePath.length) : url.pathname
    const path = local.replace(/^\/api\/v1(?=\/)/, '').replace(/\/+$/, '') || '/'
    const record = recordOf(req, url, path)
    record.at = now()
    requests.push(record)
    const raw = await readBody(req)
    const parsed = parseJson(raw)
    if (parsed.ok) record.body = parsed.value
    const ingestPath = INGEST.test(path) && method !== 'GET'
    const refuse = (status: number, message: string, error = message): void =>
      send(res, record, {
        status,
        body: ingestPath ? { error, details: message } : { detail: message }
      })
    if (!inBase) return send(res, record, NOT_FOUND)
    if (req.headers['x-api-key'] !== apiKey) return refuse(401, 'Invalid API key', 'Unauthorized')
    const tenant = req.headers['x-tenant-id']
    if (options.orgScopedKey === true && tenant === undefined)
      return send(res, record, {
        status: 403,
        body: { error: 'org_scoped_key_requires_workspace' }
      })
    // As the control plane's emulator: the workspace is checked only when the test names one.
    if (options.tenantId !== undefined && tenant !== undefined && tenant !== tenantId)
      return refuse(403, 'Forbidden', 'Forbidden')
    if (options.deploymentProjects) projects.ensure(options.deploymentProjects())
    const fault = faults.take(method, path)
    if (fault) record.faulted = true
    await fault?.before?.()
    if (fault?.kind === 'status') {
      const { status, headers, body } = statusAnswer(fault, (status) =>
        ingestPath
          ? { error: `injected ${status}`, details: 'fault' }
          : { detail: `injected ${status}` }
      )
      if (fault.rawBody !== undefined) {
        record.status = status
        res.writeHead(status, { ...headers, 'content-type': 'application/json' })
        res.end(fault.rawBody)
        return
      }
      return send(res, record, { status, body }, headers)
    }
    if (fault?.kind === 'reset-before') {
      req.socket.destroy()
      return
    }
    if (fault?.kind === 'delay')
      await new Promise((resolve) => setTimeout(resolve, fault.delayMs ?? 1000).unref())
    if (fault?.kind === 'ignore-offset') url.searchParams.delete('offset')
    const made: Answer = parsed.ok
      ? route(method, path, url.searchParams, parsed.value, raw.length)
      : ingestPath
        ? { status: 422, body: { error: 'Unprocessable entity', details: 'JSON decode error' } }
        : detail422(['body'], 'JSON decode error', 'json_invalid')
    const answer: Answer =
      fault?.kind === 'alter' && fault.alter ? { ...made, body: fault.alter(made.body) } : made
    if (fault?.kind === 'reset-after') {
      req.socket.destroy()
      return
    }
    const bytes = bodyBytes(answer)
    if (fault?.kind === 'truncate' && bytes !== undefined) {
      record.status = answer.status
      res.writeHead(answer.status, { 'content-type': 'application/json' })
      res.end(bytes.subarray(0, Math.floor(bytes.length / 2)))
      return
    }
    send(res, record, answer)
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
    tenantId,
    requests,
    seedDataset: (init) => store.datasets.seed(init),
    editDataset: (datasetId, change) => store.datasets.edit(datasetId, change),
    setDatasetBaseline: (datasetId, experimentId) =>
      store.datasets.setBaseline(datasetId, experimentId),
    examples: (datasetId, asOf, splits) => store.datasets.examples(datasetId, asOf, splits) ?? [],
    addRule: (init) => store.datasets.addRule(init),
    updateRule: (id, change) => store.datasets.updateRule(id, change),
    seedExperiment: (seed) => seedExperiment(store, seed),
    addFeedback: (init) => store.addFeedback(init),
    setIngestLagMs: (ms) => store.setIngestLagMs(ms),
    injectFault: (fault) => faults.inject(fault),
    clearFaults: () => faults.clear(),
    sessions: () => store.sessions(),
    runs: (sessionId) => store.allRuns(sessionId),
    feedback: (filter) => store.feedback(filter),
    posted: () => ({ ...counts, sessionPosts, sessionConflicts }),
    evaluatorCalls: (ruleId) =>
      store.datasets
        .ruleRows()
        .filter((rule) => ruleId === undefined || rule.id === ruleId)
        .reduce((sum, rule) => sum + rule.calls, 0),
    seedProject: (init) => projects.seed(init),
    seedRootRuns: (sessionId, runs) => projects.seedRootRuns(sessionId, runs),
    addTraffic: (sessionId, spec, serving) => projects.addTraffic(sessionId, spec, serving),
    statsReads: () => statsReads(requests),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections()
        server.close((error) => (error ? reject(error) : resolve()))
      })
  }
}
