import type { PhaseTimeline } from './wait/phases'
import type { RevisionPhase } from './wait/revision-status'

/**
 * What an operation ends with: below both the operations that produce it and the report that
 * renders it.
 */
export type DeployOutcome =
  | 'deployed'
  /** The revision is DEPLOYED, but a check after it failed or could not conclude. */
  | 'checks-failed'
  | 'revision-created'
  | 'failed'
  | 'superseded'
  | 'timeout'
  | 'cancelled'
  | 'error'
  | 'dry-run'
  | 'deleted'
  | 'absent'
  | 'pruned'

/** Whether the step exits 0, per outcome; the compiler checks every outcome has an answer. */
export const SUCCEEDS: Record<DeployOutcome, boolean> = {
  deployed: true,
  'revision-created': true,
  'dry-run': true,
  deleted: true,
  absent: true,
  pruned: true,
  failed: false,
  'checks-failed': false,
  superseded: false,
  timeout: false,
  cancelled: false,
  error: false
}

/** One line of a revision's build or deploy log, as the action shows it. */
export interface LogLine {
  time: string
  level: string
  message: string
}

/** The logs that explain how a revision ended: those of its last phase, oldest first. */
export interface RevisionLogs {
  phase: RevisionPhase
  lines: LogLine[]
}

export interface DeployResult {
  outcome: DeployOutcome
  deploymentId?: string
  deploymentName?: string
  revisionId?: string
  revisionStatus?: string
  deploymentUrl?: string
  /** The deployment's `active_revision_id` as read just after DEPLOYED, when the service gave one. */
  activeRevisionId?: string | null
  created: boolean
  /** Every status of the revision seen, oldest first. */
  statusesSeen: string[]
  elapsedMs: number
  /** Dry run: the plan, a line per request or field. */
  planLines?: string[]
  /** operation prune: every stale deployment found, and what became of it. */
  pruneRows?: PruneRow[]
  /** One paragraph for people: what happened, with the ids, and what to do next. */
  message: string
  /** The revision that served before this run's write (`active_revision_id`). */
  previousRevisionId?: string
  /** The waited-on revision's statuses as the poller saw them, when it waited. */
  phases?: PhaseTimeline
  /** operation rollback: the earlier revision this run redeployed. */
  redeployOf?: string
  /** operation rollback: the commit that revision was built from, when the service says. */
  redeployCommit?: string
  /** operation promote: what was promoted and from where, once both deployments were read. */
  promotion?: Promotion
}

/** operation promote: the revision of another deployment whose build this run deployed. */
export interface Promotion {
  fromDeploymentId: string
  fromDeploymentName: string
  /** The source's active revision when it was read. */
  fromRevisionId: string
  /** The `source` both deployments have. */
  source: string
  /** What the PATCH carried: the image, the ref (git_host) or the tarball path. */
  promoted: string
  /** git_host: the commit the source's revision was built from. */
  fromCommit?: string
  /** git_host: the commit the new revision was built from, read after DEPLOYED. */
  commit?: string
  /**
   * git_host: the new revision was built from another commit. A sentence; it fails the step as a
   * failed check does (rollback-on-failure applies).
   */
  failure?: string
  /**
   * git_host: the new revision's commit could not be read, so the check could not conclude. It
   * fails the step as an inconclusive check does (no rollback on that ground alone).
   */
  inconclusive?: string
}

/** A check after DEPLOYED, by its internal name (the report says it in words). */
export type CheckName =
  'serving' | 'info' | 'assistant' | 'run' | 'a2a' | 'suite' | 'eval' | 'commit'

/** One check's verdict, with why when it did not pass. */
export interface CheckVerdict {
  check: CheckName
  verdict: 'passed' | 'failed' | 'inconclusive' | 'skipped'
  why?: string
}

/**
 * What the checks after DEPLOYED proved. `failure` (a check failed) and `inconclusive` (a check
 * could not reach a verdict) each fail the step; only `failure` is ground for a rollback.
 */
export interface AfterDeployChecks {
  passed: string[]
  /** Each check the service gave no means to make, with why ("serving check: …"). */
  skipped?: string[]
  reply?: string
  a2aReply?: string
  failure?: string
  inconclusive?: string
  /** `verify-cases`: the smoke suite's cases and verdict, when it ran. */
  suite?: SuiteReport
  /** Every check's verdict, in the order they ran. */
  verdicts?: CheckVerdict[]
}

/**
 * The outcome once the checks are known: a DEPLOYED revision whose checks failed or could not
 * conclude is `checks-failed`, its message led by why. The one place the two are combined.
 */
export function withChecks(
  result: DeployResult,
  checks: AfterDeployChecks | undefined
): DeployResult {
  const why = checks?.failure ?? checks?.inconclusive
  if (result.outcome !== 'deployed' || why === undefined) return result
  return { ...result, outcome: 'checks-failed', message: `${why} ${result.message}` }
}

/** How one case went. */
export interface CaseResult {
  name: string
  passed: boolean
  /** From send to answer by the run's clock; undefined when no answer came. */
  latencyMs?: number
  /** The reply's last message (or, without messages, the answer's body), up to MAX_REPLY. */
  reply?: string
  /** Why the case failed. */
  failure?: string
  /** A dataset example's expected outputs. */
  reference?: string
}

/** The smoke suite's verdict on one revision (`verify-cases`). */
export interface SuiteReport {
  revisionId: string
  /** In the order of the file. */
  cases: CaseResult[]
  passed: number
  /** Failed cases, those that got no answer included. */
  failed: number
  /** The passes `verify-min-pass` asks for. */
  required: number
  /** Latency of the answered cases. */
  medianMs?: number
  p95Ms?: number
}

/** How a rollback (rollback-on-failure) went, for the log, the summary and GitHub. */
export interface RollbackReport {
  /** The revision that failed, and the revision redeployed. */
  failedRevisionId: string
  toRevisionId: string
  /** The revision the redeploy created, once known. */
  revisionId?: string
  outcome: DeployOutcome
  /** The rollback's agent checks failed (its revision is DEPLOYED). */
  checksFailure?: string
  /** `verify-cases`: the suite's verdict on the revision brought back. */
  suite?: SuiteReport
  elapsedMs: number
  message: string
  /** The revision the service names active after the rollback, when it was read. */
  servingNow?: string
  /** True only when the earlier revision serves again. */
  restored?: boolean
}

/** One stale deployment operation prune found: a row of its table. */
export interface PruneRow {
  name: string
  id: string
  /** The deployment's `updated_at`, as the service sent it. */
  updatedAt?: string
  /** Why it is stale. */
  reason: string
  /** The pull request whose number ends the name, when there is one. */
  pullRequest?: number
  result: 'would delete' | 'deleted' | 'already gone' | 'failed'
  /** With `failed`: why. */
  failure?: string
}
