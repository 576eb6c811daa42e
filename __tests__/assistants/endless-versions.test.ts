import { describe, expect, it } from '@jest/globals'
import { uuidV5 } from '../../src/lib/uuid-v5'
import { ASSISTANT_NAMESPACE } from '../../src/assistants/entries'
import { runInProcess } from '../helpers/action-world'
import { clock, gitHostStep } from '../helpers/deploy-harness'
import type { Step } from '../helpers/policy-file'
import { seedServing, servingAgentPerTest } from '../helpers/serving-agent'
import { endlessVersions } from '../helpers/endless-versions'

// An agent server that answers every page of an assistant's versions in full with new numbers
// (or the same page again): the action reads at most 1,000 versions and goes on, and a page that
// repeats an earlier one is an error, never a loop.

const NAME = 'support-agent'
const serving = servingAgentPerTest(NAME)
const ID = uuidV5('support', ASSISTANT_NAMESPACE)

const run = (step: Step) => runInProcess(step, { clock })
const policy = {
  assistants: {
    entries: [{ name: 'support', 'graph-id': 'agent', config: { configurable: { model: 'm1' } } }]
  }
}

async function start() {
  const services = await serving()
  seedServing(services.controlPlane, NAME)
  const step: Step = {
    ...gitHostStep(services.controlPlane.url, NAME),
    'api-key': 'emulator-key',
    'poll-interval': '1'
  }
  expect((await run({ ...step, policy })).exitCode).toBe(0)
  const versionReads = () =>
    services.agent.requests.filter((request) => request.path === `/assistants/${ID}/versions`)
      .length
  return { ...services, step, versionReads }
}

describe('an assistant whose versions never end', () => {
  it('reads at most 1,000 versions, says so, and goes on', async () => {
    const { step, agent, versionReads } = await start()
    const before = versionReads()
    agent.injectFault(endlessVersions(ID, { repeat: false }))
    const dry = await run({ ...step, 'dry-run': 'true', policy })
    expect(dry.exitCode).toBe(0)
    expect(versionReads() - before).toBeLessThanOrEqual(10)
    expect(
      dry.annotations.some(({ kind, text }) => kind === 'notice' && text.includes('support'))
    ).toBe(true)
    const deployed = await run({ ...step, policy })
    expect(deployed.exitCode).toBe(0)
    expect(JSON.parse(deployed.outputs.assistants ?? '{}')).toEqual({
      support: { id: ID, version: 1, result: 'unchanged' }
    })
    expect(versionReads() - before).toBeLessThanOrEqual(20)
  })

  it('a page that repeats an earlier one is an error, before any write', async () => {
    const { step, agent, versionReads, controlPlane } = await start()
    const before = versionReads()
    const writes = controlPlane.requests.filter((request) => request.method !== 'GET').length
    agent.injectFault(endlessVersions(ID, { repeat: true }))
    const result = await run({ ...step, policy })
    expect(result.exitCode).toBe(1)
    expect(versionReads() - before).toBe(2)
    expect(controlPlane.requests.filter((request) => request.method !== 'GET')).toHaveLength(writes)
  })
})
