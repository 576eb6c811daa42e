import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import {
  startAgentServer,
  startControlPlane,
  type AgentServerEmulator,
  type ControlPlaneEmulator
} from '../../emulator'
import {
  NO_REPLY,
  readAgentReply,
  sentMessageCount,
  type AgentReply
} from '../../src/agent-server/reply'
import { gitHostStep } from '../helpers/deploy-harness'
import { overStep, type Step } from '../helpers/policy-file'
import { runnerOn, VirtualClock, type WorldRun } from '../helpers/action-world'

/** The runs' and the emulators' one clock: virtual, it moves when all of them wait. */
const clock = new VirtualClock()
const runInProcess = runnerOn(clock)
afterAll(() => clock.close())

const HUMAN = { type: 'human', content: 'Say hello to the user' }
const read = (answer: unknown, sent = 1): AgentReply =>
  readAgentReply(typeof answer === 'string' ? answer : JSON.stringify(answer), sent)
const textOf = (reply: AgentReply) => (reply.kind === 'reply' ? reply.text : reply.reason)

describe('the agent reply, read from a run answer', () => {
  it('is the last message from the agent after the messages sent, in every form a server sends', () => {
    const forms: [string, unknown][] = [
      ['type ai', { type: 'ai', content: 'hello there' }],
      ['role assistant', { role: 'assistant', content: 'hello there' }],
      [
        'LangChain constructor form',
        {
          lc: 1,
          type: 'constructor',
          id: ['langchain_core', 'messages', 'AIMessage'],
          kwargs: { content: 'hello there' }
        }
      ],
      ['LangChain dict form', { type: 'ai', data: { content: 'hello there' } }],
      [
        'a list of content parts',
        {
          type: 'ai',
          content: [
            { type: 'text', text: 'hello ' },
            { type: 'tool_use', id: 't1', name: 'lookup', input: {} },
            'there'
          ]
        }
      ]
    ]
    for (const [form, message] of forms)
      expect([form, read({ messages: [HUMAN, message] })]).toEqual([
        form,
        { kind: 'reply', text: 'hello there', answer: { messages: [HUMAN, message] } }
      ])
    // The last one from the agent, a tool's message after it notwithstanding.
    expect(
      textOf(
        read({
          messages: [
            HUMAN,
            { type: 'ai', content: 'first' },
            { type: 'ai', content: 'second' },
            { type: 'tool', content: 'tool output' }
          ]
        })
      )
    ).toBe('second')
  })

  it('holds no reply when the agent said nothing after the messages sent', () => {
    const noReply = (answer: unknown, sent = 1) =>
      expect(read(answer, sent)).toMatchObject({
        kind: 'no-reply',
        reason: NO_REPLY
      })
    // The input state handed back: the human message last.
    noReply({ messages: [HUMAN] })
    noReply({ messages: [] })
    // An agent message the input itself carried (a conversation's history) is not a reply.
    noReply({ messages: [{ type: 'ai', content: 'earlier' }, HUMAN] }, 2)
    noReply({ messages: [HUMAN, { type: 'ai', content: '  \n' }] })
    noReply({ messages: [HUMAN, { type: 'ai', content: [{ type: 'tool_use', id: 't' }] }] })
    noReply({ messages: [HUMAN, { role: 'user', content: 'another question' }] })
    noReply(null)
    noReply({})
    noReply('""')
    expect(read('not json')).toMatchObject({ kind: 'no-reply' })
  })

  it('takes a structured output whole, as JSON, and an error state as a failure', () => {
    expect(read({ answer: 'Paris', score: 1 }, 0)).toEqual({
      kind: 'reply',
      text: '{"answer":"Paris","score":1}',
      answer: { answer: 'Paris', score: 1 }
    })
    const thrown = { __error__: { error: 'Error', message: 'the model is unreachable' } }
    expect(read(thrown)).toEqual({
      kind: 'error-state',
      reason: 'the graph failed: the model is unreachable',
      answer: thrown
    })
  })

  it('is never cut: a long reply is read whole', () => {
    const long = `${'x'.repeat(4_490)} Traceback`
    expect(textOf(read({ messages: [HUMAN, { type: 'ai', content: long }] }))).toBe(long)
  })

  it('counts the messages an input sends', () => {
    expect(sentMessageCount({ messages: [HUMAN, HUMAN] })).toBe(2)
    expect(sentMessageCount({ messages: 'hi' })).toBe(1)
    expect(sentMessageCount({ question: 'capital?' })).toBe(0)
  })
})

const LONG_TRACEBACK = `${'All good so far. '.repeat(264)}Traceback (most recent call last): boom`

/**
 * The action (in this process) against an agent server that misbehaves in ordinary ways: it hands its input
 * state back for "Say hello to the user", answers `{"messages": []}` to "say nothing", and a
 * 4,500-character reply ending in a traceback to "tell a long story".
 */
describe('the action judges the agent reply', () => {
  let agent: AgentServerEmulator
  let emulator: ControlPlaneEmulator
  let workspace = ''
  beforeAll(async () => {
    expect(LONG_TRACEBACK.length).toBeGreaterThan(4_500)
    agent = await startAgentServer({
      now: clock.now,
      sleep: clock.sleep,
      beforeRun: (message) => {
        if (message === 'Say hello to the user')
          return { status: 200, body: { messages: [{ ...HUMAN, id: 'm1' }] } }
        if (message === 'say nothing') return { status: 200, body: { messages: [] } }
        if (message === 'tell a long story')
          return {
            status: 200,
            body: {
              messages: [
                { type: 'human', content: message },
                { type: 'ai', content: LONG_TRACEBACK }
              ]
            }
          }
        return undefined
      }
    })
    emulator = await startControlPlane({
      now: clock.now,
      sleep: clock.sleep,
      stepMs: 10,
      agentUrl: agent.url
    })
    workspace = mkdtempSync(join(tmpdir(), 'agent-reply-'))
  })
  afterAll(async () => {
    await Promise.all([agent.close(), emulator.close()])
    rmSync(workspace, { recursive: true, force: true })
  })

  const step = (extra: Step) =>
    overStep(
      {
        ...gitHostStep(emulator.url),
        'api-key': 'emulator-key',
        'poll-interval': '1',
        policy: { agent: { assistant: 'agent' } }
      },
      extra
    )

  it('fails agent.expect when the agent hands its input back: the question is not the answer', async () => {
    const run = await runInProcess(
      step({ policy: { agent: { message: 'Say hello to the user', expect: 'hello' } } })
    )
    expect(run.code).toBe(1)
    expect(run.stdout).toContain(`Agent check "run" failed: /runs/wait answered 200: ${NO_REPLY}`)
    expect(run.stdout).toMatch(
      /^::error::.*reply to a test message failed\. the agent's run ended without a reply/m
    )
    expect(run.stdout).not.toContain('the run answered')
    expect(run.summary).toContain('| serving the new revision | ✅ passed |  |')
    expect(run.summary).toContain('| default assistant lookup | ✅ passed |  |')
    expect(run.summary).toContain('| reply to a test message | ❌ failed |')
  })

  describe('the smoke suite', () => {
    let run: WorldRun
    beforeAll(async () => {
      writeFileSync(
        join(workspace, 'cases.yml'),
        [
          '- name: greets',
          '  message: Say hello to the user',
          '  expect: hello',
          '- name: silent',
          '  message: say nothing',
          '- name: long story',
          '  message: tell a long story',
          '  expect-not: Traceback',
          '- name: echoes',
          '  message: ping',
          '  expect: "echo: ping"'
        ].join('\n')
      )
      run = await runInProcess(step({ policy: { smoke: { cases: 'cases.yml' } } }), {
        cwd: workspace
      })
    }, 90_000)

    it('fails each case whose reply is not the agent’s, or whose whole reply fails expect-not', () => {
      expect(run.code).toBe(1)
      expect(run.outputs['cases-passed']).toBe('1')
      expect(run.outputs['cases-failed']).toBe('3')
      const rows = run.summary.split('\n').filter((line) => line.startsWith('| '))
      const row = (name: string) => rows.find((line) => line.startsWith(`| ${name} |`)) ?? ''
      expect(row('greets')).toContain(`❌ ${NO_REPLY}`)
      // A case with no expect still needs a reply from the agent.
      expect(row('silent')).toContain(`❌ ${NO_REPLY}`)
      expect(row('long story')).toContain('❌ the reply does contain "Traceback" (expect-not)')
      expect(row('echoes')).toContain('✅ passed')
    })
  })
})
