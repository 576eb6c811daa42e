import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals'
import { randomUUID } from 'node:crypto'
import { v5 as uuidV5 } from 'uuid'
import { startAgentServer } from '../../emulator'
import { startEchoAgent } from '../helpers/echo-agent'
import { REAL_WORK_TEST_MS } from '../helpers/real-time'
import { KEY } from './client'

// The assistant routes of api.md 4.4, asked of the emulator and of the real agent server
// (@langchain/langgraph-api) alike: the same requests must get the same answers, so that the
// emulator the action's tests run against cannot drift from the server it stands for.

jest.setTimeout(REAL_WORK_TEST_MS)

interface Server {
  url: string
  close(): Promise<void>
}

const servers: [string, () => Promise<Server>][] = [
  // The graphs the real server's fixture loads.
  ['the emulator', () => startAgentServer({ apiKey: KEY, graphs: ['agent', 'broken', 'silent'] })],
  ['the real agent server', startEchoAgent]
]

type Body = Record<string, unknown>

describe.each(servers)('assistants on %s', (_name, start) => {
  let server: Server
  beforeAll(async () => {
    server = await start()
  }, REAL_WORK_TEST_MS)
  afterAll(async () => {
    await server.close()
  })

  const call = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${server.url}${path}`, {
      method,
      headers: { 'x-api-key': KEY, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body)
    })
    const text = await response.text()
    let json: unknown
    try {
      json = JSON.parse(text)
    } catch {
      json = text
    }
    return { status: response.status, body: json as Body & Body[], headers: response.headers }
  }
  const create = (body: Body) => call('POST', '/assistants', { if_exists: 'raise', ...body })
  const versions = async (id: string, body: Body = {}) => {
    const answer = await call('POST', `/assistants/${id}/versions`, body)
    return answer.status === 200 ? answer.body.map((version) => version.version) : answer.status
  }

  it("answers a graph's name with its default assistant, whose id is the name's UUID v5", async () => {
    const graphDefault = await call('GET', '/assistants/agent')
    expect(graphDefault.status).toBe(200)
    expect(graphDefault.body).toMatchObject({
      assistant_id: uuidV5('agent', '6ba7b821-9dad-11d1-80b4-00c04fd430c8'),
      graph_id: 'agent',
      name: 'agent',
      config: {},
      context: {},
      metadata: { created_by: 'system' },
      description: null,
      version: 1
    })
    const byId = await call('GET', `/assistants/${String(graphDefault.body.assistant_id)}`)
    expect(byId.body).toEqual(graphDefault.body)
    // Only the graphs the server loads: an assistant of another graph does not make it one.
    await create({ assistant_id: randomUUID(), graph_id: 'elsewhere' })
    expect((await call('GET', '/assistants/elsewhere')).status).toBe(404)
    // A refusal the server raises itself is plain text.
    const missing = await call('GET', `/assistants/${randomUUID()}`)
    expect(missing).toMatchObject({ status: 404, body: 'Assistant not found' })
    expect(missing.headers.get('content-type')).toMatch(/^text\/plain/)
  })

  it('creates with if_exists: raise → 409, do_nothing → the existing one unchanged', async () => {
    const id = randomUUID()
    const made = await create({
      assistant_id: id,
      graph_id: 'agent',
      config: { configurable: { model: 'a' } },
      metadata: { team: 'support' }
    })
    expect(made.status).toBe(200)
    // Without a name it is "Untitled"; without a description, null; without context, {}.
    expect(made.body).toMatchObject({
      assistant_id: id,
      version: 1,
      name: 'Untitled',
      description: null,
      context: {}
    })
    expect(await create({ assistant_id: id, graph_id: 'agent' })).toMatchObject({
      status: 409,
      body: 'Assistant already exists'
    })
    // `raise` is the default.
    expect(
      (await call('POST', '/assistants', { assistant_id: id, graph_id: 'agent' })).status
    ).toBe(409)
    const kept = await create({
      assistant_id: id,
      graph_id: 'silent',
      name: 'other',
      if_exists: 'do_nothing'
    })
    expect(kept.status).toBe(200)
    expect(kept.body).toEqual(made.body)
    // A graph the server does not load is accepted; an id that is not a UUID is not.
    expect((await create({ assistant_id: randomUUID(), graph_id: 'unknown' })).status).toBe(200)
    expect((await create({ assistant_id: 'support', graph_id: 'agent' })).status).toBe(400)
    expect((await create({ graph_id: 'agent', description: null })).status).toBe(400)
    const notJson = await fetch(`${server.url}/assistants`, {
      method: 'POST',
      headers: { 'x-api-key': KEY, 'content-type': 'application/json' },
      body: '{"graph_id": '
    })
    expect(notJson.status).toBe(400)
    expect(await notJson.text()).toBe('Malformed JSON in request body')
  })

  it('makes a version on every PATCH, replaces config and context whole, merges metadata', async () => {
    const id = randomUUID()
    await create({
      assistant_id: id,
      graph_id: 'agent',
      name: 'support',
      description: 'first',
      config: { configurable: { model: 'a', tools: ['search'] } },
      context: { tone: 'dry', locale: 'en' },
      metadata: { team: 'support', owner: 'ana' }
    })
    const same = await call('PATCH', `/assistants/${id}`, { name: 'support' })
    expect(same.body).toMatchObject({ version: 2, name: 'support' })
    const changed = await call('PATCH', `/assistants/${id}`, {
      config: { configurable: { model: 'b' } },
      context: { tone: 'warm' },
      metadata: { owner: null, release: 'r2' }
    })
    expect(changed.status).toBe(200)
    expect(changed.body).toMatchObject({
      version: 3,
      config: { configurable: { model: 'b' } },
      context: { tone: 'warm' },
      // Merged: a key cannot be removed, and null stays as a value.
      metadata: { team: 'support', owner: null, release: 'r2' },
      description: 'first'
    })
    expect((changed.body.config as Body).configurable).toEqual({ model: 'b' })
    expect(await versions(id)).toEqual([3, 2, 1])
    expect((await call('PATCH', `/assistants/${id}`, { description: null })).status).toBe(400)
    expect((await call('PATCH', `/assistants/${randomUUID()}`, { name: 'x' })).status).toBe(404)
    expect(await versions(id)).toEqual([3, 2, 1])
  })

  it('lists versions newest first, 10 by default, with offset, a containment filter, 404 when empty', async () => {
    const id = randomUUID()
    await create({ assistant_id: id, graph_id: 'agent', metadata: { release: { n: 0 } } })
    for (let n = 1; n < 12; n++)
      await call('PATCH', `/assistants/${id}`, { metadata: { release: { n }, [`k${n}`]: true } })
    expect(await versions(id)).toEqual([12, 11, 10, 9, 8, 7, 6, 5, 4, 3])
    expect(await versions(id, { limit: 3, offset: 10 })).toEqual([2, 1])
    expect(await versions(id, { limit: 3, offset: 12 })).toBe(404)
    expect(await versions(id, { limit: 1001 })).toBe(400)
    expect(await versions(id, { metadata: { k9: true } })).toEqual([12, 11, 10])
    expect(await versions(id, { metadata: { release: { n: 4 } } })).toEqual([5])
    expect(await versions(id, { metadata: { k99: true } })).toBe(404)
    expect(await versions(randomUUID())).toBe(404)
    const [newest] = (await call('POST', `/assistants/${id}/versions`, { limit: 1 })).body
    expect(Object.keys(newest ?? {}).sort()).toEqual(
      expect.arrayContaining([
        'config',
        'context',
        'description',
        'graph_id',
        'metadata',
        'name',
        'version'
      ])
    )
  })

  it('makes a version active through /latest, which restores config, metadata and name only', async () => {
    const id = randomUUID()
    await create({
      assistant_id: id,
      graph_id: 'agent',
      name: 'first',
      description: 'one',
      config: { configurable: { model: 'a' } },
      context: { tone: 'dry' },
      metadata: { release: 'r1' }
    })
    await call('PATCH', `/assistants/${id}`, {
      graph_id: 'silent',
      name: 'second',
      description: 'two',
      config: { configurable: { model: 'b' } },
      context: { tone: 'warm' },
      metadata: { release: 'r2' }
    })
    const restored = await call('POST', `/assistants/${id}/latest`, { version: 1 })
    expect(restored.status).toBe(200)
    expect(restored.body).toMatchObject({
      version: 1,
      name: 'first',
      config: { configurable: { model: 'a' } },
      metadata: { release: 'r1' },
      // These keep the newer values.
      description: 'two',
      context: { tone: 'warm' },
      graph_id: 'silent'
    })
    expect((await call('GET', `/assistants/${id}`)).body).toEqual(restored.body)
    // No new version is made; the version is in the body, not the query.
    expect(await versions(id)).toEqual([2, 1])
    expect((await call('POST', `/assistants/${id}/latest?version=2`, {})).status).toBe(400)
    expect((await call('POST', `/assistants/${id}/latest`, { version: 7 })).status).toBe(404)
    expect((await call('POST', `/assistants/${randomUUID()}/latest`, { version: 1 })).status).toBe(
      404
    )
    // A PATCH after it makes the next version after the highest.
    expect((await call('PATCH', `/assistants/${id}`, {})).body).toMatchObject({ version: 3 })
  })

  it('searches by metadata, graph and name, newest first, in pages whose headers are wrong', async () => {
    const run = randomUUID()
    const ids = [randomUUID(), randomUUID(), randomUUID()]
    for (const [index, id] of ids.entries())
      await create({
        assistant_id: id,
        graph_id: index === 2 ? 'silent' : 'agent',
        name: `Support-${index}`,
        metadata: { run, index }
      })
    const search = (body: Body) => call('POST', '/assistants/search', body)
    const all = await search({ metadata: { run } })
    expect(all.body.map((a) => a.assistant_id).sort()).toEqual([...ids].sort())
    const times = all.body.map((a) => Date.parse(String(a.created_at)))
    expect(times).toEqual([...times].sort((a, b) => b - a))
    const paged = [
      ...(await search({ metadata: { run }, limit: 2, offset: 0 })).body,
      ...(await search({ metadata: { run }, limit: 2, offset: 2 })).body
    ]
    expect(paged.map((a) => a.assistant_id)).toEqual(all.body.map((a) => a.assistant_id))
    // Three match; the second page's total says five.
    const second = await search({ metadata: { run }, limit: 2, offset: 2 })
    expect(second.headers.get('x-pagination-total')).toBe('5')
    const bySilent = await search({ metadata: { run }, graph_id: 'silent' })
    expect(bySilent.body.map((a) => a.assistant_id)).toEqual([ids[2]])
    const byName = await search({ metadata: { run }, name: 'support-1' })
    expect(byName.body.map((a) => a.assistant_id)).toEqual([ids[1]])
    expect((await search({ limit: 0 })).status).toBe(400)
    // Ten by default.
    const many = randomUUID()
    for (let n = 0; n < 11; n++)
      await create({ assistant_id: randomUUID(), graph_id: 'agent', metadata: { many } })
    expect((await search({ metadata: { many } })).body).toHaveLength(10)
    const system = await search({ metadata: { created_by: 'system' }, limit: 100 })
    expect(system.body.map((a) => a.graph_id).sort()).toEqual(['agent', 'broken', 'silent'])
  })

  it('deletes an assistant with every version', async () => {
    const id = randomUUID()
    await create({ assistant_id: id, graph_id: 'agent' })
    await call('PATCH', `/assistants/${id}`, { name: 'x' })
    const deleted = await call('DELETE', `/assistants/${id}`)
    expect(deleted).toMatchObject({ status: 200, body: [id] })
    expect((await call('GET', `/assistants/${id}`)).status).toBe(404)
    expect(await versions(id)).toBe(404)
    expect((await call('DELETE', `/assistants/${id}`)).status).toBe(404)
  })
})
