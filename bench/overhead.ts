/**
 * Overhead of a whole deploy: wall time of `node dist/index.js` updating a deployment on the
 * emulator (real time), minus the emulated build time of the revision it created. The deployment
 * has one earlier DEPLOYED revision, as when a workflow deploys again.
 */
import { startControlPlane } from '../emulator'
import { INTEGRATION_ID } from '../__tests__/helpers/step-inputs'
import { runAction } from '../__tests__/helpers/run-action'
import { median } from './measure'

/** Six in-progress statuses of this long: a 6-second build. */
const STEP_MS = 1_000

export interface OverheadFigures {
  buildMs: number
  wallMs: number
  overheadMs: number
}

export async function benchOverhead(runs: number): Promise<OverheadFigures> {
  let skew = 0
  const emulator = await startControlPlane({ stepMs: STEP_MS, now: () => Date.now() + skew })
  const walls: number[] = []
  const builds: number[] = []
  try {
    for (let i = 0; i < runs; i++) {
      const name = `overhead-${i}`
      const seeded = emulator.seedDeployment({ name })
      // The earlier revision ended long ago: move the service's clock on.
      skew += 60_000
      const run = await runAction({
        'api-url': emulator.url,
        'api-key': 'emulator-key',
        name,
        'integration-id': INTEGRATION_ID,
        'graph-config-path': 'graph.json'
      })
      if (run.code !== 0) throw new Error(`the deploy failed:\n${run.stdout}\n${run.stderr}`)
      const [revision] = emulator.revisions(seeded.id)
      const buildMs =
        Date.parse(revision?.updated_at ?? '') - Date.parse(revision?.created_at ?? '')
      walls.push(run.durationMs)
      builds.push(buildMs)
    }
  } finally {
    await emulator.close()
  }
  const overheads = walls.map((wall, i) => wall - (builds[i] ?? 0))
  return { buildMs: median(builds), wallMs: median(walls), overheadMs: median(overheads) }
}
