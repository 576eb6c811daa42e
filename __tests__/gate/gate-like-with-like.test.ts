import { describe, expect, it } from '@jest/globals'
import { seedGate, type Services } from '../../emulator'
import type { Score, ScoredRun } from '../../emulator/tracing-types'
import { NAME, gateFile, gateStep, tracingWrites } from './gate-harness'

/**
 * The gate compares like with like, through the action in process: a relative bound is judged on
 * the examples both experiments scored; a baseline of another dataset, or half scored, cannot
 * conclude; every mean, baseline and change is a finite number or its key cannot conclude.
 */
const { runInProcess, start } = gateFile()
let services: Services | undefined

/** The question's number (1-based) of a run of the seeded dataset: its reference is its echo. */
const questionOf = (run: ScoredRun): number =>
  Number(/question (\d+)/.exec(String(run.reference_outputs?.answer))?.[1])

/**
 * A deployment serving its first revision, a dataset of `examples` questions, and a rule whose
 * score the test sets (`scores.of`), changed between deploys as a new revision would score. A
 * run that failed gets no feedback; `failing` questions get a 500 from the agent.
 */
async function world(examples: number) {
  const scores = { of: (_question: number): Score => 1 }
  const failing = new Set<string>()
  services = await start({
    agent: {
      beforeRun: (message) =>
        failing.has(message) ? { status: 500, body: { detail: 'agent failed' } } : undefined
    }
  })
  services.controlPlane.seedDeployment({ name: NAME })
  const seed = seedGate(services.tracing, {
    examples,
    score: (run) => (run.error === null ? scores.of(questionOf(run)) : undefined)
  })
  return { services, scores, failing, ...seed }
}

const evalScores = (run: { outputs: Record<string, string | undefined> }) =>
  JSON.parse(run.outputs['eval-scores'] ?? 'null') as Record<string, Record<string, unknown>>

describe('a relative bound on the examples both sides scored', () => {
  it('fails a regression against a baseline whose gate failed after 2 of 5 examples errored (the three drops are over the bound)', async () => {
    const { services, scores, failing } = await world(5)
    // The revision before: questions 4 and 5 fail, 1 to 3 score 0.5; its own gate fails.
    failing.add('question 4').add('question 5')
    scores.of = () => 0.5
    const before = await runInProcess(
      gateStep(services, { policy: { gate: { 'min-scores': { correctness: 0.1 } } } })
    )
    expect(before.exitCode).toBe(1)
    expect(before.summary).toContain('2 of 5 runs failed')

    // The new revision answers all five: 0.3 lower on 1 to 3, well on 4 and 5.
    failing.clear()
    scores.of = (question) => (question <= 3 ? 0.2 : 1)
    const run = await runInProcess(
      gateStep(services, { policy: { gate: { 'max-regression': { correctness: 0.1 } } } })
    )
    expect(run.outputs['previous-revision-id']).toBe(before.outputs['revision-id'])
    expect(run.outputs['baseline-experiment-id']).toBe(before.outputs['experiment-id'])
    expect(evalScores(run)).toEqual({
      correctness: { mean: 0.52, n: 5, baseline: 0.5, delta: -0.3, compared: 3, verdict: 'fail' }
    })
    expect(run.exitCode).toBe(1)
    expect(run.outputs['eval-passed']).toBe('false')
    expect(run.summary).toMatch(
      /\| correctness \| 0\.52, mean of 5 \| 0\.5 \| −0\.30 \| 3 examples \| drop ≤ 0\.1 \| ❌ fail \|/
    )
    expect(run.summary).toContain('dropped 0.3 below the baseline on 3 examples both scored')
  }, 240_000)

  it('cannot conclude when fewer than half of the examples read were scored on both sides', async () => {
    const { services, scores, failing } = await world(4)
    failing.add('question 2').add('question 3').add('question 4')
    await runInProcess(
      gateStep(services, { policy: { gate: { 'min-scores': { correctness: 0.1 } } } })
    )
    failing.clear()
    scores.of = () => 0.2
    const run = await runInProcess(
      gateStep(services, { policy: { gate: { 'max-regression': { correctness: 0.1 } } } })
    )
    expect(run.exitCode).toBe(1)
    expect(evalScores(run).correctness).toMatchObject({ compared: 1, verdict: 'inconclusive' })
    expect(run.summary).toContain(
      'only 1 of the 4 examples read were scored by both this run and the baseline (fewer than half)'
    )
  }, 240_000)
})

describe('baselines another client made', () => {
  it('cannot conclude on an experiment of another dataset, naming why', async () => {
    const { services, examples } = await world(4)
    const other = seedGate(services.tracing, { name: 'other-dataset', examples: 4 })
    const foreign = services.tracing.seedExperiment({
      dataset_id: other.dataset.id,
      scores: () => ({ correctness: 0.9 })
    })
    expect(examples).toHaveLength(4)
    const run = await runInProcess(
      gateStep(services, {
        policy: { gate: { 'max-regression': { correctness: 0.1 }, baseline: foreign.session.id } }
      })
    )
    expect(run.exitCode).toBe(1)
    expect(run.outputs['eval-passed']).toBe('false')
    expect(evalScores(run).correctness).toMatchObject({ baseline: null, verdict: 'inconclusive' })
    expect(run.summary).toContain(
      `experiment ${foreign.session.id.slice(0, 8)} is not an experiment of this dataset`
    )
  }, 120_000)

  it('cannot conclude on an experiment of the dataset with half its runs scored', async () => {
    const { services, dataset, examples } = await world(4)
    const half = services.tracing.seedExperiment({
      dataset_id: dataset.id,
      runs: examples.map((example, index) => ({
        example_id: example.id,
        scores: index < 2 ? { correctness: 0.9 } : ({} as Record<string, Score>)
      }))
    })
    services.tracing.setDatasetBaseline(dataset.id, half.session.id)
    const run = await runInProcess(
      gateStep(services, {
        policy: { gate: { 'max-regression': { correctness: 0.1 }, baseline: 'dataset' } }
      })
    )
    expect(run.exitCode).toBe(1)
    expect(evalScores(run).correctness).toMatchObject({ baseline: null, verdict: 'inconclusive' })
    expect(run.summary).toContain(
      `experiment ${half.session.id.slice(0, 8)} has 2 correctness scores for its 4 runs without an error: not every run was scored`
    )
  }, 120_000)

  it('compares a complete one of the same dataset on its mean, saying over how many examples', async () => {
    const { services, dataset } = await world(4)
    const pinned = services.tracing.seedExperiment({
      dataset_id: dataset.id,
      scores: () => ({ correctness: 0.9 })
    })
    services.tracing.setDatasetBaseline(dataset.id, pinned.session.id)
    const run = await runInProcess(
      gateStep(services, {
        policy: { gate: { 'max-regression': { correctness: 0.1 }, baseline: 'dataset' } }
      })
    )
    expect(run.exitCode).toBe(0)
    expect(evalScores(run)).toEqual({
      correctness: { mean: 1, n: 4, baseline: 0.9, delta: 0.1, compared: 4, verdict: 'pass' }
    })
  }, 120_000)
})

describe('numbers that must be finite', () => {
  it('two scores of 1e308 have the mean 1e308, a number in eval-scores', async () => {
    const { services, scores } = await world(2)
    scores.of = () => 1e308
    const run = await runInProcess(
      gateStep(services, { policy: { gate: { 'min-scores': { correctness: 0.8 } } } })
    )
    expect(run.exitCode).toBe(0)
    expect(evalScores(run)).toEqual({
      correctness: {
        mean: 1e308,
        n: 2,
        baseline: null,
        delta: null,
        compared: null,
        verdict: 'pass'
      }
    })
  }, 120_000)

  it('1e308 scores against a baseline of -1e308: the change is not finite, so the key cannot conclude', async () => {
    const { services, scores } = await world(2)
    scores.of = () => -1e308
    const before = await runInProcess(
      gateStep(services, { policy: { gate: { 'min-scores': { correctness: 0.5 } } } })
    )
    expect(before.exitCode).toBe(1)
    scores.of = () => 1e308
    const run = await runInProcess(
      gateStep(services, { policy: { gate: { 'max-regression': { correctness: 0.1 } } } })
    )
    expect(run.outputs['baseline-experiment-id']).toBe(before.outputs['experiment-id'])
    expect(run.exitCode).toBe(1)
    expect(evalScores(run)).toEqual({
      correctness: {
        mean: 1e308,
        n: 2,
        baseline: -1e308,
        delta: null,
        compared: 2,
        verdict: 'inconclusive'
      }
    })
    expect(run.summary).toContain('the change from the baseline is not a finite number')
    expect(tracingWrites(services).length).toBeGreaterThan(0)
  }, 240_000)
})

describe("the previous revision's experiment", () => {
  it('is not taken when incomplete, though its gate failed: the serving revision is evaluated first', async () => {
    const { services, scores, failing } = await world(4)
    // The revision before: question 4 fails (its gate fails) and question 3 is never scored.
    failing.add('question 4')
    scores.of = (question) => (question === 3 ? (undefined as unknown as Score) : 1)
    const before = await runInProcess(
      gateStep(services, {
        policy: { gate: { 'min-scores': { correctness: 0.1 }, timeout: '1m' } }
      })
    )
    expect(before.exitCode).toBe(1)
    failing.clear()
    scores.of = () => 1
    const run = await runInProcess(
      gateStep(services, { policy: { gate: { 'max-regression': { correctness: 0.1 } } } })
    )
    expect(run.exitCode).toBe(0)
    const baselineId = run.outputs['baseline-experiment-id']
    expect(baselineId).toBeDefined()
    expect(baselineId).not.toBe(before.outputs['experiment-id'])
    expect(
      services.tracing.sessions().find((session) => session.id === baselineId)?.extra
    ).toMatchObject({ metadata: { role: 'baseline', revision_id: before.outputs['revision-id'] } })
    expect(run.stdout).toContain(
      `experiment ${before.outputs['experiment-id']} is not complete: 1 of its 3 runs without an error have no correctness score; looking on.`
    )
    expect(evalScores(run).correctness).toMatchObject({ compared: 4, verdict: 'pass' })
  }, 240_000)
})

describe('the serving-first baseline', () => {
  it('is compared on the examples the serving revision answered, when it errors on some', async () => {
    const scored = { serving: '' }
    services = await start({
      agent: {
        // Before the write the URL answers as the serving revision: it fails questions 3 and 4.
        beforeRun: (message) => {
          const written = services?.controlPlane.requests.some(
            (request) => request.method === 'PATCH'
          )
          return !written && (message === 'question 3' || message === 'question 4')
            ? { status: 500, body: { detail: 'agent failed' } }
            : undefined
        }
      }
    })
    const deployment = services.controlPlane.seedDeployment({ name: NAME })
    scored.serving = String(deployment.active_revision_id)
    // The serving revision scores 1 where it answers; the new one 0.5 on 1 and 2, 1 on 3 and 4.
    seedGate(services.tracing, {
      examples: 4,
      score: (run) =>
        run.error !== null
          ? undefined
          : run.metadata.revision_id === scored.serving
            ? 1
            : questionOf(run) <= 2
              ? 0.5
              : 1
    })
    const run = await runInProcess(
      gateStep(services, { policy: { gate: { 'max-regression': { correctness: 0.3 } } } })
    )
    expect(evalScores(run)).toEqual({
      correctness: { mean: 0.75, n: 4, baseline: 1, delta: -0.5, compared: 2, verdict: 'fail' }
    })
    expect(run.exitCode).toBe(1)
  }, 240_000)
})
