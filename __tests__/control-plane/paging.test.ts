import { afterEach, describe, expect, it } from '@jest/globals'
import { startControlPlane, type ControlPlaneEmulator } from '../../emulator'
import { PagingError } from '../../src/control-plane/errors'
import { clientOnClock, onClock } from '../helpers/deploy-harness'

const API_KEY = 'cp-key-paging'

let emulator: ControlPlaneEmulator | undefined
afterEach(async () => {
  await emulator?.close()
  emulator = undefined
})

/** A control plane holding `count` deployments whose names hold `support-agent`, none exactly it. */
async function crowded(count: number): Promise<ControlPlaneEmulator> {
  const started = await startControlPlane({ ...onClock, apiKey: API_KEY })
  for (let index = 0; index < count; index++)
    started.seedDeployment({ name: `support-agent-${index}` })
  return started
}

describe('finding a deployment by name over pages', () => {
  it('reads every page to the short last one, and then says the name is not there', async () => {
    emulator = await crowded(250)
    const client = clientOnClock({ baseUrl: emulator.url, apiKey: API_KEY, userAgent: 'test' })
    await expect(client.findDeploymentByName('support-agent')).resolves.toBeUndefined()
    expect(emulator.requests.filter((request) => request.path === '/v2/deployments')).toHaveLength(
      3
    )
  })

  it('is an error when the pages do not end within the guard: never "not there", which would create a second deployment', async () => {
    emulator = await crowded(250)
    const client = clientOnClock({
      baseUrl: emulator.url,
      apiKey: API_KEY,
      userAgent: 'test',
      maxListPages: 2
    })
    const found = client.findDeploymentByName('support-agent')
    await expect(found).rejects.toThrow(PagingError)
    await expect(client.findDeploymentByName('support-agent')).rejects.toThrow(
      /did not end within 2 pages/
    )
  })
})
