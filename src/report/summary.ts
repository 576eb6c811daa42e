import { formatDuration } from '../lib/duration'
import { OPERATION_FACTS } from '../operation-facts'
import type { Config } from '../inputs/parse'
import type { DeployResult, PruneRow } from '../result'
import type { CheckInWords } from './checks-in-words'
import { markOf, plainHeadline } from './headline'
import { capMarkdown, markdownFor, type Markdown } from './markdown'
import { renderPhases, slowWait } from './phases'
import { policySummary } from './policy-text'
import type { Redactor } from './redact'
import {
  buildReport,
  shortId,
  type ReportInput,
  type ReportModel,
  type ServingNow
} from './report-model'
import { alert, headlineMarkdown, linkedCommit } from './report-pieces'
import { riskLines } from './risks'
import { payloadRows, type PayloadView, type PayloadWithRow } from './step-rows'

/** The deployment's link, in words: a URL as a link's text is read as noise. */
const DEPLOYMENT_LINK = "the deployment's URL ↗"

/** The words of each verdict in the checks table. */
const VERDICT_WORDS: Record<CheckInWords['verdict'], string> = {
  passed: '✅ passed',
  failed: '❌ failed',
  inconclusive: '⚠️ could not conclude',
  skipped: '⏭️ skipped'
}

/** A pass that let a risk through (the ⚠️ line under the headline names it). */
const WARNED_WORDS = '⚠️ passed with a warning'

/**
 * The job summary, rendered from the report model: the headline, the reason right under it when
 * the step failed (the failed check and what it saw, the log's ERROR lines, the failed cases),
 * then the facts, the checks, the time, and the full ids collapsed. Every text from the service
 * is redacted, then escaped (./markdown.ts); the whole stays under the runner's size limit.
 */
export function renderSummary(model: ReportModel, redact: Redactor): string {
  const md = markdownFor(redact)
  if (model.pruneRows) return renderPruneSummary(model, model.pruneRows, md)
  const view = (name: string, afterRollback: boolean): PayloadView => ({
    md,
    redact,
    failedHere: !afterRollback && model.failedCheck?.check === name,
    afterRollback,
    broughtBack: model.rollback?.toRevisionId
  })
  const payloads = payloadRows(model.payloads, model.rollback?.payloads)
  // The failed step's payload right under the reason, when its row shows it there; the others
  // after the checks table.
  const firstOf = ({ name, afterRollback, row }: PayloadWithRow) =>
    view(name, afterRollback).failedHere && row.summaryReason !== undefined
  const reasonDetail = payloads
    .filter(firstOf)
    .flatMap((each) => each.row.summaryReason?.(each.payload, view(each.name, false)) ?? [])
  const payloadLines = payloads
    .filter((each) => !firstOf(each))
    .flatMap((each) => each.row.summary?.(each.payload, view(each.name, each.afterRollback)) ?? [])
  return capMarkdown(
    [
      `## ${headlineMarkdown(model, md)}`,
      '',
      ...failureFirst(model, md),
      ...(model.logs ? renderLogs(model.logs, md) : []),
      ...(model.rollback?.logs
        ? renderLogs(model.rollback.logs, md, "the rollback revision's")
        : []),
      ...reasonDetail,
      // The risks the run let through come after the reason (its log lines included).
      ...riskLines(model, md, redact),
      ...facts(model, md),
      ...checksTable(model.checks, md),
      ...payloadLines,
      ...policySummary(model.policy, md),
      ...(model.planLines ? ['### Plan', '', md.fence(model.planLines), ''] : []),
      // The time is a detail, collapsed, unless the run timed out or the wait ran past every
      // earlier one: a failed check or build is not about time.
      ...(model.phases
        ? renderPhases(model.phases, md, model.outcome === 'timeout' || slowWait(model.phases))
        : []),
      ...fullIds(model, md)
    ].join('\n')
  )
}

/** The reason, right under the headline, in an alert block: what failed and what it saw. */
function failureFirst(model: ReportModel, md: Markdown): string[] {
  if (model.succeeded) return []
  const lines: string[] = []
  const { failedCheck, rollback } = model
  if (failedCheck?.why !== undefined) {
    const verdict = failedCheck.verdict === 'failed' ? 'failed' : 'could not conclude'
    lines.push(
      `**${md.cell(capitalized(failedCheck.name))} ${verdict}:** ${md.paragraph(failedCheck.why)}`
    )
  } else if (model.reason !== undefined) {
    lines.push(md.paragraph(model.reason))
  }
  if (rollback) {
    lines.push('', `**The rollback:** ${md.paragraph(rollback.words)}`)
  }
  return [...alert(rollback?.restored ? 'WARNING' : 'CAUTION', lines), '']
}

/** What serves now, in words, its id short. */
export function servingWords(serving: ServingNow, md: Markdown): string {
  const id = serving.revisionId ? ` ${md.code(shortId(serving.revisionId))}` : ''
  switch (serving.whose) {
    case 'this run':
      return `this run's revision${id}`
    case 'previous':
      return serving.redeployOf
        ? `the revision from before this run, ${md.code(shortId(serving.redeployOf))}, redeployed as${id}`
        : `the revision from before this run${id}`
    case 'failed':
      return `the failed revision${id}`
    case 'rollback':
      return `the rollback's revision${id}${serving.redeployOf ? ` (a redeploy of ${md.code(shortId(serving.redeployOf))})` : ''}, which failed its own checks`
    case 'none':
      return 'no revision'
    case 'unknown':
      return id ? `revision${id} (as last read)` : 'unknown'
  }
}

/** The facts of the run as a list (a key/value table would need an empty header row). */
function facts(model: ReportModel, md: Markdown): string[] {
  const items: string[] = []
  if (OPERATION_FACTS[model.operation].reportsServing) {
    items.push(
      `**Serving now:** ${servingWords(model.serving, md)}${model.links.deployment && model.serving.whose !== 'none' ? ` at ${md.linkWords(DEPLOYMENT_LINK, model.links.deployment)}` : ''}`
    )
  }
  if (model.revisionId)
    items.push(
      `**This run's revision:** ${md.code(shortId(model.revisionId))}${model.revisionStatus ? `, ${md.cell(model.revisionStatus)}` : ''}${replacedByRollback(model) ? ', then replaced by the rollback' : ''}${model.created ? ' (the deployment was created by this run)' : ''}`
    )
  if (model.commit) {
    const compare = model.links.compare
      ? ` (${md.linkAs('compare with the commit before', model.links.compare)})`
      : ''
    items.push(`**Commit:** ${linkedCommit(model.commit, model.links.commit, md)}${compare}`)
  }
  if (model.promotion) {
    const { fromDeploymentName, fromRevisionId, promoted, fromCommit } = model.promotion
    // The source's commit, when it differs from what this run built (the Commit line above).
    const verified =
      fromCommit && fromCommit !== model.commit
        ? `, verified at commit ${md.code(fromCommit.slice(0, 7))}`
        : ''
    items.push(`**Source:** ${md.cell(model.promotion.source)}`)
    items.push(
      `**Promoted from:** ${md.cell(fromDeploymentName)}, revision ${md.code(shortId(fromRevisionId))} (${md.cell(promoted)})${verified}`
    )
  } else if (model.target) {
    items.push(`**Source:** ${sourceWords(model.source, model.target, md)}`)
  }
  if (model.redeployOf)
    items.push(`**Redeploy of:** revision ${md.code(shortId(model.redeployOf))}`)
  items.push(`**Took:** ${formatDuration(model.stepMs)}`)
  if (model.rollback)
    items.push(`**The rollback took:** ${formatDuration(model.rollback.elapsedMs)}`)
  if (model.links.run && !model.succeeded)
    items.push(`**Run:** ${md.linkAs('this workflow run', model.links.run)}`)
  return [...items.map((item) => `- ${item}`), '']
}

/**
 * What the revision was built from, in a user's words: "from the repository's `main`", "the
 * image `…`", "the folder `…`" (never the service's name for the kind of source).
 */
function sourceWords(source: string | undefined, target: string, md: Markdown): string {
  if (source === 'git_host') return `from the repository's ${md.code(target)}`
  if (source === 'internal_source')
    return `the checked-out folder ${md.code(target.replace(/^folder /, ''))}`
  return `the image ${md.code(target)}`
}

/** This run's revision no longer serves: the rollback put the earlier one back in its place. */
function replacedByRollback(model: ReportModel): boolean {
  return model.rollback?.restored === true && model.rollback.failedRevisionId === model.revisionId
}

function checksTable(checks: readonly CheckInWords[], md: Markdown): string[] {
  if (checks.length === 0) return []
  const withWhy = checks.some((check) => check.verdict === 'skipped' && check.why !== undefined)
  return [
    '### Checks',
    '',
    `| Check | Verdict |${withWhy ? ' What it saw |' : ''}`,
    `|---|---|${withWhy ? '---|' : ''}`,
    ...checks.map((check) => {
      // A failure's words stand under the headline: the table points there, not repeats them.
      const why =
        check.why === undefined
          ? ''
          : check.verdict === 'failed' || check.verdict === 'inconclusive'
            ? 'see above'
            : md.cell(check.why)
      const verdict = check.warned ? WARNED_WORDS : VERDICT_WORDS[check.verdict]
      return `| ${md.cell(check.name)} | ${verdict} |${withWhy ? ` ${why} |` : ''}`
    }),
    ''
  ]
}

/** The log's ERROR lines first (else its last lines), then its tail collapsed. */
function renderLogs(logs: NonNullable<ReportModel['logs']>, md: Markdown, whose = 'the'): string[] {
  const phase = md.cell(logs.phase)
  if (logs.tail.length === 0) return []
  // The errors are the tail's last lines when none has a level: the tail alone then.
  const tailOnly = logs.errors.every(
    (line, index) => line === logs.tail.at(index - logs.errors.length)
  )
  if (tailOnly && logs.tail.length === logs.errors.length)
    return [`### The last lines of ${whose} ${phase} log`, '', md.fence(logs.tail), '']
  return [
    `### ${capitalized(whose)} ${phase} log's errors`,
    '',
    md.fence(logs.errors),
    '',
    `<details><summary>Last ${logs.tail.length} lines of ${whose} ${phase} log</summary>`,
    '',
    md.fence(logs.tail),
    '',
    '</details>',
    ''
  ]
}

export const capitalized = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}`

/** Every id in full, collapsed: the text above uses their first 8 characters. */
function fullIds(model: ReportModel, md: Markdown): string[] {
  if (model.ids.length === 0) return []
  return [
    '<details><summary>Full ids</summary>',
    '',
    '| Id of | Id |',
    '|---|---|',
    ...model.ids.map(({ label, id }) => `| ${md.cell(label)} | ${md.code(id)} |`),
    '',
    '</details>',
    ''
  ]
}

/** operation prune: the stale deployments found, why each is stale, and what became of it. */
function renderPruneSummary(model: ReportModel, rows: PruneRow[], md: Markdown): string {
  return capMarkdown(
    [
      `## ${markOf(model)} ${md.cell(plainHeadline(model))}`,
      '',
      ...(model.succeeded ? [md.paragraph(model.message), ''] : failureFirst(model, md)),
      ...(rows.length === 0
        ? []
        : [
            '| Name | Last update | Why | Result |',
            '|---|---|---|---|',
            ...rows.map(
              (row) =>
                `| ${md.cell(row.name)} | ${md.cell(row.updatedAt ?? '?')} | ${md.cell(row.reason)} | ${md.cell(row.failure ? `${row.result}: ${row.failure}` : row.result)} |`
            ),
            ''
          ]),
      `**Took:** ${formatDuration(model.stepMs)}`,
      ''
    ].join('\n')
  )
}

/**
 * The job summary of a result without a GitHub context (tests, the demo): the model built from
 * it, then rendered.
 */
export function renderDeploySummary(
  result: DeployResult,
  source: string,
  extras: Omit<ReportInput, 'result' | 'operation' | 'now'> & {
    operation?: Config['operation']
  },
  redact: Redactor
): string {
  return renderSummary(
    buildReport({
      operation: extras.operation ?? 'deploy',
      source,
      now: Date.now(),
      ...extras,
      result
    }),
    redact
  )
}

/** Every warning the run wrote, collapsed; nothing without any. */
export function warningsSummary(warnings: readonly string[], redact: Redactor): string {
  if (warnings.length === 0) return ''
  const md = markdownFor(redact)
  return [
    '',
    `<details><summary>Warnings (${warnings.length})</summary>`,
    '',
    ...warnings.map((warning) => `- ${md.cell(warning)}`),
    '',
    '</details>',
    ''
  ].join('\n')
}

/**
 * The job summary when the inputs were refused: nothing was sent. `operation: validate` asked
 * only for this check, so its headline says the check found problems, not that a deploy did not
 * start.
 */
export function renderInputErrorSummary(
  message: string,
  redact: Redactor,
  operation?: string,
  /** The problems counted by where they are, when the inputs' check counted them. */
  counts?: { inputs: number; policy: number; policyPath?: string }
): string {
  const md = markdownFor(redact)
  const [first = '', ...rest] = message.split('\n')
  const problems = rest.filter((line) => /^\s+- /.test(line))
  return capMarkdown(
    [
      `## ❌ ${md.cell(inputErrorHeadline(operation, counts))}`,
      '',
      ...alert('CAUTION', [
        md.paragraph(first),
        ...(problems.length === 0
          ? rest.length === 0
            ? []
            : ['', md.paragraph(rest.join('\n'))]
          : ['', ...problems.map((line) => `- ${withCode(line.replace(/^\s+- /, ''), md)}`)])
      ]),
      ''
    ].join('\n')
  )
}

/**
 * "Validate: 3 problems in the release policy .github/release-policy.yml", "Delete not started:
 * 1 problem in the inputs": the operation asked for, what was checked, how many problems.
 */
function inputErrorHeadline(
  operation: string | undefined,
  counts: { inputs: number; policy: number; policyPath?: string } | undefined
): string {
  const known = ['deploy', 'delete', 'rollback', 'promote', 'prune', 'validate']
  const verb = operation !== undefined && known.includes(operation) ? operation : 'deploy'
  const name = `${verb.charAt(0).toUpperCase()}${verb.slice(1)}`
  if (counts === undefined)
    return verb === 'validate' ? 'Validate: problems found' : `${name} not started: invalid inputs`
  const total = counts.inputs + counts.policy
  const policy = `the release policy${counts.policyPath ? ` ${counts.policyPath}` : ''}`
  const where =
    counts.policy === 0 ? 'the inputs' : counts.inputs === 0 ? policy : `the inputs and ${policy}`
  const found = `${total} problem${total === 1 ? '' : 's'} in ${where}`
  return verb === 'validate' ? `Validate: ${found}` : `${name} not started: ${found}`
}

/** A problem's sentence with its `code` spans kept as code, the rest escaped. */
function withCode(text: string, md: Markdown): string {
  return text
    .split('`')
    .map((part, index, parts) =>
      index % 2 === 1 && index < parts.length - 1 ? md.code(part) : md.paragraph(part)
    )
    .join('')
}
