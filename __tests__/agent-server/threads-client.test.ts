import { afterEach, describe, expect, it } from '@jest/globals'
import { startAgentServer, VirtualClock, type AgentServerEmulator } from '../../emulator'
import type { HostileThreads } from '../../emulator/agent-server-threads'
import type { AgentServer } from '../../src/agent-server/exchange'
import { AgentReadError } from '../../src/agent-server/retrying'
import { threadsClient } from '../../src/agent-server/threads'
import { trackedDispatcher } from '../helpers/action-world'

// The thread and graph routes' client against the emulator's agent server: what it asks for
// (select, pages, the cap) and how it takes misshapen answers.

const KEY = 'emulator-key'
const clocks: VirtualClock[] = []
const servers: AgentServerEmulator[] = []
afterEach(async () => {
  for (const clock of clocks.splice(0)) clock.close()
  for (const server of servers.splice(0)) await server.close()
})

async function start(hostile?: HostileThreads) {
  const clock = new VirtualClock()
  clocks.push(clock)
  const emulator = await startAgentServer({
    apiKey: KEY,
    now: clock.now,
    threads: {
      graphs: () => ({ agent: { nodes: ['draft', 'approval'], required: ['topic'] } }),
      hostile: () => hostile
    }
  })
  servers.push(emulator)
  const server: AgentServer = {
    baseUrl: emulator.url,
    apiKey: KEY,
    deadline: clock.now() + 60_000,
    now: clock.now,
    sleep: clock.sleep,
    dispatcher: trackedDispatcher({}, clock)
  }
  return { emulator, client: threadsClient(server, { pageSize: 3, maxAttempts: 1 }) }
}

const searches = (emulator: AgentServerEmulator) =>
  emulator.requests.filter((request) => request.path === '/threads/search')

describe('the threads client', () => {
  it('reads the newest interrupted threads up to the sample, with select, never past it', async () => {
    const { emulator, client } = await start()
    const ids = Array.from({ length: 8 }, () => emulator.threads.park({ nodes: ['approval'] }))
    const idle = emulator.threads.park({ nodes: ['approval'] })
    emulator.threads.answer(idle)
    expect(await client.count('interrupted')).toBe(8)

    const newest = await client.interrupted(5)
    expect(newest.map((thread) => thread.thread_id)).toEqual(ids.slice(3).reverse())
    const asked = searches(emulator).map((request) => request.body as Record<string, unknown>)
    // Pages of 3 then 2: the cap is never passed, and no conversation is asked for.
    expect(asked.map((body) => [body.limit, body.offset])).toEqual([
      [3, 0],
      [2, 3]
    ])
    for (const body of asked) {
      expect(body).toMatchObject({
        status: 'interrupted',
        sort_by: 'updated_at',
        sort_order: 'desc'
      })
      expect(body.select).toEqual(['thread_id', 'updated_at', 'status', 'metadata'])
    }
    // A short page ends the search, whatever the paging header says.
    expect(await client.interrupted(100)).toHaveLength(8)
  })

  it('leaves out the threads it is told to skip without counting them', async () => {
    const { emulator, client } = await start()
    const user = emulator.threads.park({ nodes: ['approval'] })
    emulator.threads.park({ nodes: ['approval'], metadata: { 'managed-canary': 'approve' } })
    const read = await client.interrupted(
      1,
      (thread) => thread.metadata?.['managed-canary'] !== undefined
    )
    expect(read.map((thread) => thread.thread_id)).toEqual([user])
  })

  it("reads a thread's checkpoint, parked nodes, graph and keys' types, never its values", async () => {
    const { emulator, client } = await start()
    const id = emulator.threads.park({
      nodes: ['approval'],
      values: { messages: [{ type: 'human', content: 'secret' }], topic: 'refund', count: 2 }
    })
    const read = await client.state(id)
    expect(read).toEqual({
      kind: 'found',
      state: {
        checkpoint: emulator.threads.checkpointOf(id),
        nodes: ['approval'],
        graph: 'agent',
        keys: { messages: 'array', topic: 'string', count: 'integer' }
      }
    })
    emulator.threads.delete(id)
    expect(await client.state(id)).toEqual({ kind: 'not-found' })
    expect(emulator.threads.checkpointOf(id)).toBeUndefined()
  })

  it("reads a graph's nodes and its schema, the latter without a JSON content type", async () => {
    const { emulator, client } = await start()
    expect(await client.graph('agent')).toEqual({
      kind: 'found',
      value: ['__start__', 'draft', 'approval', '__end__']
    })
    expect(await client.schemas('agent')).toEqual({
      kind: 'found',
      value: { properties: { messages: { langgraph_type: 'messages' } }, required: ['topic'] }
    })
    const schemas = emulator.requests.find((request) => request.path.endsWith('/schemas'))
    expect(schemas?.headers['content-type']).toBeUndefined()
    expect(await client.graph('gone')).toEqual({ kind: 'not-found' })
    expect(await client.schemas('gone')).toEqual({ kind: 'not-found' })
  })

  it('reads the statuses of the threads it names', async () => {
    const { emulator, client } = await start()
    const waiting = emulator.threads.park({ nodes: ['approval'] })
    const answered = emulator.threads.park({ nodes: ['approval'] })
    emulator.threads.answer(answered)
    const statuses = await client.statuses([waiting, answered, crypto.randomUUID()])
    expect(Object.fromEntries(statuses)).toEqual({ [waiting]: 'interrupted', [answered]: 'idle' })
  })

  it.each<
    [HostileThreads, (client: ReturnType<typeof threadsClient>, id: string) => Promise<unknown>]
  >([
    ['search-not-a-list', (client) => client.interrupted(10)],
    ['search-bad-id', (client) => client.interrupted(10)],
    ['state-without-next', (client, id) => client.state(id)],
    ['state-values-not-object', (client, id) => client.state(id)],
    ['graph-without-nodes', (client) => client.graph('agent')]
  ])('refuses a misshapen answer (%s) as a failed read', async (hostile, read) => {
    const { emulator, client } = await start(hostile)
    const id = emulator.threads.park({ nodes: ['approval'] })
    const error = await read(client, id).then(
      () => undefined,
      (thrown: unknown) => thrown
    )
    expect(error).toBeInstanceOf(AgentReadError)
    expect((error as AgentReadError).failure).toEqual({ kind: 'wrong-shape' })
  })
})
