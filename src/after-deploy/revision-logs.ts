import type { CallOptions } from '../control-plane/client'
import type { LogEntry } from '../control-plane/schemas'
import { MAX_LOG_LINES } from '../inputs/fields'
import { formatLogLine } from '../report/log-lines'
import type { LogLine, RevisionLogs } from '../result'
import { phaseOf, type RevisionPhase } from '../wait/revision-status'

export type LogPhase = RevisionPhase

/** Pages the log endpoint is read over at the most (the lines at the most: `log-lines`' bound). */
export const MAX_LOG_PAGES = 3
/**
 * Lines of ERROR or above that also become annotations: the first ones, which hold a root cause
 * more often than the last (GitHub keeps 10 error annotations a step; the log's budget cuts more).
 */
const MAX_ANNOTATIONS = 10
const ERROR_LEVELS = new Set(['ERROR', 'CRITICAL', 'FATAL'])

/** A log object of undocumented shape, as one line: known keys when present, else its JSON. */
export function toLogLine(entry: LogEntry): LogLine {
  const pick = (...keys: string[]) => {
    for (const key of keys) {
      const value = entry[key]
      if (typeof value === 'string' || typeof value === 'number') return String(value)
    }
    return undefined
  }
  const message = pick('message', 'msg', 'text', 'log')
  return {
    time: pick('timestamp', 'time', 'ts', 'created_at') ?? '',
    level: (pick('level', 'severity', 'levelname') ?? '').toUpperCase(),
    message: message ?? JSON.stringify(entry)
  }
}

/**
 * Reads the newest `maxLines` lines (newest first, over at most MAX_LOG_PAGES pages) and returns
 * them oldest first.
 */
export async function readLastLogLines(
  readPage: (
    query: { order: 'desc'; limit: number; offset?: string },
    call: CallOptions
  ) => Promise<{ logs: LogEntry[]; next_offset?: string | null }>,
  maxLines: number,
  call: CallOptions
): Promise<LogLine[]> {
  const wanted = Math.min(maxLines, MAX_LOG_LINES)
  const newestFirst: LogLine[] = []
  let offset: string | undefined
  for (let page = 0; page < MAX_LOG_PAGES && newestFirst.length < wanted; page++) {
    const limit = Math.min(100, wanted - newestFirst.length)
    const answer = await readPage({ order: 'desc', limit, offset }, call)
    newestFirst.push(...answer.logs.slice(0, limit).map(toLogLine))
    if (!answer.next_offset || answer.next_offset === offset) break
    offset = answer.next_offset
  }
  return newestFirst.slice(0, wanted).reverse()
}

export function isErrorLine(line: LogLine): boolean {
  return ERROR_LEVELS.has(line.level)
}

export function errorAnnotations(lines: readonly LogLine[]): LogLine[] {
  return lines.filter(isErrorLine).slice(0, MAX_ANNOTATIONS)
}

/** What showing logs does to the world: the action's log and annotations. */
export interface LogIo {
  startGroup(title: string): void
  endGroup(): void
  info(message: string): void
  error(message: string, title: string): void
  /** ERROR lines past those annotated: counted in the line that says how many more. */
  moreErrors?(count: number): void
  notice(message: string): void
}

/**
 * Fetches the logs that explain how the revision ended and shows them: oldest first in a
 * collapsed group, ERROR lines also as annotations. Best effort: any failure to read them becomes
 * one notice and `undefined`, never an error of the step.
 */
export async function showRevisionLogs(
  readPage: (
    phase: LogPhase,
    query: { order: 'desc'; limit: number; offset?: string },
    call: CallOptions
  ) => Promise<{ logs: LogEntry[]; next_offset?: string | null }>,
  options: {
    revisionId: string
    statusesSeen: readonly string[]
    maxLines: number
    redact: (text: string) => string
    call: CallOptions
    io: LogIo
  }
): Promise<RevisionLogs | undefined> {
  const { io, redact } = options
  const phase = phaseOf(options.statusesSeen)
  let lines: LogLine[]
  try {
    lines = await readLastLogLines(
      (query, call) => readPage(phase, query, call),
      options.maxLines,
      options.call
    )
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error)
    const missing = /HTTP 404/.test(reason) ? 'this service does not offer revision logs' : reason
    io.notice(
      redact(`The ${phase} logs of revision ${options.revisionId} could not be shown: ${missing}`)
    )
    return undefined
  }
  const shown = lines.map((line) => ({ ...line, message: redact(line.message) }))
  if (shown.length === 0) {
    io.notice(`Revision ${options.revisionId} has no ${phase} log lines.`)
    return { phase, lines: shown }
  }
  io.startGroup(`Last ${shown.length} lines of the ${phase} log of revision ${options.revisionId}`)
  for (const line of shown) io.info(formatLogLine(line))
  io.endGroup()
  const annotated = errorAnnotations(shown)
  for (const line of annotated) io.error(line.message, annotationTitle(phase, line.time))
  const errorLines = shown.filter(isErrorLine).length
  if (errorLines > annotated.length) io.moreErrors?.(errorLines - annotated.length)
  return { phase, lines: shown }
}

/** An ERROR line's title as a reader scans it: the log and its time of day in UTC, no ISO stamp. */
function annotationTitle(phase: string, time: string): string {
  const at = /T?(\d{2}:\d{2}:\d{2})/.exec(time)?.[1]
  return at ? `${phase} log error at ${at} UTC` : `${phase} log error`
}
