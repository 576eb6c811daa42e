import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals'
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'
import { A2AClient } from '@a2a-js/sdk/client'
import { startAgentServer, VirtualClock, type AgentServerEmulator } from '../emulator'
import {
  AgentCheckError,
  checkAgent,
  type AgentCheckOptions
} from '../src/after-deploy/agent-checks'
import { CHECKS } from '../src/after-deploy/checks'
import { checkRevision } from './helpers/deploy-harness'
import { configFor, gitHostConfig } from './helpers/config-fixture'
import { trackedDispatcher } from './helpers/action-world'
import { sleep } from '../src/control-plane/retry'
import { agentStatusMeaning } from '../src/agent-server/status'
import { parseExpectation, type Expectation } from '../src/smoke/expectation'
import { REAL_WORK_TEST_MS } from './helpers/real-time'

jest.setTimeout(REAL_WORK_TEST_MS)

function expectation(text: string): Expectation {
  const parsed = parseExpectation(text)
  if ('problem' in parsed) throw new Error(parsed.problem)
  return parsed.expectation
}

/**
 * By default on a clock that moves only when the checks sleep, with a deadline of 20 s: however
 * slowly a busy machine lets the servers answer, the checks reach the same verdict.
 */
const options = (baseUrl: string, given: Partial<AgentCheckOptions> = {}): AgentCheckOptions => ({
  baseUrl,
  assistantId: 'agent',
  a2a: false,
  apiKey: 'emulator-key',
  ...sleepingClock(20_000),
  onProgress: () => undefined,
  ...given
})

/**
 * A clock that moves only when the checks sleep: the deadline is reached after a fixed number of
 * tries, however slowly the server answers each (each still gets the time left as its timeout).
 */
function sleepingClock(
  deadlineMs: number
): Pick<AgentCheckOptions, 'deadline' | 'now' | 'sleep' | 'dispatcher'> {
  // Each exchange's timeout is a sleep on this clock too: it moves only when all of them wait.
  const clock = new VirtualClock({ start: 0 })
  const dispatcher = trackedDispatcher({}, clock)
  closers.push(async () => {
    clock.close()
    await dispatcher.destroy()
  })
  return { deadline: deadlineMs, now: clock.now, sleep: clock.sleep, dispatcher }
}
const closers: (() => Promise<void>)[] = []
afterAll(async () => {
  for (const close of closers.splice(0)) await close()
})

async function failure(run: Promise<unknown>): Promise<AgentCheckError> {
  try {
    await run
  } catch (error) {
    if (error instanceof AgentCheckError) return error
    throw error
  }
  throw new Error('the checks passed')
}

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

describe('agent checks against a server that misbehaves', () => {
  let server: Server
  let url = ''
  const requests: string[] = []
  beforeAll(async () => {
    server = createServer((req, res) => {
      requests.push(`${req.method} ${req.url}`)
      req.resume()
      if (req.url === '/assistants/silent' || req.url === '/runs/wait') return
      if (req.url === '/assistants/huge') {
        res.writeHead(200, { 'content-type': 'application/json' })
        // 5 MB: over the cap of an agent's answer.
        return res.end(`{"assistant_id":"huge","padding":"${' '.repeat(5 * 1024 * 1024)}"}`)
      }
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end('{"assistant_id":"agent"}')
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })
  afterAll(async () => {
    server.closeAllConnections()
    await new Promise((resolve) => server.close(resolve))
  })

  it('waits for an assistant that never answers no longer than the deadline', async () => {
    requests.length = 0
    const error = await failure(
      checkAgent(options(url, { assistantId: 'silent', ...sleepingClock(800) }))
    )
    expect(error.message).toBe(
      'Agent check "assistant" failed: /assistants/silent got no answer: no answer within 800ms'
    )
    expect(requests).toEqual(['GET /assistants/silent'])
  })

  it('waits for a run that never answers no longer than the deadline', async () => {
    requests.length = 0
    // On the virtual clock the assistant's answer costs no time, however long a busy machine
    // takes to give it; the run that never answers is cut by the deadline's timer.
    const error = await failure(checkAgent(options(url, { message: 'hi', ...sleepingClock(700) })))
    expect(error).toMatchObject({ check: 'run', status: undefined, passed: ['assistant'] })
    expect(error.message).toBe(
      'Agent check "run" failed: /runs/wait got no answer: no answer in time'
    )
  })

  it('sends nothing once the deadline has passed', async () => {
    requests.length = 0
    const error = await failure(checkAgent(options(url, { ...sleepingClock(0) })))
    expect(error.check).toBe('assistant')
    expect(requests).toEqual([])
  })

  it('refuses an answer over the cap once, without waiting out the deadline', async () => {
    requests.length = 0
    const error = await failure(
      checkAgent(options(url, { assistantId: 'huge', ...sleepingClock(60_000) }))
    )
    expect(error).toMatchObject({ check: 'assistant', status: 200 })
    expect(error.message).toContain('a body over 4.0 MB')
    expect(requests).toEqual(['GET /assistants/huge'])
  })
})

describe('agent checks against the real agent server', () => {
  // The real server is another process, whose work the virtual clock cannot see: these checks
  // run on the real clock, under a deadline far beyond what a busy machine needs.
  const realOptions = (given: Partial<AgentCheckOptions> = {}): AgentCheckOptions =>
    options(url, {
      deadline: Date.now() + 60_000,
      now: Date.now,
      sleep,
      dispatcher: undefined,
      ...given
    })
  let server: ChildProcess
  let stateDir = ''
  let url = ''
  beforeAll(async () => {
    const script = fileURLToPath(new URL('./fixtures/echo-agent/serve.mjs', import.meta.url))
    stateDir = mkdtempSync(join(tmpdir(), 'echo-agent-'))
    server = spawn(process.execPath, [script, stateDir], {
      env: { ...process.env, LANGGRAPH_CLI_NO_ANALYTICS: '1', NODE_OPTIONS: '' },
      stdio: ['ignore', 'pipe', 'pipe']
    })
    let stderr = ''
    server.stderr?.on(
      'data',
      (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4_000))
    )
    const lines = createInterface({ input: server.stdout as NodeJS.ReadableStream })
    for await (const line of lines) {
      if (line.startsWith('{"url"')) {
        url = (JSON.parse(line) as { url: string }).url
        break
      }
    }
    // Keep reading what the server logs, so that a full pipe never blocks it.
    server.stdout?.resume()
    if (!url) throw new Error(`the agent server did not start:\n${stderr}`)
  }, REAL_WORK_TEST_MS)
  afterAll(async () => {
    if (server.exitCode === null && server.signalCode === null) {
      const exited = new Promise((resolve) => server.once('close', resolve))
      server.kill()
      await exited
    }
    rmSync(stateDir, { recursive: true, force: true })
  })

  it('finds the assistant by graph name and reads the reply of a run answered as text/plain', async () => {
    const report = await checkAgent(realOptions({ message: 'are you there?' }))
    expect(report).toEqual({ passed: ['assistant', 'run'], reply: 'echo: are you there?' })
  })

  it('holds the reply to agent.expect: text it contains, or /pattern/flags it matches', async () => {
    for (const expected of ['echo: are you', '/^ECHO: ARE YOU THERE\\?$/i']) {
      const report = await checkAgent(
        realOptions({ message: 'are you there?', expect: expectation(expected) })
      )
      expect(report.passed).toEqual(['assistant', 'run'])
    }
    const error = await failure(
      checkAgent(realOptions({ message: 'are you there?', expect: expectation('/^pong$/') }))
    )
    expect(error.check).toBe('run')
    expect(error.passed).toEqual(['assistant'])
    expect(error.message).toContain(
      'the reply does not match /^pong$/ (agent.expect): echo: are you there?'
    )
  })

  it('skips the /info check with a notice: the local server names no host revision', async () => {
    const config = configFor({
      ...gitHostConfig('http://127.0.0.1:9'),
      verify: { timeoutMs: 5_000 }
    })
    const agentOnly = CHECKS.filter(({ name }) => name !== 'serving' && name !== 'commit')
    const { checks, log } = await checkRevision(agentOnly, config, {
      outcome: 'deployed',
      created: false,
      statusesSeen: ['DEPLOYED'],
      elapsedMs: 0,
      message: '',
      deploymentUrl: url,
      deploymentId: 'deployment',
      revisionId: '7c1a0e51-3d0e-4a5f-9f51-2b0d4b2f6c10'
    })
    expect(checks).toEqual({
      verdicts: [
        {
          check: 'info',
          verdict: 'skipped',
          why: "the agent server's GET /info names no host.host_revision_id (older and local servers send none)"
        },
        { check: 'assistant', verdict: 'passed' }
      ],
      payloads: {}
    })
    expect(log).toContain(
      "notice: The /info check was skipped: the agent server's GET /info names no host.host_revision_id (older and local servers send none)."
    )
  })

  it('fails on a graph error inside a 200 answer', async () => {
    const error = await failure(checkAgent(realOptions({ assistantId: 'broken', message: 'hi' })))
    expect(error.check).toBe('run')
    expect(error.passed).toEqual(['assistant'])
    expect(error.message).toContain('/runs/wait answered 200: the graph failed:')
    expect(error.message).toContain('the model is unreachable')
  })

  it('fails a graph that hands its input state back: the question is not the answer', async () => {
    const error = await failure(
      checkAgent(
        realOptions({
          assistantId: 'silent',
          message: 'Say hello to the user',
          expect: expectation('hello')
        })
      )
    )
    expect(error.check).toBe('run')
    expect(error.passed).toEqual(['assistant'])
    expect(error.message).toBe(
      'Agent check "run" failed: /runs/wait answered 200: the answer holds no reply from the agent'
    )
  })

  it('fails the assistant check for an assistant the server does not have', async () => {
    const error = await failure(
      checkAgent(realOptions({ assistantId: 'missing', ...sleepingClock(6_000) }))
    )
    expect(error).toMatchObject({ check: 'assistant', status: 404 })
  })
})
