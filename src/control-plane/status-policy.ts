import { BodyTooLargeError, HttpStatusError, NetworkError, ResponseShapeError } from './errors'

/** One way a request can fail: an HTTP status, or no (readable) answer at all. */
export type Failure =
  | { kind: 'status'; status: number }
  /** No answer: refused, reset, DNS, or none within the request timeout. */
  | { kind: 'network' }
  /** A success status whose body is not JSON: it stopped halfway. */
  | { kind: 'cut-short' }
  /** A success status with JSON of another shape. */
  | { kind: 'wrong-shape' }
  /** A body over the cap: refused unread. */
  | { kind: 'too-large' }

export interface FailureMeaning {
  /**
   * Whether the client sends the same request again: never, only when repeating it changes
   * nothing more (GET, PUT, DELETE), or for every method (the service refused before acting).
   */
  retry: 'never' | 'idempotent' | 'always'
  /** The service may have carried the request out: a write is checked before it is sent again. */
  lostAnswer: boolean
  /** A status check that fails so may be followed by another (the wait's failed-poll budget). */
  pollTolerates: boolean
}

const TRANSIENT_REFUSAL: FailureMeaning = {
  retry: 'idempotent',
  lostAnswer: false,
  pollTolerates: true
}
/** 502/503/504 may come from a proxy in front of a service that did act. */
const GATEWAY: FailureMeaning = { retry: 'idempotent', lostAnswer: true, pollTolerates: true }
/** Every other status: an answer about a request the service did not carry out, final. */
const FINAL: FailureMeaning = { retry: 'never', lostAnswer: false, pollTolerates: false }

/** What each HTTP status means; a status not listed is FINAL. */
const STATUS_MEANINGS: Readonly<Record<number, FailureMeaning>> = {
  408: TRANSIENT_REFUSAL,
  // Too Early: the service would not risk a replay; the official tracing clients retry it.
  425: TRANSIENT_REFUSAL,
  // Refused before the service acted: safe to send again whatever the method.
  429: { retry: 'always', lostAnswer: false, pollTolerates: true },
  500: TRANSIENT_REFUSAL,
  502: GATEWAY,
  503: GATEWAY,
  504: GATEWAY
}

const OTHER_MEANINGS: Record<Exclude<Failure['kind'], 'status'>, FailureMeaning> = {
  network: { retry: 'idempotent', lostAnswer: true, pollTolerates: true },
  'cut-short': { retry: 'idempotent', lostAnswer: true, pollTolerates: true },
  // The service answered with success, so it acted; the same request gets the same body.
  'wrong-shape': { retry: 'never', lostAnswer: true, pollTolerates: false },
  // Read once, refused: sending again would download it again.
  'too-large': FINAL
}

/** What a failure means: the one table the client, the writes and the wait loop read. */
export function meaningOf(failure: Failure): FailureMeaning {
  if (failure.kind === 'status') return STATUS_MEANINGS[failure.status] ?? FINAL
  return OTHER_MEANINGS[failure.kind]
}

/** The failure a client error stands for; undefined for anything else (a deadline, a bug). */
export function failureOf(error: unknown): Failure | undefined {
  if (error instanceof HttpStatusError) return { kind: 'status', status: error.status }
  if (error instanceof NetworkError) return { kind: 'network' }
  if (error instanceof BodyTooLargeError) return { kind: 'too-large' }
  if (error instanceof ResponseShapeError) {
    return { kind: error.notJson ? 'cut-short' : 'wrong-shape' }
  }
  return undefined
}

/** The meaning of an error the client threw; anything that is not a failure above is final. */
export function meaningOfError(error: unknown): FailureMeaning {
  const failure = failureOf(error)
  return failure ? meaningOf(failure) : FINAL
}

/** Whether the client sends `method` again after this failure. */
export function isRetryable(failure: Failure, method: string): boolean {
  const { retry } = meaningOf(failure)
  return retry === 'always' || (retry === 'idempotent' && IDEMPOTENT.has(method))
}

/** Methods whose repetition changes nothing more than the first attempt did. */
const IDEMPOTENT: ReadonlySet<string> = new Set(['GET', 'PUT', 'DELETE'])
