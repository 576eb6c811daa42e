import { afterAll, afterEach, beforeAll, describe, expect, it, jest } from '@jest/globals'
import { startControlPlane, type ControlPlaneEmulator } from '../../emulator'
import { uuidV5 } from '../../src/lib/uuid-v5'
import { ASSISTANT_NAMESPACE, entryDigest } from '../../src/assistants/entries'
import { runInProcess, type WorldRun } from '../helpers/action-world'
import { clock, gitHostStep, onClock } from '../helpers/deploy-harness'
import { startEchoAgent } from '../helpers/echo-agent'
import type { Step } from '../helpers/policy-file'
import { REAL_WORK_TEST_MS } from '../helpers/real-time'
import { seedServing } from '../helpers/serving-agent'

// Assistants as code through the built action (run(world) on the file's virtual clock), the
// deployment's URL the real agent server (@langchain/langgraph-api). The server keeps its
// assistants for the whole file: each test uses names of its own.

jest.setTimeout(REAL_WORK_TEST_MS)

const NAME = 'support-agent'
const COMMIT = 'a'.repeat(40)
/** A value no log, summary or comment may show. */
const PROMPT = 'You are the hidden prompt 7f3a'

let agent: { url: string; close(): Promise<void> }
beforeAll(async () => {
  agent = await startEchoAgent()
}, REAL_WORK_TEST_MS)
afterAll(async () => {
  await agent.close()
})
let controlPlane: ControlPlaneEmulator | undefined
afterEach(async () => {
  await controlPlane?.close()
  controlPlane = undefined
})

/** A control plane whose deployments' URL is the real agent server, `NAME` serving. */
async function start(): Promise<{ step: Step; cp: ControlPlaneEmulator; first: string }> {
  const cp = await startControlPlane({ ...onClock, stepMs: 5, agentUrl: agent.url })
  controlPlane = cp
  const { first } = seedServing(cp, NAME)
  const step: Step = {
    ...gitHostStep(cp.url, NAME),
    'api-key': 'emulator-key',
    'poll-interval': '1'
  }
  return { step, cp, first }
}

const run = (step: Step) => runInProcess(step, { clock, env: { GITHUB_SHA: COMMIT } })

/** The agent server's answer, read directly. */
async function server(method: string, path: string, body?: unknown): Promise<unknown> {
  const response = await fetch(`${agent.url}${path}`, {
    method,
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body)
  })
  return response.status === 404 ? undefined : response.json()
}
const assistantOf = (id: string) =>
  server('GET', `/assistants/${id}`) as Promise<Record<string, unknown> | undefined>
const versionsOf = async (id: string) =>
  ((await server('POST', `/assistants/${id}/versions`, { limit: 100 })) ?? []) as Record<
    string,
    unknown
  >[]

const idOf = (name: string) => uuidV5(name, ASSISTANT_NAMESPACE)
const outputOf = (result: WorldRun) =>
  JSON.parse(result.outputs.assistants ?? 'null') as Record<string, unknown>

const controlPlaneWrites = (cp: ControlPlaneEmulator) =>
  cp.requests.filter((request) => request.method !== 'GET')

function entry(name: string, model: string) {
  return {
    name,
    'graph-id': 'agent',
    description: 'answers support questions',
    config: { configurable: { model, system_prompt: PROMPT } },
    metadata: { team: 'support' }
  }
}

describe('assistants as code through the action, against the real agent server', () => {
  it('creates the entries with stable ids and the managed metadata; a re-run writes nothing', async () => {
    const { step } = await start()
    const policy = { assistants: { entries: [entry('create-a', 'm1')] } }
    const first = await run({ ...step, policy })
    expect(first.exitCode).toBe(0)
    const id = idOf('create-a')
    expect(outputOf(first)).toEqual({ 'create-a': { id, version: 1, result: 'created' } })
    expect(await assistantOf(id)).toMatchObject({
      assistant_id: id,
      graph_id: 'agent',
      name: 'create-a',
      version: 1,
      config: { configurable: { model: 'm1' } },
      metadata: {
        team: 'support',
        'managed-by': 'deploy-agent-action',
        'managed-digest': entryDigest(entry('create-a', 'm1')),
        'managed-commit': COMMIT,
        'managed-revision': first.outputs['revision-id']
      }
    })
    expect(first.summary).toContain('| create-a | `' + id.slice(0, 8) + '` | agent | created |')

    const again = await run({ ...step, policy })
    expect(again.exitCode).toBe(0)
    expect(outputOf(again)).toEqual({ 'create-a': { id, version: 1, result: 'unchanged' } })
    expect(await versionsOf(id)).toHaveLength(1)
    for (const result of [first, again]) {
      expect(result.stdout).not.toContain(PROMPT)
      expect(result.summary).not.toContain(PROMPT)
    }
  })

  it('a change makes exactly one version, names its key paths, and a pin makes version 1 active', async () => {
    const { step } = await start()
    const id = idOf('change-a')
    await run({ ...step, policy: { assistants: { entries: [entry('change-a', 'm1')] } } })
    const changed = await run({
      ...step,
      policy: { assistants: { entries: [entry('change-a', 'm2')] } }
    })
    expect(changed.exitCode).toBe(0)
    expect(outputOf(changed)).toEqual({ 'change-a': { id, version: 2, result: 'updated' } })
    expect(await versionsOf(id)).toHaveLength(2)
    expect(changed.summary).toContain('`config.configurable.model`')
    expect(changed.summary).toContain('1 → 2')
    expect(changed.stdout).not.toContain(PROMPT)
    expect(await assistantOf(id)).toMatchObject({
      config: { configurable: { model: 'm2' } },
      metadata: { 'managed-digest': entryDigest(entry('change-a', 'm2')) }
    })

    const pinned = await run({
      ...step,
      policy: { assistants: { entries: [{ name: 'change-a', version: 1 }] } }
    })
    expect(pinned.exitCode).toBe(0)
    expect(outputOf(pinned)).toEqual({ 'change-a': { id, version: 1, result: 'pinned' } })
    expect(await assistantOf(id)).toMatchObject({
      version: 1,
      config: { configurable: { model: 'm1' } }
    })
  })

  it('refuses every problem of the entries at once, on their lines, with no request at all', async () => {
    const { step, cp } = await start()
    const result = await run({
      ...step,
      policy: {
        assistants: {
          entries: [
            { name: 'refused-a', graph_id: 'agent' },
            { name: 'refused-b', 'graph-id': 'agent', config: { openai_api_key: 'sk-x' } }
          ]
        }
      }
    })
    expect(result.exitCode).toBe(1)
    expect(result.annotations.map(({ line, text }) => `${line} ${text.split('\n')[0]}`)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(
          /graph_id is not a key of an assistant entry; did you mean `graph-id`\?/
        ),
        expect.stringMatching(/openai_api_key holds a literal value, and its name ends in "apikey"/)
      ])
    )
    expect(result.stdout).not.toContain('sk-x')
    expect(cp.requests).toEqual([])
    expect(await assistantOf(idOf('refused-b'))).toBeUndefined()
  })

  it('on-drift fail: a hand edit ends the run before any write; overwrite writes over it and names the paths', async () => {
    const { step, cp } = await start()
    const id = idOf('drift-a')
    const policy = { assistants: { entries: [entry('drift-a', 'm1')] } }
    await run({ ...step, policy })
    await server('PATCH', `/assistants/${id}`, {
      config: { configurable: { model: 'by-hand', system_prompt: PROMPT } }
    })
    const before = controlPlaneWrites(cp).length

    const refused = await run({
      ...step,
      policy: { assistants: { ...policy.assistants, 'on-drift': 'fail' } }
    })
    expect(refused.exitCode).toBe(1)
    expect(refused.stdout).toContain('drift-a: config.configurable.model')
    expect(controlPlaneWrites(cp)).toHaveLength(before)
    expect(await versionsOf(id)).toHaveLength(2)

    const overwritten = await run({ ...step, policy })
    expect(overwritten.exitCode).toBe(0)
    expect(outputOf(overwritten)).toEqual({ 'drift-a': { id, version: 3, result: 'updated' } })
    expect(overwritten.stdout).toMatch(
      /Assistant drift-a was changed by hand since the action last wrote it \(config\.configurable\.model\)/
    )
    expect(await assistantOf(id)).toMatchObject({ config: { configurable: { model: 'm1' } } })
  })

  it('an assistant made again by hand with its metadata copied is drift: fail writes nothing, overwrite writes the entry back', async () => {
    const { step, cp } = await start()
    const id = idOf('remade-a')
    const policy = { assistants: { entries: [entry('remade-a', 'm1')] } }
    expect((await run({ ...step, policy })).exitCode).toBe(0)
    const made = (await assistantOf(id)) ?? {}
    await server('DELETE', `/assistants/${id}`)
    await server('POST', '/assistants', {
      assistant_id: id,
      graph_id: 'agent',
      name: 'remade-a',
      description: 'answers support questions',
      config: { configurable: { model: 'by-hand', system_prompt: 'another prompt' } },
      metadata: made.metadata
    })
    const before = controlPlaneWrites(cp).length

    const refused = await run({
      ...step,
      policy: { assistants: { ...policy.assistants, 'on-drift': 'fail' } }
    })
    expect(refused.exitCode).toBe(1)
    expect(refused.stdout).toContain('remade-a: config.configurable.model')
    expect(controlPlaneWrites(cp)).toHaveLength(before)
    expect(await versionsOf(id)).toHaveLength(1)

    const overwritten = await run({ ...step, policy })
    expect(overwritten.exitCode).toBe(0)
    expect(outputOf(overwritten)).toEqual({ 'remade-a': { id, version: 2, result: 'updated' } })
    expect(overwritten.stdout).toMatch(
      /Assistant remade-a was changed by hand since the action last wrote it \(config\.configurable\.model, config\.configurable\.system_prompt\)/
    )
    expect(overwritten.stdout).not.toContain('by-hand')
    expect(overwritten.stdout).not.toContain('another prompt')
    expect(await assistantOf(id)).toMatchObject({
      config: { configurable: { model: 'm1', system_prompt: PROMPT } }
    })
  })

  it('a failed check after the write brings the assistants back: content as before, created ones kept and listed', async () => {
    const { step } = await start()
    const kept = idOf('rollback-a')
    await run({ ...step, policy: { assistants: { entries: [entry('rollback-a', 'm1')] } } })
    // The third entry pins a version of an assistant that does not exist: the step fails after
    // writing the first two, and the rollback brings them back. `/latest` does not restore the
    // graph, so the restore patches it back.
    const result = await run({
      ...step,
      policy: {
        rollback: { 'on-failure': true },
        assistants: {
          entries: [
            { ...entry('rollback-a', 'm2'), 'graph-id': 'silent' },
            entry('rollback-new', 'm1'),
            { name: 'rollback-missing', version: 2 }
          ]
        }
      }
    })
    expect(result.exitCode).toBe(1)
    expect(result.outputs['rolled-back']).toBe('true')
    const output = outputOf(result)
    expect(output).toEqual({
      'rollback-a': { id: kept, version: expect.any(Number), result: 'restored' },
      'rollback-new': { id: idOf('rollback-new'), version: 1, result: 'created' }
    })
    expect(await assistantOf(kept)).toMatchObject({
      graph_id: 'agent',
      config: { configurable: { model: 'm1' } },
      metadata: { 'managed-digest': entryDigest(entry('rollback-a', 'm1')) }
    })
    expect(await assistantOf(idOf('rollback-new'))).toMatchObject({ version: 1 })
    expect(result.summary).toContain('### Assistants after the rollback')
    expect(result.stdout).not.toContain(PROMPT)
    expect(result.summary).not.toContain(PROMPT)
  })
})
