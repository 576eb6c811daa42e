import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { RawInputs } from '../../src/inputs/contract'
import { InputError, parseInputs } from '../../src/inputs/parse'
import { MAX_CASES } from '../../src/inputs/cases'
import { rawInputs } from '../helpers/action-yml'

let workspace = ''
const env = () => ({
  GITHUB_REF: 'refs/heads/main',
  GITHUB_EVENT_NAME: 'push',
  GITHUB_WORKSPACE: workspace
})
beforeAll(() => {
  workspace = mkdtempSync(join(tmpdir(), 'cases-'))
})
afterAll(() => rmSync(workspace, { recursive: true, force: true }))

/** Writes a case file into the workspace and returns its relative path. */
function caseFile(name: string, text: string): string {
  writeFileSync(join(workspace, name), text)
  return name
}

const step = (given: Partial<RawInputs> = {}) =>
  rawInputs({
    'api-url': 'https://control.example.com',
    'api-key': 'key-123',
    name: 'support-agent',
    'integration-id': '123e4567-e89b-42d3-a456-426614174000',
    'graph-config-path': 'graph.json',
    'verify-assistant': 'agent',
    ...given
  })

async function problemsOf(raw: RawInputs): Promise<string[]> {
  try {
    await parseInputs(raw, env())
  } catch (error) {
    expect(error).toBeInstanceOf(InputError)
    return (error as InputError).problems.map((p) => `${p.input}: ${p.message}`)
  }
  throw new Error('the inputs were accepted')
}

describe('verify-cases: the case file', () => {
  it('reads a YAML list: messages, inputs, assistants, expectations and max-latency', async () => {
    const path = caseFile(
      'cases.yml',
      [
        '- name: greets',
        '  message: hello',
        "  expect: '/^echo: hello$/i'",
        '  expect-not: sorry',
        '  max-latency: 2s',
        '- input: { messages: [{ role: human, content: bye }] }',
        '  assistant: other',
        '  max-latency: 1.5',
        '  expect: 1234'
      ].join('\n')
    )
    const config = await parseInputs(
      step({ 'verify-cases': path, 'verify-min-pass': '1', 'verify-concurrency': '2' }),
      env()
    )
    const suite = config.verify?.suite
    expect(suite).toMatchObject({ minPass: { kind: 'count', count: 1 }, concurrency: 2 })
    expect(suite?.cases).toEqual([
      {
        name: 'greets',
        input: { messages: [{ role: 'human', content: 'hello' }] },
        assistant: undefined,
        expect: { kind: 'pattern', pattern: /^echo: hello$/i },
        expectNot: { kind: 'text', text: 'sorry' },
        maxLatencyMs: 2_000,
        reference: undefined
      },
      {
        name: 'case 2',
        input: { messages: [{ role: 'human', content: 'bye' }] },
        assistant: 'other',
        expect: { kind: 'text', text: '1234' },
        expectNot: undefined,
        maxLatencyMs: 1_500,
        reference: undefined
      }
    ])
  })

  it('reads a dataset export (.jsonl): inputs is the run input, outputs the reference', async () => {
    const path = caseFile(
      'dataset.jsonl',
      [
        JSON.stringify({
          inputs: { messages: [{ role: 'user', content: 'What is 2+2?' }] },
          outputs: { messages: [{ role: 'ai', content: '4' }] }
        }),
        '',
        JSON.stringify({ inputs: { question: 'capital?' }, outputs: { answer: 'Paris' } })
      ].join('\n')
    )
    const config = await parseInputs(step({ 'verify-cases': path }), env())
    expect(config.verify?.suite?.minPass).toEqual({ kind: 'percent', percent: 100 })
    expect(config.verify?.suite?.concurrency).toBe(4)
    expect(config.verify?.suite?.cases).toMatchObject([
      {
        name: 'line 1',
        input: { messages: [{ role: 'user', content: 'What is 2+2?' }] },
        reference: '4'
      },
      { name: 'line 3', input: { question: 'capital?' }, reference: '{"answer":"Paris"}' }
    ])
  })

  it('refuses each bad file or case by name, with the other inputs, before anything is sent', async () => {
    const refused = async (name: string, text: string, extra: Partial<RawInputs> = {}) =>
      problemsOf(step({ 'verify-cases': caseFile(name, text), ...extra }))
    expect(await problemsOf(step({ 'verify-cases': 'missing.yml' }))).toEqual([
      'verify-cases: missing.yml cannot be read (there is no such file); the path is relative to the workspace'
    ])
    expect(await refused('map.yml', 'message: hi')).toEqual([
      expect.stringMatching(/^verify-cases: must be a list of cases/)
    ])
    expect(await refused('unknown.yml', '- message: hi\n  expected: hi')).toEqual([
      expect.stringMatching(
        /^verify-cases: case 1 has the unknown key "expected" \(a case has name/
      )
    ])
    expect(await refused('empty-case.yml', '- name: nothing\n  expect: x')).toEqual([
      'verify-cases: case 1 ("nothing") has neither message nor input (what to send the agent)'
    ])
    expect(await refused('regex.yml', '- message: hi\n  expect-not: /a(/')).toEqual([
      expect.stringMatching(/^verify-cases: case 1: expect-not is not a valid regular expression/)
    ])
    expect(await refused('bad.jsonl', '{"inputs": {}}\nnot json')).toEqual([
      'verify-cases: line 2 is not JSON (a .jsonl file holds one case a line)'
    ])
    expect(await refused('list-expect.yml', '- message: hi\n  expect: [a, b]')).toEqual([
      'verify-cases: case 1: expect must be text'
    ])
    expect(await refused('latency.yml', '- message: hi\n  max-latency: soon')).toEqual([
      'verify-cases: case 1: max-latency "soon" is not a positive duration (30s, 1m30s, 500ms)'
    ])
    const many = Array.from({ length: MAX_CASES + 1 }, (_, i) => `- message: m${i}`).join('\n')
    expect(await refused('many.yml', many)).toEqual([
      `verify-cases: the file holds ${MAX_CASES + 1} cases, more than ${MAX_CASES}: a smoke suite gates a deploy, keep it small`
    ])
    // Every problem at once, the other inputs' included.
    expect(
      await refused('two.yml', '- message: a\n- message: b', {
        'verify-min-pass': '3',
        'verify-concurrency': '17',
        'verify-assistant': '',
        timeout: 'soon'
      })
    ).toEqual([
      expect.stringMatching(/^timeout: /),
      'verify-concurrency: must be at most 16 (cases run at once against one revision)',
      'verify-cases: needs verify-assistant (the assistant of every case that names none, checked first)',
      'verify-min-pass: asks for 3 passing cases, but verify-cases holds 2'
    ])
  })

  it('holds verify-min-pass and verify-concurrency to their forms, and to the file', async () => {
    const two = caseFile('two-cases.yml', '- message: a\n- message: b')
    expect(await problemsOf(step({ 'verify-cases': two, 'verify-min-pass': '3' }))).toEqual([
      'verify-min-pass: asks for 3 passing cases, but verify-cases holds 2'
    ])
    for (const minPass of ['most', '101%', '-1', '1.5'])
      expect(await problemsOf(step({ 'verify-cases': two, 'verify-min-pass': minPass }))).toEqual([
        expect.stringMatching(/^verify-min-pass: must be a percentage/)
      ])
    for (const concurrency of ['0', '17', 'many', '2.5'])
      expect(
        await problemsOf(step({ 'verify-cases': two, 'verify-concurrency': concurrency }))
      ).toEqual([expect.stringMatching(/^verify-concurrency: must be /)])
    expect(await problemsOf(step({ 'verify-cases': two, 'verify-assistant': '' }))).toEqual([
      'verify-cases: needs verify-assistant (the assistant of every case that names none, checked first)'
    ])
    expect(await problemsOf(step({ 'verify-min-pass': '90%', 'verify-concurrency': '2' }))).toEqual(
      [
        'verify-min-pass: needs verify-cases (the suite it applies to)',
        'verify-concurrency: needs verify-cases (the suite it applies to)'
      ]
    )
    expect(
      await problemsOf(step({ 'verify-cases': two, operation: 'delete', 'verify-assistant': '' }))
    ).toContain('verify-cases: is for operation deploy, not delete')
  })
})
