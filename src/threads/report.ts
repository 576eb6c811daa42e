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

/** The canaries that did not pass. */
const failedCanaries = (payload: ParkedThreadsPayload) =>
  payload.canary.filter((canary) => canary.verdict !== 'pass')

/** What failed the check is known from what it read: threads it strands, canaries that failed. */
const failedOnWhatItRead = (payload: ParkedThreadsPayload) =>
  payload.verdict === 'fail' &&
  (payload.incompatible.length > 0 || failedCanaries(payload).length > 0)

/**
 * The headline's words when threads the release strands or canaries failed it: "3 parked threads
 * stranded", "1 parked thread stranded, 1 canary failed".
 */
export function threadsFailedPhrase(payload: ParkedThreadsPayload): string | undefined {
  if (!failedOnWhatItRead(payload)) return undefined
  const stranded = strandedIds(payload).length
  const canaries = failedCanaries(payload).length
  return [
    ...(stranded > 0 ? [`${stranded} parked thread${stranded === 1 ? '' : 's'} stranded`] : []),
    ...(canaries > 0 ? [`${canaries} canar${canaries === 1 ? 'y' : 'ies'} failed`] : [])
  ].join(', ')
}

/**
 * The reason's sentence after its label ("Parked threads failed:"), which says the check's name
 * already: "4 read, the release strands 3: 60e0dffb at agent/approval (its node is gone), …;
 * canary reject failed (its reply does not contain …)".
 */
export function threadsFailedReason(payload: ParkedThreadsPayload): string | undefined {
  if (!failedOnWhatItRead(payload)) return undefined
  const of =
    payload.read < payload.total
      ? `on the ${payload.read} newest of ${payload.total}`
      : `${payload.read} read`
  const stranded = strandedIds(payload).length
  const canaries = failedCanaries(payload)
  return `${[
    stranded > 0
      ? `${of}, the release strands ${stranded}: ${someOf(payload.incompatible.map(incompatibilityWords))}`
      : `${of}, none stranded`,
    ...(canaries.length > 0
      ? [
          `canar${canaries.length === 1 ? 'y' : 'ies'} ${someOf(canaries.map((canary) => `${canary.name} failed (${canary.why ?? 'no reason given'})`))}`
        ]
      : [])
  ].join('; ')}.`
}

/** Where the incompatible threads wait: "`agent`/`approval`", "`agent` key `tier`". */
function whereWords(payload: ParkedThreadsPayload, md: Markdown): string[] {
  return [
    ...new Set(
      payload.incompatible.map((entry) =>
        entry.key !== undefined
          ? `${md.code(shown(entry.graph) ?? '?')} key ${md.code(shown(entry.key) ?? '?')}`
          : `${md.code(shown(entry.graph) ?? '?')}/${md.code(shown(entry.node) ?? '?')}`
      )
    )
  ]
}

/**
 * What the re-read after a rollback found: "3 threads wait again; 1 answered while the new code
 * served, its answer lost: `60e0dffb` (ask its user again)"; `named` false leaves the ids to the
 * ⚠️ line (the PR comment).
 */
function afterRollbackWords(payload: ParkedThreadsPayload, md: Markdown, named = true): string {
  // The re-read did not answer (its warning says why): nothing is known of them.
  if (payload.waitingAgain === undefined) return 'not read again after the rollback'
  const again = payload.waitingAgain.length
  const lost = payload.answeredLost ?? []
  const its = lost.length === 1 ? 'its' : 'their'
  const ids = someOf(
    lost.map((id) => md.code(shortId(id) ?? '?')),
    3
  )
  return [
    `${threadCount(again)} wait${again === 1 ? 's' : ''} again`,
    ...(lost.length === 0
      ? []
      : named
        ? [
            `${lost.length} answered while the new code served, ${its} answer lost: ${ids} (ask ${its} user${lost.length === 1 ? '' : 's'} again)`
          ]
        : [`${lost.length} answered while the new code served (${its} answer lost)`])
  ].join('; ')
}

/**
 * "Parked threads: 12 of 40 read; strands 2 at `agent`/`approval`.", and after a rollback
 * "…: rolled back, 2 threads wait again; 1 answered while the new code served, …".
 */
export function threadsLine(
  payload: ParkedThreadsPayload,
  md: Markdown,
  view: { afterRollback: boolean }
): string[] {
  const stranded = strandedIds(payload)
  const what =
    stranded.length > 0
      ? `strands ${stranded.length} at ${someOf(whereWords(payload, md), 3)}`
      : VERDICT_WORDS[payload.verdict]
  const rolledBack = view.afterRollback
    ? `: rolled back, ${afterRollbackWords(payload, md, false)}`
    : ''
  return [
    '',
    `Parked threads: ${readWords(payload)}; ${what}${canaryWords(payload, md)}${rolledBack}.`,
    ''
  ]
}

/** "; canary `approve` failed": the canaries whose reply failed, in the comment's line. */
function canaryWords(payload: ParkedThreadsPayload, md: Markdown): string {
  const failed = payload.canary.filter((entry) => entry.verdict !== 'pass')
  if (failed.length === 0) return ''
  const names = someOf(
    failed.map((entry) => md.code(shown(entry.name) ?? '?')),
    3
  )
  return `; canar${failed.length === 1 ? 'y' : 'ies'} ${names} failed`
}

/** The summary's block: read of total, the parked nodes, the incompatible threads, the rest. */
export function renderThreads(
  payload: ParkedThreadsPayload,
  md: Markdown,
  redact: Redactor,
  view: { afterRollback: boolean }
): string[] {
  const cell = (value: string | null) => md.cell(redact(value ?? '?'))
  // The threads and their tables are this run's block above: only what the re-read found here.
  if (view.afterRollback)
    return ['### Parked threads after the rollback', '', `${afterRollbackWords(payload, md)}.`, '']
  const stranded = strandedIds(payload).length
  const verdict =
    stranded > 0 ? `${stranded} ${VERDICT_WORDS[payload.verdict]}` : VERDICT_WORDS[payload.verdict]
  const lines = ['### Parked threads', '', `${readWords(payload)}: ${verdict}.`, '']
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
    [payload.tooLarge.length, 'too large to judge']
  ] as const
  const rest = counted.filter(([count]) => count > 0)
  if (rest.length > 0)
    lines.push(rest.map(([count, words]) => `${threadCount(count)} ${words}`).join('; ') + '.', '')
  // The canaries ran on this run's revision only. A reply is the agent's text: redacted and
  // escaped as a cell, its first line only.
  if (payload.canary.length > 0 && !view.afterRollback)
    lines.push(
      '| canary | verdict | reply |',
      '|---|---|---|',
      ...payload.canary.map(
        (entry) =>
          `| ${cell(shown(entry.name))} | ${entry.verdict} | ${entry.reply === undefined ? '—' : cell(redact(entry.reply).split(/\r?\n/)[0] ?? '')} |`
      ),
      ''
    )
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
  const lost = afterRollback?.answeredLost ?? []
  const back = new Set([...(afterRollback?.waitingAgain ?? []), ...lost])
  const left = strandedIds(payload).filter((id) => !back.has(id))
  const first = payload.incompatible.find((entry) => entry.thread === left[0])
  const more = (count: number) => (count > 1 ? `, and ${count - 1} more` : '')
  // Back at their node after a rollback, but their users' answers given meanwhile are lost.
  if (!first)
    return lost.length === 0
      ? undefined
      : `⚠️ Parked threads answered while the new code served, ${lost.length === 1 ? 'its answer' : 'their answers'} lost: ${md.code(shortId(lost[0] ?? '') ?? '?')}${more(lost.length)}; ask ${lost.length === 1 ? 'its user' : 'their users'} again.`
  const [at = '?'] = whereWords({ ...payload, incompatible: [first] }, md)
  return `⚠️ Parked threads left stranded: ${md.code(shortId(first.thread) ?? '?')} at ${at}${more(left.length)}.`
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
  failedPhrase: (payload) => threadsFailedPhrase(payload),
  failedReason: (payload) => threadsFailedReason(payload),
  warned: (payload) => payload.verdict === 'warn',
  summary: (payload, { md, redact, afterRollback }) =>
    renderThreads(payload, md, redact, { afterRollback }),
  comment: (payload, { md, afterRollback }) => threadsLine(payload, md, { afterRollback }),
  outputs: (payload) => threadsOutputs(payload),
  // After a rollback its payload is this run's and what the re-read found: the comment says both.
  outputsAfterRollback: true,
  shapes: { 'parked-threads': parkedThreadsShape },
  risk: { order: 1, line: (payload, afterRollback, md) => strandedLine(payload, afterRollback, md) }
} satisfies StepRender<ParkedThreadsPayload, keyof ReturnType<typeof threadsOutputs>>
