/** The agent checks against the real agent server (the echo-agent fixture) on the real clock. */
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals'
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'
import { checkAgent, type AgentCheckOptions } from '../../src/agent-checks/checks'
import { loadChecks } from '../../src/after-deploy/checks'
import { sleep } from '../../src/control-plane/retry'
import { configFor, gitHostConfig } from '../helpers/config-fixture'
import { checkRevision } from '../helpers/deploy-harness'
import { REAL_WORK_TEST_MS } from '../helpers/real-time'
import { closeClocks, expectation, failure, options, sleepingClock } from './check-options'

const CHECKS = await loadChecks()

jest.setTimeout(REAL_WORK_TEST_MS)
afterAll(closeClocks)

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
    const script = fileURLToPath(new URL('../fixtures/echo-agent/serve.mjs', import.meta.url))
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
      agent: { timeoutMs: 5_000 }
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
