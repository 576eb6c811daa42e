import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals'
import { randomUUID } from 'node:crypto'
import { startAgentServer } from '../../emulator'
import { startParkedAgent } from '../helpers/parked-agent'
import { REAL_WORK_TEST_MS } from '../helpers/real-time'
import { KEY } from './client'

// The thread and graph routes of api.md 4.5, asked of the emulator and of the real agent server
// (@langchain/langgraph-api) alike, so that the emulator the parked-threads tests run against
// answers as the server it stands for, quirks included.

jest.setTimeout(REAL_WORK_TEST_MS)

interface Server {
  url: string
  /** A thread parked at `approval` of the graph `agent`. */
  park(): Promise<string>
  close(): Promise<void>
}

const servers: [string, () => Promise<Server>][] = [
  [
    'the emulator',
    async () => {
      const emulator = await startAgentServer({
        apiKey: KEY,
        threads: {
          graphs: () => ({
            agent: {
              nodes: ['draft', 'approval'],
              properties: { messages: { langgraph_type: 'messages' }, topic: { type: 'string' } },
              required: ['topic']
            }
          })
        }
      })
      return {
        url: emulator.url,
        park: () =>
          Promise.resolve(
            emulator.threads.park({
              nodes: ['approval'],
              values: { messages: [], topic: 'refund' }
            })
          ),
        close: () => emulator.close()
      }
    }
  ],
  [
    'the real agent server',
    async () => {
      const agent = await startParkedAgent('v1')
      return {
        url: agent.url,
        park: () => agent.park('refund my order'),
        close: () => agent.close()
      }
    }
  ]
]

describe.each(servers)('threads and graphs on %s', (_name, start) => {
  let server: Server
  let parked: string[]
  beforeAll(async () => {
    server = await start()
    parked = [await server.park(), await server.park(), await server.park()]
  }, REAL_WORK_TEST_MS)
  afterAll(async () => {
    await server.close()
  })

  const call = async (method: string, path: string, body?: unknown, json = true) => {
    const response = await fetch(`${server.url}${path}`, {
      method,
      headers: { 'x-api-key': KEY, ...(json ? { 'content-type': 'application/json' } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body)
    })
    const text = await response.text()
    let parsed: unknown
    try {
      parsed = JSON.parse(text)
    } catch {
      parsed = text
    }
    return {
      status: response.status,
      body: parsed as Record<string, unknown>,
      headers: response.headers
    }
  }

  it('counts, and searches newest first with select, its paging header wrong', async () => {
    expect((await call('POST', '/threads/count', { status: 'interrupted' })).body).toBe(3)
    const page = await call('POST', '/threads/search', {
      status: 'interrupted',
      sort_by: 'updated_at',
      sort_order: 'desc',
      select: ['thread_id', 'updated_at', 'status', 'metadata'],
      limit: 2,
      offset: 1
    })
    const threads = page.body as unknown as Record<string, unknown>[]
    expect(threads.map((thread) => thread.thread_id)).toEqual([parked[1], parked[0]])
    for (const thread of threads) {
      expect(Object.keys(thread).sort()).toEqual(['metadata', 'status', 'thread_id', 'updated_at'])
      expect(thread).toMatchObject({ status: 'interrupted', metadata: { graph_id: 'agent' } })
    }
    // The offset plus the whole count.
    expect(page.headers.get('x-pagination-total')).toBe('4')
  })

  it("answers a parked thread's state: its node, task, graph and checkpoint; 404 in plain text", async () => {
    const state = await call('GET', `/threads/${parked[0]}/state`)
    expect(state.status).toBe(200)
    expect(state.body).toMatchObject({
      next: ['approval'],
      tasks: [{ name: 'approval', interrupts: [expect.anything()] }],
      metadata: { graph_id: 'agent' },
      checkpoint: { checkpoint_id: expect.any(String) },
      values: { topic: 'refund' }
    })
    const missing = await call('GET', `/threads/${randomUUID()}/state`)
    expect(missing.status).toBe(404)
    expect(missing.headers.get('content-type')).toMatch(/^text\/plain/)
  })

  it("answers a graph's nodes and its schema, refusing a JSON content type without a body", async () => {
    const graph = await call('GET', '/assistants/agent/graph', undefined, false)
    const nodes = (graph.body.nodes as { id: string }[]).map((node) => node.id)
    expect(nodes).toEqual(expect.arrayContaining(['__start__', 'draft', 'approval', '__end__']))
    const schemas = await call('GET', '/assistants/agent/schemas', undefined, false)
    expect(schemas.body).toMatchObject({
      graph_id: 'agent',
      state_schema: {
        properties: { messages: { langgraph_type: 'messages' }, topic: { type: 'string' } },
        required: expect.arrayContaining(['topic'])
      }
    })
    expect((await call('GET', '/assistants/agent/schemas')).status).toBe(400)
    expect((await call('GET', '/assistants/elsewhere/graph', undefined, false)).status).toBe(404)
    expect((await call('GET', '/assistants/elsewhere/schemas', undefined, false)).status).toBe(404)
  })
})
