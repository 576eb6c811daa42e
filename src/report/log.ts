import { showControlCharacters } from './control-characters'
import type { Redactor } from './redact'
import { shortenIds } from './short-ids'
import type { AnnotationProperties, Sink } from '../world'

/**
 * GitHub keeps this many error annotations, and this many warning annotations, per step, and
 * drops the rest without a word: the log writes at most this many of each per run.
 */
export const ANNOTATION_LIMIT = 10

/**
 * Where a warning stands in the run's one budget: the action's own first (an `http` URL, the
 * runner's 6-hour limit), then the lines that make the release policy weaker (worst first), then
 * the rest.
 */
export type WarningRank = 'own' | 'weaker-policy' | 'other'
const RANKS: Record<WarningRank, number> = { own: 0, 'weaker-policy': 1, other: 2 }

export interface WarningOptions {
  rank?: WarningRank
  /** The line of a file it is about (a pull request shows it on its diff). */
  place?: FilePlace
  /** Warnings of one kind (one per thread, per case) are annotated once, the rest counted. */
  kind?: string
}

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
  /**
   * A warning annotation, within the run's budget: the action's own and the weaker policy's lines
   * as they come, any other kind once the run ends (see flush).
   */
  warning(text: string, options?: WarningOptions): void
  /** An error annotation, written after the step's failure line, within the budget. */
  error(text: string, title?: string): void
  /** An error annotation on a line of a file (a pull request shows it on its diff). */
  errorAt(text: string, place: FilePlace): void
  /** Errors found beyond those given (the first ERROR lines of a long log): counted, not shown. */
  moreErrors(count: number): void
  /** Every warning so far, annotated or not, as the log writes it: the summary lists them all. */
  warningsSaid(): readonly string[]
  /** Built only when the runner's debug logging is on. */
  debug(text: () => string): void
  startGroup(title: string): void
  endGroup(): void
  /** An error annotation, and the step fails: the first error annotation, then the others. */
  fail(text: string): void
  /**
   * Writes the annotations the budget keeps, once the run ends: the errors not written yet, then
   * the warnings by rank; past the limit, one line says how many more there are.
   */
  flush(): void
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

interface Pending {
  text: string
  properties: AnnotationProperties
  rank: number
  kind?: string
}

const plural = (count: number, word: string) => `${count} more ${word}${count === 1 ? '' : 's'}`

export function createLog(redact: Redactor, sink: LogSink): Log {
  const safe = (text: string) => forLog(text, redact)
  const titled = (title?: string) => (title === undefined ? {} : { title: safe(title) })
  const placed = (place: FilePlace): AnnotationProperties => ({
    ...titled(place.title),
    file: safe(place.file),
    ...(place.line !== undefined && { startLine: place.line }),
    ...(place.col !== undefined && { startColumn: place.col })
  })
  const errors: Pending[] = []
  const warnings: Pending[] = []
  const written = { errors: 0, warnings: 0, moreErrors: 0 }
  const said: string[] = []
  const flushErrors = () => {
    const pending = errors.splice(0)
    const total = pending.length + written.moreErrors
    written.moreErrors = 0
    const room = ANNOTATION_LIMIT - written.errors
    if (total === 0 || room <= 0) return
    const shown = total <= room ? pending : pending.slice(0, room - 1)
    for (const each of shown) sink.error(each.text, each.properties)
    written.errors += shown.length
    if (shown.length < total) {
      sink.error(`${plural(total - shown.length, 'error')}: the job summary lists every one.`)
      written.errors += 1
    }
  }
  const flushWarnings = () => {
    const pending = warnings.splice(0).sort((a, b) => a.rank - b.rank)
    const kinds = new Set<string>()
    const annotated: Pending[] = []
    const folded: Pending[] = []
    for (const each of pending) {
      if (each.kind !== undefined && kinds.has(each.kind)) folded.push(each)
      else annotated.push(each)
      if (each.kind !== undefined) kinds.add(each.kind)
    }
    const room = ANNOTATION_LIMIT - written.warnings
    const total = annotated.length + folded.length
    if (total === 0) return
    const shown =
      total <= room ? annotated : annotated.slice(0, Math.min(annotated.length, room - 1))
    for (const each of shown) sink.warning(each.text, each.properties)
    written.warnings += shown.length
    const rest = [...annotated.slice(shown.length), ...folded]
    if (rest.length === 0) return
    // Each warning past the budget stays in the log as a line; one annotation counts them.
    for (const each of rest) sink.info(`Warning: ${each.text}`)
    if (written.warnings < ANNOTATION_LIMIT) {
      sink.warning(`${plural(rest.length, 'warning')}: the job summary lists every one.`)
      written.warnings += 1
    }
  }
  return {
    info: (text) => sink.info(safe(text)),
    // A notice is an annotation people read on the run's page: short ids, as the summary's.
    notice: (text, title) => sink.notice(safe(shortenIds(text)), titled(title)),
    warning: (text, options = {}) => {
      said.push(safe(text))
      const rank = options.rank ?? 'other'
      const properties = options.place === undefined ? {} : placed(options.place)
      // The action's own warnings and the weaker policy's lines come first in the budget: written
      // as they come (one place kept for the count); any other kind waits for the end.
      if (rank !== 'other' && written.warnings < ANNOTATION_LIMIT - 1) {
        sink.warning(safe(text), properties)
        written.warnings += 1
        return
      }
      warnings.push({
        text: safe(text),
        properties,
        rank: RANKS[rank],
        ...(options.kind === undefined ? {} : { kind: options.kind })
      })
    },
    error: (text, title) => errors.push({ text: safe(text), properties: titled(title), rank: 0 }),
    errorAt: (text, place) => errors.push({ text: safe(text), properties: placed(place), rank: 0 }),
    moreErrors: (count) => {
      written.moreErrors += count
    },
    warningsSaid: () => [...said],
    debug: (text) => {
      if (sink.isDebug()) sink.debug(safe(text()))
    },
    startGroup: (title) => sink.startGroup(safe(title)),
    endGroup: () => sink.endGroup(),
    fail: (text) => {
      // The step's own line first: GitHub keeps the first annotations, and it is read first.
      sink.setFailed(safe(text))
      written.errors += 1
      flushErrors()
    },
    flush: () => {
      flushErrors()
      flushWarnings()
    }
  }
}
