import { afterEach, describe, expect, it } from '@jest/globals'
import { randomUUID } from 'node:crypto'
import { seedGate } from '../../emulator'
import { fakeClock } from './client'
import { call, experiment, list, rootRun, start, stop, type Json } from './tracing-client'

afterEach(stop)

const T0 = Date.parse('2026-01-01T00:00:00Z')
const stats = async (id: string) =>
  (await call('GET', `/sessions/${id}?include_stats=true`)).body as Json & {
    run_count: number
    error_rate: number | null
    latency_p50: number | null
    latency_p99: number | null
    feedback_stats: Record<string, Json>
  }

describe('tracing emulator: runs', () => {
  it('shows a run only after the ingest lag, on the virtual clock', async () => {
    const clock = fakeClock(T0)
    const t = await start({ now: clock.now, ingestLagMs: 500 })
    const { dataset, examples } = seedGate(t, { delayMs: 1000 })
    const session = await experiment(dataset.id)
    const run = rootRun(session.id, examples[0]?.id as string, T0, T0 + 2000)
    expect((await call('POST', '/runs/batch', { post: [run] })).status).toBe(202)
    clock.advance(499)
    expect((await stats(session.id)).run_count).toBe(0)
    expect((await call('GET', `/runs/${String(run.id)}`)).status).toBe(404)
    expect(t.runs(session.id).map((entry) => entry.visible)).toEqual([false])
    clock.advance(1)
    expect((await stats(session.id)).run_count).toBe(1)
    expect((await call('GET', `/runs/${String(run.id)}`)).body).toMatchObject({
      id: run.id,
      end_time: run.end_time
    })
    clock.advance(999)
    expect(await list(`/feedback?run=${String(run.id)}`)).toEqual([])
    clock.advance(1)
    expect(await list(`/feedback?run=${String(run.id)}&key=correctness`)).toMatchObject([
      { run_id: run.id, session_id: session.id, key: 'correctness', score: 1 }
    ])
  })

  it('computes run_count, error_rate, latencies and feedback_stats from stored runs and feedback', async () => {
    const clock = fakeClock(T0)
    const t = await start({ now: clock.now, ingestLagMs: 0 })
    const scores: Record<string, number | boolean | null> = {
      'question 1': 1,
      'question 2': 0.5,
      'question 3': true,
      'question 4': null
    }
    const { dataset, examples } = seedGate(t, {
      examples: 5,
      keys: ['quality'],
      delayMs: 0,
      score: (run) => {
        const text = JSON.stringify(run.inputs)
        if (text.includes('question 5')) throw new Error('judge failed')
        return Object.entries(scores).find(([question]) => text.includes(question))?.[1]
      }
    })
    const session = await experiment(dataset.id)
    const latencies = [1, 2, 3, 4, 10]
    const runs = examples.map((example, index) =>
      rootRun(session.id, example.id, T0, T0 + (latencies[index] as number) * 1000, {
        inputs: example.inputs,
        error: index === 4 ? 'no reply' : null
      })
    )
    expect((await call('POST', '/runs/batch', { post: runs })).status).toBe(202)
    const read = await stats(session.id)
    expect(read).toMatchObject({ run_count: 5, error_rate: 0.2, latency_p50: 3 })
    expect(read.latency_p99).toBeCloseTo(4 + 0.96 * 6, 9)
    // Scores 1, 0.5 and true (1): null is no score, the throw an evaluator error.
    const quality = read.feedback_stats.quality as Record<string, number>
    expect(quality).toMatchObject({ n: 3, min: 0.5, max: 1, errors: 1 })
    expect(quality.avg).toBeCloseTo(2.5 / 3, 12)
    expect(quality.stdev).toBeCloseTo(
      Math.sqrt(((1 - 2.5 / 3) ** 2 * 2 + (0.5 - 2.5 / 3) ** 2) / 3),
      12
    )
    expect(t.evaluatorCalls()).toBe(5)
  })

  it('keeps one run per id, whether posted twice in batches or alone', async () => {
    const t = await start({ ingestLagMs: 0 })
    const { dataset, examples } = seedGate(t)
    const session = await experiment(dataset.id)
    const run = rootRun(session.id, examples[0]?.id as string, T0, T0 + 10)
    expect((await call('POST', '/runs/batch', { post: [run] })).status).toBe(202)
    expect((await call('POST', '/runs/batch', { post: [run, run] })).status).toBe(202)
    expect((await call('POST', '/runs', run)).status).toBe(202)
    expect(t.runs(session.id).map((entry) => [entry.id, entry.posts])).toEqual([[run.id, 4]])
    expect(t.posted()).toMatchObject({ runPosts: 4, duplicateRunPosts: 3 })
    expect((await stats(session.id)).run_count).toBe(1)
  })

  it('can answer a duplicate run 409, as a service may', async () => {
    const t = await start({ duplicateRunStatus: 409 })
    const { dataset, examples } = seedGate(t)
    const session = await experiment(dataset.id)
    const run = rootRun(session.id, examples[0]?.id as string, T0, T0 + 10)
    expect((await call('POST', '/runs', run)).status).toBe(202)
    expect(await call('POST', '/runs', run)).toMatchObject({
      status: 409,
      body: { error: 'Conflict' }
    })
    expect(t.runs(session.id)).toHaveLength(1)
  })

  it('takes times as epoch ms, completes a run by PATCH, and scores it once ended', async () => {
    const t = await start({ ingestLagMs: 0 })
    const { dataset, examples } = seedGate(t, { delayMs: 0 })
    const session = await experiment(dataset.id)
    const run: Json = {
      ...rootRun(session.id, examples[0]?.id as string, T0, null),
      start_time: T0
    }
    delete run.end_time
    delete run.outputs
    expect((await call('POST', '/runs', run)).status).toBe(202)
    expect(await list(`/feedback?run=${String(run.id)}`)).toEqual([])
    const patch = {
      end_time: T0 + 1500,
      outputs: { messages: [{ type: 'ai', content: 'echo: question 1' }] }
    }
    expect((await call('PATCH', `/runs/${String(run.id)}`, patch)).status).toBe(202)
    expect((await stats(session.id)).latency_p50).toBe(1.5)
    expect((await list(`/feedback?run=${String(run.id)}`)).map((entry) => entry.score)).toEqual([1])
    expect((await call('PATCH', `/runs/${randomUUID()}`, patch)).status).toBe(404)
  })

  it('refuses unknown keys, a missing reference or a wrong dotted_order, storing none of the batch', async () => {
    const t = await start()
    const { dataset, examples } = seedGate(t)
    const session = await experiment(dataset.id)
    const good = () => rootRun(session.id, examples[0]?.id as string, T0, T0 + 10)
    const missing = good()
    delete missing.reference_example_id
    const cases: [Json, string][] = [
      [{ ...good(), colour: 'red' }, 'post.1.colour: Extra inputs are not permitted'],
      [missing, 'post.1.reference_example_id: Field required'],
      [{ ...good(), dotted_order: `20260101T000000000000Z${randomUUID()}` }, 'post.1.dotted_order'],
      [{ ...good(), trace_id: randomUUID() }, 'post.1.trace_id'],
      [{ ...good(), session_id: randomUUID() }, 'post.1.session_id: session not found']
    ]
    for (const [bad, details] of cases) {
      const answer = await call('POST', '/runs/batch', { post: [good(), bad] })
      expect(answer).toMatchObject({ status: 422, body: { error: 'Unprocessable entity' } })
      expect((answer.body as Json).details).toContain(details)
    }
    const many = Array.from({ length: 101 }, good)
    expect((await call('POST', '/runs/batch', { post: many })).status).toBe(422)
    expect((await call('POST', '/runs/batch', { post: [], extra: 1 })).status).toBe(422)
    expect(t.runs()).toEqual([])
  })

  it('checks a root dotted_order to the microsecond', async () => {
    const t = await start()
    const { dataset, examples } = seedGate(t)
    const session = await experiment(dataset.id)
    const id = randomUUID()
    const run = {
      ...rootRun(session.id, examples[0]?.id as string, T0, T0 + 10),
      id,
      trace_id: id,
      start_time: '2026-01-01T00:00:00.123456Z',
      dotted_order: `20260101T000000123456Z${id}`
    }
    expect((await call('POST', '/runs', run)).status).toBe(202)
  })
})

describe('tracing emulator: evaluators', () => {
  it('stops scoring at the spending limit, and goes on when it is raised', async () => {
    const t = await start({ ingestLagMs: 0 })
    const { dataset, examples, rule } = seedGate(t, { examples: 4, delayMs: 0, spendingLimit: 2 })
    const session = await experiment(dataset.id)
    const runs = examples.map((example) => rootRun(session.id, example.id, T0, T0 + 10))
    await call('POST', '/runs/batch', { post: runs })
    expect(((await stats(session.id)).feedback_stats.correctness as Json).n).toBe(2)
    expect(t.evaluatorCalls(rule.id)).toBe(2)
    t.updateRule(rule.id, { spendingLimit: 10 })
    expect(((await stats(session.id)).feedback_stats.correctness as Json).n).toBe(4)
  })

  it('scores only experiments created after the rule, and passes the hostile comment through', async () => {
    const clock = fakeClock(T0)
    const t = await start({ now: clock.now, ingestLagMs: 0 })
    const { dataset, examples } = seedGate(t, { delayMs: 0, comment: '::error::leak $API_KEY' })
    const before = await experiment(dataset.id, 'before')
    clock.advance(1000)
    t.addRule({ dataset_id: dataset.id, keys: ['late'], delayMs: 0 })
    const after = await experiment(dataset.id, 'after')
    for (const session of [before, after])
      await call('POST', '/runs', rootRun(session.id, examples[0]?.id as string, T0, T0 + 10))
    const keys = async (id: string) => Object.keys((await stats(id)).feedback_stats).sort()
    expect([await keys(before.id), await keys(after.id)]).toEqual([
      ['correctness'],
      ['correctness', 'late']
    ])
    expect((await list(`/feedback?session=${before.id}`)).map((entry) => entry.comment)).toEqual([
      '::error::leak $API_KEY'
    ])
  })

  it('seeds an earlier experiment with its scores; run_count counts child runs only when told', async () => {
    for (const countChildRuns of [false, true]) {
      const t = await start({ countChildRuns })
      const { dataset, examples } = seedGate(t, { examples: 2 })
      const { session } = t.seedExperiment({
        dataset_id: dataset.id,
        runs: examples.map((example, index) => ({
          example_id: example.id,
          scores: { correctness: index },
          child: true
        }))
      })
      const read = await stats(session.id)
      expect([read.run_count, read.feedback_stats.correctness]).toEqual([
        countChildRuns ? 4 : 2,
        { n: 2, avg: 0.5, stdev: 0.5, min: 0, max: 1, errors: 0 }
      ])
      expect(t.evaluatorCalls()).toBe(0)
      await stop()
    }
  })
})

describe('tracing emulator: seeded experiments scored by the rules', () => {
  it('lets the rules score a seeded experiment without scores, reading its inputs and outputs', async () => {
    const t = await start()
    const { dataset, examples } = seedGate(t, { examples: 2, delayMs: 0 })
    t.addRule({
      dataset_id: dataset.id,
      keys: ['asked'],
      delayMs: 0,
      score: (run) => JSON.stringify(run.inputs).includes('question')
    })
    const { session, runIds } = t.seedExperiment({ dataset_id: dataset.id })
    expect(runIds).toHaveLength(2)
    expect((await stats(session.id)).feedback_stats).toEqual({
      correctness: { n: 2, avg: 1, stdev: 0, min: 1, max: 1, errors: 0 },
      asked: { n: 2, avg: 1, stdev: 0, min: 1, max: 1, errors: 0 }
    })
    const seeded = t.seedExperiment({
      dataset_id: dataset.id,
      runs: [{ example_id: examples[0]?.id as string, outputs: { answer: 'wrong' } }]
    })
    expect((await stats(seeded.session.id)).feedback_stats).toMatchObject({
      correctness: { n: 1, avg: 0 },
      asked: { n: 1, avg: 1 }
    })
  })
})

describe('tracing emulator: faults', () => {
  it('answers 429 with Retry-After and 5xx in the ingest shape, storing nothing, then works', async () => {
    const t = await start()
    const { dataset, examples } = seedGate(t)
    const session = await experiment(dataset.id)
    t.injectFault({ path: '/runs/batch', kind: 'status', status: 429, retryAfter: '3' })
    t.injectFault({ path: '/runs/batch', kind: 'status', status: 502 })
    const batch = { post: [rootRun(session.id, examples[0]?.id as string, T0, T0 + 10)] }
    const limited = await call('POST', '/api/v1/runs/batch', batch)
    expect([limited.status, limited.headers.get('retry-after'), limited.body]).toEqual([
      429,
      '3',
      { error: 'injected 429', details: 'fault' }
    ])
    expect((await call('POST', '/runs/batch', batch)).status).toBe(502)
    expect(t.runs()).toEqual([])
    expect((await call('POST', '/runs/batch', batch)).status).toBe(202)
    expect(t.requests.map((request) => [request.path, request.status, request.faulted])).toEqual([
      ['/sessions', 200, undefined],
      ['/runs/batch', 429, true],
      ['/runs/batch', 502, true],
      ['/runs/batch', 202, undefined]
    ])
  })

  it("answers a read's fault as {detail}, by method and count", async () => {
    const t = await start()
    seedGate(t)
    t.injectFault({ method: 'GET', path: /^\/datasets/, kind: 'status', status: 503, times: 2 })
    expect(await call('GET', '/datasets?name=gate-dataset')).toMatchObject({
      status: 503,
      body: { detail: 'injected 503' }
    })
    expect((await call('GET', '/datasets?name=gate-dataset')).status).toBe(503)
    expect(await list('/datasets?name=gate-dataset')).toHaveLength(1)
  })
  it('acts and cuts the answer with reset-after: the retried experiment is a 409, readable by its id', async () => {
    const t = await start()
    const { dataset } = seedGate(t)
    t.injectFault({ method: 'POST', path: '/sessions', kind: 'reset-after' })
    const id = randomUUID()
    const body = { id, name: 'exp', reference_dataset_id: dataset.id }
    await expect(call('POST', '/sessions', body)).rejects.toThrow()
    expect(await call('POST', '/sessions', body)).toMatchObject({ status: 409 })
    expect((await call('GET', `/sessions/${id}`)).body).toMatchObject({ id, name: 'exp' })
    expect(t.sessions()).toHaveLength(1)
    t.injectFault({ method: 'GET', kind: 'truncate' })
    const cut = await fetch(`${t.url}/sessions/${id}`, { headers: { 'x-api-key': 'emulator-key' } })
    await expect(cut.json()).rejects.toThrow()
  })

  it('refuses a batch over 20 MiB with 413, storing nothing', async () => {
    const t = await start()
    const { dataset, examples } = seedGate(t)
    const session = await experiment(dataset.id)
    const big = rootRun(session.id, examples[0]?.id as string, T0, T0 + 10, {
      inputs: { text: 'x'.repeat(21 * 1024 * 1024) }
    })
    expect(await call('POST', '/runs/batch', { post: [big] })).toMatchObject({
      status: 413,
      body: { error: 'Payload Too Large' }
    })
    expect(t.runs()).toEqual([])
  })
})
