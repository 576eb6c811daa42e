// Runs as the gate records them, split into the batches the service takes.

/** Runs per batch write, at most (the service's limit is 100 runs and 20 MiB). */
export const RUNS_PER_BATCH = 100
/** Bytes of JSON per batch write, at most: under the service's 20 MiB with room to spare. */
export const MAX_BATCH_BYTES = 16 * 1024 * 1024

/** A root run as the gate records it. */
export interface RunRecord {
  id: string
  trace_id: string
  dotted_order: string
  name: string
  run_type: 'chain'
  start_time: string
  end_time: string
  inputs: Record<string, unknown>
  outputs: Record<string, unknown> | null
  error: string | null
  session_id: string
  reference_example_id: string
  extra: { metadata: Record<string, unknown> }
}

/** Runs split so that no batch holds more than 100 runs or 16 MiB of JSON. */
export function* batches(runs: readonly RunRecord[]): Generator<RunRecord[]> {
  let batch: RunRecord[] = []
  let bytes = 0
  for (const run of runs) {
    const size = Buffer.byteLength(JSON.stringify(run))
    if (batch.length > 0 && (batch.length >= RUNS_PER_BATCH || bytes + size > MAX_BATCH_BYTES)) {
      yield batch
      batch = []
      bytes = 0
    }
    batch.push(run)
    bytes += size
  }
  if (batch.length > 0) yield batch
}
