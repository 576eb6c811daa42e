/** C0 control characters (below U+0020) and DEL; `layout` also lets tab, LF and CR through. */
function isControl(char: string, layout: boolean): boolean {
  const code = char.charCodeAt(0)
  if (layout && (char === '\t' || char === '\n' || char === '\r')) return false
  return code < 0x20 || code === 0x7f
}

const codePoint = (char: string) =>
  `U+${char.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`

/**
 * Why `text` cannot be taken as the value of an input, or undefined when it can. The problem names
 * the character by its code and where it is, never the text around it: the value may be a key.
 */
export function controlCharacterProblem(text: string, multiLine: boolean): string | undefined {
  const chars = [...text]
  const index = chars.findIndex((char) => isControl(char, multiLine))
  if (index < 0) return undefined
  const char = chars[index] ?? ''
  if (!multiLine) {
    return `holds a control character (${codePoint(char)} at character ${index + 1}); it must be a single line of text`
  }
  const line = chars.slice(0, index).filter((c) => c === '\n').length + 1
  return `line ${line} holds a control character (${codePoint(char)}); only tabs and line breaks may appear`
}
