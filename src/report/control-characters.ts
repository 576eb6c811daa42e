/**
 * Control characters (C0 but tab and line feed, DEL, C1, the Unicode line and paragraph
 * separators and the byte-order mark): a terminal, the runner or a renderer may act on them.
 */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029\ufeff]/g

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
