/** A policy's values as people read them: `15m`, `5%`, `0.80`. Pure. */

/** Milliseconds as a duration the policy could hold: `1h30m`, `15m`, `45s`, `1.5s`. */
export function durationWords(ms: number): string {
  const hours = Math.floor(ms / 3_600_000)
  const minutes = Math.floor((ms % 3_600_000) / 60_000)
  const seconds = (ms % 60_000) / 1000
  const parts = [
    hours > 0 && `${hours}h`,
    minutes > 0 && `${minutes}m`,
    seconds > 0 && `${seconds}s`
  ]
  const text = parts.filter((part) => part !== false).join('')
  return text === '' ? '0s' : text
}

/** A share 0–1 as written: `5%`. */
export function shareWords(share: number): string {
  return `${Number((share * 100).toFixed(4))}%`
}
