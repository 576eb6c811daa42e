import type { RevisionOutcome } from './types'

/** Statuses a revision never leaves. */
export const FINAL_STATUSES: ReadonlySet<string> = new Set([
  'CREATE_FAILED',
  'BUILD_FAILED',
  'DEPLOY_FAILED',
  'DEPLOYED',
  'SKIPPED',
  'INTERRUPTED'
])

const BUILD_PHASES = [
  'CREATING',
  'QUEUED',
  'AWAITING_BUILD',
  'BUILDING',
  'AWAITING_DEPLOY',
  'DEPLOYING'
] as const
/** An image needs no build. */
const IMAGE_PHASES = ['CREATING', 'QUEUED', 'AWAITING_DEPLOY', 'DEPLOYING'] as const

export const isImageSource = (source: string) => source.endsWith('_image')

const phasesOf = (source: string): readonly string[] =>
  isImageSource(source) ? IMAGE_PHASES : BUILD_PHASES

/** How many steps a revision of `source` spends before it reaches its outcome. */
export const phaseCount = (source: string): number => phasesOf(source).length

/** Everything the clock needs to know about one revision. */
export interface RevisionTimeline {
  createdAt: number
  source: string
  /** Decided when the revision is created. */
  outcome: RevisionOutcome
  /** When a newer revision of the same deployment was created. */
  supersededAt?: number
  /** Held in QUEUED, as the service does behind a failed revision. */
  held?: boolean
}

export interface StatusReading {
  status: string
  /** When the revision entered this status (its `updated_at`). */
  since: number
}

/**
 * The status of a revision at `now`: one in-progress status per `stepMs`, then the outcome.
 * 'HANG' stops at BUILDING (DEPLOYING for an image); a held revision stops at QUEUED. A revision
 * superseded before it ended is SKIPPED from that moment on.
 */
export function statusAt(timeline: RevisionTimeline, now: number, stepMs: number): StatusReading {
  const { supersededAt } = timeline
  const at = supersededAt === undefined ? now : Math.min(now, supersededAt)
  const reading = progressAt(timeline, phasesOf(timeline.source), at, stepMs)
  if (supersededAt !== undefined && now >= supersededAt && !FINAL_STATUSES.has(reading.status))
    return { status: 'SKIPPED', since: supersededAt }
  return reading
}

function progressAt(
  timeline: RevisionTimeline,
  phases: readonly string[],
  at: number,
  stepMs: number
): StatusReading {
  const { createdAt, outcome, held } = timeline
  const step = Math.max(0, Math.floor((at - createdAt) / stepMs))
  let lastPhase = phases.length - 1
  if (held) lastPhase = phases.indexOf('QUEUED')
  else if (outcome === 'HANG')
    lastPhase = phases.indexOf(isImageSource(timeline.source) ? 'DEPLOYING' : 'BUILDING')
  const finishes = !held && outcome !== 'HANG'
  if (finishes && step >= phases.length)
    return { status: outcome, since: createdAt + phases.length * stepMs }
  const index = Math.min(step, lastPhase)
  return { status: phases[index] ?? 'CREATING', since: createdAt + index * stepMs }
}
