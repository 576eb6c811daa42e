import type { Clock } from '../world'
import type { DeployIo } from '../operations/deps'
import type { DeployedRevision } from '../step-kit/step'

// What a step says while it runs ("evaluating: 12 of 50 runs", tomorrow "baking: 6 of 15 min"):
// a log line and the GitHub records (the deployment's in_progress status, the PR comment), at
// most once a minute on the run's clock, so a long step is never silent and never floods
// GitHub. The records are best effort beside the run: nothing here waits for them.

/** The shortest time between two progress reports of a run. */
export const STEP_PROGRESS_EVERY_MS = 60_000

/** One throttle per run: every step's progress, on every revision, shares it. */
export function progressThrottle(clock: Clock) {
  let last: number | undefined
  return (io: DeployIo, revision: DeployedRevision) =>
    (text: string): void => {
      const now = clock.now()
      if (last !== undefined && now - last < STEP_PROGRESS_EVERY_MS) return
      last = now
      io.info(`Progress: ${text}`)
      io.stepProgress?.({
        text,
        revisionId: revision.revisionId,
        ...(revision.result.deploymentUrl && { deploymentUrl: revision.result.deploymentUrl })
      })
    }
}
