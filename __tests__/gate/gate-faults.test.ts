import { afterEach, describe, expect, it } from '@jest/globals'
import { seedGate } from '../../emulator'
import { planGate } from '../../src/evaluation/plan'
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
import { until } from '../helpers/until'

let world: World | undefined
const openGates: (() => void)[] = []
afterEach(async () => {
  openGates.splice(0).forEach((open) => open())
  await world?.close()
  world = undefined
})

const target = {
  deploymentId: DEPLOYMENT,
  deploymentName: 'support-agent',
  previousRevisionId: REVISION_A
}

describe('the gate refuses before any write', () => {
  it('names gate.dataset when the service has no such dataset', async () => {
    world = await startWorld()
    const result = await planGate(
      await world.settings({ minScores: thresholds({ correctness: 1 }) }),
      target,
      world.deps()
    )
    expect(result).toEqual({
      kind: 'refused',
      problems: [
        {
          key: 'gate.dataset',
          message: 'names no dataset of the tracing service (by exact name or id): "gate-dataset"'
        }
      ]
    })
    expect(writes(world.tracing)).toEqual([])
  })

  it('lists too many runs and partial rules at once, each naming its input', async () => {
    world = await startWorld()
    const { dataset, rule } = seedGate(world.tracing, { examples: 4 })
    world.tracing.updateRule(rule.id, { sampling_rate: 0.5 })
    world.tracing.addRule({
      dataset_id: dataset.id,
      keys: ['x'],
      display_name: 'judge',
      filter: 'eq(x)'
    })
    const settings = await world.settings({
      minScores: thresholds({ correctness: 1 }),
      repetitions: 3,
      maxExamples: 10
    })
    const result = await planGate(settings, target, world.deps())
    expect(result.kind === 'refused' && result.problems.map((p) => p.key)).toEqual([
      'gate.max-examples',
      'gate.dataset',
      'gate.dataset'
    ])
    expect(result.kind === 'refused' && result.problems[0]?.message).toBe(
      'is 10, and the gate would make 12 runs (4 examples × gate.repetitions 3); raise it or narrow gate.splits'
    )
    expect(writes(world.tracing)).toEqual([])
    expect(world.agent.requests).toEqual([])
  })

  it('names gate.splits when it selects no example, and gate.dataset when no rule is enabled', async () => {
    world = await startWorld()
    const { rule } = seedGate(world.tracing, { examples: 2 })
    world.tracing.updateRule(rule.id, { is_enabled: false })
    const result = await planGate(
      await world.settings({ minScores: thresholds({ correctness: 1 }), splits: ['nightly'] }),
      target,
      world.deps()
    )
    expect(result).toEqual({
      kind: 'refused',
      problems: [
        {
          key: 'gate.splits',
          message: 'selects no example of the dataset: there is nothing to evaluate'
        },
        {
          key: 'gate.dataset',
          message: 'has no enabled evaluator rule bound to it: nothing would score the runs'
        }
      ]
    })
    expect(writes(world.tracing)).toEqual([])
  })

  it('reads every page of examples (250) and keeps only the splits asked for', async () => {
    world = await startWorld()
    seedGate(world.tracing, { examples: 250, splits: (i) => [i % 5 === 0 ? 'gate' : 'other'] })
    const all = planned(
      await planGate(
        await world.settings({ minScores: thresholds({ correctness: 1 }), maxExamples: 1000 }),
        target,
        world.deps()
      )
    )
    expect(all.examples).toHaveLength(250)
    const split = planned(
      await planGate(
        await world.settings({ minScores: thresholds({ correctness: 1 }), splits: ['gate'] }),
        target,
        world.deps()
      )
    )
    expect(split.examples).toHaveLength(50)
    expect(split.digest).not.toBe(all.digest)
  })
})

describe('the gate when the tracing service cannot be read', () => {
  it('says what to check on a 401, and writes nothing', async () => {
    world = await startWorld({ tracing: { apiKey: 'another-key' } })
    const result = await planGate(
      await world.settings({ minScores: thresholds({ correctness: 1 }) }),
      target,
      world.deps()
    )
    expect(result).toEqual({
      kind: 'unreadable',
      why: expect.stringMatching(
        /^The evaluation gate could not read the tracing service \(tracing-url\); nothing was written: GET \/datasets failed with HTTP 401[^]*Check that api-key is a key of the tracing service at tracing-url\.$/
      )
    })
    expect(writes(world.tracing)).toEqual([])
  })
})

describe('the gate under load and faults', () => {
  it('counts repetitions and concurrency: 3 examples × 2 at 2 at a time, never more in flight', async () => {
    const held: (() => void)[] = []
    world = await startWorld({
      agent: {
        beforeRun: () =>
          new Promise<undefined>((resolve) => {
            held.push(() => resolve(undefined))
            openGates.push(() => resolve(undefined))
          })
      }
    })
    seedGate(world.tracing, { examples: 3 })
    const settings = await world.settings({
      minScores: thresholds({ correctness: 1 }),
      repetitions: 2,
      concurrency: 2
    })
    const plan = planned(await planGate(settings, target, world.deps()))
    const gate = runGate(plan, revision(world, REVISION_B), AGENT, world.deps())
    const agent = world.agent
    // Release the runs a wave at a time: each wave is what the gate has in flight.
    for (let released = 0; released < 6;) {
      await until(() => held.length > 0 && agent.runsInFlight() === Math.min(2, 6 - released))
      const wave = held.splice(0)
      released += wave.length
      wave.forEach((open) => open())
    }
    const report = await gate
    expect(agent.maxRunsInFlight()).toBe(2)
    expect(agent.requests.filter((r) => r.path === '/runs/wait')).toHaveLength(6)
    const runs = world.tracing.runs(report.experimentId)
    expect(runs).toHaveLength(6)
    expect(new Set(runs.map((run) => run.id)).size).toBe(6)
    expect(report.rows[0]).toMatchObject({ n: 6, mean: 1 })
  })

  it('rides out 429 with Retry-After and 5xx with no second experiment and no duplicate run', async () => {
    world = await startWorld()
    seedGate(world.tracing, { examples: 3 })
    const plan = planned(
      await planGate(
        await world.settings({ minScores: thresholds({ correctness: 1 }) }),
        target,
        world.deps()
      )
    )
    const { tracing } = world
    tracing.injectFault({ method: 'POST', path: '/sessions', kind: 'reset-after' })
    tracing.injectFault({
      method: 'POST',
      path: '/runs/batch',
      kind: 'status',
      status: 429,
      retryAfter: '7'
    })
    tracing.injectFault({ method: 'POST', path: '/runs/batch', kind: 'status', status: 502 })
    tracing.injectFault({ method: 'GET', path: '/feedback', kind: 'status', status: 500 })
    tracing.injectFault({ method: 'PATCH', kind: 'status', status: 503 })
    const report = await runGate(plan, revision(world, REVISION_B), AGENT, world.deps())
    expect(report.verdict).toEqual({ check: 'gate', verdict: 'passed' })
    expect(tracing.sessions()).toHaveLength(1)
    expect(tracing.runs(report.experimentId)).toHaveLength(3)
    expect(tracing.runs(report.experimentId).every((run) => run.posts === 1)).toBe(true)
    expect(tracing.requests.filter((r) => r.faulted)).toHaveLength(5)
    // The agent was called once per run: a tracing fault never repeats an agent call.
    expect(world.agent.requests.filter((r) => r.path === '/runs/wait')).toHaveLength(3)
    expect(tracing.sessions()[0]?.extra).toMatchObject({ metadata: { gate_verdict: 'pass' } })
  })

  it('cannot conclude when the tracing service fails past its retries', async () => {
    world = await startWorld()
    seedGate(world.tracing, { examples: 2 })
    const plan = planned(
      await planGate(
        await world.settings({ minScores: thresholds({ correctness: 1 }) }),
        target,
        world.deps()
      )
    )
    world.tracing.injectFault({
      method: 'POST',
      path: '/sessions',
      kind: 'status',
      status: 503,
      times: 50
    })
    const report = await runGate(plan, revision(world, REVISION_B), AGENT, world.deps())
    expect(report.verdict.verdict).toBe('inconclusive')
    expect(report.verdict.why).toMatch(
      /^the tracing service failed: POST \/sessions failed with HTTP 503/
    )
    expect(report.outputs).toEqual({ 'eval-passed': 'false' })
    expect(world.agent.requests.filter((r) => r.path === '/runs/wait')).toHaveLength(0)
  })

  it('never lets an evaluator comment or value reach the report', async () => {
    const hostile = '::set-output name=x::$(curl evil) <img src=x onerror=alert(1)> sk-SECRET-123'
    world = await startWorld()
    seedGate(world.tracing, {
      examples: 3,
      score: () => ({ score: 0.2, value: hostile, comment: hostile }),
      comment: hostile
    })
    const plan = planned(
      await planGate(
        await world.settings({ minScores: thresholds({ correctness: 0.5 }) }),
        target,
        world.deps()
      )
    )
    const report = await runGate(plan, revision(world, REVISION_B), AGENT, world.deps())
    expect(report.verdict.verdict).toBe('failed')
    expect(world.tracing.feedback().some((f) => f.comment === hostile)).toBe(true)
    const shown = JSON.stringify(report) + world.lines.join('\n') + world.notices.join('\n')
    expect(shown).not.toContain('set-output')
    expect(shown).not.toContain('SECRET')
  })

  it('records a run with no reply, or a 5xx, as a failed run with its reason, counted against gate.max-error-rate', async () => {
    world = await startWorld({
      agent: {
        beforeRun: (message) =>
          message.endsWith('1')
            ? { status: 200, body: { messages: [{ role: 'user', content: 'question 1' }] } }
            : message.endsWith('2')
              ? { status: 500, body: { detail: 'boom' } }
              : undefined
      }
    })
    seedGate(world.tracing, { examples: 4 })
    const plan = planned(
      await planGate(
        await world.settings({ minScores: thresholds({ correctness: 1 }), maxErrorRate: 0.5 }),
        target,
        world.deps()
      )
    )
    const report = await runGate(plan, revision(world, REVISION_B), AGENT, world.deps())
    expect(report.verdict.verdict).toBe('passed')
    expect(report).toMatchObject({ runs: 4, errors: 2 })
    const errors = world.tracing
      .runs(report.experimentId)
      .map((run) => run.error)
      .filter((error) => error !== null)
      .sort()
    expect(errors).toEqual([
      '/runs/wait answered HTTP 500',
      'the answer holds no reply from the agent'
    ])
  })

  it('writes runs in batches of at most 100 and asks for the feedback of at most 50 runs at a time', async () => {
    world = await startWorld()
    seedGate(world.tracing, { examples: 120 })
    const settings = await world.settings({
      minScores: thresholds({ correctness: 1 }),
      maxExamples: 200,
      concurrency: 16
    })
    const plan = planned(await planGate(settings, target, world.deps()))
    const report = await runGate(plan, revision(world, REVISION_B), AGENT, world.deps())
    expect(report.verdict.verdict).toBe('passed')
    const batches = world.tracing.requests.filter((r) => r.path === '/runs/batch')
    expect(batches.map((r) => (r.body as { post: unknown[] }).post.length)).toEqual([100, 20])
    // Two polls (before and after the evaluators' delay on the virtual clock), each asking for
    // 120 runs as 50 + 50 + 20.
    const feedbackReads = world.tracing.requests.filter((r) => r.path === '/feedback')
    expect(feedbackReads).toHaveLength(6)
    expect(feedbackReads.every((r) => r.query.key === 'correctness' && r.status === 200)).toBe(true)
    expect(world.tracing.requests.every((r) => r.headers['x-api-key'] === 'emulator-key')).toBe(
      true
    )
  })
})
