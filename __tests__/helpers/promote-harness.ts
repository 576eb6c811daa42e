import { afterEach, expect } from '@jest/globals'
import {
  startControlPlane,
  type ControlPlaneEmulator,
  type ControlPlaneOptions,
  type Deployment
} from '../../emulator'
import { openApiValidator } from '../../emulator/openapi'
import type { ConfigPartial } from './config-fixture'
import { onClock, runDelivery, type DeliveryRun } from './deploy-harness'

const validate = openApiValidator()
export const INTEGRATION = { integration_id: '123e4567-e89b-42d3-a456-426614174000' }
export const DIGEST = 'registry.example.com/acme/agent@sha256:' + 'ab'.repeat(32)

/**
 * Call at the top of a test file: what it returns starts a control-plane emulator (polling fast,
 * on the runs' virtual clock) that is closed after the test.
 */
export function emulatorPerTest(): (
  options?: ControlPlaneOptions
) => Promise<ControlPlaneEmulator> {
  let cp: ControlPlaneEmulator | undefined
  afterEach(async () => {
    await cp?.close()
    cp = undefined
  })
  return async (options = {}) => {
    cp = await startControlPlane({ stepMs: 5, ...onClock, ...options })
    return cp
  }
}

/** deliver() as execute() runs it for operation promote, in process, polling fast. */
export function runPromote(
  controlPlane: ControlPlaneEmulator,
  given: Omit<ConfigPartial<'promote'>, 'operation'> = {}
): Promise<DeliveryRun> {
  return runDelivery({
    apiUrl: controlPlane.url,
    operation: 'promote',
    name: 'prod',
    fromDeployment: 'staging',
    ...given
  })
}

/** Requests that change state: none may be sent when a promote is refused. */
export const writes = (controlPlane: ControlPlaneEmulator) =>
  controlPlane.requests.filter((request) => request.method !== 'GET')

export const patches = (controlPlane: ControlPlaneEmulator) =>
  controlPlane.requests.filter((request) => request.method === 'PATCH')

/** Every body sent is valid against the published schema, as the emulator itself checks it. */
export function expectSchemaValid(controlPlane: ControlPlaneEmulator) {
  expect(patches(controlPlane).length).toBeGreaterThan(0)
  const problems = writes(controlPlane).flatMap((request) => {
    const where = `${request.method} ${request.path}`
    const status = request.status === 200 ? [] : [`${where}: answered ${request.status}`]
    if (request.method === 'PATCH')
      return [
        ...validate('DeploymentPatchRequest', request.body).map(
          (problem) => `${where}: ${problem}`
        ),
        ...status
      ]
    if (request.path.endsWith('/redeploy'))
      return [...((request.body ?? null) === null ? [] : [`${where}: a body`]), ...status]
    return [`${where}: unexpected`]
  })
  expect(problems).toEqual([])
}

export const activeOf = (deployment: Deployment) => String(deployment.active_revision_id)

export function seedImages(controlPlane: ControlPlaneEmulator, source = 'external_image') {
  const staging = controlPlane.seedDeployment({
    name: 'staging',
    source,
    source_revision_config: { image_uri: DIGEST }
  })
  const prod = controlPlane.seedDeployment({
    name: 'prod',
    source,
    source_revision_config: { image_uri: 'registry.example.com/acme/agent:1.0' }
  })
  return { staging, prod }
}

export function seedGitHost(controlPlane: ControlPlaneEmulator, stagingRef = 'refs/tags/v1.2.0') {
  const staging = controlPlane.seedDeployment({
    name: 'staging',
    source_config: INTEGRATION,
    source_revision_config: { repo_ref: stagingRef, graph_config_path: 'agent/graph.json' }
  })
  const prod = controlPlane.seedDeployment({
    name: 'prod',
    source_config: INTEGRATION,
    source_revision_config: { repo_ref: 'refs/tags/v1.1.0', graph_config_path: 'graph.json' }
  })
  return { staging, prod }
}
