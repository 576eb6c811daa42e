const UNIT_MS = { d: 86_400_000, h: 3_600_000, m: 60_000, s: 1_000, ms: 1 } as const

/**
 * Parses a duration written as plain seconds (`900`, `0.5`) or with units (`15m`, `1h30m`,
 * `2m30s`, `500ms`, `7d`). Returns milliseconds, or undefined when the text is not a duration.
 */
export function parseDuration(text: string): number | undefined {
  const trimmed = text.trim()
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.round(Number(trimmed) * 1000)
  const pattern = /(\d+(?:\.\d+)?)(ms|d|h|m|s)/gy
  let total = 0
  let consumed = 0
  for (const match of trimmed.matchAll(pattern)) {
    total += Number(match[1]) * UNIT_MS[match[2] as keyof typeof UNIT_MS]
    consumed += match[0].length
  }
  if (consumed === 0 || consumed !== trimmed.length) return undefined
  return Math.round(total)
}

/**
 * Formats milliseconds for people, in the one style every text of the action uses: `45s`,
 * `2m 05s`, `1h 02m`, `3d 04h`. `fine` keeps what a whole second would round away, for times
 * that are short by nature (a reply's latency, a request's timeout): `0ms`, `300ms`, `1.25s`,
 * then the same as without it from 10 seconds on.
 */
export function formatDuration(ms: number, precision: 'seconds' | 'fine' = 'seconds'): string {
  if (precision === 'fine' && ms < 10_000) {
    const positive = Math.max(0, ms)
    // 999.7 ms rounds to a whole second: written as one, never as `1000ms`.
    if (Math.round(positive) < 1_000) return `${Math.round(positive)}ms`
    return `${Number((positive / 1000).toFixed(2))}s`
  }
  const totalSeconds = Math.max(0, Math.round(ms / 1000))
  const days = Math.floor(totalSeconds / 86_400)
  if (days > 0)
    return `${days}d ${String(Math.floor((totalSeconds % 86_400) / 3600)).padStart(2, '0')}h`
  const hours = Math.floor(totalSeconds / 3600)
  const minutes = Math.floor((totalSeconds % 3600) / 60)
  const seconds = totalSeconds % 60
  if (hours > 0) return `${hours}h ${String(minutes).padStart(2, '0')}m`
  if (minutes > 0) return `${minutes}m ${String(seconds).padStart(2, '0')}s`
  return `${seconds}s`
}
