import { viewOf } from './text-view'

/** Values shorter than this are not redacted: masking "a" or "1" would shred every message. */
const MIN_LENGTH = 3
/** A cut piece of a secret this long or longer, left on either side of a cut, is redacted too. */
const MIN_PIECE = 8
/** What a cut text ends with, so that a reader knows there was more. */
export const CUT_MARK = '…'

export type { Redactor } from '../report-kit/render'
import type { Redactor } from '../report-kit/render'

/**
 * The base64 text of a value wherever it stands in an encoded stream: at each of the three byte
 * offsets (as the runner's own masker sees them), only the characters that the value's bytes
 * alone decide. Also in the URL-safe alphabet.
 */
function base64Forms(value: string): string[] {
  const bytes = Buffer.from(value)
  const forms: string[] = []
  for (let offset = 0; offset < 3; offset++) {
    const encoded = Buffer.concat([Buffer.alloc(offset), bytes])
      .toString('base64')
      .replace(/=+$/, '')
    // The first characters hold bits of the bytes before; the last one, of the bytes after.
    const skip = [0, 2, 3][offset] as number
    const partialEnd = (offset + bytes.length) % 3 === 0 ? 0 : 1
    const form = encoded.slice(skip, encoded.length - partialEnd)
    if (form.length >= MIN_PIECE) forms.push(form, form.replace(/\+/g, '-').replace(/\//g, '_'))
  }
  return forms
}

/** The percent-encodings of a value: as encodeURIComponent writes it, form-encoded, lower-case. */
function percentForms(value: string): string[] {
  const encoded = encodeURIComponent(value)
  const forms = [
    encoded,
    new URLSearchParams({ v: value }).toString().slice(2),
    encoded.replace(/%20/g, '+')
  ]
  return [...forms, ...forms.map((form) => form.replace(/%[0-9A-F]{2}/g, (c) => c.toLowerCase()))]
}

/** The value as HTML or XML shows it with its special characters escaped. */
function htmlForm(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;')
}

/**
 * Every form a secret may take in a text the action shows: the value, each line of a multi-line
 * value, and what JSON, percent (either case), form, HTML and base64 encoding make of each (a
 * service that echoes a request body, a URL or a header shows the value in that form). The runner
 * is given each of them to mask too.
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
        ...percentForms(trimmed),
        htmlForm(trimmed),
        ...base64Forms(trimmed)
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

const isWordCharacter = (character: string | undefined) =>
  character !== undefined && /[A-Za-z0-9]/.test(character)

/** Every start of `needle` in `text`. */
function* occurrences(text: string, needle: string): Generator<number> {
  for (let at = text.indexOf(needle); at !== -1; at = text.indexOf(needle, at + 1)) yield at
}

/**
 * Where the secret forms stand in a text (as [start, end) of the text, overlapping): whole, and
 * cut. A cut leaves a head of a form (MIN_PIECE characters or more) that stops at the end of the
 * text or before a character other than a letter or digit, and a tail that starts at the start
 * of the text or after such a character: what is left on either side when a line break, a
 * length limit or someone else's cut (a service's error body) split a secret. A text that merely
 * shares a start with a secret and goes on with other letters (`https://` of a URL that is a
 * secret) is left alone. Matching is done on the text's view (text-view.ts), so zero-width
 * characters, character references and the case of percent-encoding hide nothing.
 */
function secretSpans(text: string, forms: readonly string[]): [number, number][] {
  const view = viewOf(text)
  const seen = view.text
  const spans: [number, number][] = []
  for (const form of forms) {
    for (const at of occurrences(seen, form)) spans.push(view.span(at, at + form.length))
    if (form.length <= MIN_PIECE) continue
    for (const at of occurrences(seen, form.slice(0, MIN_PIECE))) {
      let length = MIN_PIECE
      while (length < form.length && seen[at + length] === form[length]) length++
      if (!isWordCharacter(seen[at + length])) spans.push(view.span(at, at + length))
    }
    for (const at of occurrences(seen, form.slice(-MIN_PIECE))) {
      const end = at + MIN_PIECE
      let length = MIN_PIECE
      while (length < form.length && seen[end - length - 1] === form[form.length - length - 1])
        length++
      if (!isWordCharacter(seen[end - length - 1])) spans.push(view.span(end - length, end))
    }
  }
  return spans
}

/** The text with each span (merged where they overlap) replaced by `***`. */
function replaceSpans(text: string, spans: [number, number][]): string {
  if (spans.length === 0) return text
  const sorted = [...spans].sort((a, b) => a[0] - b[0])
  let result = ''
  let at = 0
  for (const [start, end] of sorted) {
    if (end <= at) continue
    if (start >= at) result += `${text.slice(at, start)}***`
    at = end
  }
  return result + text.slice(at)
}

/** Returns a redactor for these secret values. */
export function createRedactor(values: readonly string[]): Redactor {
  const raw = secretForms(values)
  // Matched on a text's view, so each form is seen as its view too.
  const forms = [...new Set(raw.map((form) => viewOf(form).text))]
    .filter((form) => form.length >= MIN_LENGTH)
    .sort((a, b) => b.length - a.length)
  const redact = (text: string) =>
    forms.length === 0 ? text : replaceSpans(text, secretSpans(text, forms))
  /** The end of a cut text without any start of a secret form (3 characters or more) at it. */
  const dropPiece = (text: string) => {
    for (const form of raw) {
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
