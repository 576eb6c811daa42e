import { describe, expect, it } from '@jest/globals'
import { uuidV5 } from '../../src/lib/uuid-v5'
import { ASSISTANT_NAMESPACE } from '../../src/assistants/entries'
import { runInProcess } from '../helpers/action-world'
import { clock, gitHostStep } from '../helpers/deploy-harness'
import type { Step } from '../helpers/policy-file'
import { seedServing, servingAgentPerTest } from '../helpers/serving-agent'

// A rollback restores every assistant this run sent a write to, whatever the answer said: a
// write the server applied whose read-back was lost, or answered with other content, leaves
// the new configuration live under the old code unless the restore covers it too.

const NAME = 'support-agent'
const serving = servingAgentPerTest(NAME)
const ID = uuidV5('support', ASSISTANT_NAMESPACE)

async function start() {
  const services = await serving()
  seedServing(services.controlPlane, NAME)
  const step: Step = {
    ...gitHostStep(services.controlPlane.url, NAME),
    'api-key': 'emulator-key',
    'poll-interval': '1'
  }
  return { ...services, step }
}

const run = (step: Step) => runInProcess(step, { clock })

async function assistantOf(url: string): Promise<Record<string, unknown>> {
  const response = await fetch(`${url}/assistants/${ID}`, {
    headers: { 'x-api-key': 'emulator-key' }
  })
  const { graph_id, name, description, config, context, metadata, version } =
    (await response.json()) as Record<string, unknown>
  return { graph_id, name, description, config, context, metadata, version }
}

const policyOf = (model: string) => ({
  rollback: { 'on-failure': true },
  assistants: {
    entries: [{ name: 'support', 'graph-id': 'agent', config: { configurable: { model } } }]
  }
})

describe('the restore covers every assistant this run sent a write to', () => {
  it.each([
    [
      'the five reads after an applied PATCH answer 503',
      { kind: 'status' as const, status: 503, times: 5 }
    ],
    [
      'the read-back answers another configurable.model',
      {
        kind: 'alter' as const,
        alter: (body: unknown) => {
          const answer = body as { config: { configurable: { model: string } } }
          answer.config.configurable.model = 'someone-else'
          return answer
        }
      }
    ]
  ])('%s: rolled back, active at its earlier version with its earlier content', async (_, read) => {
    const { step, agent } = await start()
    expect((await run({ ...step, policy: policyOf('v1') })).exitCode).toBe(0)
    const earlier = await assistantOf(agent.url)
    expect(earlier).toMatchObject({ version: 1, config: { configurable: { model: 'v1' } } })
    // The PATCH is applied and answered; only what follows it misbehaves.
    agent.injectFault({
      method: 'PATCH',
      path: `/assistants/${ID}`,
      kind: 'delay',
      delayMs: 0,
      before: () => agent.injectFault({ method: 'GET', path: `/assistants/${ID}`, ...read })
    })
    const result = await run({ ...step, policy: policyOf('v2') })
    expect(result.exitCode).toBe(1)
    expect(result.outputs['rolled-back']).toBe('true')
    expect(await assistantOf(agent.url)).toEqual(earlier)
    expect(JSON.parse(result.outputs.assistants ?? '{}')).toEqual({
      support: { id: ID, version: 1, result: 'restored' }
    })
  })
})
