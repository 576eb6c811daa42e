import type { StatsRun } from './tracing-types'

/**
 * Users' traffic to a deployment, as root runs of its tracing project, for the bake window's
 * tests, demo and bench. Nothing runs on a timer: the runs of a window are computed when a read
 * comes, from the clock, a seed and which revision served when, so the same reads on the same
 * clock give the same numbers.
 *
 * - Each revision serving sends runs at its profile's rate, on a regular grid (a seeded offset),
 *   each run an error or not by an even spread of its error share (any n runs in a row hold
 *   n × share errors, give or take one) and a latency from its spread (a low-discrepancy walk
 *   over a quantile curve through p50 and p99, so a window's percentiles come close quickly).
 * - A profile is a list of phases, each from a time on: a revision's traffic can turn bad (or
 *   good) mid-window. `switches()` says when a phase began while its revision served.
 * - Old replicas drain: a revision that stopped serving still sends its runs for `drainMs`.
 * - A run carries the revision's id in its metadata under `metadataKey`, unless its phase says
 *   `stamp: false` (an agent server that does not stamp).
 * - A run is visible once it ended and the ingest lag passed.
 */

export interface TrafficPhase {
  /** From this time on (epoch ms); the first phase holds from the generator's start whatever it says. */
  from?: number
  runsPerMinute: number
  /** Share of runs that end in an error, 0–1 (default 0). */
  errorShare?: number
  /** Root-run latencies in seconds: their median and 99th percentile (default 1 and 2). */
  latency?: { p50: number; p99: number }
  /** Whether runs carry the revision's id under the metadata key (default true). */
  stamp?: boolean
}

/** What a profile chooser knows of a revision. */
export interface TrafficRevision {
  revisionId: string
  /** It was serving when the generator started (the revision before a deploy, say). */
  servedAtStart: boolean
}

export type TrafficProfile = TrafficPhase | readonly TrafficPhase[]

export interface TrafficSpec {
  /** Each revision's traffic: one profile for all, or chosen per revision. */
  profile: TrafficProfile | ((revision: TrafficRevision) => TrafficProfile)
  /** The run metadata key that holds the serving revision's id (default 'revision_id'). */
  metadataKey?: string
  /** How long a revision that stopped serving still sends runs (default 0). */
  drainMs?: number
  /** Varies the grid offsets, error spreads and latency walks (default 1). */
  seed?: number
  /** When traffic begins (default: when the generator is added). */
  start?: number
}

/** Which revision serves a deployment at a time, and the clock and ingest lag of the service. */
export interface TrafficSource {
  serving(at: number): string | undefined
  now(): number
  ingestLagMs(): number
}

export interface TrafficSwitch {
  at: number
  revisionId: string
  /** The index of the phase that began. */
  phase: number
}

/** How finely serving is sampled before a change is narrowed down to the millisecond. */
const SAMPLE_MS = 1_000
const GOLDEN = 0.6180339887498949

export class TrafficGenerator {
  readonly start: number
  readonly metadataKey: string
  readonly #drainMs: number
  readonly #seed: number

  constructor(
    private readonly spec: TrafficSpec,
    private readonly source: TrafficSource
  ) {
    this.start = spec.start ?? source.now()
    this.metadataKey = spec.metadataKey ?? 'revision_id'
    this.#drainMs = spec.drainMs ?? 0
    this.#seed = spec.seed ?? 1
  }

  /** The runs started in `[start, end)` (and by now) that are visible now. */
  runs(start: number, end: number): StatsRun[] {
    const now = this.source.now()
    const lag = this.source.ingestLagMs()
    const from = Math.max(start, this.start)
    const to = Math.min(end, now)
    if (from >= to) return []
    const runs: StatsRun[] = []
    const segments = this.#segments(from - this.#drainMs, to)
    segments.forEach((segment, index) => {
      const last = index === segments.length - 1
      const until = last ? to : segment.to + this.#drainMs
      const spanFrom = Math.max(segment.from, from)
      const spanTo = Math.min(until, to)
      if (segment.revisionId === undefined || spanFrom >= spanTo) return
      for (const run of this.#emit(segment.revisionId, spanFrom, spanTo))
        if (run.endMs !== null && run.endMs + lag <= now) runs.push(run)
    })
    return runs.sort((a, b) => a.startMs - b.startMs)
  }

  /** When a revision's traffic changed phase while it served, from the start until `until`. */
  switches(until = this.source.now()): TrafficSwitch[] {
    const found: TrafficSwitch[] = []
    for (const segment of this.#segments(this.start, until)) {
      const revisionId = segment.revisionId
      if (revisionId === undefined) continue
      this.#phases(revisionId).forEach((phase, index) => {
        if (index > 0 && phase.from > segment.from && phase.from < segment.to)
          found.push({ at: phase.from, revisionId, phase: index })
      })
    }
    return found.sort((a, b) => a.at - b.at)
  }

  /** The first switch, or undefined: where a bench measures the lag to the rollback from. */
  firstSwitch(until?: number): TrafficSwitch | undefined {
    return this.switches(until)[0]
  }

  /** Stretches of `[from, to)` in which one revision (or none) served. */
  #segments(
    from: number,
    to: number
  ): { revisionId: string | undefined; from: number; to: number }[] {
    const segments: { revisionId: string | undefined; from: number; to: number }[] = []
    let current = this.source.serving(from)
    let segmentFrom = from
    for (let at = from; at < to;) {
      const next = Math.min(at + SAMPLE_MS, to)
      const there = next < to ? this.source.serving(next) : current
      if (there !== current) {
        // Narrowed to the millisecond: the first time the new revision serves.
        let low = at
        let high = next
        while (high - low > 1) {
          const middle = Math.floor((low + high) / 2)
          if (this.source.serving(middle) === current) low = middle
          else high = middle
        }
        segments.push({ revisionId: current, from: segmentFrom, to: high })
        current = this.source.serving(high)
        segmentFrom = high
        at = high
        continue
      }
      at = next
    }
    segments.push({ revisionId: current, from: segmentFrom, to })
    return segments
  }

  /** The revision's phases with their spans, in time order. */
  #phases(revisionId: string): (Required<Omit<TrafficPhase, 'latency'>> & {
    latency: { p50: number; p99: number }
    from: number
    to: number
  })[] {
    const chosen =
      typeof this.spec.profile === 'function'
        ? this.spec.profile({
            revisionId,
            servedAtStart: this.source.serving(this.start) === revisionId
          })
        : this.spec.profile
    const list = (Array.isArray(chosen) ? chosen : [chosen]) as TrafficPhase[]
    const sorted = list
      .map((phase, index) => ({
        ...phase,
        from: index === 0 ? this.start : (phase.from ?? this.start)
      }))
      .sort((a, b) => a.from - b.from)
    return sorted.map((phase, index) => ({
      runsPerMinute: phase.runsPerMinute,
      errorShare: phase.errorShare ?? 0,
      latency: phase.latency ?? { p50: 1, p99: 2 },
      stamp: phase.stamp ?? true,
      from: phase.from,
      to: sorted[index + 1]?.from ?? Number.POSITIVE_INFINITY
    }))
  }

  /** The revision's runs started in `[from, to)`. */
  *#emit(revisionId: string, from: number, to: number): Generator<StatsRun> {
    for (const [phaseIndex, phase] of this.#phases(revisionId).entries()) {
      if (phase.runsPerMinute <= 0) continue
      const spanFrom = Math.max(from, phase.from)
      const spanTo = Math.min(to, phase.to)
      if (spanFrom >= spanTo) continue
      const period = 60_000 / phase.runsPerMinute
      const stream = `${this.#seed}:${revisionId}:${phaseIndex}`
      const anchor = phase.from + unit(`${stream}:offset`) * period
      const errorOffset = unit(`${stream}:errors`)
      const latencyOffset = unit(`${stream}:latency`)
      for (let k = Math.max(0, Math.ceil((spanFrom - anchor) / period)); ; k++) {
        const startMs = anchor + k * period
        if (startMs >= spanTo) break
        const error = fraction(k * phase.errorShare + errorOffset) < phase.errorShare
        const seconds = latencyAt(fraction(latencyOffset + k * GOLDEN), phase.latency)
        yield {
          startMs,
          endMs: startMs + seconds * 1000,
          error,
          metadata: phase.stamp ? { [this.metadataKey]: revisionId } : {}
        }
      }
    }
  }
}

/** A latency at quantile `u` of a curve through (0, p50/2), (0.5, p50), (0.99, p99), (1, 1.1 × p99). */
export function latencyAt(u: number, spread: { p50: number; p99: number }): number {
  const { p50, p99 } = spread
  if (u <= 0.5) return p50 / 2 + (p50 / 2) * (u / 0.5)
  if (u <= 0.99) return p50 + (p99 - p50) * ((u - 0.5) / 0.49)
  return p99 + p99 * 0.1 * ((u - 0.99) / 0.01)
}

const fraction = (value: number) => value - Math.floor(value)

/** A number in [0, 1) from a text (FNV-1a): the seeded part of a stream. */
function unit(text: string): number {
  let hash = 0x811c9dc5
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index)
    hash = Math.imul(hash, 0x01000193) >>> 0
  }
  return hash / 2 ** 32
}
