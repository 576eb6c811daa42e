import { characterClass, codePoint } from '../lib/character-kinds'

/**
 * C0 control characters and DEL; a multi-line input also holds tab, LF and CR. C1 and the
 * Unicode separators are let through: an input is the workflow author's own text, read as
 * written, and refusing them now would refuse inputs that runs take today.
 */
const SINGLE_LINE_CONTROL = characterClass(['tab', 'lineFeed', 'carriageReturn', 'c0', 'del'])
const MULTI_LINE_CONTROL = characterClass(['c0', 'del'])

/**
 * Why `text` cannot be taken as the value of an input, or undefined when it can. The problem names
 * the character by its code and where it is, never the text around it: the value may be a key.
 */
export function controlCharacterProblem(text: string, multiLine: boolean): string | undefined {
  const chars = [...text]
  const control = multiLine ? MULTI_LINE_CONTROL : SINGLE_LINE_CONTROL
  const index = chars.findIndex((char) => control.test(char))
  if (index < 0) return undefined
  const char = chars[index] ?? ''
  if (!multiLine) {
    return `holds a control character (${codePoint(char)} at character ${index + 1}); it must be a single line of text`
  }
  const line = chars.slice(0, index).filter((c) => c === '\n').length + 1
  return `line ${line} holds a control character (${codePoint(char)}); only tabs and line breaks may appear`
}
