import { describe, expect, it } from '@jest/globals'
import { uuidV5 } from '../../src/lib/uuid-v5'
import { ASSISTANT_NAMESPACE } from '../../src/policy/assistants'
import { runInProcess } from '../helpers/action-world'
import { clock, gitHostStep } from '../helpers/deploy-harness'
import type { Step } from '../helpers/policy-file'
import { seedServing, servingAgentPerTest } from '../helpers/serving-agent'

// Assistants as code through the action against the emulator's agent server, for what the real
// one cannot be made to do: lose an answer, and serve two revisions of one deployment.

const NAME = 'support-agent'
const serving = servingAgentPerTest(NAME)
const ID = uuidV5('support', ASSISTANT_NAMESPACE)

async function start() {
  const services = await serving()
  const { id, first } = seedServing(services.controlPlane, NAME)
  const step: Step = {
    ...gitHostStep(services.controlPlane.url, NAME),
    'api-key': 'emulator-key',
    'poll-interval': '1'
  }
  const agentWrites = () =>
    services.agent.requests.filter(
      (request) =>
        request.path.startsWith('/assistants') &&
        request.method !== 'GET' &&
        !/\/(versions|search)$/.test(request.path)
    )
  return { ...services, step, agentWrites, deploymentId: id, first }
}

const run = (step: Step) => runInProcess(step, { clock })

const policyOf = (model: string) => ({
  assistants: {
    entries: [{ name: 'support', 'graph-id': 'agent', config: { configurable: { model } } }]
  }
})

describe('assistants as code against the emulator', () => {
  it('settles a lost PATCH answer by reading: one version, never a second write', async () => {
    const { step, agent, agentWrites } = await start()
    expect((await run({ ...step, policy: policyOf('m1') })).exitCode).toBe(0)
    agent.injectFault({ method: 'PATCH', path: `/assistants/${ID}`, kind: 'reset-after' })
    const result = await run({ ...step, policy: policyOf('m2') })
    expect(result.exitCode).toBe(0)
    expect(JSON.parse(result.outputs.assistants ?? '{}')).toEqual({
      support: { id: ID, version: 2, result: 'updated' }
    })
    expect(agentWrites().filter((request) => request.method === 'PATCH')).toHaveLength(1)
    expect(result.stdout).toContain('the answer to the write was lost')
  })

  it("fails the check before any write when the new revision lacks a graph, or an entry is a graph's default", async () => {
    const { step, agentWrites } = await start()
    const missing = await run({
      ...step,
      policy: { assistants: { entries: [{ name: 'support', 'graph-id': 'elsewhere' }] } }
    })
    expect(missing.exitCode).toBe(1)
    expect(missing.stdout).toContain('the new revision does not serve the graph elsewhere')
    // The open-source server's default assistant of a graph: the UUID v5 of its name.
    const graphDefault = uuidV5('agent', '6ba7b821-9dad-11d1-80b4-00c04fd430c8')
    const defaulted = await run({
      ...step,
      policy: {
        assistants: { entries: [{ name: 'support', id: graphDefault, 'graph-id': 'agent' }] }
      }
    })
    expect(defaulted.exitCode).toBe(1)
    expect(defaulted.stdout).toContain("support: the id is a graph's default assistant")
    expect(agentWrites()).toEqual([])
  })

  it('a dry run reads and prints the plan, and writes nothing', async () => {
    const { step, agentWrites, controlPlane } = await start()
    const result = await run({ ...step, 'dry-run': 'true', policy: policyOf('m1') })
    expect(result.exitCode).toBe(0)
    expect(result.stdout).toContain('Assistant support (' + ID.slice(0, 8) + '): create')
    expect(result.stdout).toContain('Dry run: the assistants were read; none was written.')
    expect(agentWrites()).toEqual([])
    expect(controlPlane.requests.filter((request) => request.method !== 'GET')).toEqual([])
  })

  it('operation rollback makes active the newest version stamped with the revision it brings back', async () => {
    const { step, controlPlane, first } = await start()
    const deployed = await run({ ...step, policy: policyOf('m1') })
    const stamped = deployed.outputs['revision-id']
    expect((await run({ ...step, policy: policyOf('m2') })).exitCode).toBe(0)
    const rolled = await run({
      'api-url': controlPlane.url,
      'api-key': 'emulator-key',
      name: NAME,
      operation: 'rollback',
      'to-revision': stamped,
      'poll-interval': '1',
      policy: policyOf('m2')
    })
    expect(rolled.exitCode).toBe(0)
    expect(stamped).not.toBe(first)
    expect(JSON.parse(rolled.outputs.assistants ?? '{}')).toEqual({
      support: { id: ID, version: expect.any(Number), result: 'restored' }
    })
    expect(rolled.stdout).toMatch(/Assistant support \(.{8}\): restored, version 2 → \d/)
  })
})
