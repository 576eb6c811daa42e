/**
 * What the gate writes into an experiment's metadata, and how it reads an earlier one back: the
 * one place the field names are spelled.
 */
import type { Session } from '../tracing/schemas'

/** Marks the experiments this action made. */
export const MADE_BY = 'deploy-agent-action'

export type ExperimentRole = 'gate' | 'baseline'

export interface ExperimentMetadata {
  made_by: typeof MADE_BY
  /** `gate`: the new revision's; `baseline`: the serving revision's, run before the write. */
  role: ExperimentRole
  deployment_id: string | null
  deployment_name: string
  revision_id: string
  previous_revision_id: string | null
  commit: string | null
  workflow_run: string | null
  dataset_id: string
  /** The newest `modified_at` of the examples read. */
  dataset_version: string
  /** sha256 of the example ids and the version (ids.ts). */
  examples_digest: string
  example_count: number
  repetitions: number
  gated_keys: string[]
  /** Written at the end: the gate's verdict (role gate). */
  gate_verdict?: 'pass' | 'fail' | 'inconclusive'
  /** Written at the end: every run ingested and every answered run scored for every key. */
  complete?: boolean
  /**
   * Written at the end: the runs that failed (no answer, an error), so that a later gate reading
   * this experiment as its baseline compares only the runs that answered.
   */
  errored_runs?: string[]
}

const metadataOf = (session: Session): Record<string, unknown> =>
  (session.extra?.metadata ?? {}) as Record<string, unknown>

/** The digest of an experiment's examples, when this action made it. */
export function digestOf(session: Session): string | undefined {
  const metadata = metadataOf(session)
  return metadata.made_by === MADE_BY && typeof metadata.examples_digest === 'string'
    ? metadata.examples_digest
    : undefined
}

/** The repetitions of an experiment this action made (1–5), else undefined. */
export function repetitionsOf(session: Session): number | undefined {
  const repetitions = metadataOf(session).repetitions
  return digestOf(session) !== undefined &&
    typeof repetitions === 'number' &&
    Number.isInteger(repetitions) &&
    repetitions >= 1 &&
    repetitions <= 5
    ? repetitions
    : undefined
}

/**
 * Whether `session` may be `previous`'s baseline: made by this action for the same deployment
 * and the revision that served before, on the same examples. Whether it is complete is read from
 * the service (baseline.ts), whatever its own gate's verdict was.
 */
export function isPreviousBaseline(
  session: Session,
  wanted: { deploymentId: string; revisionId: string; digest: string }
): boolean {
  const metadata = metadataOf(session)
  return (
    digestOf(session) === wanted.digest &&
    metadata.deployment_id === wanted.deploymentId &&
    metadata.revision_id === wanted.revisionId
  )
}

/**
 * The runs of an experiment this action made that failed, as it wrote them at its end (lower
 * case); undefined when it wrote none (an older version, or it did not reach its end).
 */
export function erroredRunsOf(session: Session): string[] | undefined {
  const errored = metadataOf(session).errored_runs
  return Array.isArray(errored) && errored.every((id) => typeof id === 'string')
    ? errored.map((id: string) => id.toLowerCase())
    : undefined
}

/** The metadata of `session` with the end's fields added (PATCH sends the whole `extra`). */
export function withEnding(
  metadata: ExperimentMetadata,
  ending: Pick<ExperimentMetadata, 'gate_verdict' | 'complete' | 'errored_runs'>
): ExperimentMetadata {
  return { ...metadata, ...ending }
}
