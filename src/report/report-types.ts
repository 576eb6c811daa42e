import type { Config } from '../inputs/parse'
import type { DeployOutcome, Promotion, PruneRow } from '../result'
import type { StepPayloads } from '../step-payloads'
import type { PhaseTimeline } from '../wait/phases'
import type { CheckInWords } from './checks-in-words'
import type { PolicyInWords } from './policy-types'

/** A piece of the headline: words (escaped by each renderer) or a short id shown as code. */
export type HeadlinePart = string | { code: string }

/**
 * What people are told about a run, decided once from its result: the job summary, the PR
 * comment and the GitHub status description render it and decide nothing of their own. Texts
 * here are raw (from the service, unredacted): each renderer redacts and escapes them.
 */
export interface ReportModel {
  operation: Config['operation']
  outcome: DeployOutcome
  /** The step exits 0: the headline's mark and the GitHub state follow it. */
  succeeded: boolean
  deploymentName: string
  headline: HeadlinePart[]
  /** Why the step failed, in full: the failed check and what it saw, or the run's message. */
  reason?: string
  /** The check that failed (or could not conclude), in words. */
  failedCheck?: CheckInWords
  /** The rollback after this run's revision failed, when one ran. */
  rollback?: RollbackInWords
  /** What serves now, as far as the run knows. */
  serving: ServingNow
  /** The run's own message (a paragraph with the ids), for the log and the full-ids block. */
  message: string
  /** Full ids, shown collapsed; the text elsewhere uses their first 8 characters. */
  ids: { label: string; id: string }[]
  links: ReportLinks
  /** The commit this run's revision was built from, when known (a full SHA). */
  commit?: string
  /** The commit of what served before, when known (a full SHA): the compare view's base. */
  previousCommit?: string
  /** The revision this run created or waited on, and its last status. */
  revisionId?: string
  revisionStatus?: string
  created: boolean
  /** Source and what was sent (ref, image, folder), or what a promote carried. */
  source?: string
  target?: string
  promotion?: Promotion
  /** operation rollback: the earlier revision redeployed. */
  redeployOf?: string
  checks: CheckInWords[]
  /** What the steps read on this run's revision, by step name (./step-rows.ts renders each). */
  payloads: Partial<StepPayloads>
  /** The step's time, one figure everywhere; the rollback's is its own. */
  stepMs: number
  /** Epoch ms the report was made: the "updated" time. */
  updatedAt: number
  phases?: PhaseTimeline
  logs?: LogsInWords
  planLines?: string[]
  pruneRows?: PruneRow[]
  /** The release policy: undefined where it does not apply (delete, prune). */
  policy?: PolicyInWords
}

export interface ReportLinks {
  run?: string
  commit?: string
  compare?: string
  /** The deployment's URL from the service: the renderers link it only when http(s). */
  deployment?: string
}

export interface RollbackInWords {
  /** True only when the earlier revision serves again. */
  restored: boolean
  failedRevisionId: string
  toRevisionId: string
  revisionId?: string
  elapsedMs: number
  /** How it ended, one or two sentences. */
  words: string
  /** What the steps read on the revision it brought back, by step name. */
  payloads: Partial<StepPayloads>
  /** Its redeploy's revision's log, when that revision failed or timed out. */
  logs?: LogsInWords
}

export interface ServingNow {
  /**
   * Whose revision serves: this run's, the one from before, the failed one, the one a failed
   * rollback made (it serves, but failed its own checks), or unknown.
   */
  whose: 'this run' | 'previous' | 'failed' | 'rollback' | 'unknown' | 'none'
  revisionId?: string
  /** After a rollback: the earlier revision `revisionId` redeploys. */
  redeployOf?: string
}

/** A failed revision's log, as people read it: its ERROR lines first, the tail collapsed. */
export interface LogsInWords {
  phase: string
  errors: string[]
  tail: string[]
}
