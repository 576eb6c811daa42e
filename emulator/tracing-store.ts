import { randomUUID } from 'node:crypto'
import { DatasetStore } from './tracing-datasets'
import { visibleState, type RunRow, type RunState, type SessionRow } from './tracing-rows'
import { settleRules } from './tracing-scoring'
import {
  toMicros,
  type RunCreate,
  type RunPatch,
  type SessionCreate,
  type SessionPatch
} from './tracing-schemas'
import { feedbackStats, percentile } from './tracing-stats'
import type { Feedback, Run, Score, SessionStats, StatsRun, TracerSession } from './tracing-types'

export interface TracingStoreOptions {
  now: () => number
  tenantId: string
  ingestLagMs: number
  countChildRuns: boolean
}

interface FeedbackRow extends Feedback {
  createdMs: number
  evaluatorError: boolean
}

export type SessionAnswer =
  { ok: true; session: TracerSession } | { ok: false; status: number; detail: string }

const iso = (ms: number) => new Date(ms).toISOString()
const msOf = (value: string | number) => toMicros(value) / 1000
const copy = <T>(value: T): T => structuredClone(value)

/** Experiments, runs (with ingest lag) and feedback (scored lazily, when read). */
export class TracingStore {
  readonly datasets: DatasetStore
  readonly #sessions = new Map<string, SessionRow>()
  readonly #runs = new Map<string, RunRow>()
  readonly #feedback: FeedbackRow[] = []
  #ingestLagMs: number
  #seq = 0

  constructor(private readonly options: TracingStoreOptions) {
    this.datasets = new DatasetStore(options.now, options.tenantId)
    this.#ingestLagMs = options.ingestLagMs
  }

  now(): number {
    return this.options.now()
  }

  get ingestLagMs(): number {
    return this.#ingestLagMs
  }

  setIngestLagMs(ms: number): void {
    this.#ingestLagMs = ms
  }

  createSession(body: SessionCreate, createdAt = this.options.now()): SessionAnswer {
    if (body.id !== undefined && this.#sessions.has(body.id))
      return { ok: false, status: 409, detail: `Session ${body.id} already exists` }
    if ([...this.#sessions.values()].some((session) => session.name === body.name))
      return { ok: false, status: 409, detail: `Session with name ${body.name} already exists` }
    const datasetId = body.reference_dataset_id ?? null
    if (datasetId !== null && this.datasets.get(datasetId) === undefined)
      return { ok: false, status: 404, detail: `Dataset ${datasetId} not found` }
    const row: SessionRow = {
      id: body.id ?? randomUUID(),
      name: body.name,
      description: body.description ?? null,
      tenant_id: this.options.tenantId,
      start_time: iso(body.start_time === undefined ? createdAt : msOf(body.start_time)),
      end_time:
        body.end_time === undefined || body.end_time === null ? null : iso(msOf(body.end_time)),
      reference_dataset_id: datasetId,
      extra: copy(body.extra ?? null),
      createdAt
    }
    this.#sessions.set(row.id, row)
    return { ok: true, session: toSession(row) }
  }

  /** `extra` replaces the whole of the stored one, as on the service. */
  patchSession(id: string, body: SessionPatch): TracerSession | undefined {
    const row = this.#sessions.get(id)
    if (row === undefined) return undefined
    if (body.name !== undefined) row.name = body.name
    if (body.description !== undefined) row.description = body.description
    if (body.end_time !== undefined)
      row.end_time = body.end_time === null ? null : iso(msOf(body.end_time))
    if (body.extra !== undefined) row.extra = copy(body.extra)
    return toSession(row)
  }

  session(id: string): TracerSession | undefined {
    const row = this.#sessions.get(id)
    return row && toSession(row)
  }

  /** Every session, in the order created. */
  sessions(): TracerSession[] {
    return [...this.#sessions.values()].map(toSession)
  }

  /** 'new', or 'duplicate' for an id already posted (the second post changes nothing). */
  postRun(
    body: RunCreate,
    seeded?: { visibleAt: number; scoresGiven: boolean }
  ): 'new' | 'duplicate' {
    const existing = this.#runs.get(body.id)
    if (existing !== undefined) {
      existing.posts += 1
      return 'duplicate'
    }
    const run: Run = {
      id: body.id,
      trace_id: body.trace_id,
      dotted_order: body.dotted_order,
      parent_run_id: body.parent_run_id ?? null,
      name: body.name,
      run_type: body.run_type,
      start_time: iso(msOf(body.start_time)),
      end_time:
        body.end_time === undefined || body.end_time === null ? null : iso(msOf(body.end_time)),
      inputs: copy(body.inputs),
      outputs: copy(body.outputs ?? null),
      error: body.error ?? null,
      session_id: body.session_id,
      reference_example_id: body.reference_example_id ?? null,
      extra: copy(body.extra ?? null)
    }
    this.#runs.set(body.id, {
      id: body.id,
      sessionId: body.session_id,
      root: run.parent_run_id === null,
      seq: this.#seq++,
      posts: 1,
      states: [
        {
          visibleAt: seeded?.visibleAt ?? this.options.now() + this.#ingestLagMs,
          run,
          startMs: msOf(body.start_time),
          endMs: run.end_time === null ? null : Date.parse(run.end_time)
        }
      ],
      scoresGiven: seeded?.scoresGiven ?? false,
      settledBy: new Set()
    })
    return 'new'
  }

  /** Whether a run of this id was posted (visible or not yet). */
  hasRun(id: string): boolean {
    return this.#runs.has(id)
  }

  hasSession(id: string): boolean {
    return this.#sessions.has(id)
  }

  /** Completes a posted run; its new state is visible after the ingest lag. */
  patchRun(id: string, patch: RunPatch): boolean {
    const row = this.#runs.get(id)
    if (row === undefined) return false
    const last = row.states[row.states.length - 1] as RunState
    const run: Run = copy(last.run)
    if (patch.end_time !== undefined)
      run.end_time = patch.end_time === null ? null : iso(msOf(patch.end_time))
    if (patch.outputs !== undefined) run.outputs = copy(patch.outputs)
    if (patch.error !== undefined) run.error = patch.error
    if (patch.extra !== undefined) run.extra = copy(patch.extra)
    row.states.push({
      visibleAt: Math.max(last.visibleAt, this.options.now() + this.#ingestLagMs),
      run,
      startMs: last.startMs,
      endMs: run.end_time === null ? null : Date.parse(run.end_time)
    })
    return true
  }

  /** The runs posted (newest state, visible or not), in the order posted; of one session if given. */
  allRuns(sessionId?: string): (Run & { posts: number; visible: boolean })[] {
    const now = this.options.now()
    return [...this.#runs.values()]
      .filter((row) => sessionId === undefined || row.sessionId === sessionId)
      .map((row) => ({
        ...copy((row.states[row.states.length - 1] as RunState).run),
        posts: row.posts,
        visible: (row.states[0] as RunState).visibleAt <= now
      }))
  }

  /** A run as reads see it now: undefined until ingested. */
  visibleRun(id: string): Run | undefined {
    const row = this.#runs.get(id)
    const state = row && visibleState(row, this.options.now())
    return state && copy(state.run)
  }

  /** The root runs of a session ingested by now, as `POST /runs/stats` counts them. */
  rootRuns(sessionId: string): StatsRun[] {
    const now = this.options.now()
    return [...this.#runs.values()]
      .filter((row) => row.sessionId === sessionId && row.root)
      .map((row) => visibleState(row, now))
      .filter((state) => state !== undefined)
      .map(({ run, startMs, endMs }) => ({
        startMs,
        endMs,
        error: run.error !== null,
        metadata: metadataOf(run.extra)
      }))
  }

  stats(sessionId: string): SessionStats {
    this.settle()
    const now = this.options.now()
    const states = [...this.#runs.values()]
      .filter((row) => row.sessionId === sessionId && (row.root || this.options.countChildRuns))
      .map((row) => visibleState(row, now))
      .filter((state) => state !== undefined)
    const visibleIds = new Set(states.map((state) => state.run.id))
    const latencies = states
      .filter((state) => state.endMs !== null)
      .map((state) => ((state.endMs as number) - state.startMs) / 1000)
    const errors = states.filter((state) => state.run.error !== null).length
    return {
      run_count: states.length,
      error_rate: states.length === 0 ? null : errors / states.length,
      latency_p50: percentile(latencies, 0.5),
      latency_p99: percentile(latencies, 0.99),
      feedback_stats: feedbackStats(
        this.#feedback.filter(
          (entry) =>
            entry.session_id === sessionId && visibleIds.has(entry.run_id) && entry.createdMs <= now
        )
      )
    }
  }

  /** Feedback visible now, scoring first what is due. */
  feedback(filter: { runs?: string[]; keys?: string[]; sessions?: string[] } = {}): Feedback[] {
    this.settle()
    const now = this.options.now()
    const runs = filter.runs && new Set(filter.runs)
    return this.#feedback
      .filter((entry) => entry.createdMs <= now)
      .filter((entry) => runs === undefined || runs.has(entry.run_id))
      .filter((entry) => filter.keys === undefined || filter.keys.includes(entry.key))
      .filter(
        (entry) => filter.sessions === undefined || filter.sessions.includes(entry.session_id)
      )
      .map(toFeedback)
  }

  /** A feedback written now (by a person, say), or at `createdMs`. */
  addFeedback(
    init: {
      run_id: string
      key: string
      score: Score
      value?: unknown
      comment?: string | null
      source?: string
    },
    createdMs = this.options.now(),
    evaluatorError = false
  ): Feedback {
    const run = this.#runs.get(init.run_id)
    if (run === undefined) throw new Error(`addFeedback: no run ${init.run_id}`)
    const row: FeedbackRow = {
      id: randomUUID(),
      run_id: init.run_id,
      session_id: run.sessionId,
      key: init.key,
      score: init.score,
      value: init.value ?? null,
      comment: init.comment ?? null,
      feedback_source: { type: init.source ?? 'api' },
      created_at: iso(createdMs),
      createdMs,
      evaluatorError
    }
    this.#feedback.push(row)
    return toFeedback(row)
  }

  /** Scores what is due by now (see tracing-scoring.ts): lazy, so a virtual clock needs no timer. */
  settle(): void {
    settleRules({
      now: this.options.now(),
      rules: this.datasets.ruleRows(),
      runs: this.#runs.values(),
      session: (id) => this.#sessions.get(id),
      reference: (datasetId, exampleId) =>
        this.datasets.example(datasetId, exampleId)?.outputs ?? null,
      write: (init, at, evaluatorError) => this.addFeedback(init, at, evaluatorError)
    })
  }
}

function metadataOf(extra: Run['extra']): Record<string, unknown> {
  const metadata = extra?.metadata
  return metadata !== null && typeof metadata === 'object' && !Array.isArray(metadata)
    ? (metadata as Record<string, unknown>)
    : {}
}

function toSession(row: SessionRow): TracerSession {
  return copy({
    id: row.id,
    name: row.name,
    description: row.description,
    tenant_id: row.tenant_id,
    start_time: row.start_time,
    end_time: row.end_time,
    reference_dataset_id: row.reference_dataset_id,
    extra: row.extra
  })
}

function toFeedback(row: FeedbackRow): Feedback {
  return copy({
    id: row.id,
    run_id: row.run_id,
    session_id: row.session_id,
    key: row.key,
    score: row.score,
    value: row.value,
    comment: row.comment,
    feedback_source: row.feedback_source,
    created_at: row.created_at
  })
}
