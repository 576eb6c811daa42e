/**
 * One reading of something the action waits to see (a revision becoming active, an assistant
 * answering, a lost write's revision appearing):
 * - `seen`: it is there; reading stops.
 * - `not-seen`: the answer was read and says "not (yet)"; read again while time is left.
 * - `could-not-tell`: no usable answer (no answer, a 5xx, a body that is not JSON); read again
 *   while time is left.
 * - `final`: an answer waiting cannot change (a refused key, a route the server does not have);
 *   reading stops with it.
 */
export type Reading<Seen, NotSeen, Final = never> =
  | { kind: 'seen'; value: Seen }
  | { kind: 'not-seen'; value: NotSeen }
  | { kind: 'could-not-tell'; why: string }
  | { kind: 'final'; value: Final }

export interface ReadAgainOptions<Seen, NotSeen, Final> {
  /** One reading; what it throws ends the reading (a cancellation, an error not worth retrying). */
  read: () => Promise<Reading<Seen, NotSeen, Final>>
  /** Epoch ms: no read starts at or after it (the first excepted). */
  deadline: number
  /** The longest gap between two reads. */
  gapMs: number
  /** A reading already made (by the caller, just before): the first read is skipped. */
  first?: Reading<Seen, NotSeen, Final>
  signal?: AbortSignal
  now: () => number
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>
}

/**
 * Reads again until the reading is seen or final, or the deadline passes. The verdict is then:
 * seen; not seen (the last answer read said so, even when later reads got no answer: it is the
 * last thing known); or could not tell (no read got a usable answer). A caller must never treat
 * `could-not-tell` as `seen`: a check that cannot conclude does not pass.
 */
export async function readAgain<Seen, NotSeen, Final = never>(
  options: ReadAgainOptions<Seen, NotSeen, Final>
): Promise<Reading<Seen, NotSeen, Final>> {
  let reading = options.first ?? (await options.read())
  let lastNotSeen: Reading<Seen, NotSeen, Final> | undefined
  for (;;) {
    if (reading.kind === 'seen' || reading.kind === 'final') return reading
    if (reading.kind === 'not-seen') lastNotSeen = reading
    const left = options.deadline - options.now()
    if (left <= 0) return lastNotSeen ?? reading
    await options.sleep(Math.min(options.gapMs, left), options.signal)
    // The gap reached the deadline: no time for a read, the last one is the verdict.
    if (options.now() >= options.deadline) return lastNotSeen ?? reading
    reading = await options.read()
  }
}
