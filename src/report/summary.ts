import type { DeployResult } from '../result'
import { formatDuration } from '../lib/duration'
import { formatLogLine, type RevisionLogs } from '../after-deploy/revision-logs'

/** Log lines the summary shows at the most; the step's log has them all. */
const SUMMARY_LOG_LINES = 30

const HEADLINES: Record<DeployResult['outcome'], string> = {
  deployed: '✅ Deployed',
  'revision-created': '✅ Revision created (not waited for)',
  failed: '❌ Deploy failed',
  superseded: '⚠️ Superseded by a newer revision',
  timeout: '⏱️ Timed out',
  cancelled: '🛑 Cancelled',
  error: '❌ Deploy failed',
  'dry-run': '📝 Dry run: nothing was changed',
  deleted: '🗑️ Deleted',
  absent: '✅ Already absent'
}

/** Escapes text so that markdown and HTML read it as plain characters. */
function escapeInline(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/[\\`*_[\]|#!]/g, (character) => `\\${character}`)
}

/** Text from the service or the user, made safe for one markdown table cell. */
export function escapeCell(text: string): string {
  return escapeInline(text).replace(/\r?\n/g, ' ')
}

/** Text made safe for a markdown paragraph, its line breaks kept. */
export function escapeParagraph(text: string): string {
  return text.split(/\r?\n/).map(escapeInline).join('  \n')
}

/** The job summary of a deploy, whatever its outcome. */
export interface SummaryExtras {
  /** What was deployed: the ref, the image or the folder. */
  target?: string
  logs?: RevisionLogs
  checks?: { passed: string[]; reply?: string; a2aReply?: string; failure?: string }
}

export function renderDeploySummary(
  result: DeployResult,
  source: string,
  extras: SummaryExtras = {}
): string {
  const { logs, checks } = extras
  const rows: [string, string][] = [
    [
      'Deployment',
      result.deploymentName
        ? `${result.deploymentName} (${result.deploymentId ?? '?'})`
        : (result.deploymentId ?? '—')
    ],
    ['Source', source],
    ...(extras.target ? [['Ref or image', extras.target] as [string, string]] : []),
    ['Revision', result.revisionId ?? '—'],
    ['Status', result.revisionStatus ?? '—'],
    ['URL', result.deploymentUrl || '—'],
    ['Created by this run', result.created ? 'yes' : 'no'],
    ['Time', formatDuration(result.elapsedMs)]
  ]
  if (checks)
    rows.push(['Checks passed', checks.passed.length > 0 ? checks.passed.join(', ') : 'none'])
  return [
    `## ${HEADLINES[result.outcome]}`,
    '',
    '| | |',
    '|---|---|',
    ...rows.map(([label, value]) => `| ${label} | ${escapeCell(value)} |`),
    '',
    escapeParagraph(result.message),
    '',
    ...(checks?.failure ? [escapeParagraph(checks.failure), ''] : []),
    ...(checks?.reply !== undefined
      ? ['### The agent replied', '', fenced(checks.reply.split(/\r?\n/)), '']
      : []),
    ...(checks?.a2aReply !== undefined
      ? ['### The agent replied over A2A', '', fenced(checks.a2aReply.split(/\r?\n/)), '']
      : []),
    ...(result.planLines ? ['### Plan', '', fenced(result.planLines), ''] : []),
    ...(logs && logs.lines.length > 0 ? renderLogs(logs) : [])
  ].join('\n')
}

/** Lines in a fence longer than any run of backticks in them, so none can close it. */
function fenced(lines: string[]): string {
  const longestRun = Math.max(
    0,
    ...lines.flatMap((line) => (line.match(/`+/g) ?? []).map((run) => run.length))
  )
  const fence = '`'.repeat(Math.max(3, longestRun + 1))
  return [`${fence}text`, ...lines, fence].join('\n')
}

/** The last log lines in a fence longer than any run of backticks in them, so none can close it. */
function renderLogs(logs: RevisionLogs): string[] {
  const lines = logs.lines.slice(-SUMMARY_LOG_LINES).map(formatLogLine)
  return [`### Last ${lines.length} lines of the ${logs.phase} log`, '', fenced(lines), '']
}

/** The job summary when the inputs were refused: nothing was sent. */
export function renderInputErrorSummary(message: string): string {
  return ['## ❌ Deploy not started: invalid inputs', '', escapeParagraph(message), ''].join('\n')
}
