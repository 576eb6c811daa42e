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

/** Time in each in-progress status: one number for all, or one per phase of the source. */
export type StepTimes = number | readonly number[]

/**
 * The time a revision of `source` spends in each in-progress status: `phaseMs[status]` where
 * given, else `stepMs`.
 */
export function phaseDurations(
  source: string,
  stepMs: number,
  phaseMs: Readonly<Partial<Record<string, number>>> = {}
): number[] {
  return phasesOf(source).map((phase) => phaseMs[phase] ?? stepMs)
}

/** `totalMs` spread over the in-progress statuses of `source` in whole ms, summing exactly. */
export function spreadDuration(source: string, totalMs: number): number[] {
  const count = phaseCount(source)
  const share = Math.floor(totalMs / count)
  return phasesOf(source).map((_, index) =>
    index === count - 1 ? totalMs - share * (count - 1) : share
  )
}

/**
 * The status of a revision at `now`: each in-progress status for its time (`stepMs`), then the
 * outcome. 'HANG' stops at BUILDING (DEPLOYING for an image); a held revision stops at QUEUED. A
 * revision superseded before it ended is SKIPPED from that moment on.
 */
export function statusAt(
  timeline: RevisionTimeline,
  now: number,
  stepMs: StepTimes
): StatusReading {
  const { supersededAt } = timeline
  const at = supersededAt === undefined ? now : Math.min(now, supersededAt)
  const phases = phasesOf(timeline.source)
  const durations = typeof stepMs === 'number' ? phases.map(() => stepMs) : stepMs
  const reading = progressAt(timeline, phases, at, durations)
  if (supersededAt !== undefined && now >= supersededAt && !FINAL_STATUSES.has(reading.status))
    return { status: 'SKIPPED', since: supersededAt }
  return reading
}

function progressAt(
  timeline: RevisionTimeline,
  phases: readonly string[],
  at: number,
  durations: readonly number[]
): StatusReading {
  const { createdAt, outcome, held } = timeline
  let lastPhase = phases.length - 1
  if (held) lastPhase = phases.indexOf('QUEUED')
  else if (outcome === 'HANG')
    lastPhase = phases.indexOf(isImageSource(timeline.source) ? 'DEPLOYING' : 'BUILDING')
  const finishes = !held && outcome !== 'HANG'
  let since = createdAt
  for (const [index, phase] of phases.entries()) {
    const end = since + (durations[index] ?? 0)
    if (at < end || (index === lastPhase && !finishes)) return { status: phase, since }
    since = end
  }
  return { status: outcome, since }
}
