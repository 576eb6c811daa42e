/**
 * What the assistants step reports: one row per assistant (name, id, graph, result, version
 * before → after, the changed key paths; never a value). Below the step, the result and the
 * report.
 */

/** What the step did to an assistant (the output's words, and the report's). */
export type AssistantResult = 'created' | 'updated' | 'unchanged' | 'pinned' | 'restored'

export interface AssistantRow {
  name: string
  /** A UUID (checked before it reaches a path or an output). */
  id: string
  graphId?: string
  /** Undefined when nothing was done to it (the step failed first) or it failed. */
  result?: AssistantResult
  /** The active version before this run's write, when the assistant existed. */
  before?: number
  /** The server's active version now, when read. */
  after?: number
  /** Key paths that differ (`config.configurable.model`), never their values. */
  changed: string[]
  /**
   * This run sent it a write (whatever the answer said, or whether one came): a rollback
   * restores it.
   */
  written?: boolean
  /** Key paths a hand edit had changed, written over by this run (`on-drift: overwrite`). */
  overwritten?: string[]
  /** Why it failed, or what was noticed (plain text; the report redacts and escapes it). */
  why?: string
}

export interface AssistantsReport {
  rows: AssistantRow[]
  /** Planned only (a dry run): nothing was written. */
  planned?: boolean
}
