import { describe, expect, it } from '@jest/globals'
import { uuidV5 } from '../../src/lib/uuid-v5'
import { ASSISTANT_NAMESPACE } from '../../src/assistants/entries'
import { runInProcess } from '../helpers/action-world'
import { clock, gitHostStep } from '../helpers/deploy-harness'
import type { Step } from '../helpers/policy-file'
import { seedServing, servingAgentPerTest } from '../helpers/serving-agent'

// `operation: rollback` against an agent server that ignores the metadata filters of the search
// and of an assistant's versions: the action checks what it is given again, so it restores the
// version stamped with the revision it brings back (or says there is none), and leaves alone an
// assistant it does not manage.

const NAME = 'support-agent'
const serving = servingAgentPerTest(NAME)
const ID = uuidV5('support', ASSISTANT_NAMESPACE)
const OTHER = uuidV5('by-hand', ASSISTANT_NAMESPACE)

const run = (step: Step) => runInProcess(step, { clock })

const policyOf = (model: string) => ({
  assistants: {
    entries: [{ name: 'support', 'graph-id': 'agent', config: { configurable: { model } } }]
  }
})

async function start() {
  const services = await serving()
  const { first } = seedServing(services.controlPlane, NAME)
  const step: Step = {
    ...gitHostStep(services.controlPlane.url, NAME),
    'api-key': 'emulator-key',
    'poll-interval': '1'
  }
  const call = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${services.agent.url}${path}`, {
      method,
      headers: { 'x-api-key': 'emulator-key', 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body)
    })
    return (await response.json()) as unknown
  }
  // Two releases of `support`, then an assistant nobody manages: two versions, active at 1.
  const deployed = await run({ ...step, policy: policyOf('m1') })
  expect((await run({ ...step, policy: policyOf('m2') })).exitCode).toBe(0)
  await call('POST', '/assistants', {
    assistant_id: OTHER,
    graph_id: 'agent',
    name: 'by-hand',
    config: { configurable: { model: 'h1' } }
  })
  await call('PATCH', `/assistants/${OTHER}`, { config: { configurable: { model: 'h2' } } })
  await call('POST', `/assistants/${OTHER}/latest`, { version: 1 })
  // What a server that ignores the filters answers: everything.
  const everyAssistant = await call('POST', '/assistants/search', { limit: 100 })
  const versions = new Map<string, unknown>()
  for (const id of [ID, OTHER])
    versions.set(id, await call('POST', `/assistants/${id}/versions`, { limit: 100 }))
  services.agent.injectFault({
    method: 'POST',
    path: '/assistants/search',
    kind: 'alter',
    times: 10,
    alter: (body) => (Array.isArray(body) && body.length > 0 ? everyAssistant : body)
  })
  for (const id of [ID, OTHER])
    services.agent.injectFault({
      method: 'POST',
      path: `/assistants/${id}/versions`,
      kind: 'alter',
      status: 200,
      times: 10,
      alter: () => versions.get(id)
    })
  const rollback = (toRevision: string) =>
    run({
      'api-url': services.controlPlane.url,
      'api-key': 'emulator-key',
      name: NAME,
      operation: 'rollback',
      'to-revision': toRevision,
      'poll-interval': '1',
      policy: policyOf('m2')
    })
  const activeOf = async (id: string) => (await call('GET', `/assistants/${id}`)) as object
  return { stamped: deployed.outputs['revision-id'] ?? '', first, rollback, activeOf }
}

describe('operation rollback against a server that ignores the metadata filters', () => {
  it('restores the version stamped with the revision it brings back; an unmanaged assistant is left alone', async () => {
    const { stamped, rollback, activeOf } = await start()
    const rolled = await rollback(stamped)
    expect(rolled.exitCode).toBe(0)
    expect(await activeOf(ID)).toMatchObject({
      version: 1,
      config: { configurable: { model: 'm1' } }
    })
    expect(JSON.parse(rolled.outputs.assistants ?? '{}')).toEqual({
      support: { id: ID, version: 1, result: 'restored' }
    })
    expect(await activeOf(OTHER)).toMatchObject({
      version: 1,
      config: { configurable: { model: 'h1' } }
    })
  })

  it('says there is none when no version is stamped with the revision it brings back', async () => {
    const { first, rollback, activeOf } = await start()
    const rolled = await rollback(first)
    expect(rolled.exitCode).toBe(0)
    expect(await activeOf(ID)).toMatchObject({
      version: 2,
      config: { configurable: { model: 'm2' } }
    })
    expect(JSON.parse(rolled.outputs.assistants ?? '{}')).toEqual({})
    expect(rolled.annotations.filter(({ kind }) => kind === 'notice').length).toBeGreaterThan(0)
    expect(await activeOf(OTHER)).toMatchObject({ version: 1 })
  })
})
