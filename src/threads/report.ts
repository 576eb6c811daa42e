import {
  incompatibilityWords,
  parkedThreadsOutput,
  shortId,
  shown,
  someOf,
  type ParkedThreadsPayload,
  parkedThreadsOutputSchema
} from './payload'
import { parseJson } from '../lib/json'
import type { Markdown, Redactor, StepRender } from '../report-kit/render'
import type { OutputShape } from '../report-kit/shapes'

// Parked threads in the report: one line in the PR comment, a block in the summary, the ⚠️ line
// for threads this run left stranded, and the `parked-threads` output. Never a state or an
// interrupt value (users' data): ids cut to 8 characters, names only in the output's shape.

const VERDICT_WORDS: Record<ParkedThreadsPayload['verdict'], string> = {
  pass: 'none stranded',
  fail: 'incompatible',
  warn: 'incompatible (a warning)',
  inconclusive: 'could not conclude'
}

const threadCount = (count: number) => `${count} thread${count === 1 ? '' : 's'}`

/** Read of total: "12 of 40 read" when sampled, "3 read" otherwise. */
function readWords(payload: ParkedThreadsPayload): string {
  return payload.read < payload.total
    ? `${payload.read} of ${payload.total} read`
    : `${payload.read} read`
}

/** The threads judged incompatible, each thread once. */
const strandedIds = (payload: ParkedThreadsPayload) => [
  ...new Set(payload.incompatible.map((entry) => entry.thread))
]

/** "parked threads: 12 of 40 read; strands 2 at `agent`/`approval`: rolled back, they wait again" */
export function threadsLine(
  payload: ParkedThreadsPayload,
  md: Markdown,
  view: { afterRollback: boolean }
): string[] {
  if (view.afterRollback) {
    const again = payload.waitingAgain?.length ?? 0
    const lost = payload.answeredLost?.length ?? 0
    const parts = [
      `${threadCount(again)} wait again`,
      ...(lost > 0 ? [`${threadCount(lost)} answered while the new code served`] : [])
    ]
    return ['', `Parked threads after the rollback: ${parts.join(', ')}.`, '']
  }
  const stranded = strandedIds(payload)
  const where = [
    ...new Set(
      payload.incompatible.map((entry) =>
        entry.key !== undefined
          ? `${md.code(shown(entry.graph) ?? '?')} key ${md.code(shown(entry.key) ?? '?')}`
          : `${md.code(shown(entry.graph) ?? '?')}/${md.code(shown(entry.node) ?? '?')}`
      )
    )
  ]
  const what =
    stranded.length > 0
      ? `strands ${stranded.length} at ${someOf(where, 3)}`
      : VERDICT_WORDS[payload.verdict]
  return ['', `Parked threads: ${readWords(payload)}; ${what}.`, '']
}

/** The summary's block: read of total, the parked nodes, the incompatible threads, the rest. */
export function renderThreads(
  payload: ParkedThreadsPayload,
  md: Markdown,
  redact: Redactor,
  view: { afterRollback: boolean }
): string[] {
  const cell = (value: string | null) => md.cell(redact(value ?? '?'))
  const title = view.afterRollback ? '### Parked threads after the rollback' : '### Parked threads'
  const lines = [title, '', `${readWords(payload)}: ${VERDICT_WORDS[payload.verdict]}.`, '']
  if (payload.parked.length > 0)
    lines.push(
      '| graph | node | threads |',
      '|---|---|---|',
      ...payload.parked.map(
        (entry) => `| ${cell(shown(entry.graph))} | ${cell(shown(entry.node))} | ${entry.threads} |`
      ),
      ''
    )
  if (payload.incompatible.length > 0)
    lines.push(
      '| thread | graph | node or key | why |',
      '|---|---|---|---|',
      ...payload.incompatible.map((entry) => {
        const at =
          entry.key !== undefined ? `key ${cell(shown(entry.key))}` : cell(shown(entry.node))
        const why = incompatibilityWords(entry)
          .replace(/^.* \(/, '')
          .replace(/\)$/, '')
        return `| ${md.code(shortId(entry.thread) ?? '?')} | ${cell(shown(entry.graph))} | ${at} | ${md.cell(why)} |`
      }),
      ''
    )
  const counted = [
    [payload.movedOn.length, 'answered meanwhile'],
    [payload.deleted.length, 'deleted meanwhile'],
    [payload.tooLarge.length, 'too large to judge'],
    [payload.waitingAgain?.length ?? 0, 'waiting again after the rollback'],
    [payload.answeredLost?.length ?? 0, 'answered while the new code served (their answer is lost)']
  ] as const
  const rest = counted.filter(([count]) => count > 0)
  if (rest.length > 0)
    lines.push(rest.map(([count, words]) => `${threadCount(count)} ${words}`).join('; ') + '.', '')
  return lines
}

/**
 * The ⚠️ line for threads this run left stranded (none when a rollback brought them back to
 * their node): "⚠️ Parked threads left stranded: `1a2b3c4d` at `agent`/`approval`, and 2 more."
 */
export function strandedLine(
  payload: ParkedThreadsPayload | undefined,
  afterRollback: ParkedThreadsPayload | undefined,
  md: Markdown
): string | undefined {
  if (payload === undefined) return undefined
  const back = new Set(afterRollback?.waitingAgain ?? [])
  const left = strandedIds(payload).filter((id) => !back.has(id))
  const first = payload.incompatible.find((entry) => entry.thread === left[0])
  if (!first) return undefined
  const at =
    first.key !== undefined
      ? `${md.code(shown(first.graph) ?? '?')} key ${md.code(shown(first.key) ?? '?')}`
      : `${md.code(shown(first.graph) ?? '?')}/${md.code(shown(first.node) ?? '?')}`
  const more = left.length > 1 ? `, and ${left.length - 1} more` : ''
  return `⚠️ Parked threads left stranded: ${md.code(shortId(first.thread) ?? '?')} at ${at}${more}.`
}

/** The `parked-threads` output, in its shape only. */
export const threadsOutputs = (payload: ParkedThreadsPayload) => ({
  'parked-threads': JSON.stringify(parkedThreadsOutput(payload))
})

/** `parked-threads`: the spec's shape, names in their rule, thread ids 8 hex characters. */
const parkedThreadsShape: OutputShape = (value) =>
  parkedThreadsOutputSchema.safeParse(parseJson(value)).success
    ? { value }
    : { problem: 'it is not in the shape of parked-threads' }

/** Parked threads' renderer row. */
export const threadsRender = {
  words: 'parked threads',
  summary: (payload, { md, redact, afterRollback }) =>
    renderThreads(payload, md, redact, { afterRollback }),
  comment: (payload, { md, afterRollback }) => threadsLine(payload, md, { afterRollback }),
  outputs: (payload) => threadsOutputs(payload),
  shapes: { 'parked-threads': parkedThreadsShape },
  risk: { order: 1, line: (payload, afterRollback, md) => strandedLine(payload, afterRollback, md) }
} satisfies StepRender<ParkedThreadsPayload, keyof ReturnType<typeof threadsOutputs>>
