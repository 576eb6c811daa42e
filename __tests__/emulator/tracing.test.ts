import { afterEach, describe, expect, it } from '@jest/globals'
import { randomUUID } from 'node:crypto'
import { seedGate, startServices } from '../../emulator'
import { fakeClock, KEY } from './client'
import { call, experiment, list, rootRun, start, stop, type Json } from './tracing-client'

const T0 = Date.parse('2026-01-01T00:00:00Z')

afterEach(stop)

describe('tracing emulator: datasets, examples, rules', () => {
  it('finds a dataset by exact name, with or without /api/v1, and by id', async () => {
    const t = await start()
    const { dataset } = seedGate(t, { name: 'qa', examples: 2 })
    t.seedDataset({ name: 'qa-long', examples: [] })
    expect((await list('/datasets?name=qa&limit=1')).map((d) => d.id)).toEqual([dataset.id])
    expect((await list('/api/v1/datasets?name=q&limit=1')).length).toBe(0)
    expect((await call('GET', `/api/v1/datasets/${dataset.id}`)).body).toMatchObject({
      name: 'qa',
      example_count: 2,
      baseline_experiment_id: null
    })
    t.setDatasetBaseline(dataset.id, '00000000-0000-4000-8000-000000000009')
    expect((await call('GET', `/datasets/${dataset.id}`)).body).toMatchObject({
      baseline_experiment_id: '00000000-0000-4000-8000-000000000009'
    })
    expect((await call('GET', `/datasets/${randomUUID()}`)).status).toBe(404)
  })

  it('asks for the key, and an organisation key for a workspace', async () => {
    const t = await start({ orgScopedKey: true, tenantId: randomUUID() })
    expect((await call('GET', '/datasets', undefined, { 'x-api-key': 'other' })).status).toBe(401)
    expect(await call('GET', '/datasets')).toMatchObject({
      status: 403,
      body: { error: 'org_scoped_key_requires_workspace' }
    })
    expect(
      (await call('GET', '/datasets', undefined, { 'x-tenant-id': randomUUID() })).status
    ).toBe(403)
    expect((await call('GET', '/datasets', undefined, { 'x-tenant-id': t.tenantId })).status).toBe(
      200
    )
  })

  it('pages examples by offset and limit (at most 100), the last page short', async () => {
    const t = await start()
    const { dataset } = seedGate(t, { examples: 250 })
    const pages: Json[][] = []
    for (let offset = 0; ; offset += 100) {
      const page = await list(`/examples?dataset=${dataset.id}&offset=${offset}&limit=100`)
      pages.push(page)
      if (page.length < 100) break
    }
    expect(pages.map((page) => page.length)).toEqual([100, 100, 50])
    expect(new Set(pages.flat().map((example) => example.id)).size).toBe(250)
    expect((await call('GET', `/examples?dataset=${dataset.id}&limit=101`)).status).toBe(422)
    expect((await call('GET', `/examples?dataset=${dataset.id}&offset=-1`)).status).toBe(422)
  })

  it('reads a dataset as of a version tag or a time, and by split', async () => {
    const clock = fakeClock()
    const t = await start({ now: clock.now })
    const dataset = t.seedDataset({
      name: 'versions',
      tags: ['v1'],
      examples: [
        { id: randomUUID(), inputs: { q: 'a' }, outputs: { answer: 'A' }, splits: ['train'] },
        { id: randomUUID(), inputs: { q: 'b' }, outputs: { answer: 'B' }, splits: ['test'] }
      ]
    })
    const first = t.examples(dataset.id)
    const v1Time = new Date(clock.now()).toISOString()
    clock.advance(60_000)
    const edited = t.editDataset(dataset.id, {
      update: [{ id: first[0]?.id as string, outputs: { answer: 'A2' } }],
      add: [{ inputs: { q: 'c' }, splits: ['test'] }],
      tags: ['v2']
    })
    expect(edited).toMatchObject({
      example_count: 3,
      modified_at: new Date(clock.now()).toISOString()
    })
    const answers = async (query: string) =>
      (await list(`/examples?dataset=${dataset.id}${query}`)).map((example) => [
        (example.inputs as Json).q,
        (example.outputs as Json | null)?.answer ?? null,
        example.modified_at
      ])
    const now = new Date(clock.now()).toISOString()
    expect(await answers('')).toEqual([
      ['a', 'A2', now],
      ['b', 'B', v1Time],
      ['c', null, now]
    ])
    const old = [
      ['a', 'A', v1Time],
      ['b', 'B', v1Time]
    ]
    expect(await answers('&as_of=v1')).toEqual(old)
    expect(
      await answers(`&as_of=${encodeURIComponent(new Date(clock.now() - 1).toISOString())}`)
    ).toEqual(old)
    expect(await answers('&as_of=v2&splits=test')).toEqual([
      ['b', 'B', v1Time],
      ['c', null, now]
    ])
    expect(await answers('&splits=train&splits=test')).toHaveLength(3)
    expect((await call('GET', `/examples?dataset=${dataset.id}&as_of=v9`)).status).toBe(404)
  })

  it('lists the rules bound to a dataset, without the keys they write', async () => {
    const t = await start()
    const { dataset, rule } = seedGate(t, { keys: ['secret-key-name'] })
    const other = seedGate(t, { name: 'other' })
    t.addRule({ dataset_id: dataset.id, keys: ['b'], sampling_rate: 0.5, filter: 'eq(name, "x")' })
    const rules = await list(`/runs/rules?dataset_id=${dataset.id}`)
    expect(
      rules.map((entry) => [
        entry.id === rule.id,
        entry.is_enabled,
        entry.sampling_rate,
        entry.filter
      ])
    ).toEqual([
      [true, true, 1, null],
      [false, true, 0.5, 'eq(name, "x")']
    ])
    expect(JSON.stringify(rules)).not.toContain('secret-key-name')
    expect(rules.every((entry) => entry.dataset_id === dataset.id)).toBe(true)
    expect((await list(`/runs/rules?dataset_id=${other.dataset.id}`)).length).toBe(1)
  })
})

describe('tracing emulator: experiments', () => {
  it('creates an experiment once: a taken name or id is 409, unknown keys 422', async () => {
    const t = await start()
    const { dataset } = seedGate(t)
    const id = randomUUID()
    const body = {
      id,
      name: 'exp-1',
      reference_dataset_id: dataset.id,
      extra: { metadata: { a: 1 } }
    }
    expect((await call('POST', '/sessions', body)).body).toMatchObject({
      id,
      tenant_id: t.tenantId
    })
    expect((await call('POST', '/sessions', body)).status).toBe(409)
    expect((await call('POST', '/sessions', { ...body, id: randomUUID() })).status).toBe(409)
    const unknown = await call('POST', '/sessions', {
      name: 'exp-2',
      reference_dataset: dataset.id
    })
    expect(unknown).toMatchObject({
      status: 422,
      body: { detail: [{ loc: ['body', 'reference_dataset'], type: 'extra_forbidden' }] }
    })
    expect(t.sessions().map((session) => session.name)).toEqual(['exp-1'])
    expect(t.posted()).toMatchObject({ sessionPosts: 4, sessionConflicts: 2 })
  })

  it('lists experiments of a dataset newest first, by metadata, in pages; PATCH replaces extra', async () => {
    const clock = fakeClock()
    const t = await start({ now: clock.now })
    const { dataset } = seedGate(t)
    const ids: string[] = []
    for (let index = 0; index < 5; index++) {
      clock.advance(1000)
      ids.push(
        (
          await experiment(dataset.id, `exp-${index}`, {
            revision: index % 2 === 0 ? 'even' : 'odd'
          })
        ).id
      )
    }
    await experiment(seedGate(t, { name: 'other' }).dataset.id, 'elsewhere')
    const base = `/sessions?reference_dataset=${dataset.id}&sort_by=start_time&sort_by_desc=true`
    expect((await list(`${base}&limit=2`)).map((s) => s.id)).toEqual([ids[4], ids[3]])
    expect((await list(`${base}&offset=4&limit=2`)).map((s) => s.id)).toEqual([ids[0]])
    const metadata = encodeURIComponent(JSON.stringify({ revision: 'odd' }))
    expect((await list(`${base}&metadata=${metadata}`)).map((s) => s.id)).toEqual([ids[3], ids[1]])
    const patched = await call('PATCH', `/sessions/${ids[0]}`, {
      extra: { metadata: { verdict: 'pass' } }
    })
    expect(patched.status).toBe(200)
    expect((await call('GET', `/sessions/${ids[0]}`)).body).toMatchObject({
      extra: { metadata: { verdict: 'pass' } }
    })
    expect(((await call('GET', `/sessions/${ids[0]}`)).body as Json).extra).toEqual({
      metadata: { verdict: 'pass' }
    })
    expect((await call('PATCH', `/sessions/${ids[0]}`, { extras: {} })).status).toBe(422)
  })
})

describe('tracing emulator: with the other services', () => {
  it("scores the echo agent's answer 1 against seedGate's reference, a broken revision's 0", async () => {
    const services = await startServices({ serve: 'agent', tracing: { ingestLagMs: 0 } })
    try {
      const { tracing } = services
      const { dataset, examples } = seedGate(tracing, { examples: 2, delayMs: 0 })
      const deployment = services.controlPlane.seedDeployment({ name: 'agent' })
      const session = await (async () => {
        const answer = await fetch(`${tracing.url}/sessions`, {
          method: 'POST',
          headers: { 'x-api-key': KEY, 'content-type': 'application/json' },
          body: JSON.stringify({ name: 'exp', reference_dataset_id: dataset.id })
        })
        return (await answer.json()) as { id: string }
      })()
      const runIds: string[] = []
      for (const [index, example] of examples.entries()) {
        if (index === 1)
          services.controlPlane.setRevisionAgent(
            deployment.active_revision_id as string,
            'wrong-reply'
          )
        const reply = await fetch(`${services.agent.url}/runs/wait`, {
          method: 'POST',
          headers: { 'x-api-key': KEY, 'content-type': 'application/json' },
          body: JSON.stringify({ assistant_id: 'agent', input: example.inputs })
        })
        const run = rootRun(session.id, example.id, T0, T0 + 10, { outputs: await reply.json() })
        runIds.push(String(run.id))
        const posted = await fetch(`${tracing.url}/runs`, {
          method: 'POST',
          headers: { 'x-api-key': KEY, 'content-type': 'application/json' },
          body: JSON.stringify(run)
        })
        expect(posted.status).toBe(202)
      }
      expect(
        tracing.feedback({ runs: runIds }).map((entry) => [entry.run_id, entry.score])
      ).toEqual([
        [runIds[0], 1],
        [runIds[1], 0]
      ])
    } finally {
      await services.close()
    }
  })
})
