import { afterEach, describe, expect, it } from '@jest/globals'
import { seedGate } from '../../emulator'
import { planGate } from '../../src/evaluation/plan'
import { runGate, runServingBaseline } from '../../src/evaluation/gate'
import {
  AGENT,
  DEPLOYMENT,
  REVISION_A,
  REVISION_B,
  REVISION_C,
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

const target = (previousRevisionId?: string, deploymentUrl?: string) => ({
  deploymentId: DEPLOYMENT,
  deploymentName: 'support-agent',
  previousRevisionId,
  deploymentUrl
})

describe('the evaluation gate against the emulated tracing service and agent server', () => {
  it('passes: every run recorded with its example, every score awaited, the verdict written back', async () => {
    world = await startWorld()
    const { dataset, examples } = seedGate(world.tracing, { examples: 5 })
    const settings = await world.settings({
      minScores: thresholds({ correctness: 0.8 }),
      tracingWebUrl: 'https://tracing.example.com/'
    })
    const plan = planned(await planGate(settings, target(REVISION_A), world.deps()))
    expect(plan.baseline).toEqual({ kind: 'none' })
    expect(writes(world.tracing)).toEqual([])

    const report = await runGate(plan, revision(world, REVISION_B), AGENT, world.deps())
    expect(report.verdict).toEqual({ check: 'gate', verdict: 'passed' })
    expect(report.rows).toMatchObject([{ key: 'correctness', mean: 1, n: 5, verdict: 'pass' }])
    expect(report.cost).toEqual({ agentCalls: 5, evaluatorScores: 5 })
    expect(report.links).toEqual({
      experiment: `https://tracing.example.com/o/${world.tracing.tenantId}/datasets/${dataset.id}/compare?selectedSessions=${report.experimentId}`
    })
    expect(report.outputs['eval-passed']).toBe('true')
    expect(JSON.parse(report.outputs['eval-scores'] ?? '')).toEqual({
      correctness: { mean: 1, n: 5, baseline: null, delta: null, compared: null, verdict: 'pass' }
    })
    const [session] = world.tracing.sessions()
    expect(session?.id).toBe(report.experimentId)
    expect(session?.reference_dataset_id).toBe(dataset.id)
    expect(session?.extra).toMatchObject({
      metadata: {
        deployment_id: DEPLOYMENT,
        revision_id: REVISION_B,
        previous_revision_id: REVISION_A,
        commit: '0123456789abcdef0123456789abcdef01234567',
        workflow_run: 'https://github.com/acme/support-agent/actions/runs/1',
        dataset_version: plan.datasetVersion,
        examples_digest: plan.digest,
        gate_verdict: 'pass',
        complete: true
      }
    })
    const runs = world.tracing.runs(report.experimentId)
    expect(runs.map((run) => run.reference_example_id).sort()).toEqual(
      examples.map((example) => example.id).sort()
    )
    // The whole answer is the run's outputs: the messages sent and the agent's reply.
    expect(runs[0]?.outputs).toMatchObject({ messages: [{}, { type: 'ai' }] })
  })

  it('fails a missed absolute threshold, naming the key and the mean', async () => {
    world = await startWorld()
    seedGate(world.tracing, { examples: 4, score: () => 0.5 })
    const settings = await world.settings({ minScores: thresholds({ correctness: 0.8 }) })
    const plan = planned(await planGate(settings, target(REVISION_A), world.deps()))
    const report = await runGate(plan, revision(world, REVISION_B), AGENT, world.deps())
    expect(report.verdict).toEqual({
      check: 'gate',
      verdict: 'failed',
      why: 'correctness: mean 0.5 is below gate.min-scores 0.8'
    })
    expect(report.outputs['eval-passed']).toBe('false')
    expect(world.tracing.sessions()[0]?.extra).toMatchObject({ metadata: { gate_verdict: 'fail' } })
  })

  it('cannot conclude when the evaluator stops at its spending limit, and waits no longer than gate.timeout', async () => {
    world = await startWorld()
    seedGate(world.tracing, { examples: 5, spendingLimit: 3 })
    const settings = await world.settings({
      minScores: thresholds({ correctness: 0.5 }),
      timeoutMs: 120_000
    })
    const plan = planned(await planGate(settings, target(REVISION_A), world.deps()))
    const started = world.clock.now()
    const report = await runGate(plan, revision(world, REVISION_B), AGENT, world.deps())
    expect(report.verdict).toEqual({
      check: 'gate',
      verdict: 'inconclusive',
      why: 'correctness: 2 of 5 runs have no score'
    })
    expect(report.outputs['eval-passed']).toBe('false')
    expect(world.lines.at(-1)).toBe(
      'Evaluation gate: 3 of 5 scores in; waited 1m 59s of 2m 00s (gate.timeout).'
    )
    expect(world.clock.now() - started).toBeLessThanOrEqual(120_000)
    expect(world.clock.now() - started).toBeGreaterThanOrEqual(110_000)
    expect(world.tracing.sessions()[0]?.extra).toMatchObject({
      metadata: { gate_verdict: 'inconclusive', complete: false }
    })
  })

  it('catches a regression against the previous revision’s experiment, run by run', async () => {
    world = await startWorld({
      agent: {
        // Revision C answers two questions wrongly.
        beforeRun: (message) =>
          current === REVISION_C && /question [12]$/.test(message)
            ? {
                status: 200,
                body: {
                  messages: [
                    { type: 'human', content: message },
                    { type: 'ai', content: 'I do not know' }
                  ]
                }
              }
            : undefined
      }
    })
    let current = REVISION_B
    seedGate(world.tracing, { examples: 6 })
    const first = await world.settings({ minScores: thresholds({ correctness: 0.5 }) })
    const firstPlan = planned(await planGate(first, target(REVISION_A), world.deps()))
    const earlier = await runGate(firstPlan, revision(world, REVISION_B), AGENT, world.deps())
    expect(earlier.verdict.verdict).toBe('passed')

    current = REVISION_C
    const settings = await world.settings({
      minScores: thresholds({ correctness: 0.5 }),
      maxRegression: thresholds({ '*': 0.1 })
    })
    const plan = planned(await planGate(settings, target(REVISION_B), world.deps()))
    expect(plan.baseline).toMatchObject({ kind: 'experiment', repetitions: 1 })
    const report = await runGate(plan, revision(world, REVISION_C), AGENT, world.deps())
    expect(report.verdict.verdict).toBe('failed')
    expect(report.verdict.why).toBe(
      'correctness: dropped 0.333 below the baseline on 6 examples both scored, over gate.max-regression 0.1'
    )
    expect(report.baselineExperimentId).toBe(earlier.experimentId)
    expect(report.outputs['baseline-experiment-id']).toBe(earlier.experimentId)
    expect(report.examples.kind).toBe('regressed')
    expect(report.examples.rows.map((row) => row.firstLine).sort()).toEqual([
      'question 1',
      'question 2'
    ])
    expect(report.rows[0]?.baseline).toBe(1)
    expect(report.rows[0]?.delta).toBeCloseTo(-1 / 3)
  })

  it('with no experiment of the serving revision, evaluates it first, before anything is written, and compares like with like', async () => {
    world = await startWorld()
    seedGate(world.tracing, { examples: 3 })
    // An experiment of another revision of this deployment, on the same examples, is no baseline.
    const other = await world.settings({ minScores: thresholds({ correctness: 0.5 }) })
    const otherPlan = planned(await planGate(other, target(REVISION_B), world.deps()))
    await runGate(otherPlan, revision(world, REVISION_C), AGENT, world.deps())
    const before = writes(world.tracing).length
    world.agent.requests.splice(0)
    const settings = await world.settings({ maxRegression: thresholds({ correctness: 0.1 }) })
    const plan = planned(
      await planGate(settings, target(REVISION_A, world.agent.url), world.deps())
    )
    expect(plan.baseline).toEqual({
      kind: 'serving-first',
      revisionId: REVISION_A,
      deploymentUrl: world.agent.url
    })
    expect(writes(world.tracing)).toHaveLength(before)
    const serving = await runServingBaseline(plan, AGENT, world.deps())
    // The serving revision's runs are made and recorded before the deploy's write.
    expect(serving?.runs).toHaveLength(3)
    expect(world.agent.requests.filter((r) => r.path === '/runs/wait')).toHaveLength(3)

    const report = await runGate(plan, revision(world, REVISION_B), AGENT, world.deps(), serving)
    expect(report.verdict).toEqual({ check: 'gate', verdict: 'passed' })
    expect(report.baselineExperimentId).toBe(serving?.experimentId)
    expect(report.rows[0]).toMatchObject({ mean: 1, baseline: 1, delta: 0 })
    expect(report.cost.agentCalls).toBe(6)
    const baseline = world.tracing
      .sessions()
      .find((session) => session.id === serving?.experimentId)
    expect(baseline?.extra).toMatchObject({
      metadata: { role: 'baseline', revision_id: REVISION_A, complete: true }
    })
  })

  it('on a first deploy skips relative thresholds with a notice, and skips the gate when none is absolute', async () => {
    world = await startWorld()
    seedGate(world.tracing, { examples: 2 })
    const relativeOnly = await world.settings({ maxRegression: thresholds({ correctness: 0.1 }) })
    const skipped = await planGate(relativeOnly, target(undefined), world.deps())
    expect(skipped.kind).toBe('skipped')

    const both = await world.settings({
      minScores: thresholds({ correctness: 0.5 }),
      maxRegression: thresholds({ '*': 0.1, helpfulness: 0.2 })
    })
    const plan = planned(await planGate(both, target(undefined), world.deps()))
    expect(plan.keys).toEqual(['correctness'])
    expect(plan.baseline).toEqual({ kind: 'first-deploy' })
    expect(world.notices).toEqual([
      'Evaluation gate: a first deploy has no earlier revision to compare with; gate.max-regression is skipped, gate.min-scores still applies.'
    ])
    const report = await runGate(plan, revision(world, REVISION_A), AGENT, world.deps())
    expect(report.verdict.verdict).toBe('passed')
    expect(Object.keys(JSON.parse(report.outputs['eval-scores'] ?? '{}'))).toEqual(['correctness'])
    expect(writes(world.tracing).length).toBeGreaterThan(0)
  })
})
