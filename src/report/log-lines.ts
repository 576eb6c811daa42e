import type { LogLine } from '../result'

/** A revision's log line as one line of text: time, level and message, where given. */
export function formatLogLine(line: LogLine): string {
  return [line.time, line.level, line.message].filter((part) => part !== '').join(' ')
}
