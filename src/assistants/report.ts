import { UUID } from '../lib/ids'
import { parseJson } from '../lib/json'
import type { Markdown, Redactor, StepRender } from '../report-kit/render'
import type { OutputShape } from '../report-kit/shapes'
import type { AssistantResult, AssistantRow, AssistantsReport } from './types'

// Assistants as code in the report: one table (name, id, graph, result, version before → after,
// the changed key paths), one line in the PR comment, and the `assistants` output. Values are
// never shown: they may hold prompts.

/** Key paths shown per assistant before the rest are counted. */
const MAX_PATHS = 8

const RESULT_WORDS: Record<AssistantResult, string> = {
  created: 'created',
  updated: 'updated',
  unchanged: 'unchanged',
  pinned: 'pinned',
  restored: 'restored'
}

/** The summary's table; `which` says whose it is when the summary shows two. */
export function renderAssistants(
  report: AssistantsReport,
  md: Markdown,
  redact: Redactor,
  which?: string
): string[] {
  const text = (value: string) => md.cell(redact(value))
  // An unchanged one's version once: "1 → 1" reads as a change.
  const versions = (before?: number, after?: number) =>
    before === undefined && after === undefined
      ? '—'
      : before === after
        ? String(after)
        : `${before ?? '—'} → ${after ?? '—'}`
  const paths = (changed: readonly string[]) =>
    changed.length === 0
      ? '—'
      : [
          ...changed.slice(0, MAX_PATHS).map((path) => md.code(redact(path))),
          ...(changed.length > MAX_PATHS ? [`and ${changed.length - MAX_PATHS} more`] : [])
        ].join(', ')
  return [
    `### Assistants${which ? ` ${which}` : ''}${report.planned ? ' (planned; nothing written)' : ''}`,
    '',
    '| Assistant | Id | Graph | Result | Version | Changed |',
    '|---|---|---|---|---|---|',
    ...report.rows.map((row) => {
      const result =
        row.result === undefined
          ? row.why === undefined
            ? '—'
            : `❌ ${text(row.why)}`
          : overwroteHandEdit(row)
            ? `${RESULT_WORDS[row.result]}, ⚠️ over a hand edit`
            : RESULT_WORDS[row.result]
      return `| ${text(row.name)} | ${md.code(row.id.slice(0, 8))} | ${row.graphId === undefined ? '—' : text(row.graphId)} | ${result} | ${versions(row.before, row.after)} | ${paths(row.changed)} |`
    }),
    ''
  ]
}

/** This run wrote over a hand edit of the assistant (an update, `on-drift: overwrite`). */
export function overwroteHandEdit(row: AssistantRow): boolean {
  return row.result === 'updated' && (row.overwritten?.length ?? 0) > 0
}

/** Assistants named in the comment's line before the rest are counted. */
const MAX_NAMED = 4

/**
 * The PR comment's one line: what was done to each assistant that changed, with its versions
 * ("`support` restored 2 → 1"), the unchanged ones counted. `which` says whose it is: after a
 * rollback, what the server holds now.
 */
export function assistantsLine(
  report: AssistantsReport,
  md: Markdown,
  redact: Redactor,
  which?: string
): string {
  const changed = report.rows.filter((row) => row.result !== 'unchanged')
  const unchanged = report.rows.length - changed.length
  const named = changed.slice(0, MAX_NAMED).map((row) => {
    const word =
      row.result === undefined
        ? 'failed'
        : overwroteHandEdit(row)
          ? 'updated over a hand edit'
          : RESULT_WORDS[row.result]
    const versions =
      row.before !== undefined && row.after !== undefined && row.before !== row.after
        ? ` ${row.before} → ${row.after}`
        : row.after !== undefined
          ? ` (version ${row.after})`
          : ''
    return `${md.code(redact(row.name))} ${word}${versions}`
  })
  const words = [
    ...named,
    ...(changed.length > MAX_NAMED ? [`${changed.length - MAX_NAMED} more changed`] : []),
    ...(unchanged > 0 ? [`${unchanged} unchanged`] : [])
  ]
  return `**Assistants${which ? ` ${which}` : ''}:** ${words.length > 0 ? words.join(', ') : 'none'}`
}

/** The `assistants` output: name → {id, version, result}, for the rows with a result. */
export function assistantsOutput(report: AssistantsReport): string {
  const entries = report.rows.flatMap((row) =>
    row.result === undefined || row.after === undefined
      ? []
      : [[row.name, { id: row.id, version: row.after, result: row.result }] as const]
  )
  return JSON.stringify(Object.fromEntries(entries))
}

/**
 * Assistants whose hand edit this run wrote over, unless a rollback put the edit back: "⚠️ a
 * hand edit to an assistant was written over: `billing` (`config.configurable.temperature`),
 * and 1 more".
 */
function handEditsWrittenOver(
  payload: AssistantsReport | undefined,
  afterRollback: AssistantsReport | undefined,
  md: Markdown,
  redact: Redactor
): string | undefined {
  const restored = new Set(
    (afterRollback?.rows ?? []).filter((row) => row.result === 'restored').map((row) => row.id)
  )
  const over = (payload?.rows ?? []).filter(
    (row) => overwroteHandEdit(row) && !restored.has(row.id)
  )
  const [first] = over
  if (!first) return undefined
  const paths = (first.overwritten ?? []).map((path) => md.code(redact(path))).join(', ')
  const more = over.length > 1 ? `, and ${over.length - 1} more` : ''
  return `⚠️ A hand edit to an assistant was written over: ${md.code(redact(first.name))} (${paths})${more}.`
}

const ASSISTANT_NAME = /^[a-z0-9][a-z0-9_-]{0,62}$/
const ASSISTANT_RESULTS: readonly unknown[] = [
  'created',
  'updated',
  'unchanged',
  'pinned',
  'restored'
]

/** `assistants`: name → {id, version, result}; names the entries' rule, ids UUIDs, versions whole. */
const assistantsShape: OutputShape = (value) => {
  const parsed = parseJson(value)
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    return { problem: 'it is not a JSON object' }
  for (const [name, row] of Object.entries(parsed)) {
    if (!ASSISTANT_NAME.test(name)) return { problem: "it holds a name outside the entries' rule" }
    if (typeof row !== 'object' || row === null || Array.isArray(row))
      return { problem: `its ${name} is not an object` }
    const { id, version, result, ...rest } = row as Record<string, unknown>
    if (Object.keys(rest).length > 0)
      return { problem: `its ${name} holds more than id, version, result` }
    if (typeof id !== 'string' || !UUID.test(id))
      return { problem: `its ${name} has an id that is not a UUID` }
    if (!Number.isSafeInteger(version))
      return { problem: `its ${name} has a version that is not a whole number` }
    if (!ASSISTANT_RESULTS.includes(result)) return { problem: `its ${name} has an unknown result` }
  }
  return { value }
}

/** Assistants as code's renderer row. */
export const assistantsRender = {
  words: 'writing the assistants',
  summary: (report, { md, redact, afterRollback }) =>
    renderAssistants(report, md, redact, afterRollback ? 'after the rollback' : undefined),
  comment: (report, { md, redact, afterRollback }) => [
    '',
    assistantsLine(report, md, redact, afterRollback ? 'after the rollback' : undefined),
    ''
  ],
  outputs: (report) => (report.planned ? {} : { assistants: assistantsOutput(report) }),
  outputsAfterRollback: true,
  risk: { order: 2, line: handEditsWrittenOver },
  shapes: { assistants: assistantsShape }
} satisfies StepRender<AssistantsReport, 'assistants'>
