import { showControlCharacters } from './control-characters'
import type { Redactor } from './redact'
import { shortenIds } from './short-ids'
import type { Sink } from '../world'

/** Characters of one log line at the most; a log page of megabyte lines is cut to this. */
export const MAX_LOG_LINE = 1_000
/** Characters of one message (all its lines) at the most. */
export const MAX_LOG_MESSAGE = 64 * 1_024

/**
 * The step's log, the one place the action writes to it. Every text is redacted, then made
 * unable to act on the workflow: no line starts a `::command::`, no `##[command]` anywhere,
 * control characters shown escaped, lines cut to MAX_LOG_LINE characters.
 */
export interface Log {
  info(text: string): void
  notice(text: string, title?: string): void
  warning(text: string): void
  error(text: string, title?: string): void
  /** An error annotation on a line of a file (a pull request shows it on its diff). */
  errorAt(text: string, place: FilePlace): void
  /** Built only when the runner's debug logging is on. */
  debug(text: () => string): void
  startGroup(title: string): void
  endGroup(): void
  /** An error annotation, and the step fails. */
  fail(text: string): void
}

/** Where in the repository an annotation stands: the file relative to the workspace. */
export interface FilePlace {
  file: string
  line?: number
  col?: number
  title?: string
}

/** What the log writes through: the world's sink (@actions/core, or a recorder in tests). */
export type LogSink = Pick<
  Sink,
  | 'info'
  | 'notice'
  | 'warning'
  | 'error'
  | 'debug'
  | 'isDebug'
  | 'startGroup'
  | 'endGroup'
  | 'setFailed'
>

/** One line of any text made safe to print on its own line of the log. */
function safeLine(line: string, redact: Redactor): string {
  return redact
    .cut(showControlCharacters(line), MAX_LOG_LINE)
    .replace(/^(\s*):(?=:)/, '$1:\\')
    .replace(/##\[/g, '##\\[')
}

/** Any text made safe for the log: redacted, then each of its lines made safe. */
export function forLog(text: string, redact: Redactor): string {
  const lines = redact.cut(text, MAX_LOG_MESSAGE).split(/\r?\n/)
  return lines.map((line) => safeLine(line, redact)).join('\n')
}

export function createLog(redact: Redactor, sink: LogSink): Log {
  const safe = (text: string) => forLog(text, redact)
  const titled = (title?: string) => (title === undefined ? {} : { title: safe(title) })
  return {
    info: (text) => sink.info(safe(text)),
    // A notice is an annotation people read on the run's page: short ids, as the summary's.
    notice: (text, title) => sink.notice(safe(shortenIds(text)), titled(title)),
    warning: (text) => sink.warning(safe(text)),
    error: (text, title) => sink.error(safe(text), titled(title)),
    errorAt: (text, place) =>
      sink.error(safe(text), {
        ...titled(place.title),
        file: safe(place.file),
        ...(place.line !== undefined && { startLine: place.line }),
        ...(place.col !== undefined && { startColumn: place.col })
      }),
    debug: (text) => {
      if (sink.isDebug()) sink.debug(safe(text()))
    },
    startGroup: (title) => sink.startGroup(safe(title)),
    endGroup: () => sink.endGroup(),
    fail: (text) => sink.setFailed(safe(text))
  }
}
