import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals'
import { runSmokeSuite } from '../../src/smoke/suite'
import { parseCases } from '../../src/smoke/case-file'
import { startEchoAgent } from '../helpers/echo-agent'
import { REAL_WORK_TEST_MS } from '../helpers/real-time'

jest.setTimeout(REAL_WORK_TEST_MS)

describe('the smoke suite against the real agent server', () => {
  let server: { url: string; close(): Promise<void> }
  beforeAll(async () => {
    server = await startEchoAgent()
  }, REAL_WORK_TEST_MS)
  afterAll(async () => {
    await server.close()
  })

  it('runs a small suite: messages, a whole input, a dataset example, a failing graph', async () => {
    const yaml = [
      '- name: greets',
      '  message: hello there',
      "  expect: '/^echo: hello there$/'",
      "  expect-not: 'sorry'",
      '  max-latency: 30s',
      '- name: whole input',
      '  input: { messages: [{ role: human, content: ping }] }',
      '  expect: "echo: ping"',
      '- name: must not echo',
      '  message: secret plan',
      '  expect-not: plan',
      '- name: broken graph',
      '  assistant: broken',
      '  message: hi',
      '- name: input handed back',
      '  assistant: silent',
      '  message: Say hello to the user'
    ].join('\n')
    const dataset = parseCases(
      JSON.stringify({
        inputs: { messages: [{ role: 'user', content: 'What is 2+2?' }] },
        outputs: { messages: [{ role: 'ai', content: '4' }] }
      }),
      true
    )
    const cases = [...(parseCases(yaml, false).cases ?? []), ...(dataset.cases ?? [])]
    expect(cases).toHaveLength(6)
    const lines: string[] = []
    const report = await runSmokeSuite({
      baseUrl: server.url,
      apiKey: 'any',
      deadline: Date.now() + 60_000,
      now: Date.now,
      revisionId: '7c1a0e51-3d0e-4a5f-9f51-2b0d4b2f6c10',
      cases,
      defaultAssistant: 'agent',
      concurrency: 2,
      minPass: { kind: 'percent', percent: 60 },
      onCase: (line) => lines.push(line)
    })
    expect(report.cases).toEqual([
      expect.objectContaining({ name: 'greets', passed: true, reply: 'echo: hello there' }),
      expect.objectContaining({ name: 'whole input', passed: true, reply: 'echo: ping' }),
      expect.objectContaining({
        name: 'must not echo',
        passed: false,
        failure: 'the reply does contain "plan" (expect-not)'
      }),
      expect.objectContaining({
        name: 'broken graph',
        passed: false,
        failure: expect.stringMatching(/^the graph failed: .*the model is unreachable/)
      }),
      expect.objectContaining({
        name: 'input handed back',
        passed: false,
        failure: 'the answer holds no reply from the agent'
      }),
      expect.objectContaining({
        name: 'line 1',
        passed: true,
        reply: 'echo: What is 2+2?',
        reference: '4'
      })
    ])
    expect(report).toMatchObject({ passed: 3, failed: 3, required: 4 })
    expect(lines).toHaveLength(6)
    expect(lines).toContainEqual(expect.stringMatching(/^Smoke case "greets": passed in \d/))
  })
})
