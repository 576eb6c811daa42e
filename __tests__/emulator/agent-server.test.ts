import { afterEach, beforeEach, describe, expect, it } from '@jest/globals'
import { startAgentServer, type AgentServerEmulator } from '../../emulator'
import { KEY } from './client'

let agent: AgentServerEmulator
beforeEach(async () => {
  agent = await startAgentServer()
})
afterEach(async () => {
  await agent.close()
})

const headers = { 'x-api-key': KEY, 'content-type': 'application/json' }
const post = (path: string, body: unknown) =>
  fetch(`${agent.url}${path}`, { method: 'POST', headers, body: JSON.stringify(body) })

describe('agent server emulator', () => {
  it('answers /ok without a key, and 404 for a wrong key or an unknown assistant', async () => {
    expect(await (await fetch(`${agent.url}/ok`)).json()).toEqual({ ok: true })
    const wrongKey = await fetch(`${agent.url}/assistants/agent`, {
      headers: { 'x-api-key': 'wrong' }
    })
    expect(wrongKey.status).toBe(404)
    expect((await fetch(`${agent.url}/assistants/other`, { headers })).status).toBe(404)
    // The graph's name stands for its default assistant (see assistants-contract.test.ts).
    expect(await (await fetch(`${agent.url}/assistants/agent`, { headers })).json()).toMatchObject({
      graph_id: 'agent',
      name: 'agent',
      config: {},
      metadata: { created_by: 'system' },
      version: 1
    })
  })

  it('echoes a stateless run, labelled text/plain like the real server', async () => {
    const run = await post('/runs/wait', {
      assistant_id: 'agent',
      input: { messages: [{ role: 'human', content: 'hi' }] }
    })
    expect(run.headers.get('content-type')).toBe('text/plain')
    expect(JSON.parse(await run.text())).toEqual({
      messages: [
        { role: 'human', content: 'hi' },
        { type: 'ai', content: 'echo: hi' }
      ]
    })
    expect(agent.requests.at(-1)).toMatchObject({ method: 'POST', path: '/runs/wait', status: 200 })
  })

  it('serves an A2A card and answers message/send; other methods get -32601', async () => {
    const card = (await (
      await fetch(`${agent.url}/.well-known/agent-card.json?assistant_id=agent`, { headers })
    ).json()) as Record<string, unknown>
    expect(card).toMatchObject({
      name: 'agent',
      url: `${agent.url}/a2a/agent`,
      protocolVersion: '0.3.0',
      preferredTransport: 'JSONRPC',
      defaultInputModes: ['text'],
      defaultOutputModes: ['text']
    })
    const sent = (await (
      await post('/a2a/agent', {
        jsonrpc: '2.0',
        id: '1',
        method: 'message/send',
        params: {
          message: {
            role: 'user',
            parts: [{ kind: 'text', text: 'ping' }],
            messageId: '8a1f0a9e-3c55-4b1e-9d2c-6f1e2d3c4b5a'
          }
        }
      })
    ).json()) as { id: string; result: { contextId: string; artifacts: unknown[] } }
    expect(sent).toMatchObject({
      jsonrpc: '2.0',
      id: '1',
      result: {
        kind: 'task',
        status: { state: 'completed' },
        artifacts: [{ parts: [{ kind: 'text', text: 'echo: ping' }] }]
      }
    })
    expect(sent.result.contextId).toEqual(expect.any(String))
    const unknown = await (
      await post('/a2a/agent', { jsonrpc: '2.0', id: '2', method: 'tasks/cancel', params: {} })
    ).json()
    expect(unknown).toMatchObject({ id: '2', error: { code: -32601 } })
  })

  it('carries out a write whose answer a fault loses, and not one refused with a 5xx', async () => {
    const id = '0b6f5e4d-3c2b-4a19-8f07-e6d5c4b3a291'
    const get = async () =>
      (await (await fetch(`${agent.url}/assistants/${id}`, { headers })).json()) as {
        version: number
        name: string
      }
    expect((await post('/assistants', { assistant_id: id, graph_id: 'agent' })).status).toBe(200)
    const patch = (name: string) =>
      fetch(`${agent.url}/assistants/${id}`, {
        method: 'PATCH',
        headers,
        body: JSON.stringify({ name })
      })
    agent.injectFault({ kind: 'reset-after', method: 'PATCH', path: `/assistants/${id}` })
    await expect(patch('lost')).rejects.toThrow()
    expect(await get()).toMatchObject({ version: 2, name: 'lost' })
    agent.injectFault({ kind: 'status', status: 503, method: 'PATCH' })
    expect((await patch('refused')).status).toBe(503)
    expect(await get()).toMatchObject({ version: 2, name: 'lost' })
    expect(agent.requests.filter((request) => request.faulted)).toHaveLength(2)
  })

  it('runs an assistant made from a loaded graph by its id, and no other', async () => {
    const id = '1c7a6f5e-4d3c-4b2a-9f18-07e6d5c4b3a2'
    await post('/assistants', { assistant_id: id, graph_id: 'agent' })
    const input = { messages: [{ role: 'human', content: 'hi' }] }
    expect((await post('/runs/wait', { assistant_id: id, input })).status).toBe(200)
    const other = '2d8b7a6f-5e4d-4c3b-8a29-18f7e6d5c4b3'
    await post('/assistants', { assistant_id: other, graph_id: 'unloaded' })
    expect((await post('/runs/wait', { assistant_id: other, input })).status).toBe(404)
  })
})
