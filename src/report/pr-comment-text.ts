import { formatDuration } from '../lib/duration'
import { commitUrl, compareUrl, type GitHubPlace } from '../lib/github-links'
import { clockTime } from '../wait/progress-text'
import {
  MAX_PUSHES,
  memoryLine,
  readMemory,
  type MemoryNotice,
  type PushRecord,
  type PushVerdict
} from './comment-history'
import { shortCommit } from './headline'
import { capComment, markdownFor, type Markdown } from './markdown'
import { policyComment, policyRiskLines } from './policy-text'
import type { Redactor } from './redact'
import { alert, headlineMarkdown, linkedCommit } from './report-pieces'
import { shortId, type ReportModel } from './report-model'
import { payloadRows, type PayloadView } from './step-rows'
import { servingWords } from './summary'

/** The preview's link, in words: a URL as a link's text is read as noise. */
const PREVIEW_LINK = 'open the preview ↗'

/**
 * The pull-request comment, rendered from the report model: the preview link first, the reason
 * and the run link on failure, the commit linked (and compared), an "updated" time in UTC, and a
 * collapsed history of earlier pushes kept in the comment itself (./comment-history.ts).
 */
export function renderComment(
  model: ReportModel,
  previousBody: string | undefined,
  place: GitHubPlace | undefined,
  redact: Redactor,
  /** The name the comment is found by: the same the building comment used. */
  markerName: string = model.deploymentName,
  /** Told what of the earlier comment's history did not parse and was dropped. */
  notice?: MemoryNotice
): string {
  const md = markdownFor(redact)
  const memory = readMemory(previousBody, redact, notice)
  const push = pushOf(model)
  const pushes = push ? [push, ...memory.pushes].slice(0, MAX_PUSHES) : memory.pushes
  const url = model.links.deployment
  const servesHere = model.serving.whose === 'this run' || model.serving.whose === 'previous'
  const lastGoodUrl = model.succeeded && url ? url : memory.lastGoodUrl
  const preview = servesHere && url ? url : memory.lastGoodUrl
  // The compare view's base: the run knew it, or the last push this comment saw served.
  const servedBefore = memory.pushes.find((earlier) => earlier.verdict === 'served')?.commit
  const compare =
    model.links.compare ?? (place ? compareUrl(place, servedBefore, model.commit) : undefined)
  const lines = [
    md.marker(markerName),
    memoryLine({ pushes, lastGoodUrl }, redact),
    `### ${headlineMarkdown(model, md)}`,
    '',
    ...(preview ? [`**Preview:** ${md.linkWords(PREVIEW_LINK, preview)}`, ''] : []),
    ...(model.succeeded
      ? []
      : [
          ...alert(model.rollback?.restored ? 'WARNING' : 'CAUTION', [
            model.failedCheck?.why !== undefined
              ? `**The ${md.cell(model.failedCheck.name)} ${model.failedCheck.verdict === 'failed' ? 'failed' : 'could not conclude'}:** ${md.paragraph(model.failedCheck.why)}`
              : md.paragraph(model.reason ?? model.message),
            ...failedCases(model, md, redact),
            ...(model.rollback
              ? ['', `**The rollback:** ${md.paragraph(model.rollback.words)}`]
              : []),
            // A redeploy that failed: its revision's ERROR lines, as a failed build's below.
            ...(model.rollback?.logs && model.rollback.logs.errors.length > 0
              ? ['', md.fence(model.rollback.logs.errors.slice(0, 5))]
              : []),
            ...(model.logs && model.logs.errors.length > 0
              ? ['', md.fence(model.logs.errors.slice(0, 5))]
              : [])
          ]),
          ''
        ]),
    ...policyRiskLines(model.policy, md),
    ...facts({ ...model, links: { ...model.links, compare } }, md),
    ...payloadRows(model.payloads).flatMap(
      ({ name, row, payload }) => row.comment?.(payload, viewOf(model, name, md, redact)) ?? []
    ),
    ...policyComment(model.policy, md),
    ...history(pushes.slice(push ? 1 : 0), place, md)
  ]
  return capComment(lines.join('\n'))
}

/** While the revision builds: what is building, when it is expected, and what still serves. */
export function renderBuildingComment(
  building: {
    deploymentName: string
    commit?: string
    /** Epoch ms the history expects the revision to end, when it predicts one. */
    expectedAt?: number
    runUrl?: string
    now: number
    verb: string
    /**
     * Once DEPLOYED, while a step after it runs: how far it is, and the deployment's URL, which
     * serves the revision being checked.
     */
    step?: { progress: string; servingUrl?: string }
    /** Where the revision from before serves while this one builds, when the run read it. */
    servingUrl?: string
  },
  previousBody: string | undefined,
  place: GitHubPlace | undefined,
  redact: Redactor,
  /** Told what of the earlier comment's history did not parse and was dropped. */
  notice?: MemoryNotice
): string {
  const md = markdownFor(redact)
  const memory = readMemory(previousBody, redact, notice)
  const what = building.commit ? ` ${md.code(shortCommit(building.commit))}` : ''
  const when = building.expectedAt ? `, expected around ${clockTime(building.expectedAt)}` : ''
  const { step } = building
  // What serves now, as the deployment was read, before what this comment last saw served.
  const stillServing = building.servingUrl ?? memory.lastGoodUrl
  const serving = step?.servingUrl
    ? `**Serving, being checked:** ${md.linkWords(PREVIEW_LINK, step.servingUrl)}`
    : stillServing
      ? `**Still serving:** ${md.linkWords(PREVIEW_LINK, stillServing)}`
      : '**Still serving:** no earlier preview of this pull request'
  const items = [
    serving,
    ...(step ? [`**Now:** ${md.cell(step.progress)}`] : []),
    ...(building.commit
      ? [
          `**Commit:** ${linkedCommit(building.commit, place && commitUrl(place, building.commit), md)}`
        ]
      : []),
    ...(building.runUrl ? [`**Run:** ${md.linkAs('this workflow run', building.runUrl)}`] : []),
    `**Updated:** ${clockTime(building.now)}`
  ]
  return capComment(
    [
      md.marker(building.deploymentName),
      memoryLine(memory, redact),
      `### 🔄 ${md.cell(building.deploymentName)}: ${step ? `checking${what}` : `${md.cell(building.verb)}${what}${md.cell(when)}`}`,
      '',
      ...items.map((item) => `- ${item}`),
      '',
      ...history(memory.pushes, place, md)
    ].join('\n')
  )
}

/**
 * The comment once the preview is gone (operations delete and prune): the same marker, so it
 * replaces the last one; when it was deleted and by which run, in words; the earlier pushes kept,
 * the last good link dropped (it no longer answers).
 */
export function renderDeletedComment(
  deleted: { deploymentName: string; runUrl?: string; now: number },
  previousBody: string | undefined,
  place: GitHubPlace | undefined,
  redact: Redactor,
  notice?: MemoryNotice
): string {
  const md = markdownFor(redact)
  const { pushes } = readMemory(previousBody, redact, notice)
  const by = deleted.runUrl ? ` by ${md.linkAs('this workflow run', deleted.runUrl)}` : ''
  return capComment(
    [
      md.marker(deleted.deploymentName),
      memoryLine({ pushes }, redact),
      `### 🗑️ ${md.cell(deleted.deploymentName)}: the preview was deleted`,
      '',
      `The preview was deleted on ${dayAndTime(deleted.now)}${by}; its URL no longer answers.`,
      '',
      ...history(pushes, place, md)
    ].join('\n')
  )
}

/** A payload in the comment: this run's revision's (the comment shows no rollback's). */
function viewOf(model: ReportModel, name: string, md: Markdown, redact: Redactor): PayloadView {
  return {
    md,
    redact,
    failedHere: model.failedCheck?.check === name,
    afterRollback: false,
    broughtBack: model.rollback?.toRevisionId
  }
}

/** What the failed step read, in the reason block (the failed smoke cases by name). */
function failedCases(model: ReportModel, md: Markdown, redact: Redactor): string[] {
  return payloadRows(model.payloads).flatMap(({ name, row, payload }) => {
    const view = viewOf(model, name, md, redact)
    return view.failedHere ? (row.commentReason?.(payload, view) ?? []) : []
  })
}

function facts(model: ReportModel, md: Markdown): string[] {
  const items = [
    `**Serving now:** ${servingWords(model.serving, md)}`,
    ...(model.commit
      ? [
          `**Commit:** ${linkedCommit(model.commit, model.links.commit, md)}${model.links.compare ? ` (${md.linkAs('compare with the commit before', model.links.compare)})` : ''}`
        ]
      : []),
    `**Took:** ${formatDuration(model.stepMs)}${model.rollback ? `; the rollback ${formatDuration(model.rollback.elapsedMs)}` : ''}`,
    ...(model.links.run ? [`**Run:** ${md.linkAs('this workflow run', model.links.run)}`] : []),
    `**Updated:** ${clockTime(model.updatedAt)}`
  ]
  return [...items.map((item) => `- ${item}`), '']
}

/** What a push ended as, for the comment's history. */
function pushOf(model: ReportModel): PushRecord | undefined {
  if (!model.commit) return undefined
  const verdict: PushVerdict = model.succeeded
    ? 'served'
    : model.rollback?.restored
      ? 'rolled back'
      : model.outcome === 'timeout'
        ? 'timed out'
        : model.outcome === 'cancelled'
          ? 'cancelled'
          : 'failed'
  return {
    commit: model.commit,
    ...(model.revisionId ? { revision: model.revisionId } : {}),
    verdict,
    at: new Date(model.updatedAt).toISOString()
  }
}

const PUSH_WORDS: Record<PushVerdict, string> = {
  served: '✅ served',
  failed: '❌ failed',
  'rolled back': '↩️ failed, rolled back',
  'timed out': '⏱️ timed out',
  cancelled: '🛑 cancelled'
}

/** Earlier pushes, collapsed: commit → revision → verdict. */
function history(
  pushes: readonly PushRecord[],
  place: GitHubPlace | undefined,
  md: Markdown
): string[] {
  if (pushes.length === 0) return []
  return [
    `<details><summary>Earlier pushes (${pushes.length})</summary>`,
    '',
    '| Commit | Revision | Verdict | Ended |',
    '|---|---|---|---|',
    ...pushes.map(
      (push) =>
        `| ${linkedCommit(push.commit, place && commitUrl(place, push.commit), md)} | ${push.revision ? md.code(shortId(push.revision)) : '—'} | ${PUSH_WORDS[push.verdict]} | ${dayAndTime(Date.parse(push.at))} |`
    ),
    '',
    '</details>',
    ''
  ]
}

/** A push's time with its day: the history spans days, a time of day alone would not say which. */
function dayAndTime(epochMs: number): string {
  return `${new Date(epochMs).toISOString().slice(0, 10)} ${clockTime(epochMs)}`
}
