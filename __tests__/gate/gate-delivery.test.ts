import { afterAll, afterEach, describe, expect, it } from '@jest/globals'
import { seedGate, type Services } from '../../emulator'
import { VirtualClock } from '../helpers/action-world'
import { NAME, gateRunner, gateStep, startGateServices, tracingWrites } from './gate-harness'

const clock = new VirtualClock()
const runInProcess = gateRunner(clock)
afterAll(() => clock.close())

let services: Services | undefined
afterEach(async () => {
  await services?.close()
  services = undefined
})

describe('the evaluation gate in a deploy, in process', () => {
  it('passes: one experiment on the new revision, the outputs set, the verdict written back', async () => {
    services = await startGateServices(clock)
    const previous = services.controlPlane.seedDeployment({ name: NAME }).active_revision_id
    const { dataset } = seedGate(services.tracing, { examples: 4 })
    const run = await runInProcess(
      gateStep(services, { 'eval-min-scores': 'correctness=0.8', 'rollback-on-failure': 'true' })
    )
    expect(run.exitCode).toBe(0)
    const revision = run.outputs['revision-id']
    expect(revision).not.toBe(previous)
    expect(run.outputs['eval-passed']).toBe('true')
    const experimentId = run.outputs['experiment-id']
    expect(JSON.parse(run.outputs['eval-scores'] ?? '')).toEqual({
      correctness: { mean: 1, n: 4, baseline: null, delta: null, verdict: 'pass' }
    })
    expect(run.outputs['baseline-experiment-id']).toBeUndefined()
    expect(run.outputs['rolled-back']).toBe('false')
    const sessions = services.tracing.sessions()
    expect(sessions.map((session) => session.id)).toEqual([experimentId])
    expect(sessions[0]?.reference_dataset_id).toBe(dataset.id)
    expect(sessions[0]?.extra).toMatchObject({
      metadata: {
        revision_id: revision,
        previous_revision_id: previous,
        commit: 'f'.repeat(40),
        workflow_run: 'https://github.com/acme/support-agent/actions/runs/4242',
        gate_verdict: 'pass'
      }
    })
    expect(services.tracing.runs(experimentId)).toHaveLength(4)
    expect(tracingWrites(services).length).toBeGreaterThan(0)
  }, 120_000)
})
