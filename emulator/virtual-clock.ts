/**
 * A clock for tests on which a run and the emulators it talks to share one time, without waiting
 * for it.
 *
 * Time stands still while anything works and moves only when everything is waiting:
 * - `sleep(ms)` registers a timer at `now() + ms`; parallel sleeps overlap on the one time line
 *   (two sleeps of 5 s together take 5 s, not 10).
 * - Once the timers have not changed for a quiet moment of real time, the clock jumps to the
 *   earliest timer and fires every timer due by then, in order of due time (then of
 *   registration). Only one jump at a time: what the fired timers set in motion runs, and may
 *   register timers or requests, before the next quiet moment is measured.
 * - A quiet moment counts only when the process was free to notice work during it: a real timer
 *   that fires late starts it again, and a few turns of the event loop must follow with nothing
 *   changed (see #settle).
 * - The quiet moment is short (QUIET_MS) while no request is in flight, and long (BUSY_QUIET_MS)
 *   while one is (`track()`: the recording world counts every request through its connections).
 *   A server on 127.0.0.1 that is slow because the machine is busy is thus given ample real
 *   time before its caller's timeout can come due; one that hangs on purpose still sees time
 *   move, so a request that never ends ends at its deadline on this clock.
 * - A request an emulator holds on this clock (`hold()`: a delay fault) waits rather than works:
 *   it does not count as in flight while held.
 * - `advance(ms)` moves time by hand (a test that wants a precise moment).
 * No test asserts on real elapsed time: whatever the machine's speed, the virtual times a run
 * sees are the same, up to the residual case of a request that takes more than BUSY_QUIET_MS of
 * real time per timer between its start and its timeout.
 */
export class VirtualClock {
  #now: number
  #seq = 0
  #timers: Timer[] = []
  #inFlight = 0
  #held = 0
  #real: ReturnType<typeof setTimeout> | undefined
  #generation = 0
  #lateRestarts = 0
  #closed = false
  readonly #quietMs: number
  readonly #busyQuietMs: number

  constructor(options: { start?: number; quietMs?: number; busyQuietMs?: number } = {}) {
    this.#now = options.start ?? Date.now()
    this.#quietMs = options.quietMs ?? QUIET_MS
    this.#busyQuietMs = options.busyQuietMs ?? BUSY_QUIET_MS
  }

  /** Epoch milliseconds on this clock. */
  readonly now = (): number => this.#now

  /** Resolves after `ms` on this clock; rejects with the signal's reason once it aborts. */
  readonly sleep = (ms: number, signal?: AbortSignal): Promise<void> =>
    new Promise<void>((resolve, reject) => {
      if (signal?.aborted) {
        reject(signal.reason)
        return
      }
      const timer: Timer = {
        at: this.#now + Math.max(0, ms),
        seq: this.#seq++,
        fire: () => {
          signal?.removeEventListener('abort', onAbort)
          resolve()
        }
      }
      const onAbort = () => {
        this.#remove(timer)
        reject(signal?.reason)
      }
      signal?.addEventListener('abort', onAbort, { once: true })
      this.#timers.push(timer)
      this.#timers.sort((a, b) => a.at - b.at || a.seq - b.seq)
      this.#schedule()
    })

  /**
   * A server's sleep while it answers a request (an emulator's `delay` fault): the request then
   * waits on this clock rather than works, so while the sleep lasts one request in flight counts
   * as waiting, and the clock moves after the short quiet moment (given the long one, a delay of
   * a few seconds took a few tenths of a second of real time per jump). Give it to an emulator
   * as its `sleep`, never to the run: a client's sleep is never inside its own request.
   */
  readonly hold = async (ms: number): Promise<void> => {
    this.#held++
    this.#schedule()
    try {
      await this.sleep(ms)
    } finally {
      this.#held--
      this.#schedule()
    }
  }

  /** Counts `work` (a request) as in flight until it settles: the clock waits longer to move. */
  track<T>(work: Promise<T>): Promise<T> {
    const end = this.begin()
    return work.finally(end)
  }

  /** Marks one request in flight; the function returned ends it (once, whatever the calls). */
  begin(): () => void {
    this.#inFlight++
    this.#schedule()
    let ended = false
    return () => {
      if (ended) return
      ended = true
      this.#inFlight--
      this.#schedule()
    }
  }

  /** Timers registered and not yet fired or aborted. */
  pending(): number {
    return this.#timers.length
  }

  /** Moves time `ms` forward, firing every timer due by then in order. */
  advance(ms: number): void {
    const until = this.#now + ms
    for (let next = this.#timers[0]; next && next.at <= until; next = this.#timers[0]) {
      this.#now = Math.max(this.#now, next.at)
      this.#timers.shift()
      next.fire()
    }
    this.#now = until
    this.#schedule()
  }

  /** Stops moving time by itself (at the end of a test); pending timers stay pending. */
  close(): void {
    this.#closed = true
    clearTimeout(this.#real)
    this.#real = undefined
  }

  #remove(timer: Timer): void {
    const index = this.#timers.indexOf(timer)
    if (index >= 0) this.#timers.splice(index, 1)
    this.#schedule()
  }

  /** (Re)starts the quiet moment after which the clock jumps to its earliest timer. */
  #schedule(): void {
    this.#generation++
    clearTimeout(this.#real)
    this.#real = undefined
    if (this.#closed || this.#timers.length === 0) return
    const quiet = this.#inFlight > this.#held ? this.#busyQuietMs : this.#quietMs
    const generation = this.#generation
    const armedAt = performance.now()
    this.#real = setTimeout(() => this.#settle(generation, armedAt, quiet), quiet)
  }

  /**
   * The quiet moment has passed on the real clock. It counts only if this process was free to
   * notice work during it: a timer that fires late (the event loop was held, by a long
   * computation or a busy machine) starts the moment again, a few times at the most, since the
   * I/O that came in meanwhile is read only after the timers. Then a few turns of the event loop
   * (each reads what I/O is ready) must pass with nothing changed.
   */
  #settle(generation: number, armedAt: number, quiet: number): void {
    this.#real = undefined
    if (generation !== this.#generation) return
    const late = performance.now() - armedAt > quiet * 2 + LATE_MS
    if (late && this.#lateRestarts < MAX_LATE_RESTARTS) {
      this.#lateRestarts++
      this.#schedule()
      return
    }
    this.#lateRestarts = 0
    let turns = IDLE_TURNS
    const turn = () => {
      if (generation !== this.#generation || this.#closed) return
      if (--turns > 0) setImmediate(turn)
      else this.#jump()
    }
    setImmediate(turn)
  }

  /** Something happened (an answer's bytes came in): the quiet moment starts again. */
  touch(): void {
    if (this.#timers.length > 0) this.#schedule()
  }

  #jump(): void {
    this.#real = undefined
    const first = this.#timers[0]
    if (!first) return
    this.#now = Math.max(this.#now, first.at)
    const due = this.#timers.filter((timer) => timer.at <= this.#now)
    this.#timers = this.#timers.filter((timer) => timer.at > this.#now)
    for (const timer of due) timer.fire()
    this.#schedule()
  }
}

/** Real time with no timer change and no request in flight before the clock moves. */
export const QUIET_MS = 5
/** Real time with no timer change, while a request is in flight, before the clock moves. */
export const BUSY_QUIET_MS = 400

/** Real time past twice the quiet moment after which its timer is late. */
const LATE_MS = 20
/** Late timers in a row that start the quiet moment again, before one is taken as it is. */
const MAX_LATE_RESTARTS = 5
/** Turns of the event loop with nothing changed before the clock moves. */
const IDLE_TURNS = 3

interface Timer {
  at: number
  seq: number
  fire(): void
}
