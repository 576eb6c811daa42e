/**
 * How the action reads a revision's status, in one table: whether the wait is over (and how it
 * ended), and which phase of the revision's life the status belongs to (which logs explain it).
 * Any status not in the table, including those the service may add later, means "keep waiting".
 */
export type Verdict = 'waiting' | 'deployed' | 'failed' | 'superseded'
export type RevisionPhase = 'build' | 'deploy'

interface StatusMeaning {
  verdict: Verdict
  /** Undefined where the status says nothing of the phase (it can come in either). */
  phase?: RevisionPhase
}

export const STATUSES = {
  CREATING: { verdict: 'waiting', phase: 'build' },
  QUEUED: { verdict: 'waiting', phase: 'build' },
  AWAITING_BUILD: { verdict: 'waiting', phase: 'build' },
  BUILDING: { verdict: 'waiting', phase: 'build' },
  AWAITING_DEPLOY: { verdict: 'waiting', phase: 'deploy' },
  DEPLOYING: { verdict: 'waiting', phase: 'deploy' },
  UNKNOWN: { verdict: 'waiting' },
  DEPLOYED: { verdict: 'deployed', phase: 'deploy' },
  CREATE_FAILED: { verdict: 'failed', phase: 'build' },
  BUILD_FAILED: { verdict: 'failed', phase: 'build' },
  DEPLOY_FAILED: { verdict: 'failed', phase: 'deploy' },
  INTERRUPTED: { verdict: 'failed' },
  SKIPPED: { verdict: 'superseded' }
} as const satisfies Record<string, StatusMeaning>

export type KnownStatus = keyof typeof STATUSES

function meaningOf(status: string): StatusMeaning | undefined {
  return Object.hasOwn(STATUSES, status) ? STATUSES[status as KnownStatus] : undefined
}

export function judgeStatus(status: string): Verdict {
  return meaningOf(status)?.verdict ?? 'waiting'
}

/** The statuses that end the wait, for people and tests. */
export const FINAL_STATUSES = (Object.keys(STATUSES) as KnownStatus[]).filter(
  (status) => STATUSES[status].verdict !== 'waiting'
)

/**
 * The phase whose logs explain how a revision ended: that of the newest status seen that names
 * one (statuses oldest first); a revision that was never seen past its start is in its build.
 */
export function phaseOf(statusesSeen: readonly string[]): RevisionPhase {
  for (let index = statusesSeen.length - 1; index >= 0; index--) {
    const phase = meaningOf(statusesSeen[index] ?? '')?.phase
    if (phase) return phase
  }
  return 'build'
}
