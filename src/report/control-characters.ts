/**
 * Control characters (C0 but tab and line feed, DEL, C1, the Unicode line and paragraph
 * separators and the byte-order mark): a terminal, the runner or a renderer may act on them.
 * Zero-width and bidi format characters too: unseen, they reorder or hide what a reader sees.
 */
const CONTROL =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u00ad\u061c\u180e\u200b-\u200f\u202a-\u202e\u2028\u2029\u2060-\u2064\u2066-\u2069\ufeff]/g

/** Shows each control character as an escape (`\x1b`, `\r`, `\u2028`) instead of sending it. */
export function showControlCharacters(text: string): string {
  return text.replace(CONTROL, (character) => {
    if (character === '\r') return '\\r'
    const code = character.charCodeAt(0)
    return code < 0x100
      ? `\\x${code.toString(16).padStart(2, '0')}`
      : `\\u${code.toString(16).padStart(4, '0')}`
  })
}
