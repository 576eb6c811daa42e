import type { Config } from '../inputs/parse'
import { commitUrl, compareUrl, FULL_SHA, runUrl, type GitHubPlace } from '../lib/github-links'
import { UUID } from '../lib/ids'
import { OUTCOMES, succeeds } from '../outcomes'
import { OPERATION_FACTS, type BuiltFrom } from '../operation-facts'
import type { DeployResult, RevisionLogs } from '../result'
import type { StepChecks, StepRollback } from '../step-payloads'
import { checksInWords, type CheckInWords } from './checks-in-words'
import { headlineOf } from './headline'
import { policyInWords } from './policy-model'
import type { PolicyFacts } from './policy-types'
import { rollbackWords } from './rollback-text'
import { shortenIds } from './short-ids'
import { payloadRow } from './step-rows'

export type {
  HeadlinePart,
  LogsInWords,
  ReportLinks,
  ReportModel,
  RollbackInWords,
  ServingNow
} from './report-types'
import type { LogsInWords, ReportModel, RollbackInWords, ServingNow } from './report-types'

/** Everything the model is built from. */
export interface ReportInput {
  operation: Config['operation']
  result: DeployResult
  checks?: StepChecks
  rollback?: StepRollback
  logs?: RevisionLogs
  /** The log of the revision a rollback's redeploy created, when it failed or timed out. */
  rollbackLogs?: RevisionLogs
  /** The input's `source`, for operations whose source is not the deployments' own. */
  source?: string
  target?: string
  /** The workflow's commit (GitHub context), for a deploy. */
  workflowCommit?: string
  place?: GitHubPlace
  now: number
  /** When the step started (epoch ms): its time is counted from it; else the result's. */
  startedAt?: number
  /** The name the inputs gave, when the result has none. */
  inputName?: string
  /** The release policy in effect (and a pull request's base side); undefined without one. */
  policy?: PolicyFacts
}

/** Log lines of the ERROR (or worse) levels. */
const ERROR_LEVELS = new Set(['ERROR', 'CRITICAL', 'FATAL'])
/** Log lines of the tail the summary shows, at the most. */
const TAIL_LINES = 30

export function buildReport(input: ReportInput): ReportModel {
  const { result, checks, rollback, place } = input
  const checkWords = checks ? checksInWords(checks) : []
  const failedCheck = inItsRowsWords(
    checkWords.find((check) => check.verdict === 'failed') ??
      checkWords.find((check) => check.verdict === 'inconclusive'),
    checks?.payloads
  )
  const succeeded = succeeds(result.outcome)
  const commit = commitOf(input)
  const previousCommit = previousCommitOf(input)
  const rollbackWords = rollback && rollbackInWords(rollback, input.rollbackLogs)
  const serving = servingNow(result, rollback, failedCheck)
  const model: ReportModel = {
    operation: input.operation,
    outcome: result.outcome,
    succeeded,
    deploymentName:
      result.deploymentName ?? input.inputName ?? result.deploymentId ?? 'the deployment',
    headline: [],
    reason: succeeded
      ? undefined
      : shortenIds(failedCheck?.why ?? withoutLogPointer(result.message, input.logs)),
    failedCheck:
      succeeded || !failedCheck
        ? undefined
        : { ...failedCheck, ...(failedCheck.why ? { why: shortenIds(failedCheck.why) } : {}) },
    rollback: rollbackWords,
    serving,
    ...(result.refusedBeforeWrite !== undefined && {
      refusedBeforeWrite: result.refusedBeforeWrite
    }),
    message: result.message,
    ids: idsOf(result, rollback, commit),
    links: {
      run: place && runUrl(place),
      commit: place && commitUrl(place, commit),
      compare: place && compareUrl(place, previousCommit, commit),
      deployment: deploymentLink(result, serving)
    },
    commit,
    previousCommit,
    revisionId: result.revisionId,
    revisionStatus: result.revisionStatus,
    created: result.created,
    source: result.promotion?.source ?? input.source,
    target: input.target,
    promotion: result.promotion,
    redeployOf: result.redeployOf,
    checks: checkWords,
    payloads: checks?.payloads ?? {},
    stepMs: input.startedAt === undefined ? result.elapsedMs : input.now - input.startedAt,
    updatedAt: input.now,
    phases: result.phases,
    logs: input.logs && logsInWords(input.logs),
    planLines: result.planLines,
    pruneRows: result.pruneRows,
    policy: policyInWords(
      input.policy,
      OPERATION_FACTS[input.operation].checked,
      place,
      input.workflowCommit
    )
  }
  return { ...model, headline: headlineOf(model) }
}

/**
 * The run's message without its pointer to the service's logs when the report shows the lines
 * itself: the service has no page of its own for them to link, and the lines follow.
 */
function withoutLogPointer(message: string, logs: RevisionLogs | undefined): string {
  if (logs === undefined || logs.lines.length === 0) return message
  return message.replace(/ See the revision's \w+ logs on the service\.$/, '')
}

/**
 * The failed check with what it saw in its row's words, when its row has them (a smoke suite's
 * failed cases: the headline counts them already).
 */
function inItsRowsWords(
  check: CheckInWords | undefined,
  payloads: StepChecks['payloads'] | undefined
): CheckInWords | undefined {
  if (check?.verdict !== 'failed') return check
  const found = payloadRow(payloads, check.check)
  const why = found?.row.failedReason?.(found.payload)
  return why === undefined ? check : { ...check, why }
}

/**
 * The deployment's URL: as read after DEPLOYED, else (a failed build or deploy) as read before
 * the write when the revision from before still serves there.
 */
function deploymentLink(result: DeployResult, serving: ServingNow): string | undefined {
  if (result.deploymentUrl) return result.deploymentUrl
  return serving.whose === 'previous' ? result.servedBeforeUrl : undefined
}

/** The commit this run's revision was built from: the service's word first, then the workflow's. */
function commitOf(input: ReportInput): string | undefined {
  const { result } = input
  const candidates: Record<BuiltFrom, (string | undefined)[]> = {
    promotion: [result.promotion?.commit, result.promotion?.fromCommit],
    redeploy: [result.redeployCommit],
    workflow: [input.workflowCommit]
  }
  return candidates[OPERATION_FACTS[input.operation].builtFrom].find(
    (sha) => sha !== undefined && FULL_SHA.test(sha)
  )
}

/** The commit of what served before this run's write, as the deployment was read before it. */
function previousCommitOf(input: ReportInput): string | undefined {
  const sha = input.result.servedBeforeCommit
  return sha !== undefined && FULL_SHA.test(sha) ? sha : undefined
}

/**
 * What serves after the run: this run's revision when it succeeded; after a rollback, what the
 * rollback found (restored, or the failed one still); else the revision from before when the
 * failed one never replaced it.
 */
function servingNow(
  result: DeployResult,
  rollback: StepRollback | undefined,
  failedCheck: CheckInWords | undefined
): ServingNow {
  if (rollback) {
    const restored = rollback.restored ?? rollback.outcome === 'deployed'
    if (restored)
      return {
        whose: 'previous',
        revisionId: rollback.revisionId,
        redeployOf: rollback.toRevisionId
      }
    if (rollback.servingNow === rollback.failedRevisionId)
      return { whose: 'failed', revisionId: rollback.failedRevisionId }
    // The rollback's revision serves, as read at its end, though its own checks failed.
    if (rollback.servingNow !== undefined && rollback.servingNow === rollback.revisionId)
      return {
        whose: 'rollback',
        revisionId: rollback.revisionId,
        redeployOf: rollback.toRevisionId
      }
    if (rollback.servingNow !== undefined)
      return { whose: 'unknown', revisionId: rollback.servingNow }
    // The redeploy's revision never reached DEPLOYED: what served (the failed one) goes on.
    if (rollback.outcome !== 'checks-failed')
      return { whose: 'failed', revisionId: rollback.failedRevisionId }
    // DEPLOYED, its checks failed, and what serves could not be read afterwards.
    return { whose: 'unknown' }
  }
  // Refused before the write: what served when the deployment was read serves still.
  if (result.refusedBeforeWrite !== undefined && result.previousRevisionId)
    return { whose: 'previous', revisionId: result.previousRevisionId }
  switch (OUTCOMES[result.outcome].serves) {
    case 'this-run':
      return { whose: 'this run', revisionId: result.revisionId }
    case 'checked':
      // The serving check failed: another revision serves, as its words say.
      return failedCheck?.check === 'serving'
        ? { whose: 'unknown' }
        : { whose: 'failed', revisionId: result.revisionId }
    case 'previous':
      if (result.previousRevisionId)
        return { whose: 'previous', revisionId: result.previousRevisionId }
      break
    case 'none':
      return { whose: 'none' }
    case 'unknown':
      break
  }
  return result.created ? { whose: 'none' } : { whose: 'unknown' }
}

function rollbackInWords(rollback: StepRollback, logs: RevisionLogs | undefined): RollbackInWords {
  return {
    ...(logs && { logs: logsInWords(logs) }),
    restored: rollback.restored,
    failedRevisionId: rollback.failedRevisionId,
    toRevisionId: rollback.toRevisionId,
    revisionId: rollback.revisionId,
    elapsedMs: rollback.elapsedMs,
    words: shortenIds(rollbackWords(rollback)),
    payloads: rollback.checks?.payloads ?? {}
  }
}

/** Every id of the run, in full, for the collapsed block; only well-formed ones. */
function idsOf(
  result: DeployResult,
  rollback: StepRollback | undefined,
  commit: string | undefined
): { label: string; id: string }[] {
  const ids: [string, string | undefined][] = [
    ['Deployment', result.deploymentId],
    ['Revision', result.revisionId],
    ['Revision before this run', result.previousRevisionId],
    ['Redeploy of', result.redeployOf],
    ['Promoted from revision', result.promotion?.fromRevisionId],
    ['Rolled back to', rollback?.toRevisionId],
    ['Rollback revision', rollback?.revisionId]
  ]
  return [
    ...ids.flatMap(([label, id]) => (id !== undefined && UUID.test(id) ? [{ label, id }] : [])),
    ...(commit ? [{ label: 'Commit', id: commit }] : [])
  ]
}

/**
 * A revision's log for people: the ERROR lines first, each line without the date and level the
 * service repeats inside its message, the tail after them.
 */
function logsInWords(logs: RevisionLogs): LogsInWords {
  const lines = logs.lines.map((line) => ({
    error: ERROR_LEVELS.has(line.level),
    text: tidyLogLine(line.time, line.level, line.message)
  }))
  const errors = lines.filter((line) => line.error).map((line) => line.text)
  // Without any leveled line, the last lines are the best guess at the cause.
  const shownFirst = errors.length > 0 ? errors : lines.slice(-5).map((line) => line.text)
  return {
    phase: logs.phase,
    errors: shownFirst,
    tail: lines.slice(-TAIL_LINES).map((line) => line.text)
  }
}

/** `12:04:30 ERROR message`: the time of day (the day is the run's), the level unless INFO. */
export function tidyLogLine(time: string, level: string, message: string): string {
  const at = /T?(\d{2}:\d{2}:\d{2})/.exec(time)?.[1]
  const bare = message
    .replace(/^\[?\d{4}-\d{2}-\d{2}[T ][\d:.,]+Z?\]?\s*/, '')
    .replace(/^\[?(TRACE|DEBUG|INFO|NOTICE|WARN|WARNING|ERROR|CRITICAL|FATAL)\]?:?\s+/i, '')
  return [at, level === 'INFO' ? '' : level, bare].filter((part) => part).join(' ')
}

export { shortenIds, shortId } from './short-ids'
