/** Values shorter than this are not redacted: masking "a" or "1" would shred every message. */
const MIN_LENGTH = 3

/**
 * Returns a function that replaces every known secret value (and each line of a multi-line value)
 * with `***`. Used on everything the action writes itself, because the job summary and some error
 * paths are not covered by the runner's log masking.
 */
export function createRedactor(values: readonly string[]): (text: string) => string {
  const pieces = new Set<string>()
  for (const value of values) {
    for (const piece of [value, ...value.split(/\r?\n/)]) {
      const trimmed = piece.trim()
      if (trimmed.length >= MIN_LENGTH) pieces.add(trimmed)
    }
  }
  // Longest first, so that a value containing another is replaced whole.
  const ordered = [...pieces].sort((a, b) => b.length - a.length)
  return (text) => ordered.reduce((result, piece) => result.split(piece).join('***'), text)
}
