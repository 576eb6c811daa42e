/**
 * The bake's reads before any write: the deployment's tracing project and, with
 * `bake.max-regression`, the previous revision's window (spec: Bake window, "Read before any
 * write"). A deployment that exists without a project is refused by name; a first deploy's
 * project is looked up after the create (./run.ts).
 */
import type { TracingClient } from '../tracing/client'
import { revisionFilter, type TracingProject } from '../tracing/run-stats'
import { findProject, readRunStats } from '../tracing/stats-read'
import type { BakeSettings } from './section'
import type { Clock } from '../world'
import { statsOf } from './stats'
import type { PreviousWindow } from './types'
import { MIN_GRACE_MS, previousWindow } from './windows'

/** What the bake reads of the deployment before the write. */
export interface BakeTarget {
  /** Undefined when this run creates the deployment. */
  deploymentId?: string
  deploymentName: string
  previousRevisionId?: string
  tracerSessionId?: string | null
}

export interface BakeDeps {
  client: TracingClient
  clock: Clock
  signal?: AbortSignal
  info(line: string): void
  notice(line: string): void
}

export interface PreparedBake {
  settings: BakeSettings
  deploymentName: string
  /** Undefined on a first deploy: looked up after the create. */
  project?: TracingProject
  previous: PreviousWindow
}

/**
 * What the bake refused after reading, before anything was written: the account, and what was
 * refused in a few words (for the headline).
 */
export interface BakeRefusal {
  message: string
  refused: string
}

/** What the bake's reads before the write end with: what it read, or its refusal. */
export type BakeRead = { prepared: PreparedBake } | { refused: BakeRefusal }

/** `deadline`: the phase's, for the project's lookup and the previous window's read. */
export async function prepareBake(
  settings: BakeSettings,
  target: BakeTarget,
  deps: BakeDeps,
  run: { startedAt: number; deadline: number }
): Promise<BakeRead> {
  const read = await readBeforeWrite(settings, target, deps, run)
  return 'refused' in read ? read : { prepared: read }
}

async function readBeforeWrite(
  settings: BakeSettings,
  target: BakeTarget,
  deps: BakeDeps,
  run: { startedAt: number; deadline: number }
): Promise<PreparedBake | { refused: BakeRefusal }> {
  const call = { deadline: run.deadline, signal: deps.signal }
  const prepared = { settings, deploymentName: target.deploymentName }
  if (target.deploymentId === undefined)
    return {
      ...prepared,
      previous: {
        kind: 'none',
        why: 'this run creates the deployment: there is no previous window'
      }
    }
  const lookup = await findProject(
    deps.client,
    { name: target.deploymentName, tracerSessionId: target.tracerSessionId },
    call
  )
  if (lookup.kind === 'not-found')
    return {
      refused: {
        message: `bake.duration: the deployment ${target.deploymentName} has no tracing project (none by its tracer_session_id, none named ${JSON.stringify(lookup.name)}), so its traffic cannot be watched; nothing was written.`,
        refused: 'the bake window refused bake.duration: the deployment has no tracing project'
      }
    }
  const project = lookup.project
  const wanted = Object.keys(settings.maxRegression).length > 0
  if (!wanted) return { ...prepared, project, previous: { kind: 'not-read' } }
  const previousId = target.previousRevisionId
  if (previousId === undefined)
    return {
      ...prepared,
      project,
      previous: {
        kind: 'none',
        why: 'no revision served before this run: there is no previous window'
      }
    }
  const window = previousWindow(run.startedAt, settings.durationMs, settings.intervalMs)
  // Runs are ingested a little after they end: the window is read once it settled.
  const wait = window.due - deps.clock.now()
  if (wait > 0) await deps.clock.sleep(wait, deps.signal)
  const filter =
    settings.revisionKey === undefined
      ? undefined
      : revisionFilter(settings.revisionKey, previousId)
  const read = await readRunStats(
    deps.client,
    project.id,
    { start: window.from, end: window.to, ...(filter !== undefined && { filter }) },
    {
      deadline: Math.min(
        run.deadline,
        deps.clock.now() + Math.max(settings.intervalMs, MIN_GRACE_MS)
      ),
      signal: deps.signal
    }
  )
  if (read.kind === 'unanswered')
    return {
      refused: {
        message: `The bake could not read the previous revision's window from the tracing service (${read.reason}); nothing was written. Run the step again once the tracing service answers.`,
        refused: "the bake window could not read the previous revision's window"
      }
    }
  return {
    ...prepared,
    project,
    previous: { kind: 'read', stats: statsOf(read.stats), revisionId: previousId }
  }
}
