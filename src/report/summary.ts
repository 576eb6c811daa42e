import {
  checksWith,
  failingVerdict,
  type AfterDeployChecks,
  type DeployResult,
  type Promotion,
  type PruneRow,
  type RollbackReport
} from '../result'
import { OUTCOMES, type HeadlineKey } from '../outcomes'
import { describeRollback } from './rollback-text'
import { formatDuration } from '../lib/duration'
import type { RevisionLogs } from '../result'
import { formatLogLine } from './log-lines'
import { capMarkdown, markdownFor, type Markdown } from './markdown'
import { renderPhases } from './phases'
import type { Redactor } from './redact'
import { renderGate } from './gate'
import { passCount, renderSuite } from './suite'

/** Log lines the summary shows at the most; the step's log has them all. */
const SUMMARY_LOG_LINES = 30
/** Characters of a failed check's first sentence shown in the headline. */
const HEADLINE_CHECK_CHARS = 120

const HEADLINES: Record<HeadlineKey, string> = {
  succeeded: '✅ Deployed',
  'check-failed': '❌ Deployed, but a check failed',
  'not-waited': '✅ Revision created (not waited for)',
  failed: '❌ Deploy failed',
  superseded: '⚠️ Superseded by a newer revision',
  'timed-out': '⏱️ Timed out',
  cancelled: '🛑 Cancelled',
  'dry-run': '📝 Dry run: nothing was changed',
  deleted: '🗑️ Deleted',
  absent: '✅ Already absent',
  pruned: '🧹 Pruned'
}

/** The job summary of a deploy, whatever its outcome. */
export interface SummaryExtras {
  /** What was deployed: the ref, the image or the folder. */
  target?: string
  logs?: RevisionLogs
  checks?: AfterDeployChecks
  /** The rollback after this run's revision failed (rollback-on-failure). */
  rollback?: RollbackReport
}

/**
 * The job summary of a deploy: every text in it is redacted with `redact`, then escaped
 * (./markdown.ts), and the whole stays under the runner's size limit.
 */
export function renderDeploySummary(
  result: DeployResult,
  source: string,
  extras: SummaryExtras,
  redact: Redactor
): string {
  const { logs, checks, rollback } = extras
  const md = markdownFor(redact)
  if (result.pruneRows) return renderPruneSummary(result, result.pruneRows, md)
  // Each row's value, already rendered as markdown.
  const rows: [string, string][] = [
    [
      'Deployment',
      md.cell(
        result.deploymentName
          ? `${result.deploymentName} (${result.deploymentId ?? '?'})`
          : (result.deploymentId ?? '—')
      )
    ],
    ['Source', md.cell(result.promotion?.source ?? source)],
    ...(result.promotion
      ? promotionRows(result.promotion, md)
      : extras.target
        ? [['Ref or image', md.cell(extras.target)] as [string, string]]
        : []),
    ['Revision', md.cell(result.revisionId ?? '—')],
    ...(result.redeployOf ? [['Redeploy of', md.cell(result.redeployOf)] as [string, string]] : []),
    ['Status', md.cell(result.revisionStatus ?? '—')],
    ['URL', result.deploymentUrl ? md.link(result.deploymentUrl) : '—'],
    ['Created by this run', result.created ? 'yes' : 'no'],
    ['Time', formatDuration(result.elapsedMs)]
  ]
  if (checks) {
    const passed = checksWith(checks, 'passed').map(({ check }) => check)
    const skipped = checksWith(checks, 'skipped').map(({ check, why }) => `${check}: ${why ?? '?'}`)
    rows.push(['Checks passed', passed.length > 0 ? md.cell(passed.join(', ')) : 'none'])
    if (skipped.length > 0) rows.push(['Checks skipped', md.cell(skipped.join('; '))])
  }
  if (checks?.suite) rows.push(['Smoke suite', md.cell(passCount(checks.suite))])
  if (rollback) {
    rows.push(
      ['Failed revision', md.cell(rollback.failedRevisionId)],
      ['Rolled back to', md.cell(rollback.toRevisionId)],
      ['Rollback revision', md.cell(rollback.revisionId ?? '—')],
      ['Rollback', md.cell(`${rollback.outcome}, ${formatDuration(rollback.elapsedMs)}`)]
    )
  }
  return capMarkdown(
    [
      `## ${headline(result, checks, md)}${rollback ? (rollback.restored ? ' (rolled back)' : ' (the rollback failed)') : ''}`,
      '',
      '| | |',
      '|---|---|',
      ...rows.map(([label, value]) => `| ${label} | ${value} |`),
      '',
      md.paragraph(result.message),
      '',
      ...(rollback ? ['### Rollback', '', md.paragraph(describeRollback(rollback)), ''] : []),
      ...(checks?.reply !== undefined
        ? ['### The agent replied', '', md.fence([checks.reply]), '']
        : []),
      ...(checks?.a2aReply !== undefined
        ? ['### The agent replied over A2A', '', md.fence([checks.a2aReply]), '']
        : []),
      ...(checks?.suite ? renderSuite(checks.suite, md, redact) : []),
      ...(rollback?.checks?.suite
        ? renderSuite(rollback.checks.suite, md, redact, 'after the rollback')
        : []),
      ...(checks?.gate ? renderGate(checks.gate, md, { broughtBack: rollback?.toRevisionId }) : []),
      ...(result.planLines ? ['### Plan', '', md.fence(result.planLines), ''] : []),
      ...(result.phases ? renderPhases(result.phases, md) : []),
      ...(logs && logs.lines.length > 0 ? renderLogs(logs, md) : [])
    ].join('\n')
  )
}

/** The headline's words; a failed check is named in it (its first sentence, kept short). */
function headline(result: DeployResult, checks: SummaryExtras['checks'], md: Markdown): string {
  const words = HEADLINES[OUTCOMES[result.outcome].headline]
  const why = failingVerdict(checks)?.why
  if (result.outcome !== 'checks-failed' || why === undefined) return words
  const first = /^.*?\.(?=\s|$)/.exec(why)?.[0] ?? why
  const short =
    first.length > HEADLINE_CHECK_CHARS ? `${first.slice(0, HEADLINE_CHECK_CHARS)}…` : first
  return `${words}: ${md.cell(short)}`
}

/** operation promote: where the build came from, what it was, and what the new revision built. */
function promotionRows(promotion: Promotion, md: Markdown): [string, string][] {
  const promoted =
    promotion.source === 'git_host'
      ? 'Ref'
      : promotion.source === 'internal_source'
        ? 'Tarball'
        : 'Image'
  const rows: [string, string][] = [
    ['Promoted from', md.cell(`${promotion.fromDeploymentName} (${promotion.fromDeploymentId})`)],
    ['Its revision', md.cell(promotion.fromRevisionId)],
    [`${promoted} promoted`, md.cell(promotion.promoted)]
  ]
  if (promotion.fromCommit !== undefined) rows.push(['Commit', md.cell(promotion.fromCommit)])
  if (promotion.commit !== undefined && promotion.commit !== promotion.fromCommit)
    rows.push(['Commit built instead', md.cell(promotion.commit)])
  return rows
}

/** operation prune: the stale deployments found, why each is stale, and what became of it. */
function renderPruneSummary(result: DeployResult, rows: PruneRow[], md: Markdown): string {
  return capMarkdown(
    [
      `## ${HEADLINES[OUTCOMES[result.outcome].headline]}`,
      '',
      md.paragraph(result.message),
      '',
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
      `Time: ${formatDuration(result.elapsedMs)}`,
      ''
    ].join('\n')
  )
}

/** The last log lines, in a fence none of them can close. */
function renderLogs(logs: RevisionLogs, md: Markdown): string[] {
  const lines = logs.lines.slice(-SUMMARY_LOG_LINES).map(formatLogLine)
  return [`### Last ${lines.length} lines of the ${logs.phase} log`, '', md.fence(lines), '']
}

/** The job summary when the inputs were refused: nothing was sent. */
export function renderInputErrorSummary(message: string, redact: Redactor): string {
  return capMarkdown(
    [
      '## ❌ Deploy not started: invalid inputs',
      '',
      markdownFor(redact).paragraph(message),
      ''
    ].join('\n')
  )
}
