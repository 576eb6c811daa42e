import { describe, expect, it } from '@jest/globals'
import { uuidV5 } from '../../src/lib/uuid-v5'
import { ASSISTANT_NAMESPACE } from '../../src/assistants/entries'
import { runInProcess } from '../helpers/action-world'
import { clock, gitHostStep } from '../helpers/deploy-harness'
import type { Step } from '../helpers/policy-file'
import { seedServing, servingAgentPerTest } from '../helpers/serving-agent'

// Assistants as code through the action against the emulator's agent server, for what the real
// one cannot be made to do: lose an answer, serve two revisions of one deployment, and answer
// runs under the virtual clock (the real server's /runs/wait takes real time).

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

/** An assistant as the agent server answers it now, read directly. */
async function assistantOf(url: string, id: string): Promise<Record<string, unknown>> {
  const response = await fetch(`${url}/assistants/${id}`, {
    headers: { 'x-api-key': 'emulator-key' }
  })
  return (await response.json()) as Record<string, unknown>
}

/** What an assistant holds, without the times its writes set. */
function contentOf(assistant: Record<string, unknown>) {
  const { assistant_id, graph_id, name, description, config, context, metadata, version } =
    assistant
  return { assistant_id, graph_id, name, description, config, context, metadata, version }
}

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

  it('on-drift fail: a hand edit is refused before any write, headlined as the gate refuses', async () => {
    const { step, agent, agentWrites, controlPlane } = await start()
    expect((await run({ ...step, policy: policyOf('m1') })).exitCode).toBe(0)
    await fetch(`${agent.url}/assistants/${ID}`, {
      method: 'PATCH',
      headers: { 'x-api-key': 'emulator-key', 'content-type': 'application/json' },
      body: JSON.stringify({ config: { configurable: { model: 'by-hand' } } })
    })
    const writes = controlPlane.requests.filter((request) => request.method !== 'GET').length
    const agentWritten = agentWrites().length
    const policy = policyOf('m1')
    const refused = await run({
      ...step,
      policy: { assistants: { ...policy.assistants, 'on-drift': 'fail' } }
    })
    expect(refused.exitCode).toBe(1)
    expect(controlPlane.requests.filter((request) => request.method !== 'GET')).toHaveLength(writes)
    expect(agentWrites()).toHaveLength(agentWritten)
    const headline = refused.summary.split('\n').find((line) => line.startsWith('## ')) ?? ''
    expect(headline).toContain('assistants.on-drift')
    expect(headline).toContain('nothing was deployed')
    expect(headline).not.toMatch(/deploy failed/)
    const errorLine = refused.stdout.split('\n').find((line) => line.startsWith('::error::')) ?? ''
    expect(errorLine).toContain('nothing was deployed')
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

  it('a failed agent check after the write brings the assistants back: each changed one active at its earlier version, content as before; a created one kept and listed', async () => {
    const { step, agent, controlPlane } = await start()
    const before = policyOf('m1').assistants.entries
    const first = await run({ ...step, policy: { assistants: { entries: before } } })
    expect(first.exitCode).toBe(0)
    const earlier = contentOf(await assistantOf(agent.url, ID))
    expect(earlier).toMatchObject({ version: 1, config: { configurable: { model: 'm1' } } })

    // The new revision answers the agent check wrongly; the one brought back answers well.
    controlPlane.setAgent('wrong-reply')
    const extra = uuidV5('triage', ASSISTANT_NAMESPACE)
    const result = await run({
      ...step,
      policy: {
        agent: { assistant: 'support', message: 'hello', expect: 'echo: hello' },
        rollback: { 'on-failure': true },
        assistants: {
          entries: [
            { name: 'support', 'graph-id': 'agent', config: { configurable: { model: 'm2' } } },
            { name: 'triage', 'graph-id': 'agent', config: { configurable: { model: 't1' } } }
          ]
        }
      }
    })
    expect(result.exitCode).toBe(1)
    // The assistants were written on the new revision before its agent check failed.
    expect(result.stdout).toMatch(/Assistant support \(.{8}\): updated, version 1 → 2/)
    expect(result.stdout).toContain('the reply does not contain "echo: hello" (agent.expect)')
    expect(result.outputs['rolled-back']).toBe('true')
    // Active again at its earlier version, with the content it had before this run.
    expect(contentOf(await assistantOf(agent.url, ID))).toEqual(earlier)
    expect(await assistantOf(agent.url, extra)).toMatchObject({
      version: 1,
      config: { configurable: { model: 't1' } }
    })
    expect(JSON.parse(result.outputs.assistants ?? '{}')).toEqual({
      support: { id: ID, version: 1, result: 'restored' },
      triage: { id: extra, version: 1, result: 'created' }
    })
    expect(result.summary).toContain('### Assistants after the rollback')
    // Restored once the revision brought back is DEPLOYED, before its checks.
    const back = result.outputs['rollback-revision-id'] ?? ''
    const at = (text: string) => {
      const index = result.stdout.indexOf(text)
      expect(index).toBeGreaterThanOrEqual(0)
      return index
    }
    const restoredAt = at(`Assistant support (${ID.slice(0, 8)}): restored, version 2 → 1`)
    expect(restoredAt).toBeGreaterThan(at(`Revision ${back}: DEPLOYED`))
    expect(restoredAt).toBeLessThan(at(`Agent check: GET /info names revision ${back}`))
  })
})
