// The tracing emulator's rows: what the store keeps of an experiment and of a run, and which of
// a run's states is visible at a time. Below the store and its scoring, which both read them.
import type { Run, TracerSession } from './tracing-types'

export interface SessionRow extends TracerSession {
  /** When the service learnt of it: rules score the experiments created after them. */
  createdAt: number
}

/** One ingested state of a run: a post, then each patch, each visible from `visibleAt`. */
export interface RunState {
  visibleAt: number
  run: Run
  startMs: number
  endMs: number | null
}

export interface RunRow {
  id: string
  sessionId: string
  root: boolean
  seq: number
  posts: number
  states: RunState[]
  /** Seeded with its scores: rules leave it alone. */
  scoresGiven: boolean
  /** Rules that have scored it or passed it over (sampling). */
  settledBy: Set<string>
}

/** The state of a run visible at `now` (ingest lag): its latest one visible by then. */
export function visibleState(row: RunRow, now: number): RunState | undefined {
  return row.states.findLast((state) => state.visibleAt <= now)
}
