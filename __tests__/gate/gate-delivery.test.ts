import { describe, expect, it } from '@jest/globals'
import { seedGate, type Services } from '../../emulator'
import {
  NAME,
  controlPlaneWrites,
  gateFile,
  gateStep,
  notADeploy,
  tracingWrites
} from './gate-harness'

/**
 * The evaluation gate through the action in process: the verdicts, the rollback they lead to,
 * the baseline, and what a first deploy, a rollback operation and a dry run do.
 */
const { runInProcess, start } = gateFile()
let services: Services | undefined

/** An existing deployment serving its first revision, and the dataset with its rule. */
async function seeded(options: Parameters<typeof seedGate>[1] = {}) {
  services = await start()
  const deployment = services.controlPlane.seedDeployment({ name: NAME })
  const seed = seedGate(services.tracing, { examples: 4, ...options })
  return { services, deployment, previous: String(deployment.active_revision_id), ...seed }
}

const metadataOf = (services: Services, id: string | undefined) =>
  (
    services.tracing.sessions().find((session) => session.id === id)?.extra as {
      metadata?: Record<string, unknown>
    }
  )?.metadata

describe('the evaluation gate in a deploy, in process', () => {
  it('passes: one experiment on the new revision, the outputs set, the verdict written back', async () => {
    const { services, dataset, previous } = await seeded()
    const run = await runInProcess(
      gateStep(services, {
        policy: { gate: { 'min-scores': { correctness: 0.8 } }, rollback: { 'on-failure': true } }
      })
    )
    expect(run.exitCode).toBe(0)
    const revision = run.outputs['revision-id']
    expect(revision).not.toBe(previous)
    expect(run.outputs['eval-passed']).toBe('true')
    const experimentId = run.outputs['experiment-id']
    expect(JSON.parse(run.outputs['eval-scores'] ?? '')).toEqual({
      correctness: { mean: 1, n: 4, baseline: null, delta: null, compared: null, verdict: 'pass' }
    })
    expect(run.outputs['baseline-experiment-id']).toBeUndefined()
    expect(run.outputs['rolled-back']).toBe('false')
    const sessions = services.tracing.sessions()
    expect(sessions.map((session) => session.id)).toEqual([experimentId])
    expect(sessions[0]?.reference_dataset_id).toBe(dataset.id)
    expect(metadataOf(services, experimentId)).toMatchObject({
      revision_id: revision,
      previous_revision_id: previous,
      commit: 'f'.repeat(40),
      workflow_run: 'https://github.com/acme/support-agent/actions/runs/4242',
      gate_verdict: 'pass'
    })
    expect(services.tracing.runs(experimentId)).toHaveLength(4)
    // The gate's table in the summary: key, its mean and of how many, threshold, verdict.
    expect(run.summary).toMatch(/\| correctness \| 1, mean of 4 \| ≥ 0\.8 \| ✅ pass \|/)
    expect(run.summary).toContain('4 agent calls, 4 evaluator scores')
  }, 120_000)

  it('fails a missed gate.min-scores and rolls back; the revision brought back is not evaluated again', async () => {
    const { services, deployment, previous } = await seeded()
    services.controlPlane.setAgent('wrong-reply')
    const run = await runInProcess(
      gateStep(services, {
        policy: { gate: { 'min-scores': { correctness: 0.8 } }, rollback: { 'on-failure': true } }
      })
    )
    expect(run.exitCode).toBe(1)
    expect(run.outputs['eval-passed']).toBe('false')
    expect(JSON.parse(run.outputs['eval-scores'] ?? '')).toEqual({
      correctness: { mean: 0, n: 4, baseline: null, delta: null, compared: null, verdict: 'fail' }
    })
    expect(run.outputs['rolled-back']).toBe('true')
    expect(services.controlPlane.redeploys()).toHaveLength(1)
    expect(services.controlPlane.serving(deployment.id)?.revisionId).toBe(
      run.outputs['rollback-revision-id']
    )
    // One experiment only: the revision brought back gets none.
    expect(services.tracing.sessions()).toHaveLength(1)
    expect(metadataOf(services, run.outputs['experiment-id'])).toMatchObject({
      gate_verdict: 'fail',
      previous_revision_id: previous
    })
    expect(run.annotations.map((each) => each.text).join('\n')).toContain(
      `revision ${previous.slice(0, 8)}, brought back, is not evaluated again`
    )
    expect(run.summary).toMatch(/\| correctness \| 0, mean of 4 \| ≥ 0\.8 \| ❌ fail \|/)
    // The reason under the headline names the gate once, then what it saw.
    expect(run.summary).toContain('**Evaluation gate failed:** correctness: mean 0')
  }, 120_000)

  it('could not conclude when the evaluators stop scoring (spending limit): fails and rolls back', async () => {
    const { services } = await seeded({ spendingLimit: 2 })
    const run = await runInProcess(
      gateStep(services, {
        policy: {
          gate: { 'min-scores': { correctness: 0.5 }, timeout: '2m' },
          rollback: { 'on-failure': true }
        }
      })
    )
    expect(run.exitCode).toBe(1)
    expect(run.outputs['eval-passed']).toBe('false')
    expect(JSON.parse(run.outputs['eval-scores'] ?? '')).toMatchObject({
      correctness: { n: 2, verdict: 'inconclusive' }
    })
    expect(metadataOf(services, run.outputs['experiment-id'])).toMatchObject({
      gate_verdict: 'inconclusive',
      complete: false
    })
    expect(run.outputs['rolled-back']).toBe('true')
    expect(services.controlPlane.redeploys()).toHaveLength(1)
    expect(services.tracing.sessions()).toHaveLength(1)
  }, 120_000)
})

describe('the baseline, like with like', () => {
  it('evaluates the serving revision before the write when it has no experiment, then catches a regression against it the next time', async () => {
    const { services, previous } = await seeded()
    // Whether the control plane had been written to when each agent run came.
    const step = gateStep(services, {
      policy: {
        gate: { 'max-regression': { '*': 0.1 }, 'min-scores': { correctness: 0.5 } },
        rollback: { 'on-failure': true }
      }
    })
    const first = await runInProcess(step)
    expect(first.exitCode).toBe(0)
    const baselineId = first.outputs['baseline-experiment-id']
    expect(baselineId).toBeDefined()
    expect(metadataOf(services, baselineId)).toMatchObject({
      role: 'baseline',
      revision_id: previous
    })
    expect(JSON.parse(first.outputs['eval-scores'] ?? '')).toEqual({
      correctness: { mean: 1, n: 4, baseline: 1, delta: 0, compared: 4, verdict: 'pass' }
    })

    // The next deploy finds the first run's experiment of the revision now serving.
    services.controlPlane.setAgent('wrong-reply')
    const second = await runInProcess(step)
    expect(second.exitCode).toBe(1)
    expect(second.outputs['previous-revision-id']).toBe(first.outputs['revision-id'])
    expect(second.outputs['baseline-experiment-id']).toBe(first.outputs['experiment-id'])
    expect(JSON.parse(second.outputs['eval-scores'] ?? '')).toEqual({
      correctness: { mean: 0, n: 4, baseline: 1, delta: -1, compared: 4, verdict: 'fail' }
    })
    expect(second.outputs['rolled-back']).toBe('true')
    // No new baseline experiment: two from the first run, one from the second.
    expect(services.tracing.sessions()).toHaveLength(3)
    expect(second.summary).toContain('Examples that regressed most')
  }, 180_000)

  it("runs the serving revision's experiment before the control plane's PATCH", async () => {
    const order: string[] = []
    services = await start({
      agent: {
        beforeRun: () => {
          const patched = services?.controlPlane.requests.some(
            (request) => request.method === 'PATCH'
          )
          order.push(patched ? 'run after the PATCH' : 'run before the PATCH')
          return undefined
        }
      }
    })
    services.controlPlane.seedDeployment({ name: NAME })
    seedGate(services.tracing, { examples: 3 })
    const run = await runInProcess(
      gateStep(services, { policy: { gate: { 'max-regression': { correctness: 0.1 } } } })
    )
    expect(run.exitCode).toBe(0)
    expect(order).toEqual([
      ...Array<string>(3).fill('run before the PATCH'),
      ...Array<string>(3).fill('run after the PATCH')
    ])
  }, 120_000)

  it('on a first deploy skips the relative thresholds with a notice and keeps the absolute ones', async () => {
    services = await start()
    seedGate(services.tracing, { examples: 3 })
    const run = await runInProcess(
      gateStep(services, {
        policy: { gate: { 'max-regression': { '*': 0.1 }, 'min-scores': { correctness: 0.5 } } }
      })
    )
    expect(run.exitCode).toBe(0)
    expect(run.outputs.created).toBe('true')
    expect(run.annotations.some((each) => /gate.max-regression is skipped/.test(each.text))).toBe(
      true
    )
    expect(JSON.parse(run.outputs['eval-scores'] ?? '')).toEqual({
      correctness: { mean: 1, n: 3, baseline: null, delta: null, compared: null, verdict: 'pass' }
    })
    expect(services.tracing.sessions()).toHaveLength(1)
  }, 120_000)

  it('on a first deploy with relative thresholds only, runs no experiment', async () => {
    services = await start()
    seedGate(services.tracing, { examples: 3 })
    const run = await runInProcess(
      gateStep(services, { policy: { gate: { 'max-regression': { correctness: 0.1 } } } })
    )
    expect(run.exitCode).toBe(0)
    expect(run.annotations.some((each) => /Evaluation gate skipped/.test(each.text))).toBe(true)
    // Listed with the checks skipped, as every skip is.
    expect(run.summary).toMatch(/\| evaluation gate \| ⏭️ skipped \| a first deploy/)
    expect(tracingWrites(services)).toEqual([])
    expect(run.outputs['eval-passed']).toBeUndefined()
  }, 120_000)
})

describe('a promote behind the gate', () => {
  it('evaluates the promoted revision, its experiment naming the commit promoted', async () => {
    const { services, previous } = await seeded()
    const staging = services.controlPlane.seedDeployment({ name: 'staging-agent' })
    const run = await runInProcess(
      notADeploy(
        gateStep(services, {
          operation: 'promote',
          'from-deployment': 'staging-agent',
          policy: { gate: { 'min-scores': { correctness: 0.8 } } }
        })
      )
    )
    expect(run.exitCode).toBe(0)
    expect(run.outputs['promoted-from']).toBe(staging.active_revision_id)
    expect(run.outputs['eval-passed']).toBe('true')
    const commit = services.controlPlane.revisions(staging.id)[0]?.source_revision_config
      ?.repo_commit_sha
    expect(commit).toMatch(/^[0-9a-f]{40}$/)
    expect(metadataOf(services, run.outputs['experiment-id'])).toMatchObject({
      revision_id: run.outputs['revision-id'],
      previous_revision_id: previous,
      commit,
      gate_verdict: 'pass'
    })
  }, 120_000)
})

describe('runs that do not gate', () => {
  it('operation rollback skips the gate with a notice and writes nothing to the tracing service', async () => {
    services = await start()
    services.controlPlane.seedDeployment({
      name: NAME,
      history: [{ status: 'DEPLOYED' }, { status: 'DEPLOYED' }]
    })
    seedGate(services.tracing, { examples: 3 })
    const step = notADeploy(
      gateStep(services, {
        operation: 'rollback',
        policy: { gate: { 'min-scores': { correctness: 0.5 } } }
      })
    )
    const run = await runInProcess(step)
    expect(run.exitCode).toBe(0)
    expect(run.outputs['rolled-back']).toBe('true')
    expect(run.annotations.some((each) => /Evaluation gate skipped/.test(each.text))).toBe(true)
    expect(services.tracing.requests).toEqual([])
    expect(run.summary).toMatch(/\| evaluation gate \| ⏭️ skipped \| operation rollback/)
    expect(run.outputs['eval-passed']).toBeUndefined()
  }, 120_000)

  it('dry-run makes the reads, prints the plan and writes nothing', async () => {
    const { services, dataset } = await seeded()
    const run = await runInProcess(
      gateStep(services, {
        'dry-run': 'true',
        policy: { gate: { 'max-regression': { '*': 0.1 }, 'min-scores': { correctness: 0.5 } } }
      })
    )
    expect(run.exitCode).toBe(0)
    expect(controlPlaneWrites(services)).toEqual([])
    expect(tracingWrites(services)).toEqual([])
    expect(services.tracing.requests.length).toBeGreaterThan(0)
    expect(run.stdout).toContain(
      `Evaluation gate: dataset ${dataset.name} (${dataset.id.slice(0, 8)}; 4 examples`
    )
    expect(run.outputs['eval-passed']).toBeUndefined()
  }, 120_000)
})
