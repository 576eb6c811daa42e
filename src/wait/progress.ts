import type { PhaseSpan, PhaseTimeline } from './phases'
import type { PredictionBasis } from './poll-schedule'
import { judgeStatus } from './revision-status'

/** While the status stays the same, a line at least this often: a person sees the wait is alive. */
export const HEARTBEAT_MS = 60_000

/** What a person watching the wait is told; none of it costs a request. */
export type ProgressEvent =
  /** Once, after the first status: with `basis` when the history predicts an end. */
  | { kind: 'started'; at: number; basis?: PredictionBasis }
  /** No line for HEARTBEAT_MS; `status` is undefined while no poll has answered yet. */
  | { kind: 'heartbeat'; at: number; status?: string; inStatusMs: number; basis?: PredictionBasis }
  /** Once, when the revision has taken longer than the longest earlier one. */
  | { kind: 'late'; at: number; status: string; basis: PredictionBasis }

export interface WaitProgressOptions {
  now: () => number
  report: (event: ProgressEvent) => void
  /** HEARTBEAT_MS unless a test says otherwise. */
  heartbeatMs?: number
}

/**
 * The wait as a person sees it: records each status from the polls (the phase timeline of the
 * summary), and says when nothing else has been said for a while, when the end is expected, and
 * when the build runs past it. It only reads what the polls already brought and the clock.
 */
export class WaitProgress {
  readonly #now: () => number
  readonly #report: (event: ProgressEvent) => void
  readonly #heartbeatMs: number
  readonly #waitStartedAt: number
  readonly #spans: PhaseSpan[] = []
  #lastPollAt: number | undefined
  #nextBeatAt: number
  #started = false
  #late = false
  #basis: PredictionBasis | undefined
  #earlier: PredictionBasis | undefined
  #historyRead = false

  constructor(options: WaitProgressOptions) {
    this.#now = options.now
    this.#report = options.report
    this.#heartbeatMs = options.heartbeatMs ?? HEARTBEAT_MS
    this.#waitStartedAt = this.#now()
    this.#nextBeatAt = this.#waitStartedAt + this.#heartbeatMs
  }

  /** A poll answered `status`. A new status is a line of its own (the caller's): no beat is due. */
  polled(status: string): void {
    const at = this.#now()
    const last = this.#spans.at(-1)
    if (last?.status === status) {
      last.lastSeenAt = at
    } else {
      if (last) last.endedAt = at
      this.#spans.push({
        status,
        firstSeenAt: at,
        lastSeenAt: at,
        uncertainMs: at - (this.#lastPollAt ?? this.#waitStartedAt)
      })
      this.#nextBeatAt = at + this.#heartbeatMs
    }
    this.#lastPollAt = at
    this.#checkLate(at)
  }

  /** The history was read (or not) at the first status: the summary compares with it. */
  compared(history: { read: boolean; prediction?: { basis: PredictionBasis } }): void {
    this.#historyRead = history.read
    this.#earlier = history.prediction?.basis
  }

  /** The first status was judged; `basis` when the history predicts when the revision ends. */
  predicted(basis: PredictionBasis | undefined): void {
    if (this.#started) return
    this.#started = true
    this.#basis = basis
    this.#say({ kind: 'started', at: this.#now(), basis })
  }

  /**
   * Sleeps `ms` in pieces that end when a heartbeat is due, and gives it: the polling schedule
   * (and so the requests) stays what it was.
   */
  async pause(
    ms: number,
    sleep: (ms: number, signal?: AbortSignal) => Promise<void>,
    signal?: AbortSignal
  ): Promise<void> {
    let left = ms
    while (left > 0) {
      // At least 1 ms a piece: a clock that does not move cannot make this loop spin.
      const piece = Math.min(left, Math.max(1, this.#nextBeatAt - this.#now()))
      await sleep(piece, signal)
      left -= piece
      this.#beatIfDue()
    }
  }

  /** The statuses seen, for the summary; undefined before any poll answered. */
  timeline(): PhaseTimeline | undefined {
    if (this.#spans.length === 0 || this.#lastPollAt === undefined) return undefined
    const basis = this.#earlier ?? this.#basis
    return {
      historyRead: this.#historyRead || basis !== undefined,
      waitStartedAt: this.#waitStartedAt,
      lastPollAt: this.#lastPollAt,
      phases: this.#spans.map((span) => ({ ...span })),
      ...(basis && {
        earlier: {
          count: basis.count,
          medianMs: basis.medianMs,
          shortestMs: basis.shortestMs,
          longestMs: basis.longestMs
        }
      })
    }
  }

  #beatIfDue(): void {
    const at = this.#now()
    if (at < this.#nextBeatAt) return
    this.#checkLate(at)
    if (at < this.#nextBeatAt) return // the late notice was the line
    const last = this.#spans.at(-1)
    this.#say({
      kind: 'heartbeat',
      at,
      status: last?.status,
      inStatusMs: at - (last?.firstSeenAt ?? this.#waitStartedAt),
      basis: this.#basis
    })
  }

  #checkLate(at: number): void {
    const basis = this.#basis
    const status = this.#spans.at(-1)?.status
    if (this.#late || !basis || status === undefined || judgeStatus(status) !== 'waiting') return
    if (at <= basis.startedAt + basis.longestMs) return
    this.#late = true
    this.#say({ kind: 'late', at, status, basis })
  }

  #say(event: ProgressEvent): void {
    this.#nextBeatAt = event.at + this.#heartbeatMs
    this.#report(event)
  }
}
