import { afterEach } from '@jest/globals'
import {
  startServingAgent,
  type AgentServerEmulator,
  type AgentServerOptions,
  type ControlPlaneEmulator,
  type ControlPlaneOptions
} from '../../emulator'
import { onClock } from './deploy-harness'
import { INTEGRATION_ID } from './step-inputs'

export interface ServingAgent {
  controlPlane: ControlPlaneEmulator
  agent: AgentServerEmulator
}

/**
 * Call at the top of a test file (or describe): what it returns starts a control plane on the
 * runs' clock whose deployments' URL is an agent server answering as the revision `name` serves;
 * both are closed after each test.
 */
export function servingAgentPerTest(
  name: string
): (options?: ControlPlaneOptions, agent?: AgentServerOptions) => Promise<ServingAgent> {
  let running: { close(): Promise<void> } | undefined
  afterEach(async () => {
    await running?.close()
    running = undefined
  })
  return async (options = {}, agent = {}) => {
    const started = await startServingAgent({
      serve: name,
      agent,
      controlPlane: { ...onClock, stepMs: 5, ...options }
    })
    running = started
    return started
  }
}

/** An existing git_host deployment `name`, its first revision serving. */
export function seedServing(controlPlane: ControlPlaneEmulator, name: string) {
  const deployment = controlPlane.seedDeployment({
    name,
    source_config: { integration_id: INTEGRATION_ID }
  })
  return { id: deployment.id, first: String(deployment.latest_revision_id) }
}
