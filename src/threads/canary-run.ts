import { canaryThreadsClient } from '../agent-server/canary-threads'
import type { AgentServer } from '../agent-server/exchange'
import {
  canaryThreadId,
  deleteCanaries,
  parkCanaries,
  resumeCanaries,
  type CanariesParked
} from './canary'
import { canariesBeforeWrite, withCanaries } from './canary-verdict'
import type { ThreadsOutcome } from './run'
import type { ThreadsSettings } from './section'

// The canaries through the step's phases: parked on the serving revision once every step read
// (never on a dry run), resumed and judged after DEPLOYED, and deleted by their derived ids
// whatever happened: after their verdict, before a refusal, and at the end of a run that never
// reached them (a failed write, a check that stopped the rest, a cancel).

/** One run's canaries: where they park, and what became of them. */
export interface CanaryRun {
  settings: ThreadsSettings
  deploymentId: string
  /** The serving deployment's URL (its agent server), as the service gave it. */
  url?: string
  /** What parked before the write. */
  parked?: CanariesParked
  /** Every case's id was deleted: nothing is left to undo. */
  deleted?: boolean
}

/**
 * Before the write: each case parked on the serving revision. `refuse` (with `fail`) when a case
 * could not park; the notices of the cases left out (with `warn`).
 */
export async function parkBeforeWrite(
  run: CanaryRun,
  server: AgentServer | undefined,
  runId: string
): Promise<{ refuse?: string; notices: string[] }> {
  const { settings, deploymentId } = run
  run.parked =
    server === undefined
      ? {
          parked: [],
          didNotPark: settings.canaries.map((canary) => ({
            name: canary.name,
            id: canaryThreadId(deploymentId, canary.name),
            why: 'the deployment has no usable URL to park it on'
          })),
          failed: []
        }
      : await parkCanaries(settings.canaries, canaryThreadsClient(server), {
          deploymentId,
          runId
        })
  return canariesBeforeWrite(settings, run.parked)
}

/** After `DEPLOYED`: the canaries that parked, resumed on the new revision and judged. */
export async function judgeCanaries(
  run: CanaryRun,
  outcome: ThreadsOutcome,
  server: AgentServer | undefined
): Promise<ThreadsOutcome> {
  const parked = run.parked?.parked ?? []
  if (parked.length === 0) return outcome
  const verdicts =
    server === undefined
      ? parked.map(({ canary }) => ({
          name: canary.name,
          verdict: 'fail' as const,
          why: 'the deployment has no usable URL to resume it on'
        }))
      : await resumeCanaries(parked, canaryThreadsClient(server))
  return withCanaries(run.settings, outcome, verdicts)
}

/**
 * Every case's thread deleted by its derived id (a case that never parked answers 404, which is
 * fine), never found by its metadata. The notices of deletes that failed.
 */
export async function removeCanaries(
  run: CanaryRun,
  server: AgentServer | undefined
): Promise<string[]> {
  if (run.deleted) return []
  run.deleted = true
  const all = run.settings.canaries.map((canary) => ({
    name: canary.name,
    id: canaryThreadId(run.deploymentId, canary.name)
  }))
  if (server === undefined)
    return all.length === 0 || run.url === undefined
      ? []
      : [`threads.canary: the canaries could not be deleted: no usable URL`]
  const notices = await deleteCanaries(
    { parked: [], didNotPark: [], failed: all.map((entry) => ({ ...entry, why: '' })) },
    canaryThreadsClient(server)
  )
  return notices.map((notice) => `threads.canary: ${notice}`)
}
