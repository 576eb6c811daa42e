import type { DeployOutcome } from './result'

// What an outcome means: the one table every place that acts on an outcome reads (the exit
// code, the headline, the GitHub deployment's state, the rollback, the logs shown).

/** The GitHub deployment's state for an outcome. */
export type GitHubDeploymentState = 'success' | 'failure' | 'error' | 'in_progress'

/**
 * Which headline an outcome gets: the renderers (../report/) word it, by operation; they never
 * decide it.
 */
export type HeadlineKey =
  | 'succeeded'
  | 'not-waited'
  | 'failed'
  | 'errored'
  | 'check-failed'
  | 'superseded'
  | 'timed-out'
  | 'cancelled'
  | 'dry-run'
  | 'deleted'
  | 'absent'
  | 'pruned'

/** What an outcome means, everywhere: one row per outcome, checked complete by the compiler. */
export interface OutcomeMeaning {
  /** The step's exit code: 0 only when the run succeeded. */
  exitCode: 0 | 1
  headline: HeadlineKey
  /** The final state of the run's GitHub deployment. */
  githubState: GitHubDeploymentState
  /**
   * Whether it is ground for a rollback (rollback.on-failure): `by-checks` when the checks'
   * verdicts decide (the check runner's list says which "could not conclude" rolls back).
   */
  rollback: 'yes' | 'no' | 'by-checks'
  /** Whether the revision's build or deploy logs are read and shown. */
  failureLogs: boolean
  /**
   * What serves after it, when no rollback ran: this run's revision; this run's revision unless
   * its serving check found another (`checked`); the revision from before, when one was read;
   * none; or unknown. A deployment this run created served nothing before (none).
   */
  serves: 'this-run' | 'checked' | 'previous' | 'none' | 'unknown'
}

export const OUTCOMES: Record<DeployOutcome, OutcomeMeaning> = {
  deployed: {
    exitCode: 0,
    headline: 'succeeded',
    githubState: 'success',
    rollback: 'no',
    failureLogs: false,
    serves: 'this-run'
  },
  'checks-failed': {
    exitCode: 1,
    headline: 'check-failed',
    githubState: 'failure',
    rollback: 'by-checks',
    failureLogs: false,
    serves: 'checked'
  },
  'revision-created': {
    exitCode: 0,
    headline: 'not-waited',
    githubState: 'in_progress',
    rollback: 'no',
    failureLogs: false,
    serves: 'unknown'
  },
  // CREATE_FAILED, BUILD_FAILED, DEPLOY_FAILED, INTERRUPTED.
  failed: {
    exitCode: 1,
    headline: 'failed',
    githubState: 'failure',
    rollback: 'yes',
    failureLogs: true,
    serves: 'previous'
  },
  // A newer deploy by someone else would be undone.
  superseded: {
    exitCode: 1,
    headline: 'superseded',
    githubState: 'failure',
    rollback: 'no',
    failureLogs: false,
    serves: 'unknown'
  },
  // No verdict on the revision: it goes on on the service.
  timeout: {
    exitCode: 1,
    headline: 'timed-out',
    githubState: 'failure',
    rollback: 'no',
    failureLogs: true,
    serves: 'unknown'
  },
  // A person's (or the runner's) stop, never a verdict on the revision.
  cancelled: {
    exitCode: 1,
    headline: 'cancelled',
    githubState: 'error',
    rollback: 'no',
    failureLogs: false,
    serves: 'unknown'
  },
  error: {
    exitCode: 1,
    headline: 'errored',
    githubState: 'error',
    rollback: 'no',
    failureLogs: false,
    serves: 'unknown'
  },
  // Nothing was written: what served when the deployment was read serves still.
  'dry-run': {
    exitCode: 0,
    headline: 'dry-run',
    githubState: 'in_progress',
    rollback: 'no',
    failureLogs: false,
    serves: 'previous'
  },
  deleted: {
    exitCode: 0,
    headline: 'deleted',
    githubState: 'success',
    rollback: 'no',
    failureLogs: false,
    serves: 'none'
  },
  absent: {
    exitCode: 0,
    headline: 'absent',
    githubState: 'success',
    rollback: 'no',
    failureLogs: false,
    serves: 'none'
  },
  pruned: {
    exitCode: 0,
    headline: 'pruned',
    githubState: 'success',
    rollback: 'no',
    failureLogs: false,
    serves: 'unknown'
  }
}

/** Whether the step succeeds (exits 0) with this outcome. */
export function succeeds(outcome: DeployOutcome): boolean {
  return OUTCOMES[outcome].exitCode === 0
}
