/** Where a revision's time went: what the wait records, the result carries and the summary shows. */

export interface PhaseSpan {
  status: string
  /** The poll that first saw it (epoch ms). */
  firstSeenAt: number
  /** The last poll that saw it. */
  lastSeenAt: number
  /** The poll that first saw the next status; undefined for the last span. */
  endedAt?: number
  /** How far off its start may be: the gap between the polls before and at `firstSeenAt`. */
  uncertainMs: number
}

/**
 * Where a revision's time went, as seen by the poller: each status from the poll that first saw
 * it to the poll that first saw the next. A boundary is only known to lie between two polls, so a
 * duration is uncertain by the gap before it (`uncertainMs`).
 */
export interface PhaseTimeline {
  /** When the wait started (epoch ms, this machine's clock). */
  waitStartedAt: number
  /** The last successful poll. */
  lastPollAt: number
  /** Oldest first; the last one is the status the revision ended in, or was in when the wait ended. */
  phases: PhaseSpan[]
  /**
   * Whether the deployment's history was read: without it the summary says "history not read",
   * never "no earlier revision".
   */
  historyRead?: boolean
  /** How long the deployment's earlier revisions took in all, when their history was read. */
  earlier?: { count: number; medianMs: number; shortestMs: number; longestMs: number }
}
