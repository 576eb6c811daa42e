/**
 * The one definition of the characters a text from outside may hold that a person does not see
 * as written: each kind once, and every check or escape builds its set from these kinds, naming
 * the kinds it lets through and why.
 */

/** Control characters: a terminal, the runner or a renderer may act on them. */
const CONTROL = {
  tab: '\\t',
  lineFeed: '\\n',
  carriageReturn: '\\r',
  /** C0 but tab, line feed and carriage return. */
  c0: '\\u0000-\\u0008\\u000b\\u000c\\u000e-\\u001f',
  del: '\\u007f',
  /** C1 (U+0080–U+009F): NEL among them breaks a line for some readers. */
  c1: '\\u0080-\\u009f',
  /** The Unicode line and paragraph separators: line breaks to JavaScript and some renderers. */
  lineSeparators: '\\u2028\\u2029'
} as const

const KINDS = {
  ...CONTROL,
  /**
   * Zero-width and bidi format characters, the soft hyphen and the byte-order mark: unseen, they
   * reorder or hide what a reader sees, or split a secret for a matcher but not for a reader.
   */
  invisible:
    '\\u00ad\\u061c\\u180e\\u200b-\\u200f\\u202a-\\u202e\\u2060-\\u2064\\u2066-\\u2069\\ufeff',
  space: ' '
} as const

export type CharacterKind = keyof typeof KINDS

/** The kinds a text that stays on one line may never hold (layout, C0, DEL, C1, separators). */
export const CONTROL_KINDS = Object.keys(CONTROL) as readonly (keyof typeof CONTROL)[]

/** A regex class of the kinds given, e.g. `/[\t\n\u0000-…]/` with the flags given. */
export function characterClass(kinds: readonly CharacterKind[], flags = ''): RegExp {
  return new RegExp(`[${kinds.map((kind) => KINDS[kind]).join('')}]`, flags)
}

/** A character named by its code point, never by itself (it may be part of a key): `U+001B`. */
export function codePoint(char: string): string {
  return `U+${char.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`
}
