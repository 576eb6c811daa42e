import { afterAll, afterEach, beforeAll, describe, expect, it, jest } from '@jest/globals'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { VirtualClock } from '../../emulator'
import { AssistantReadError, assistantsClient } from '../../src/agent-server/assistants'
import type { AgentServer } from '../../src/agent-server/exchange'
import { trackedDispatcher } from '../helpers/action-world'
import { startEchoAgent } from '../helpers/echo-agent'
import { REAL_WORK_TEST_MS } from '../helpers/real-time'

jest.setTimeout(REAL_WORK_TEST_MS)

const ID = '5d3c2b1a-0f9e-4d8c-9b7a-6f5e4d3c2b1a'
const OTHER = '7e6d5c4b-3a29-4f18-8e07-d6c5b4a39281'

const clocks: VirtualClock[] = []
afterEach(() => {
  for (const clock of clocks.splice(0)) clock.close()
})

/** The agent server at `url`, on a virtual clock, with a minute to go. */
function server(url: string, given: Partial<AgentServer> = {}): AgentServer {
  const clock = new VirtualClock()
  clocks.push(clock)
  return {
    baseUrl: url,
    apiKey: 'key',
    deadline: clock.now() + 60_000,
    now: clock.now,
    sleep: clock.sleep,
    dispatcher: trackedDispatcher({}, clock),
    ...given
  }
}

describe('the assistants client against the real agent server', () => {
  let agent: { url: string; close(): Promise<void> }
  beforeAll(async () => {
    agent = await startEchoAgent()
  }, REAL_WORK_TEST_MS)
  afterAll(async () => {
    await agent.close()
  })

  it('reads a graph default, creates once, patches, restores and lists versions in pages', async () => {
    const client = assistantsClient(server(agent.url), { pageSize: 2 })
    const graphDefault = await client.get('agent')
    expect(graphDefault).toMatchObject({
      kind: 'found',
      value: { graph_id: 'agent', metadata: { created_by: 'system' }, version: 1 }
    })
    expect(await client.get(OTHER)).toEqual({ kind: 'not-found' })
    expect(await client.versions(OTHER)).toEqual({ kind: 'not-found' })

    const body = {
      assistant_id: ID,
      graph_id: 'agent',
      name: 'support',
      config: { configurable: { model: 'a' } },
      metadata: { team: 'support' }
    }
    const created = await client.create(body)
    expect(created).toMatchObject({ kind: 'done', assistant: { assistant_id: ID, version: 1 } })
    expect(await client.create(body)).toEqual({ kind: 'exists' })

    // Metadata merges: version 2 holds `b`, version 5 holds `b` to `e`.
    for (const model of ['b', 'c', 'd', 'e'])
      expect(
        await client.patch(ID, { config: { configurable: { model } }, metadata: { [model]: true } })
      ).toMatchObject({ kind: 'done', assistant: { config: { configurable: { model } } } })
    // Five versions in pages of two: the last page is short, and none is read twice.
    const versions = await client.versions(ID)
    expect(versions.kind === 'found' && versions.value.map((v) => v.version)).toEqual([
      5, 4, 3, 2, 1
    ])
    // Four in pages of two: the third page is empty, and the server answers it 404.
    const four = await client.versions(ID, { metadata: { b: true, team: 'support' } })
    expect(four.kind === 'found' && four.value.map((v) => v.version)).toEqual([5, 4, 3, 2])
    expect(await client.versions(ID, { metadata: { z: true } })).toEqual({
      kind: 'found',
      value: []
    })

    expect(await client.setLatest(ID, 1)).toMatchObject({
      kind: 'done',
      assistant: { version: 1, config: { configurable: { model: 'a' } } }
    })
    expect(await client.setLatest(ID, 99)).toEqual({ kind: 'not-found' })
    expect(await client.patch(OTHER, { name: 'x' })).toEqual({ kind: 'not-found' })

    const found = await client.search({ metadata: { team: 'support' } })
    expect(found.map((a) => a.assistant_id)).toEqual([ID])
    const all = await client.search({})
    expect(all.map((a) => a.graph_id).sort()).toEqual(['agent', 'agent', 'broken', 'silent'])
  })

  it('hands back a refusal with its status, and sends nothing for a write to a graph name', async () => {
    const client = assistantsClient(server(agent.url))
    expect(
      await client.create({ assistant_id: OTHER, graph_id: 'agent', name: 'x', description: 'd' })
    ).toMatchObject({ kind: 'done' })
    // The server refuses a null description (it cannot be cleared).
    const refused = await client.patch(OTHER, { description: null as unknown as string })
    expect(refused).toMatchObject({ kind: 'refused', status: 400 })
    expect(() => client.patch('agent', { name: 'x' })).toThrow(TypeError)
    expect(() => client.setLatest(OTHER, 1.5)).toThrow(RangeError)
  })
})

/** A server that answers each request by the next of `answers` and records what it was sent. */
async function scripted(
  answers: ((req: IncomingMessage, res: ServerResponse) => void)[]
): Promise<{ url: string; seen: string[]; close(): Promise<void> }> {
  const seen: string[] = []
  const http = createServer((req, res) => {
    req.resume()
    req.on('end', () => {
      seen.push(`${req.method} ${req.url}`)
      const answer = answers.shift()
      if (answer) answer(req, res)
      else res.writeHead(500).end()
    })
  })
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(http.address() as AddressInfo).port}`,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        http.closeAllConnections()
        http.close(() => resolve())
      })
  }
}

const assistant = {
  assistant_id: ID,
  graph_id: 'agent',
  config: {},
  context: {},
  metadata: {},
  name: 'support',
  description: null,
  version: 2
}
const json =
  (status: number, body: unknown, headers: Record<string, string> = {}) =>
  (_req: IncomingMessage, res: ServerResponse) =>
    res
      .writeHead(status, { 'content-type': 'application/json', ...headers })
      .end(JSON.stringify(body))
const drop = (req: IncomingMessage) => req.socket.destroy()

describe('the assistants client when answers go wrong', () => {
  it('hands back a PATCH whose connection dropped as lost, sent once', async () => {
    const fake = await scripted([drop])
    try {
      const result = await assistantsClient(server(fake.url)).patch(ID, { name: 'support' })
      expect(result.kind).toBe('lost')
      expect(fake.seen).toEqual([`PATCH /assistants/${ID}`])
    } finally {
      await fake.close()
    }
  })

  it('never sends a write again after a 5xx; a gateway 502 is lost, a 500 refused', async () => {
    const fake = await scripted([json(502, { detail: 'bad gateway' }), json(500, 'oops')])
    try {
      const client = assistantsClient(server(fake.url))
      expect(await client.setLatest(ID, 1)).toMatchObject({ kind: 'lost' })
      expect(await client.create({ assistant_id: ID, graph_id: 'agent' })).toMatchObject({
        kind: 'refused',
        status: 500
      })
      expect(fake.seen).toEqual([`POST /assistants/${ID}/latest`, 'POST /assistants'])
    } finally {
      await fake.close()
    }
  })

  it('sends a write again after a 429, which says the server did not act', async () => {
    const fake = await scripted([json(429, {}, { 'retry-after': '3' }), json(200, assistant)])
    try {
      expect(await assistantsClient(server(fake.url)).patch(ID, {})).toMatchObject({
        kind: 'done',
        assistant: { version: 2 }
      })
      expect(fake.seen).toHaveLength(2)
    } finally {
      await fake.close()
    }
  })

  it('reads again after no answer and a 503, and refuses an answer of another shape', async () => {
    const fake = await scripted([
      drop,
      json(503, {}),
      json(200, assistant),
      json(200, { ...assistant, assistant_id: '../../runs' }),
      json(200, { ...assistant, version: 1.5 })
    ])
    try {
      const client = assistantsClient(server(fake.url), { random: () => 0.5 })
      expect(await client.get(ID)).toMatchObject({ kind: 'found', value: { version: 2 } })
      expect(fake.seen).toHaveLength(3)
      await expect(client.get(ID)).rejects.toThrow(AssistantReadError)
      await expect(client.get(ID)).rejects.toMatchObject({ failure: { kind: 'wrong-shape' } })
      expect(fake.seen).toHaveLength(5)
    } finally {
      await fake.close()
    }
  })

  it('refuses a search whose pages never end', async () => {
    const page = Array.from({ length: 2 }, () => assistant)
    const fake = await scripted([
      json(200, [assistant, { ...assistant, assistant_id: OTHER }]),
      json(200, page)
    ])
    try {
      await expect(assistantsClient(server(fake.url), { pageSize: 2 }).search({})).rejects.toThrow(
        /repeats/
      )
    } finally {
      await fake.close()
    }
  })
})
