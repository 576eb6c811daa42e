import { afterEach, describe, expect, it } from '@jest/globals'
import { startAgentServer, type AgentServerEmulator, type AgentServerOptions } from '../../emulator'
import { parseCases } from '../../src/smoke/case-file'
import type { MinPass, SmokeCase } from '../../src/smoke/cases'
import {
  runSmokeSuite,
  suiteFailure,
  checkSmokeSuite,
  type SuiteOptions
} from '../../src/smoke/suite'
import { createLog, type LogSink } from '../../src/report/log'
import { createRedactor } from '../../src/report/redact'
import { renderDeploySummary } from '../../src/report/summary'
import { until } from '../helpers/until'

const REVISION = '7c1a0e51-3d0e-4a5f-9f51-2b0d4b2f6c10'
let agent: AgentServerEmulator | undefined
const openGates: (() => void)[] = []
afterEach(async () => {
  openGates.splice(0).forEach((open) => open())
  await agent?.close()
  agent = undefined
})

async function start(options: AgentServerOptions = {}) {
  agent = await startAgentServer(options)
  return agent
}

function cases(yaml: string): SmokeCase[] {
  const file = parseCases(yaml, false)
  if (!file.cases) throw new Error(file.problems.join('\n'))
  return file.cases
}

/** `90%` or a count, as smoke.min-pass holds it. */
function minPass(text: string): MinPass {
  const percent = /^(\d+(?:\.\d+)?)%$/.exec(text)
  return percent
    ? { kind: 'percent', percent: Number(percent[1]) }
    : { kind: 'count', count: Number(text) }
}

/** A clock that moves only when the test moves it. */
function virtualClock() {
  const clock = { ms: 0, now: () => clock.ms }
  return clock
}

function suiteOptions(
  url: string,
  given: Partial<SuiteOptions> & Pick<SuiteOptions, 'cases'>
): SuiteOptions {
  return {
    baseUrl: url,
    apiKey: 'emulator-key',
    deadline: Date.now() + 60_000,
    now: Date.now,
    revisionId: REVISION,
    defaultAssistant: 'agent',
    concurrency: 4,
    minPass: minPass('100%'),
    onCase: () => undefined,
    ...given
  }
}

describe('the smoke suite against the emulated agent server', () => {
  it('runs 12 cases of 1 s at concurrency 4 in 3 waves: 3 s, never more than 4 in flight', async () => {
    const clock = virtualClock()
    let held: (() => void)[] = []
    const server = await start({
      // Each run waits until the test opens the gate: a wave is what the suite has in flight.
      beforeRun: () =>
        new Promise<undefined>((resolve) => {
          held.push(() => resolve(undefined))
          openGates.push(() => resolve(undefined))
        })
    })
    const twelve = cases(
      Array.from({ length: 12 }, (_, i) => `- message: case ${i}\n  expect: echo`).join('\n')
    )
    const lines: string[] = []
    const running = runSmokeSuite(
      suiteOptions(server.url, {
        cases: twelve,
        now: clock.now,
        deadline: 60_000,
        onCase: (line) => lines.push(line)
      })
    )
    const waves: number[] = []
    while (lines.length < 12) {
      await until(() => held.length === Math.min(4, 12 - lines.length))
      // Nothing more arrives while these wait: the pool is full.
      await new Promise((resolve) => setTimeout(resolve, 20))
      waves.push(held.length)
      clock.ms += 1_000
      const wave = held
      held = []
      const done = lines.length + wave.length
      wave.forEach((open) => open())
      await until(() => lines.length === done)
    }
    const report = await running
    expect(waves).toEqual([4, 4, 4])
    expect(server.maxRunsInFlight()).toBe(4)
    expect(clock.ms).toBe(3_000)
    expect(report.cases.map((result) => result.latencyMs)).toEqual(Array(12).fill(1_000))
    expect(report).toMatchObject({ passed: 12, failed: 0, required: 12, medianMs: 1_000 })
    expect(lines).toHaveLength(12)
  })

  it('runs one case at a time at concurrency 1', async () => {
    const server = await start({
      beforeRun: () => new Promise<undefined>((r) => setTimeout(() => r(undefined), 10))
    })
    const report = await runSmokeSuite(
      suiteOptions(server.url, {
        cases: cases('- message: a\n- message: b\n- message: c'),
        concurrency: 1
      })
    )
    expect(report.passed).toBe(3)
    expect(server.maxRunsInFlight()).toBe(1)
  })

  it('8 of 10 passing: 80% passes, 9 fails saying 8 passed; a 5xx and a wrong reply fail their case', async () => {
    const server = await start({
      beforeRun: (message) =>
        message === 'broken'
          ? { status: 500, body: { detail: 'Internal Server Error' } }
          : message === 'wrong'
            ? {
                status: 200,
                body: {
                  messages: [
                    { type: 'human', content: message },
                    { type: 'ai', content: 'sorry' }
                  ]
                }
              }
            : undefined
    })
    const ten = cases(
      [
        ...Array.from({ length: 8 }, (_, i) => `- message: fine ${i}\n  expect: echo`),
        '- name: server error\n  message: broken',
        '- name: wrong reply\n  message: wrong\n  expect: echo'
      ].join('\n')
    )
    const deps = { deadline: Date.now() + 60_000, now: Date.now, info: () => undefined }
    const run = (atLeast: string) =>
      checkSmokeSuite(
        {
          assistantId: 'agent',
          message: undefined,
          expect: undefined,
          a2a: false,
          timeoutMs: 60_000,
          apiKey: 'emulator-key',
          authScheme: undefined,
          suite: { cases: ten, minPass: minPass(atLeast), concurrency: 4 }
        },
        { baseUrl: server.url, apiKey: 'emulator-key', ...deps, revisionId: REVISION },
        deps
      )
    const eighty = await run('80%')
    expect(eighty.failure).toBeUndefined()
    expect(eighty.suite).toMatchObject({ passed: 8, failed: 2, required: 8 })
    expect(eighty.suite?.cases.slice(8)).toEqual([
      expect.objectContaining({
        name: 'server error',
        passed: false,
        failure: '/runs/wait answered 500'
      }),
      expect.objectContaining({
        name: 'wrong reply',
        passed: false,
        reply: 'sorry',
        failure: 'the reply does not contain "echo" (expect)'
      })
    ])
    const nine = await run('9')
    expect(nine.failure).toBe(
      `Smoke suite: 8 of 10 cases passed on revision ${REVISION}; smoke.min-pass asks for 9.`
    )
  })

  it('fails a case over its max-latency, measured by the run clock; expect-not fails a match', async () => {
    const clock = virtualClock()
    const server = await start({
      beforeRun: (message) => {
        clock.ms += message === 'slow' ? 2_000 : 500
        return undefined
      }
    })
    const report = await runSmokeSuite(
      suiteOptions(server.url, {
        cases: cases(
          [
            '- message: slow\n  max-latency: 1s',
            '- message: fast\n  max-latency: 30s',
            "- message: leaky\n  expect-not: '/LEAK/i'"
          ].join('\n')
        ),
        now: clock.now,
        deadline: 600_000,
        concurrency: 1
      })
    )
    expect(report.cases).toEqual([
      expect.objectContaining({
        passed: false,
        latencyMs: 2_000,
        failure: 'took 2s, over its max-latency of 1s'
      }),
      expect.objectContaining({ passed: true, latencyMs: 500 }),
      expect.objectContaining({
        passed: false,
        failure: 'the reply does match /LEAK/i (expect-not)'
      })
    ])
    expect(report).toMatchObject({ passed: 1, failed: 2, medianMs: 500, p95Ms: 2_000 })
  })

  it('counts a case that gets no answer as failed, without retrying it', async () => {
    const server = await start({
      beforeRun: (message) =>
        message === 'hang'
          ? new Promise<undefined>((resolve) => openGates.push(() => resolve(undefined)))
          : undefined
    })
    const report = await runSmokeSuite(
      suiteOptions(server.url, {
        cases: cases('- message: hang\n  max-latency: 200ms\n- message: ok')
      })
    )
    expect(report.cases[0]).toEqual({
      name: 'case 1',
      passed: false,
      failure: 'no answer within its max-latency of 200ms',
      reference: undefined
    })
    expect(report).toMatchObject({ passed: 1, failed: 1, medianMs: expect.any(Number) })
    expect(server.requests.filter((request) => request.path === '/runs/wait')).toHaveLength(2)
    expect(suiteFailure(report)).toContain('1 of 2 cases passed')
  })

  it('does not send a case once agent.timeout has run out', async () => {
    const clock = virtualClock()
    const server = await start({
      beforeRun: () => {
        clock.ms += 5_000
        return undefined
      }
    })
    const report = await runSmokeSuite(
      suiteOptions(server.url, {
        cases: cases('- message: a\n- message: b\n- message: c'),
        now: clock.now,
        deadline: 5_000,
        concurrency: 1
      })
    )
    expect(report.cases.map((result) => result.failure)).toEqual([
      undefined,
      'not sent: agent.timeout had run out',
      'not sent: agent.timeout had run out'
    ])
    expect(server.requests.filter((request) => request.path === '/runs/wait')).toHaveLength(1)
  })

  it('neither acts on nor shows a reply carrying workflow commands or a secret', async () => {
    const secret = 'sk-agent-0123456789abcdef'
    const hostile = `::error::x\n##[set-output name=token;]${secret}\n::add-mask::y ${secret}`
    const server = await start({
      beforeRun: (message) => ({
        status: 200,
        body: {
          messages: [
            { type: 'human', content: message },
            { type: 'ai', content: hostile }
          ]
        }
      })
    })
    const redact = createRedactor([secret])
    const written: string[] = []
    const sink = Object.fromEntries(
      ['info', 'notice', 'warning', 'error', 'debug', 'startGroup', 'setFailed'].map((name) => [
        name,
        (text: string) => written.push(text)
      ])
    ) as unknown as LogSink
    sink.isDebug = () => false
    sink.endGroup = () => undefined
    const log = createLog(redact, sink)
    const report = await runSmokeSuite(
      suiteOptions(server.url, {
        cases: cases('- name: "::warning::name"\n  message: hi\n  expect: "::error::"'),
        onCase: (line) => log.info(line)
      })
    )
    expect(report.passed).toBe(1)
    expect(written).toHaveLength(1)
    const [line = ''] = written
    expect(line.split('\n')).toHaveLength(1)
    expect(line).not.toContain(secret)
    expect(line).not.toMatch(/^\s*::/)
    expect(line).not.toContain('##[')
    const summary = renderDeploySummary(
      {
        outcome: 'deployed',
        created: false,
        statusesSeen: ['DEPLOYED'],
        elapsedMs: 1_000,
        message: 'Deployed.'
      },
      'git_host',
      {
        checks: {
          verdicts: [
            { check: 'assistant', verdict: 'passed' },
            { check: 'suite', verdict: 'passed' }
          ],
          payloads: { suite: report }
        }
      },
      redact
    )
    expect(summary).not.toContain(secret)
    expect(summary).not.toContain('##[')
    expect(summary).toContain('### Smoke suite: 1 of 1 case passed')
    expect(summary).toContain('| ::warning::name | ✅ passed |')
    expect(summary).toContain('::error::x |')
    expect(summary).not.toContain('set-output')
  })
})
