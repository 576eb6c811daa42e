import { createHash } from 'node:crypto'
import { uuidV5 } from '../lib/uuid-v5'

export { uuidV5 }

/** The id of the run of `example`'s repetition `repetition` (1-based) in `experiment`. */
export function runIdOf(experimentId: string, exampleId: string, repetition: number): string {
  return uuidV5(`${exampleId.toLowerCase()}/${repetition}`, experimentId.toLowerCase())
}

/**
 * What makes two experiments comparable run by run: the ids of the examples read and the
 * dataset's version then (the newest `modified_at`), so that an edited example counts as another.
 */
export function examplesDigest(exampleIds: readonly string[], datasetVersion: string): string {
  const ids = [...new Set(exampleIds.map((id) => id.toLowerCase()))].sort()
  return createHash('sha256')
    .update(JSON.stringify({ examples: ids, version: datasetVersion }))
    .digest('hex')
}
