import type { CheckVerdict, CheckVerdictKind } from './check-verdict'
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

/**
 * A fact an operation reports the moment it learns it, before its result: the outputs that say
 * it are set at once (../report/reporter.ts), so they stand when the run is cut short.
 */
export type KnownFact = { deploymentId: string } | { previousRevisionId: string }

export interface DeployResult {
  outcome: DeployOutcome
  deploymentId?: string
  deploymentName?: string
  revisionId?: string
  revisionStatus?: string
  deploymentUrl?: string
  /**
   * The deployment's URL (http(s)) as read before this run's write, where what served before is
   * reached: the report links it when that revision still serves. Never an output.
   */
  servedBeforeUrl?: string
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
  /** A step refused what it read before the write, in a few words: nothing was deployed. */
  refusedBeforeWrite?: string
  /** The commit that revision was built from, when the service says: the compare view's base. */
  servedBeforeCommit?: string
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
}

export type { CheckVerdict, CheckVerdictKind } from './check-verdict'

/**
 * What the checks after DEPLOYED proved: a verdict per check that ran, in the runner's order
 * (../after-deploy/check-runner.ts), and what each step read that the report shows, by the
 * step's name. Generic over those payloads, whose types are the steps' (./step-payloads.ts).
 */
export interface AfterDeployChecks<Payloads extends object = Record<string, unknown>> {
  verdicts: CheckVerdict<keyof Payloads & string>[]
  payloads: Partial<Payloads>
}

/** The checks with this verdict, in the runner's order. */
export function checksWith(
  checks: Pick<AfterDeployChecks, 'verdicts'> | undefined,
  verdict: CheckVerdictKind
): CheckVerdict[] {
  return checks?.verdicts.filter((each) => each.verdict === verdict) ?? []
}

/**
 * The verdict that fails the step: the first failed check, else the first that could not
 * conclude; undefined when every check passed or was skipped.
 */
export function failingVerdict(
  checks: Pick<AfterDeployChecks, 'verdicts'> | undefined
): CheckVerdict | undefined {
  return checksWith(checks, 'failed')[0] ?? checksWith(checks, 'inconclusive')[0]
}

/**
 * The outcome once the checks are known: a DEPLOYED revision whose checks failed or could not
 * conclude is `checks-failed`, its message led by why. The one place the two are combined.
 */
export function withChecks(
  result: DeployResult,
  checks: Pick<AfterDeployChecks, 'verdicts'> | undefined
): DeployResult {
  const failing = failingVerdict(checks)
  if (result.outcome !== 'deployed' || failing === undefined) return result
  const why =
    failing.why ??
    `The ${failing.check} check ${failing.verdict === 'failed' ? 'failed' : 'could not conclude'}.`
  // Not the deployed message ("Deployed …"): it would read as a success beside a failure.
  const revision =
    result.revisionId === undefined ? 'The revision' : `Revision ${result.revisionId}`
  const deployed = `${revision} is DEPLOYED but did not pass its checks.`
  return { ...result, outcome: 'checks-failed', message: `${why} ${deployed}` }
}

/** How one case went. */
export interface CaseResult {
  name: string
  passed: boolean
  /** From send to answer by the run's clock; undefined when no answer came. */
  latencyMs?: number
  /** The agent's reply (agent-server/reply.ts), cut to what is shown (MAX_REPLY). */
  reply?: string
  /** Why the case failed. */
  failure?: string
  /** A dataset example's expected outputs. */
  reference?: string
}

/** The smoke suite's verdict on one revision (`smoke.cases`). */
export interface SuiteReport {
  revisionId: string
  /** In the order of the file. */
  cases: CaseResult[]
  passed: number
  /** Failed cases, those that got no answer included. */
  failed: number
  /** The passes `smoke.min-pass` asks for. */
  required: number
  /** `smoke.min-pass` as asked: a share (`90%`), or undefined for a count. */
  share?: string
  /** Latency of the answered cases. */
  medianMs?: number
  p95Ms?: number
}

/** How a rollback (rollback.on-failure) went, for the log, the summary and GitHub. */
export interface RollbackReport<Payloads extends object = Record<string, unknown>> {
  /** The revision that failed, and the revision redeployed. */
  failedRevisionId: string
  toRevisionId: string
  /** The revision the redeploy created, once known. */
  revisionId?: string
  /** How the redeploy ended, its checks included (`checks-failed` when they did not pass). */
  outcome: DeployOutcome
  /** The last status of the revision the redeploy created, and every status seen (its logs' phase). */
  revisionStatus?: string
  statusesSeen?: string[]
  /** The checks on the revision brought back, when it reached DEPLOYED. */
  checks?: AfterDeployChecks<Payloads>
  /**
   * The revision the deployment's `active_revision_id` names after the rollback, read from the
   * service; undefined when it could not be read.
   */
  servingNow?: string
  /**
   * True only when the earlier revision serves again: the redeploy reached DEPLOYED, its checks
   * passed, and the service names it active. Sets the `rolled-back` output.
   */
  restored: boolean
  elapsedMs: number
  message: string
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
