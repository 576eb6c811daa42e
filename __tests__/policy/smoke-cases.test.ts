import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals'
import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { basename, join } from 'node:path'
import type { RawInputs } from '../../src/inputs/contract'
import { InputError } from '../../src/inputs/parse'
import { MAX_CASES, MAX_FILE_BYTES } from '../../src/smoke/cases'
import { checkPolicy } from '../../src/policy/load'
import { readWorkspaceFile } from '../../src/lib/workspace-file'
import { startControlPlane, type ControlPlaneEmulator } from '../../emulator'
import { gitHostStep } from '../helpers/deploy-harness'
import { configOfStep, POLICY_PATH, type Step } from '../helpers/policy-file'
import { runAction } from '../helpers/run-action'
import { REAL_WORK_TEST_MS } from '../helpers/real-time'

jest.setTimeout(REAL_WORK_TEST_MS)

let workspace = ''
const env = () => ({
  GITHUB_REF: 'refs/heads/main',
  GITHUB_EVENT_NAME: 'push',
  GITHUB_WORKSPACE: workspace
})
const workspaceEnv = () => workspace
beforeAll(() => {
  workspace = mkdtempSync(join(tmpdir(), 'cases-'))
})
afterAll(() => rmSync(workspace, { recursive: true, force: true }))

/** Writes a case file into the workspace and returns its relative path. */
function caseFile(name: string, text: string): string {
  writeFileSync(join(workspace, name), text)
  return name
}

/** A deploy step whose policy has `smoke` (and an agent.assistant unless `agent` says otherwise). */
const step = (
  smoke: Record<string, unknown>,
  given: Partial<RawInputs> = {},
  agent: Record<string, unknown> | false = { assistant: 'agent' }
): Step => ({
  'api-url': 'https://control.example.com',
  'api-key': 'key-123',
  name: 'support-agent',
  'integration-id': '123e4567-e89b-42d3-a456-426614174000',
  'graph-config-path': 'graph.json',
  ...given,
  policy: { ...(agent && { agent }), smoke }
})

/** Every problem: an input's as `input: message`, the policy's as its message (key path first). */
async function problemsOf(given: Step, inputEnv = env()): Promise<string[]> {
  try {
    await configOfStep(given, inputEnv)
  } catch (error) {
    expect(error).toBeInstanceOf(InputError)
    const { problems, policyProblems } = error as InputError
    for (const problem of policyProblems) expect(problem.file).toBe(POLICY_PATH)
    return [
      ...problems.map((p) => `${p.input}: ${p.message}`),
      ...policyProblems.map((p) => p.message)
    ]
  }
  throw new Error('the step was accepted')
}

describe('smoke.cases: the case file', () => {
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
    const config = await configOfStep(step({ cases: path, 'min-pass': 1, concurrency: 2 }), env())
    const suite = config.smoke
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
    const config = await configOfStep(step({ cases: path }), env())
    expect(config.smoke?.minPass).toEqual({ kind: 'percent', percent: 100 })
    expect(config.smoke?.concurrency).toBe(4)
    expect(config.smoke?.cases).toMatchObject([
      {
        name: 'line 1',
        input: { messages: [{ role: 'user', content: 'What is 2+2?' }] },
        reference: '4'
      },
      { name: 'line 3', input: { question: 'capital?' }, reference: '{"answer":"Paris"}' }
    ])
  })

  it('refuses each bad file or case by name, with the other inputs, before anything is sent', async () => {
    const refused = async (name: string, text: string) =>
      problemsOf(step({ cases: caseFile(name, text) }))
    expect(await problemsOf(step({ cases: 'missing.yml' }))).toEqual([
      'smoke.cases: missing.yml cannot be read (there is no such file); the path is relative to the workspace'
    ])
    expect(await refused('map.yml', 'message: hi')).toEqual([
      expect.stringMatching(/^smoke\.cases: map\.yml must be a list of cases/)
    ])
    expect(await refused('unknown.yml', '- message: hi\n  expected: hi')).toEqual([
      expect.stringMatching(/^smoke\.cases: unknown\.yml case 1 has the unknown key "expected"/)
    ])
    expect(await refused('empty-case.yml', '- name: nothing\n  expect: x')).toEqual([
      'smoke.cases: empty-case.yml case 1 ("nothing") has neither message nor input (what to send the agent)'
    ])
    expect(await refused('regex.yml', '- message: hi\n  expect-not: /a(/')).toEqual([
      expect.stringMatching(
        /^smoke\.cases: regex\.yml case 1: expect-not is not a valid regular expression/
      )
    ])
    expect(await refused('bad.jsonl', '{"inputs": {}}\nnot json')).toEqual([
      'smoke.cases: bad.jsonl line 2 is not JSON (a .jsonl file holds one case a line)'
    ])
    expect(await refused('list-expect.yml', '- message: hi\n  expect: [a, b]')).toEqual([
      'smoke.cases: list-expect.yml case 1: expect must be text'
    ])
    expect(await refused('latency.yml', '- message: hi\n  max-latency: soon')).toEqual([
      'smoke.cases: latency.yml case 1: max-latency "soon" is not a positive duration (30s, 1m30s, 500ms)'
    ])
    const many = Array.from({ length: MAX_CASES + 1 }, (_, i) => `- message: m${i}`).join('\n')
    expect(await refused('many.yml', many)).toEqual([
      `smoke.cases: many.yml holds ${MAX_CASES + 1} cases, more than ${MAX_CASES}: a smoke suite gates a deploy, keep it small`
    ])
    // Every problem at once, the inputs' included.
    const two = caseFile('two.yml', '- message: a\n- message: b')
    expect(
      await problemsOf(step({ cases: two, 'min-pass': 3 }, { timeout: 'soon' }, false))
    ).toEqual([
      expect.stringMatching(/^timeout: /),
      expect.stringMatching(/^smoke\.cases needs agent\.assistant/),
      'smoke.min-pass asks for 3 passing cases, but smoke.cases holds 2'
    ])
  })

  it('refuses a policy with operation delete, without reading it', async () => {
    expect(await problemsOf(step({ cases: 'missing.yml' }, { operation: 'delete' }))).toContain(
      'release-policy: is not used with operation delete (the release policy says what must hold before a new revision stays; delete deploys none)'
    )
  })
})

describe('smoke.cases: the file stays in the workspace', () => {
  let outside = ''
  beforeAll(() => {
    // A valid case file outside the workspace: today any path to it would be read and sent.
    outside = mkdtempSync(join(tmpdir(), 'cases-outside-'))
    writeFileSync(join(outside, 'cases.yml'), '- message: what is in this file?')
  })
  afterAll(() => rmSync(outside, { recursive: true, force: true }))
  const HINT = 'give a path inside the workspace, relative to it'

  it('refuses an absolute path and a path with ".." by name, before reading them', async () => {
    const up = `../${basename(outside)}/cases.yml`
    expect(await problemsOf(step({ cases: up }))).toEqual([
      `smoke.cases: ${up} climbs out of its folder with ".."; ${HINT}`
    ])
    const inner = `sub/../../${basename(outside)}/cases.yml`
    expect(await problemsOf(step({ cases: inner }))).toEqual([
      `smoke.cases: ${inner} climbs out of its folder with ".."; ${HINT}`
    ])
    const absolute = join(outside, 'cases.yml')
    expect(await problemsOf(step({ cases: absolute }))).toEqual([
      `smoke.cases: ${absolute} is an absolute path; ${HINT}`
    ])
  })

  it('follows a symbolic link: one to a file elsewhere is refused, one inside is read', async () => {
    symlinkSync(join(outside, 'cases.yml'), join(workspace, 'linked-out.yml'))
    expect(await problemsOf(step({ cases: 'linked-out.yml' }))).toEqual([
      'smoke.cases: linked-out.yml leads outside the workspace (a symbolic link to a file elsewhere); the case file must be in the repository'
    ])
    caseFile('real.yml', '- message: hi')
    symlinkSync(join(workspace, 'real.yml'), join(workspace, 'linked-in.yml'))
    const config = await configOfStep(step({ cases: 'linked-in.yml' }), env())
    expect(config.smoke?.cases).toHaveLength(1)
  })

  it('counts the bytes it reads: a /proc file that stat says is empty stops at the cap', async () => {
    // /proc/self/pagemap: stat says 0 bytes; reading it gives 8 bytes per page of the address space.
    const load = await checkPolicy(
      'version: 1\nagent: {assistant: agent}\nsmoke: {cases: pagemap}\n',
      'policy.yml',
      (named) =>
        readWorkspaceFile(named, '/proc/self', { maxBytes: MAX_FILE_BYTES, what: 'the case file' })
    )
    expect(load.problems.map((p) => p.message)).toEqual(['smoke.cases: pagemap is more than 4 MiB'])
  })

  it('reads a JSON Lines or YAML file that starts with a byte-order mark', async () => {
    const jsonl = caseFile('bom.jsonl', '\uFEFF{"message": "hi", "expect": "echo"}\n')
    const yaml = caseFile('bom.yml', '\uFEFF- message: hi\n  expect: echo')
    for (const path of [jsonl, yaml]) {
      const config = await configOfStep(step({ cases: path }), env())
      expect(config.smoke?.cases).toMatchObject([
        { input: { messages: [{ role: 'human', content: 'hi' }] } }
      ])
    }
  })
})

describe('smoke.cases outside the workspace, through the built action', () => {
  let emulator: ControlPlaneEmulator
  let outside = ''
  beforeAll(async () => {
    emulator = await startControlPlane({ stepMs: 0 })
    outside = mkdtempSync(join(tmpdir(), 'cases-outside-'))
    writeFileSync(join(outside, 'cases.yml'), '- message: what is in this file?')
    symlinkSync(join(outside, 'cases.yml'), join(workspace, 'committed-link.yml'))
  })
  afterAll(async () => {
    await emulator.close()
    rmSync(outside, { recursive: true, force: true })
  })

  it.each([
    ['a committed symbolic link', workspaceEnv, 'committed-link.yml', 'leads outside the workspace']
  ])('refuses %s by name and sends nothing', async (_, where, path, why) => {
    const run = await runAction(
      {
        ...gitHostStep(emulator.url),
        'api-key': 'emulator-key',
        policy: { agent: { assistant: 'agent' }, smoke: { cases: path } }
      },
      { env: { GITHUB_WORKSPACE: where() }, killAfterMs: 60_000 }
    )
    expect(run.code).toBe(1)
    expect(run.stdout).toContain(`smoke.cases: ${path} ${why}`)
    expect(emulator.requests).toEqual([])
  })
})
