/**
 * Memory of the assistants' reads against an agent server that pages an assistant's versions
 * forever (every page full, new numbers, 3 KB of prompt each): the built action's dry run, a child
 * process, its peak RSS beside the same dry run against an assistant of one version.
 */
import { startServingAgent } from '../emulator'
import { endlessVersions } from '../__tests__/helpers/endless-versions'
import { runAction } from '../__tests__/helpers/run-action'
import { gitHostStep, INTEGRATION_ID } from '../__tests__/helpers/step-inputs'
import { uuidV5 } from '../src/lib/uuid-v5'
import { ASSISTANT_NAMESPACE } from '../src/assistants/entries'

export interface AssistantVersionsBench {
  /** Peak RSS of the dry run, MB: one version, and versions without end. */
  oneVersionPeakMb: number
  endlessPeakMb: number
  /** Pages of versions the endless dry run read, and whether it succeeded. */
  pagesRead: number
  passed: boolean
}

const NAME = 'support-agent'
const ID = uuidV5('support', ASSISTANT_NAMESPACE)

async function dryRun(
  endless: boolean
): Promise<{ peakMb: number; pages: number; code: number | null }> {
  const services = await startServingAgent({ serve: NAME, controlPlane: { stepMs: 5 } })
  try {
    services.controlPlane.seedDeployment({
      name: NAME,
      source_config: { integration_id: INTEGRATION_ID }
    })
    await fetch(`${services.agent.url}/assistants`, {
      method: 'POST',
      headers: { 'x-api-key': 'emulator-key', 'content-type': 'application/json' },
      body: JSON.stringify({ assistant_id: ID, graph_id: 'agent', name: 'support' })
    })
    if (endless)
      services.agent.injectFault(endlessVersions(ID, { repeat: false, promptBytes: 3_000 }))
    const run = await runAction(
      {
        ...gitHostStep(services.controlPlane.url, NAME),
        'api-key': 'emulator-key',
        'dry-run': 'true'
      },
      {
        policy: {
          assistants: {
            entries: [
              { name: 'support', 'graph-id': 'agent', config: { configurable: { model: 'm1' } } }
            ]
          }
        },
        killAfterMs: 120_000
      }
    )
    return {
      peakMb: (run.peakRssBytes ?? Number.NaN) / (1024 * 1024),
      pages: services.agent.requests.filter(
        (request) => request.path === `/assistants/${ID}/versions`
      ).length,
      code: run.code
    }
  } finally {
    await services.close()
  }
}

export async function benchAssistantVersions(): Promise<AssistantVersionsBench> {
  const one = await dryRun(false)
  const endless = await dryRun(true)
  return {
    oneVersionPeakMb: one.peakMb,
    endlessPeakMb: endless.peakMb,
    pagesRead: endless.pages,
    passed: endless.code === 0 && one.code === 0
  }
}
