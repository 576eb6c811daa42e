/** The agent checks against the emulated agent server: what they send, retry and conclude. */
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals'
import { A2AClient } from '@a2a-js/sdk/client'
import { startAgentServer, type AgentServerEmulator } from '../../emulator'
import { checkAgent } from '../../src/agent-checks/checks'
import { agentStatusMeaning } from '../../src/agent-server/status'
import { REAL_WORK_TEST_MS } from '../helpers/real-time'
import { closeClocks, failure, options, sleepingClock } from './check-options'

jest.setTimeout(REAL_WORK_TEST_MS)
afterAll(closeClocks)

describe('agent checks against the emulated agent server', () => {
  let agent: AgentServerEmulator
  beforeAll(async () => {
    agent = await startAgentServer()
  })
  afterAll(async () => {
    await agent.close()
  })

  it('passes the assistant, run and A2A checks and reads both replies', async () => {
    const report = await checkAgent(
      options(agent.url, { message: 'hello there', a2a: true, authScheme: 'service-api-key' })
    )
    expect(report).toEqual({
      passed: ['assistant', 'run', 'a2a'],
      reply: 'echo: hello there',
      a2aReply: 'echo: hello there'
    })
    const [assistant, run, card, a2a] = agent.requests.slice(-4)
    expect(assistant).toMatchObject({ method: 'GET', path: '/assistants/agent' })
    expect(assistant?.headers).toMatchObject({
      'x-api-key': 'emulator-key',
      'x-auth-scheme': 'service-api-key',
      'content-type': 'application/json'
    })
    expect(run?.body).toEqual({
      assistant_id: 'agent',
      input: { messages: [{ role: 'human', content: 'hello there' }] }
    })
    expect(card).toMatchObject({
      path: '/.well-known/agent-card.json',
      query: { assistant_id: 'agent' }
    })
    expect(a2a).toMatchObject({
      path: '/a2a/agent',
      body: { jsonrpc: '2.0', method: 'message/send' }
    })
    expect(a2a?.headers.accept).toBe('application/json')
  })

  it('retries the assistant while the server comes up', async () => {
    const warming = await startAgentServer({ warmUpReads: 2 })
    try {
      const report = await checkAgent(options(warming.url, sleepingClock(10_000)))
      expect(report.passed).toEqual(['assistant'])
      expect(warming.requests.map((r) => r.status)).toEqual([503, 503, 200])
    } finally {
      await warming.close()
    }
  })

  it('names the token as a cause of a 404 once agent.timeout has passed', async () => {
    const error = await failure(
      checkAgent(options(agent.url, { apiKey: 'someone-elses-key', ...sleepingClock(6_000) }))
    )
    expect(error.check).toBe('assistant')
    expect(error.status).toBe(404)
    expect(error.message).toMatch(
      /^Agent check "assistant" failed: \/assistants\/agent answered 404: Not Found\. A 404 also comes when the key is not tied to the agent's owner: check agent-api-key/
    )
  })

  it('stops at once on 401 or 403 instead of waiting out agent.timeout', async () => {
    const refusing = await startAgentServer({ rejectWith: 403 })
    try {
      const error = await failure(checkAgent(options(refusing.url, sleepingClock(60_000))))
      expect(error).toMatchObject({ check: 'assistant', status: 403 })
      expect(error.message).toContain('Check agent-api-key and agent-auth-scheme.')
      expect(refusing.requests).toHaveLength(1)
    } finally {
      await refusing.close()
    }
  })

  it.each([
    [422, 'rejected', 1],
    [503, 'not-ready', 3],
    [404, 'missing', 3]
  ] as const)(
    'judges %s by the one status table (%s): asks again only while waiting can change it',
    async (status, meaning, requests) => {
      expect(agentStatusMeaning(status)).toBe(meaning)
      const server = await startAgentServer({ rejectWith: status })
      try {
        // Three tries fit before the deadline: at 0, 2 and 4 s of a clock that moves on sleeps
        // (the last may take 2 s to be answered).
        const error = await failure(checkAgent(options(server.url, sleepingClock(6_000))))
        expect(error).toMatchObject({ check: 'assistant', status })
        expect(server.requests).toHaveLength(requests)
      } finally {
        await server.close()
      }
    }
  )

  it('fails on a JSON-RPC error with its code and message', async () => {
    const refusing = await startAgentServer({
      a2aError: { code: -32603, message: 'agent exploded' }
    })
    try {
      const error = await failure(checkAgent(options(refusing.url, { a2a: true })))
      expect(error.message).toBe(
        'Agent check "a2a" failed: /a2a/agent answered 200: JSON-RPC error -32603: agent exploded'
      )
    } finally {
      await refusing.close()
    }
  })

  it('has an A2A endpoint the official A2A client can talk to', async () => {
    const client = await A2AClient.fromCardUrl(
      `${agent.url}/.well-known/agent-card.json?assistant_id=agent`,
      {
        fetchImpl: (input, init) =>
          fetch(input, {
            ...init,
            headers: {
              ...Object.fromEntries(new Headers(init?.headers)),
              'x-api-key': 'emulator-key'
            }
          })
      }
    )
    const response = await client.sendMessage({
      message: {
        kind: 'message',
        role: 'user',
        messageId: 'm-1',
        parts: [{ kind: 'text', text: 'from the sdk' }]
      }
    })
    expect('error' in response).toBe(false)
    const result = (
      response as {
        result: { kind: string; artifacts?: { parts: { kind: string; text?: string }[] }[] }
      }
    ).result
    expect(result.kind).toBe('task')
    expect(result.artifacts?.[0]?.parts[0]).toEqual({ kind: 'text', text: 'echo: from the sdk' })
  })
})
