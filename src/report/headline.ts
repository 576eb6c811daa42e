import { formatDuration } from '../lib/duration'
import { OUTCOMES, type HeadlineKey } from '../outcomes'
import { OPERATION_FACTS } from '../operation-facts'
import type { HeadlinePart, ReportModel } from './report-types'
import { payloadRow } from './step-rows'

export type { HeadlinePart } from './report-types'

type Words = Omit<ReportModel, 'headline'>

/** A commit as GitHub shows it in text: its first 7 characters. */
export function shortCommit(sha: string): string {
  return sha.slice(0, 7)
}

/** What a failed revision's final status means, in words. */
const FAILED_STATUS: Record<string, string> = {
  BUILD_FAILED: 'build failed',
  DEPLOY_FAILED: 'deploy failed',
  CREATE_FAILED: 'the revision could not be created',
  INTERRUPTED: 'the revision was interrupted'
}

/**
 * The headline's words after the mark, per headline of the outcome table (../outcomes.ts); the
 * compiler checks every one has some.
 */
const HEADLINES: Record<HeadlineKey, (model: Words) => HeadlinePart[]> = {
  succeeded: (model) => {
    const took = formatDuration(model.stepMs)
    const { promotion } = model
    // A promote's result carries its promotion, a rollback's the revision it redeployed.
    if (promotion) {
      return model.commit
        ? [
            `${model.deploymentName} promoted from ${promotion.fromDeploymentName} (commit `,
            { code: shortCommit(model.commit) },
            ')'
          ]
        : [`${model.deploymentName} promoted from ${promotion.fromDeploymentName} in ${took}`]
    }
    if (model.redeployOf)
      return [
        `${model.deploymentName} rolled back to revision `,
        { code: model.redeployOf.slice(0, 8) },
        ` in ${took}`
      ]
    return [`${model.deploymentName} deployed in ${took}`]
  },
  'check-failed': (model) => [
    `${model.deploymentName}: ${checkPhrase(model)}`,
    ...afterwards(model)
  ],
  failed: (model) => [
    `${model.deploymentName}: ${FAILED_STATUS[model.revisionStatus ?? ''] ?? 'the revision failed'}`,
    ...afterwards(model)
  ],
  'not-waited': (model) => [
    `${model.deploymentName}: revision `,
    { code: (model.revisionId ?? '?').slice(0, 8) },
    ' created (not waited for)'
  ],
  superseded: (model) => [`${model.deploymentName}: superseded by a newer revision`],
  'timed-out': (model) => [
    `${model.deploymentName}: timed out after ${formatDuration(model.stepMs)}${model.revisionStatus ? ` (still ${model.revisionStatus})` : ''}; the deployment goes on`
  ],
  cancelled: (model) => [
    `${model.deploymentName}: cancelled after ${formatDuration(model.stepMs)}`
  ],
  errored: (model) =>
    model.refusedBeforeWrite !== undefined
      ? [`${model.deploymentName}: ${model.refusedBeforeWrite}; nothing was deployed`]
      : [`${model.deploymentName}: ${OPERATION_FACTS[model.operation].failedWords}`],
  'dry-run': (model) => [`${model.deploymentName}: dry run, nothing was changed`],
  deleted: (model) => [`${model.deploymentName} deleted`],
  absent: (model) => [`${model.deploymentName} was already absent`],
  pruned: (model) => {
    const deleted = (model.pruneRows ?? []).filter((row) => row.result === 'deleted').length
    return [`pruned ${deleted} preview${deleted === 1 ? '' : 's'}`]
  }
}

/** The failed check in a few words: its row's, from what it read (a smoke suite's count). */
function checkPhrase(model: Words): string {
  const { failedCheck } = model
  if (!failedCheck) return 'a check failed'
  const failed = failedCheck.verdict === 'failed' && payloadRow(model.payloads, failedCheck.check)
  const phrase = failed ? failed.row.failedPhrase?.(failed.payload) : undefined
  if (phrase !== undefined) return phrase
  return failedCheck.verdict === 'failed'
    ? `${failedCheck.name} failed`
    : `${failedCheck.name} could not conclude`
}

/**
 * What serves after a failure, said only when a rollback ran: the same revision the body names
 * (never "unknown" while the body names one).
 */
function afterwards(model: Words): HeadlinePart[] {
  const { rollback, serving } = model
  if (!rollback) return []
  if (rollback.restored) return ['; the previous revision serves again']
  const failed = ' and the rollback failed'
  if (serving.whose === 'failed') return [`${failed}; the broken revision still serves`]
  if (serving.revisionId === undefined) return [`${failed}; what serves is unknown`]
  const id = { code: serving.revisionId.slice(0, 8) }
  if (serving.whose === 'rollback')
    return [`${failed}: its revision `, id, ' serves but failed its own checks']
  return [`${failed}; revision `, id, ' serves']
}

/** The headline's words: one line, no id beyond 8 characters, the mark added by each renderer. */
export function headlineOf(model: Words): HeadlinePart[] {
  return HEADLINES[OUTCOMES[model.outcome].headline](model)
}

/** The mark that matches the step's exit code. */
export function markOf(model: Pick<ReportModel, 'succeeded'>): string {
  return model.succeeded ? '✅' : '❌'
}

/** The headline as plain text (the GitHub status, the log). */
export function plainHeadline(model: Pick<ReportModel, 'headline'>): string {
  return model.headline.map((part) => (typeof part === 'string' ? part : part.code)).join('')
}
