import { CONTROL_KINDS, characterClass } from '../lib/character-kinds'

/**
 * Every control character but tab and line feed (a log line or a Markdown text keeps its layout),
 * and the invisible format characters: a terminal, the runner or a renderer may act on them.
 */
const SHOWN = characterClass(
  [...CONTROL_KINDS.filter((kind) => kind !== 'tab' && kind !== 'lineFeed'), 'invisible'],
  'g'
)

/** Shows each control character as an escape (`\x1b`, `\r`, `\u2028`) instead of sending it. */
export function showControlCharacters(text: string): string {
  return text.replace(SHOWN, (character) => {
    if (character === '\r') return '\\r'
    const code = character.charCodeAt(0)
    return code < 0x100
      ? `\\x${code.toString(16).padStart(2, '0')}`
      : `\\u${code.toString(16).padStart(4, '0')}`
  })
}
