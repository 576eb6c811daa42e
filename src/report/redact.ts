/** Values shorter than this are not redacted: masking "a" or "1" would shred every message. */
const MIN_LENGTH = 3
/** A cut piece of a secret this long or longer, left where a text was cut, is redacted too. */
const MIN_PREFIX = 8
/** What a cut text ends with, so that a reader knows there was more. */
export const CUT_MARK = '…'

/**
 * Removes every secret the action holds from a text: `redact(text)`, and `redact.cut(text, max)`
 * to shorten a text without leaving the first characters of a secret at the cut.
 */
export interface Redactor {
  (text: string): string
  /** Redacts, then keeps at most `max` characters; a cut piece of a secret is dropped. */
  cut(text: string, max: number): string
}

/**
 * Every form a secret may take in a text the action shows: the value, each line of a multi-line
 * value, and what JSON, URL and form encoding make of each (a service that echoes a request body
 * or a URL shows the value in that form).
 */
export function secretForms(values: readonly string[]): string[] {
  const forms = new Set<string>()
  for (const value of values) {
    for (const piece of [value, ...value.split(/\r?\n/)]) {
      const trimmed = piece.trim()
      if (trimmed.length < MIN_LENGTH) continue
      for (const form of [
        trimmed,
        JSON.stringify(trimmed).slice(1, -1),
        encodeURIComponent(trimmed),
        new URLSearchParams({ v: trimmed }).toString().slice(2),
        encodeURIComponent(trimmed).replace(/%20/g, '+')
      ])
        forms.add(form)
    }
    // A multi-line value escaped whole keeps its `\n`s, unlike its lines.
    if (/[\r\n]/.test(value.trim())) {
      forms.add(JSON.stringify(value.trim()).slice(1, -1))
      forms.add(encodeURIComponent(value.trim()))
    }
  }
  // Longest first, so that a form containing another is replaced whole.
  return [...forms].sort((a, b) => b.length - a.length)
}

/** Length of the longest common start of `text` from `at` and `form`. */
function sharedStart(text: string, at: number, form: string): number {
  let length = 0
  while (length < form.length && text[at + length] === form[length]) length++
  return length
}

/**
 * Returns a redactor for these secret values. Besides whole values it removes the start of a
 * secret (MIN_PREFIX characters or more) that stops at the end of the text or before a character
 * other than a letter or digit: what is left when someone (the service's error body, a log
 * line) cut a text inside a secret. A text that merely shares a start with a secret and goes on
 * with other letters (`https://` of a URL that is a secret) is left alone.
 */
export function createRedactor(values: readonly string[]): Redactor {
  const forms = secretForms(values)
  const whole = (text: string) =>
    forms.reduce((result, form) => result.split(form).join('***'), text)
  const pieces = (text: string) => {
    let result = text
    for (const form of forms) {
      if (form.length <= MIN_PREFIX) continue
      const start = form.slice(0, MIN_PREFIX)
      let at = result.indexOf(start)
      while (at !== -1) {
        const length = sharedStart(result, at, form)
        const after = result[at + length]
        if (after === undefined || !/[A-Za-z0-9]/.test(after)) {
          result = `${result.slice(0, at)}***${result.slice(at + length)}`
          at = result.indexOf(start, at + 3)
        } else at = result.indexOf(start, at + 1)
      }
    }
    return result
  }
  const redact = (text: string) => pieces(whole(text))
  /** The end of a cut text without any start of a secret form (3 characters or more) at it. */
  const dropPiece = (text: string) => {
    for (const form of forms) {
      for (let length = Math.min(form.length - 1, text.length); length >= MIN_LENGTH; length--) {
        if (text.endsWith(form.slice(0, length))) return dropPiece(text.slice(0, -length))
      }
    }
    return text
  }
  const cut = (text: string, max: number) => {
    const redacted = redact(text)
    if (redacted.length <= max) return redacted
    // Not between the two halves of a character outside the BMP.
    const kept = redacted
      .slice(0, Math.max(0, max - CUT_MARK.length))
      .replace(/[\uD800-\uDBFF]$/, '')
    return `${dropPiece(kept)}${CUT_MARK}`
  }
  return Object.assign(redact, { cut })
}

/** A redactor that knows no secret, for text that holds none (tests, refused inputs). */
export const NO_SECRETS: Redactor = createRedactor([])
