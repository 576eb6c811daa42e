import { afterEach, describe, expect, it } from '@jest/globals'
import { seedGate } from '../../emulator'
import { describeGatePlan, planGate } from '../../src/evaluation/plan'
import { runGate } from '../../src/evaluation/gate'
import {
  AGENT,
  DEPLOYMENT,
  REVISION_A,
  REVISION_B,
  revision,
  planned,
  startWorld,
  thresholds,
  writes,
  type World
} from './gate-harness'

let world: World | undefined
afterEach(async () => {
  await world?.close()
  world = undefined
})

const target = {
  deploymentId: DEPLOYMENT,
  deploymentName: 'support-agent',
  previousRevisionId: REVISION_A
}

describe('baselines the action did not make', () => {
  it('compares with the experiment the dataset pins, on its means, and lists the lowest-scoring examples', async () => {
    world = await startWorld()
    const { dataset } = seedGate(world.tracing, { examples: 4 })
    const pinned = world.tracing.seedExperiment({
      dataset_id: dataset.id,
      scores: () => ({ correctness: 0.9 })
    })
    world.tracing.setDatasetBaseline(dataset.id, pinned.session.id)
    const settings = await world.settings({
      maxRegression: thresholds({ correctness: 0.05 }),
      baseline: { kind: 'dataset' }
    })
    const plan = planned(await planGate(settings, target, world.deps()))
    expect(plan.baseline).toMatchObject({ kind: 'experiment', session: { id: pinned.session.id } })
    expect(plan.baseline.kind === 'experiment' && plan.baseline.repetitions).toBeUndefined()
    const report = await runGate(plan, revision(world, REVISION_B), AGENT, world.deps())
    expect(report.verdict).toEqual({ check: 'gate', verdict: 'passed' })
    expect(report.rows[0]).toMatchObject({ mean: 1, baseline: 0.9 })
    expect(report.outputs['baseline-experiment-id']).toBe(pinned.session.id)
    expect(report.examples.kind).toBe('lowest')
    expect(report.examples.rows).toHaveLength(4)
  })

  it('cannot conclude on an experiment that is not on the same examples (another run count)', async () => {
    world = await startWorld()
    const { dataset, examples } = seedGate(world.tracing, { examples: 3 })
    const other = world.tracing.seedExperiment({
      dataset_id: dataset.id,
      runs: [{ example_id: examples[0]?.id ?? '', scores: { correctness: 1 } }]
    })
    const settings = await world.settings({
      minScores: thresholds({ correctness: 0.5 }),
      maxRegression: thresholds({ correctness: 0.05 }),
      baseline: { kind: 'experiment', id: other.session.id }
    })
    const plan = planned(await planGate(settings, target, world.deps()))
    const report = await runGate(plan, revision(world, REVISION_B), AGENT, world.deps())
    expect(report.verdict).toEqual({
      check: 'gate',
      verdict: 'inconclusive',
      why: `correctness: no baseline to compare with: experiment ${other.session.id} has 1 runs, not the 3 of these examples: it is not on the same examples`
    })
    expect(report.outputs['eval-passed']).toBe('false')
  })

  it('cannot conclude when the dataset pins no baseline', async () => {
    world = await startWorld()
    seedGate(world.tracing, { examples: 2 })
    const settings = await world.settings({
      maxRegression: thresholds({ correctness: 0.05 }),
      baseline: { kind: 'dataset' }
    })
    const plan = planned(await planGate(settings, target, world.deps()))
    const report = await runGate(plan, revision(world, REVISION_B), AGENT, world.deps())
    expect(report.verdict.verdict).toBe('inconclusive')
    expect(report.verdict.why).toContain('the dataset pins no baseline experiment')
  })
})

describe('dataset versions', () => {
  it('reads the examples as of a version tag, and refuses a version the dataset does not have', async () => {
    world = await startWorld()
    const { dataset } = seedGate(world.tracing, { examples: 3, tags: ['v1'] })
    world.clock.ms += 60_000
    world.tracing.editDataset(dataset.id, {
      add: [{ inputs: { messages: [{ role: 'user', content: 'question 4' }] } }],
      tags: ['v2']
    })
    const v1 = planned(
      await planGate(
        await world.settings({ minScores: thresholds({ correctness: 1 }), datasetVersion: 'v1' }),
        target,
        world.deps()
      )
    )
    const newest = planned(
      await planGate(
        await world.settings({ minScores: thresholds({ correctness: 1 }) }),
        target,
        world.deps()
      )
    )
    expect(v1.examples).toHaveLength(3)
    expect(newest.examples).toHaveLength(4)
    expect(Date.parse(newest.datasetVersion) - Date.parse(v1.datasetVersion)).toBe(60_000)
    expect(describeGatePlan(v1)).toEqual([
      `Evaluation gate: dataset ${dataset.name} (${dataset.id.slice(0, 8)}; 3 examples, version ${v1.datasetVersion})`,
      '  3 runs (3 examples × gate.repetitions 1), 4 at a time, against assistant agent',
      '  bounds: correctness ≥ 1; runs failed ≤ 0%',
      '  keys awaited: correctness; feedback awaited up to 10m 00s after the last run',
      '  compared with no baseline (no gate.max-regression)'
    ])
    const missing = await planGate(
      await world.settings({ minScores: thresholds({ correctness: 1 }), datasetVersion: 'v9' }),
      target,
      world.deps()
    )
    expect(missing).toEqual({
      kind: 'refused',
      problems: [
        {
          key: 'gate.dataset-version',
          message: 'is not a version of the dataset (a tag or an ISO time)'
        }
      ]
    })
    expect(writes(world.tracing)).toEqual([])
  })
})

describe('the run deadline', () => {
  it('sends no run after timeout, and the gate cannot conclude', async () => {
    world = await startWorld({
      agent: {
        // Each run takes ten minutes by the run's clock.
        beforeRun: () => {
          if (world) world.clock.ms += 10 * 60_000
          return undefined
        }
      }
    })
    seedGate(world.tracing, { examples: 4 })
    const settings = await world.settings({
      minScores: thresholds({ correctness: 1 }),
      concurrency: 1
    })
    const plan = planned(await planGate(settings, target, world.deps()))
    const deps = world.deps({ deadline: world.clock.now() + 25 * 60_000 })
    const report = await runGate(plan, revision(world, REVISION_B), AGENT, deps)
    expect(report.verdict.verdict).toBe('inconclusive')
    expect(report.verdict.why).toMatch(/^timeout ran out before the gate could conclude/)
    expect(report.outputs['eval-passed']).toBe('false')
    expect(world.agent.requests.filter((r) => r.path === '/runs/wait')).toHaveLength(3)
  })
})
