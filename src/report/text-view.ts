/**
 * A text as the redactor matches it: forms of a character that read the same to a person are
 * made one, so that a secret written with them is still found, and each character of the view
 * knows where it stands in the text.
 * - zero-width and bidi format characters are removed (invisible, they split a secret for a
 *   matcher but not for a reader);
 * - HTML/XML character references (`&#47;`, `&#x2F;`, `&sol;`) are decoded;
 * - percent-encoding is upper-cased (`%2f` and `%2F` are one).
 */

import { characterClass } from '../lib/character-kinds'

/** Zero-width and bidi format characters, the soft hyphen and the byte-order mark. */
export const INVISIBLE = characterClass(['invisible'])
const INVISIBLE_ONE = new RegExp(`^${INVISIBLE.source}$`)
/** A text with nothing of the above is its own view. */
const NEEDS_VIEW = new RegExp(`${INVISIBLE.source}|&|%[0-9a-f][0-9a-fA-F]|%[0-9A-F][0-9a-f]`)

/** A numeric reference (its `;` may be left out, as browsers allow) or a named one. */
const REFERENCE = /&(?:#(\d{1,7});?|#[xX]([0-9a-fA-F]{1,6});?|([A-Za-z][A-Za-z0-9]{1,31});)/y

/** The named references of ASCII characters (what a secret is made of), and the no-break space. */
const NAMED: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  excl: '!',
  num: '#',
  dollar: '$',
  percnt: '%',
  lpar: '(',
  rpar: ')',
  ast: '*',
  midast: '*',
  plus: '+',
  comma: ',',
  period: '.',
  sol: '/',
  colon: ':',
  semi: ';',
  equals: '=',
  quest: '?',
  commat: '@',
  lsqb: '[',
  lbrack: '[',
  bsol: '\\',
  rsqb: ']',
  rbrack: ']',
  Hat: '^',
  lowbar: '_',
  UnderBar: '_',
  grave: '`',
  DiacriticalGrave: '`',
  lcub: '{',
  lbrace: '{',
  verbar: '|',
  vert: '|',
  VerticalLine: '|',
  rcub: '}',
  rbrace: '}',
  Tab: '\t',
  NewLine: '\n'
}

function decodeReference(match: RegExpExecArray): string | undefined {
  const [, decimal, hex, name] = match
  if (name !== undefined) return Object.hasOwn(NAMED, name) ? NAMED[name] : undefined
  const code = decimal !== undefined ? Number(decimal) : parseInt(hex ?? '', 16)
  return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : undefined
}

export interface TextView {
  text: string
  /** Where the view's characters from `from` up to (not including) `to` stand in the text. */
  span(from: number, to: number): [number, number]
}

/** The view of a text (see the file's comment). */
export function viewOf(text: string): TextView {
  if (!NEEDS_VIEW.test(text)) return { text, span: (from, to) => [from, to] }
  let view = ''
  const starts: number[] = []
  const ends: number[] = []
  const add = (piece: string, start: number, end: number) => {
    view += piece
    for (let index = 0; index < piece.length; index++) {
      starts.push(start)
      ends.push(end)
    }
  }
  for (let at = 0; at < text.length;) {
    const character = text[at] as string
    if (INVISIBLE_ONE.test(character)) {
      at += 1
      continue
    }
    if (character === '&') {
      REFERENCE.lastIndex = at
      const match = REFERENCE.exec(text)
      const decoded = match ? decodeReference(match) : undefined
      if (match && decoded !== undefined) {
        add(decoded, at, at + match[0].length)
        at += match[0].length
        continue
      }
    }
    if (character === '%' && /^[0-9a-fA-F]{2}$/.test(text.slice(at + 1, at + 3))) {
      const upper = text.slice(at, at + 3).toUpperCase()
      for (let index = 0; index < 3; index++)
        add(upper[index] as string, at + index, at + index + 1)
      at += 3
      continue
    }
    add(character, at, at + 1)
    at += 1
  }
  return {
    text: view,
    span: (from, to) =>
      to <= from
        ? [starts[from] ?? text.length, starts[from] ?? text.length]
        : [starts[from] as number, ends[to - 1] as number]
  }
}
