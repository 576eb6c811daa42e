import type { AssistantResult, AssistantsReport } from '../assistants/types'
import type { Markdown } from './markdown'
import type { Redactor } from './redact'

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
  const versions = (before?: number, after?: number) =>
    before === undefined && after === undefined ? '—' : `${before ?? '—'} → ${after ?? '—'}`
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
          : RESULT_WORDS[row.result]
      return `| ${text(row.name)} | ${md.code(row.id.slice(0, 8))} | ${row.graphId === undefined ? '—' : text(row.graphId)} | ${result} | ${versions(row.before, row.after)} | ${paths(row.changed)} |`
    }),
    ''
  ]
}

/** The PR comment's one line: "assistants: 1 updated, 2 unchanged". */
export function assistantsLine(report: AssistantsReport): string {
  const counts = new Map<string, number>()
  for (const row of report.rows) {
    const word = row.result === undefined ? 'failed' : RESULT_WORDS[row.result]
    counts.set(word, (counts.get(word) ?? 0) + 1)
  }
  const words = [...counts].map(([word, count]) => `${count} ${word}`)
  return `**Assistants:** ${words.length > 0 ? words.join(', ') : 'none'}`
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
