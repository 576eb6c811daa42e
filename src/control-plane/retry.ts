export interface BackoffPolicy {
  /** Delay before the first retry's jitter is drawn. */
  baseMs: number
  /** Largest delay between two attempts, before any Retry-After. */
  maxMs: number
}

/** Capped exponential backoff with full jitter: a random delay in [0, min(max, base·2^n)). */
export function backoffDelay(
  retryNumber: number,
  policy: BackoffPolicy,
  random: () => number
): number {
  const ceiling = Math.min(policy.maxMs, policy.baseMs * 2 ** retryNumber)
  return Math.floor(random() * ceiling)
}

/** Reads `Retry-After` as seconds or as an HTTP date; undefined when absent or unreadable. */
export function parseRetryAfter(header: string | undefined, now: number): number | undefined {
  if (header === undefined || header.trim() === '') return undefined
  const text = header.trim()
  if (/^\d+(\.\d+)?$/.test(text)) return Math.round(Number(text) * 1000)
  const date = Date.parse(text)
  if (Number.isNaN(date)) return undefined
  return Math.max(0, date - now)
}

/** Sleeps, or rejects with the signal's reason as soon as it is aborted. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason)
      return
    }
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort)
      resolve()
    }, ms)
    const onAbort = () => {
      clearTimeout(timer)
      reject(signal?.reason)
    }
    signal?.addEventListener('abort', onAbort, { once: true })
  })
}
