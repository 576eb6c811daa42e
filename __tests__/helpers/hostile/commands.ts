import { ownMasks } from './secrets'

/**
 * Every hostile payload carries this marker right after the workflow command it tries to issue,
 * so a line in which the runner would read it as a command is easy to tell from the action's own
 * commands (which escape their data: the marker then only follows a `%0A`).
 */
export const MARK = 'PWNED'

/** Lines of a log as the runner splits them. */
function lines(log: string): string[] {
  return log.split(/\r?\n|\r/)
}

/**
 * Lines the runner would act on because of server text: a line that starts with `::` and whose
 * command data opens with the marker (the command itself came from the payload; the action's own
 * commands may quote server text inside their data, which the runner never reads as a command),
 * an `::add-mask::` of anything but a secret the action holds, any `::stop-commands::`, and the
 * `##[` form anywhere in a line.
 */
export function injectedCommands(log: string): string[] {
  const masks = ownMasks()
  return lines(log).filter((line) => {
    if (line.includes('##[')) return true
    if (!line.startsWith('::')) return false
    if (line.startsWith('::stop-commands::')) return true
    if (line.startsWith('::add-mask::')) return !masks.has(line)
    const command = /^::[^:]*::(.*)$/.exec(line)
    return command !== null && (command[1] ?? '').startsWith(MARK)
  })
}

/** Lines longer than about 1,000 characters (the spec cuts them), as "line N: length". */
export function overlongLines(log: string, max = 1_500): string[] {
  return lines(log)
    .map((line, index) => ({ index, length: line.length }))
    .filter(({ length }) => length > max)
    .map(({ index, length }) => `line ${index + 1}: ${length} characters`)
}

/** Control characters other than line breaks and tabs (an ANSI escape, a bell, a NUL…). */
export function controlCharacters(log: string): string[] {
  const codes = [...log].map((c) => c.charCodeAt(0))
  const control = codes.filter(
    (code) => (code < 0x20 && ![9, 10, 13].includes(code)) || code === 0x7f
  )
  return [...new Set(control)].map((code) => `U+${code.toString(16).padStart(4, '0')}`)
}
