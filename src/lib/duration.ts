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

/** Formats milliseconds for people: `45s`, `2m 05s`, `1h 02m`, `3d 04h`. */
export function formatDuration(ms: number): string {
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
