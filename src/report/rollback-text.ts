import { formatDuration } from '../lib/duration'
import { failingVerdict, type RollbackReport } from '../result'
import type { CheckName } from '../step-payloads'
import { ROLLBACK_KEYS } from '../rollback/section'
import { STEP_ROWS } from './step-rows'

/** How a rollback ended, in one or two sentences naming both revisions and the time it took. */
export function describeRollback(rollback: RollbackReport): string {
  const { failedRevisionId, toRevisionId, revisionId, outcome, servingNow } = rollback
  const took = formatDuration(rollback.elapsedMs)
  if (rollback.restored) {
    return `Rolled back: revision ${revisionId ?? '?'} (a redeploy of ${toRevisionId}) is DEPLOYED and serves in place of the failed revision ${failedRevisionId}; the rollback took ${took}.`
  }
  if (outcome === 'checks-failed') {
    return `The rollback to revision ${toRevisionId} deployed revision ${revisionId ?? '?'} in ${took}, but it failed its checks too: ${failingVerdict(rollback.checks)?.why ?? '?'}`
  }
  if (outcome === 'deployed') {
    return `The rollback to revision ${toRevisionId} deployed revision ${revisionId ?? '?'} in ${took}, but the deployment serves ${servingNow ?? 'a revision that could not be read'}.`
  }
  return `The rollback of revision ${failedRevisionId} to revision ${toRevisionId} did not complete after ${took}: ${rollback.message}`
}

/**
 * Whether the revision brought back passed its own checks: "passed its 3 checks", or that none
 * new revision, …)", or that none ran on it.
 */
function checkedWords(rollback: RollbackReport): string {
  const ran = (rollback.checks?.verdicts ?? []).filter((verdict) => verdict.verdict !== 'skipped')
  if (ran.length === 0) return 'ran no check of its own'
  return `passed its ${ran.length === 1 ? 'check' : `${ran.length} checks`}`
}

/** How the redeploy ended when it never reached DEPLOYED, by its outcome: no nested message. */
const NOT_DEPLOYED: Partial<Record<RollbackReport['outcome'], (took: string) => string>> = {
  timeout: (took) => `did not reach DEPLOYED within ${ROLLBACK_KEYS.timeout} (${took})`,
  cancelled: (took) => `was cancelled after ${took}`,
  superseded: () => 'was superseded by a newer revision'
}

/**
 * How a rollback ended, for the report, where it stands under the label "The rollback:" and its
 * time has its own line: the revisions in one sentence that names the rollback no second time.
 * A check that failed is named in words with what it saw; a redeploy that failed says how it
 * ended in its own words (a failed build is no timeout), its log's lines shown apart.
 */
export function rollbackWords(rollback: RollbackReport): string {
  const { failedRevisionId, toRevisionId, revisionId, outcome, servingNow } = rollback
  const redeployed = `Redeployed revision ${toRevisionId} as ${revisionId ?? '?'}`
  if (rollback.restored)
    return `${redeployed}, which is DEPLOYED, ${checkedWords(rollback)} and serves in place of the failed revision ${failedRevisionId}.`
  if (outcome === 'checks-failed') {
    const failing = failingVerdict(rollback.checks)
    const words = failing ? STEP_ROWS[failing.check as CheckName].words : 'checks'
    const saw = failing?.saw ?? failing?.why
    return `${redeployed}, which is DEPLOYED but failed its own ${words}${saw ? `: ${saw}` : '.'}`
  }
  if (outcome === 'deployed')
    return `${redeployed}, which is DEPLOYED, but the deployment serves ${servingNow ?? 'a revision that could not be read'}.`
  const took = formatDuration(rollback.elapsedMs)
  if (outcome === 'failed')
    return `${redeployed}, which ended ${rollback.revisionStatus ?? 'failed'} after ${took}.`
  const ended = NOT_DEPLOYED[outcome]
  const which = revisionId ? ` (as ${revisionId})` : ''
  if (ended) return `The redeploy of revision ${toRevisionId}${which} ${ended(took)}.`
  return `The redeploy of revision ${toRevisionId} failed: ${rollback.message}`
}

/** A short headline for GitHub's deployment status and the comment. */
export function rollbackHeadline(rollback: RollbackReport): string {
  if (rollback.restored) return `rolled back to ${rollback.toRevisionId}`
  // DEPLOYED with its checks passed, yet not what the service names active.
  const why = rollback.outcome === 'deployed' ? 'it does not serve' : rollback.outcome
  return `rollback to ${rollback.toRevisionId} failed (${why})`
}
