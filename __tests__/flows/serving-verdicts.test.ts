import { afterEach, describe, expect, it, afterAll } from '@jest/globals'
import { startControlPlane, type ControlPlaneEmulator } from '../../emulator'
import { gitHostStep } from '../helpers/deploy-harness'
import { overStep, type Step } from '../helpers/policy-file'
import { runnerOn, VirtualClock } from '../helpers/action-world'

/** The runs' and the emulators' one clock: virtual, it moves when all of them wait. */
const clock = new VirtualClock()
const runInProcess = runnerOn(clock)
afterAll(() => clock.close())

/**
 * The serving check as the runner runs the built action: a revision that is DEPLOYED but does not
 * serve fails the step; one that serves a little late passes; a deployment that cannot be read
 * after DEPLOYED fails it too, without a rollback on that ground alone.
 */
let emulator: ControlPlaneEmulator | undefined
afterEach(async () => {
  await emulator?.close()
  emulator = undefined
})

/** An existing deployment whose first revision serves; the run patches it. */
async function seeded(activeLagMs: number) {
  emulator = await startControlPlane({
    now: clock.now,
    sleep: clock.sleep,
    stepMs: 10,
    activeLagMs
  })
  const deployment = emulator.seedDeployment({ name: 'support-agent' })
  return { emulator, id: deployment.id, previous: String(deployment.latest_revision_id) }
}

const step = (apiUrl: string, extra: Step = {}) =>
  overStep(
    {
      ...gitHostStep(apiUrl),
      'api-key': 'emulator-key',
      'poll-interval': '1',
      policy: { rollback: { 'on-failure': true } }
    },
    extra
  )

describe('the serving check, built action', () => {
  it('fails when active_revision_id never moves to the new revision, naming both', async () => {
    // Longer than any run: the previous revision serves on. `timeout` ends inside the window.
    const { emulator, id, previous } = await seeded(10 * 60_000)
    const run = await runInProcess(step(emulator.url, { timeout: '8s' }))
    const revision = run.outputs['revision-id']
    expect(revision).toBeTruthy()
    expect(run.outputs['revision-status']).toBe('DEPLOYED')
    expect(run.code).toBe(1)
    expect(run.stdout).toContain(
      `Revision ${revision} is DEPLOYED but the deployment serves ${previous}`
    )
    expect(run.stdout).not.toContain('Serving check skipped')
    // The previous revision still serves: nothing to roll back, nothing sent.
    // A notice, read on the run's page: the id short, as the summary's.
    expect(run.stdout).toContain(
      `Revision ${previous.slice(0, 8)} still serves; nothing to roll back.`
    )
    expect(emulator.redeploys()).toEqual([])
    expect(emulator.serving(id)?.revisionId).toBe(previous)
    expect(run.summary.split('\n')[0]).toBe('## ❌ support-agent: serving the new revision failed')
    expect(run.summary).toMatch(
      /\n> \*\*Serving the new revision failed:\*\* Revision [0-9a-f]{8} is DEPLOYED but the deployment serves [0-9a-f]{8} /
    )
    // What serves is the check's to say, not the report's guess.
    expect(run.summary).toContain('**Serving now:** unknown')
  }, 90_000)

  it('passes when active_revision_id moves 4 s after DEPLOYED', async () => {
    const { emulator, id } = await seeded(4_000)
    const run = await runInProcess(step(emulator.url))
    expect(run.code).toBe(0)
    const revision = run.outputs['revision-id']
    expect(run.stdout).toContain(`Serving check: revision ${revision} is active.`)
    expect(emulator.serving(id)?.revisionId).toBe(revision)
    expect(run.summary).toMatch(/^## ✅ support-agent deployed in \d+s\n/)
    expect(run.summary).toContain('| serving the new revision | ✅ passed |')
  }, 90_000)

  it('fails when every read of the deployment answers 503 after DEPLOYED, and does not roll back', async () => {
    const { emulator, id } = await seeded(0)
    // The run finds the deployment by name (a list) and patches it: its only reads of the
    // deployment itself come after DEPLOYED.
    emulator.injectFault({
      method: 'GET',
      path: `/v2/deployments/${id}`,
      kind: 'status',
      status: 503,
      times: 10_000
    })
    const run = await runInProcess(step(emulator.url, { timeout: '8s' }))
    const revision = run.outputs['revision-id']
    expect(run.outputs['revision-status']).toBe('DEPLOYED')
    expect(run.code).toBe(1)
    expect(run.stdout).toContain(`Could not confirm that revision ${revision} serves`)
    expect(run.stdout).not.toContain('Serving check skipped')
    expect(run.stdout).toContain('rollback.on-failure: nothing is rolled back')
    expect(emulator.redeploys()).toEqual([])
  }, 90_000)
})
