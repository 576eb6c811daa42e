/** A revision that reached DEPLOYED, and when it went live: DEPLOYED plus the active lag. */
export interface LiveRevision {
  id: string
  /** 1-based per deployment; breaks ties between revisions that went live together. */
  number: number
  liveAt: number
}

/**
 * The revision serving at `at` (the one that went live last by then) and the one that served
 * before it. A revision that never reached DEPLOYED is not among them, so a failed build leaves
 * the previous revision serving.
 */
export function servingAt(
  revisions: readonly LiveRevision[],
  at: number
): { current?: LiveRevision; previous?: LiveRevision } {
  const live = revisions
    .filter((revision) => revision.liveAt <= at)
    .sort((a, b) => b.liveAt - a.liveAt || b.number - a.number)
  return { current: live[0], previous: live[1] }
}
