import { randomUUID } from 'node:crypto'
import { dottedTime } from './tracing-schemas'
import type { TracingStore } from './tracing-store'
import { TrafficGenerator, type TrafficSpec } from './tracing-traffic'
import type { StatsRun, TracerSession } from './tracing-types'

/**
 * A deployment's tracing project as the service keeps one: a session named after the deployment,
 * holding the root runs of the users' traffic (no dataset, no reference example).
 */

/** One root run of a project's traffic, written as an agent server's tracer would. */
export interface RootRunSeed {
  /** Epoch milliseconds. */
  startMs: number
  /** Default 1000; null: a run that has not ended (it counts, without a latency). */
  latencyMs?: number | null
  /** True (or the error's text) for a run that ended in an error. */
  error?: boolean | string
  /** The run's `extra.metadata` (a revision id under some key, say). */
  metadata?: Record<string, unknown>
}

/** The projects' root runs as stats read them: those posted, and those of traffic generators. */
export class ProjectRuns {
  readonly #traffic = new Map<string, TrafficGenerator[]>()

  constructor(private readonly store: TracingStore) {}

  /** Creates the project (a session) of a deployment; throws when the name is taken. */
  seed(init: { name: string; id?: string; start_time?: string }): TracerSession {
    return seedProject(this.store, init)
  }

  /** Creates the project of each name that has none (a deployment the control plane made). */
  ensure(names: readonly string[]): void {
    const taken = new Set(this.store.sessions().map((session) => session.name))
    for (const name of names) if (!taken.has(name)) seedProject(this.store, { name })
  }

  seedRootRuns(sessionId: string, runs: readonly RootRunSeed[]): string[] {
    return seedRootRuns(this.store, sessionId, runs)
  }

  addTraffic(
    sessionId: string,
    spec: TrafficSpec,
    serving: (at: number) => string | undefined
  ): TrafficGenerator {
    if (!this.store.hasSession(sessionId)) throw new Error(`addTraffic: no session ${sessionId}`)
    const generator = new TrafficGenerator(spec, {
      serving,
      now: () => this.store.now(),
      ingestLagMs: () => this.store.ingestLagMs
    })
    this.#traffic.set(sessionId, [...(this.#traffic.get(sessionId) ?? []), generator])
    return generator
  }

  /** The session's root runs visible now; a generator's only those started in `[start, end)`. */
  readonly runsOf = (sessionId: string, start: number, end: number): StatsRun[] => [
    ...this.store.rootRuns(sessionId),
    ...(this.#traffic.get(sessionId) ?? []).flatMap((generator) => generator.runs(start, end))
  ]
}

function seedProject(
  store: TracingStore,
  init: { name: string; id?: string; start_time?: string }
): TracerSession {
  const created = store.createSession({
    ...(init.id === undefined ? {} : { id: init.id }),
    name: init.name,
    start_time: init.start_time ?? new Date(store.now()).toISOString(),
    extra: { metadata: {} }
  })
  if (!created.ok) throw new Error(`seedProject: ${created.detail}`)
  return created.session
}

/** Posts root runs to a project as ingest does: each is visible after the ingest lag. */
function seedRootRuns(
  store: TracingStore,
  sessionId: string,
  runs: readonly RootRunSeed[]
): string[] {
  if (!store.hasSession(sessionId)) throw new Error(`seedRootRuns: no session ${sessionId}`)
  return runs.map((seed) => {
    const id = randomUUID()
    const latency = seed.latencyMs === undefined ? 1000 : seed.latencyMs
    store.postRun({
      id,
      trace_id: id,
      dotted_order: `${dottedTime(seed.startMs * 1000)}${id}`,
      name: 'agent',
      run_type: 'chain',
      start_time: new Date(seed.startMs).toISOString(),
      end_time: latency === null ? null : new Date(seed.startMs + latency).toISOString(),
      inputs: {},
      outputs: seed.error ? null : {},
      error: seed.error ? (typeof seed.error === 'string' ? seed.error : 'Error') : null,
      session_id: sessionId,
      extra: { metadata: { ...seed.metadata } }
    })
    return id
  })
}
