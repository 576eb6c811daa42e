import { phaseDurations, spreadDuration } from './revisions'
import type { AgentBehaviour, RevisionOutcome, SeedRevision } from './types'

/** Time between the end of one seeded revision and the creation of the next. */
export const SEED_GAP_MS = 60_000

/** One seeded revision, placed in time. */
export interface PlacedRevision {
  createdAt: number
  durations: number[]
  outcome: RevisionOutcome
  agent: AgentBehaviour
  config: Record<string, unknown>
}

/**
 * Places a seeded history (oldest first) in time: the newest revision is created at `updatedAt`
 * when given, else so that it reaches its status just now; each older one ends SEED_GAP_MS
 * before the next is created.
 */
export function placeHistory(
  history: readonly SeedRevision[],
  context: { source: string; stepMs: number; now: number; updatedAt?: number }
): PlacedRevision[] {
  const sized = history.map((entry) => ({
    entry,
    durations:
      entry.durationMs === undefined
        ? phaseDurations(context.source, context.stepMs)
        : spreadDuration(context.source, entry.durationMs)
  }))
  const total = (durations: number[]) => durations.reduce((sum, ms) => sum + ms, 0)
  const placed: PlacedRevision[] = []
  let nextCreatedAt: number | undefined
  for (const { entry, durations } of sized.reverse()) {
    const createdAt =
      nextCreatedAt === undefined
        ? (context.updatedAt ?? context.now - total(durations))
        : nextCreatedAt - SEED_GAP_MS - total(durations)
    placed.unshift({
      createdAt,
      durations,
      outcome: entry.status ?? 'DEPLOYED',
      agent: entry.agent ?? 'well',
      config: { ...(entry.source_revision_config as Record<string, unknown> | undefined) }
    })
    nextCreatedAt = createdAt
  }
  return placed
}
