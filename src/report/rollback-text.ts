import { formatDuration } from '../lib/duration'
import type { RollbackReport } from '../result'

/** How a rollback ended, in one or two sentences naming both revisions and the time it took. */
export function describeRollback(rollback: RollbackReport): string {
  const { failedRevisionId, toRevisionId, revisionId, outcome, checksFailure } = rollback
  const took = formatDuration(rollback.elapsedMs)
  if (outcome === 'deployed') {
    return `Rolled back: revision ${revisionId ?? '?'} (a redeploy of ${toRevisionId}) is DEPLOYED and serves in place of the failed revision ${failedRevisionId}; the rollback took ${took}.`
  }
  if (outcome === 'checks-failed') {
    return `The rollback to revision ${toRevisionId} deployed revision ${revisionId ?? '?'} in ${took}, but it failed its checks too: ${checksFailure ?? '?'}`
  }
  return `The rollback of revision ${failedRevisionId} to revision ${toRevisionId} did not complete after ${took}: ${rollback.message}`
}

/** A short headline for GitHub's deployment status and the comment. */
export function rollbackHeadline(rollback: RollbackReport): string {
  return rollback.outcome === 'deployed'
    ? `rolled back to ${rollback.toRevisionId}`
    : `rollback to ${rollback.toRevisionId} failed (${rollback.outcome})`
}
