import { describe, expect, it, jest } from '@jest/globals'
import { assistantsClient } from '../../src/agent-server/assistants'
import { trackedDispatcher } from '../helpers/action-world'
import { clock, runDelivery } from '../helpers/deploy-harness'
import { gitHostConfig } from '../helpers/config-fixture'
import { realAgentPerFile } from '../helpers/real-agent'
import { REAL_WORK_TEST_MS } from '../helpers/real-time'
import { seedServing } from '../helpers/serving-agent'

jest.setTimeout(REAL_WORK_TEST_MS)

const NAME = 'support-agent'
const realAgent = realAgentPerFile()

describe('a deploy whose deployment URL is the real agent server', () => {
  it('passes the assistant check there, and the client reads its assistants there', async () => {
    const { controlPlane, agentUrl } = await realAgent()
    const { id } = seedServing(controlPlane, NAME)
    const run = await runDelivery({
      ...gitHostConfig(controlPlane.url),
      agent: { assistantId: 'agent', timeoutMs: 30_000 }
    })
    expect(run.result).toMatchObject({ outcome: 'deployed' })
    expect(
      controlPlane.deployments().find((each) => each.id === id)?.source_config?.custom_url
    ).toBe(agentUrl)
    const dispatcher = trackedDispatcher({}, clock)
    const graphDefault = await assistantsClient({
      dispatcher,
      baseUrl: agentUrl,
      apiKey: 'any',
      deadline: clock.now() + 10_000,
      now: clock.now,
      sleep: clock.sleep
    }).get('agent')
    await dispatcher.destroy()
    expect(graphDefault).toMatchObject({ kind: 'found', value: { graph_id: 'agent' } })
  })
})
