/**
 * The bake window's tests through the action in process: the control plane, the agent server and
 * the tracing service (with its traffic generator) on one virtual clock, the run as a runner
 * starts it, the policy written as a file. A 15-minute bake takes no real sleep.
 */
import type { Services, TrafficSpec } from '../../emulator'
import type { Step } from '../helpers/policy-file'
import { overStep } from '../helpers/policy-file'
import { gitHostStep } from '../helpers/step-inputs'
import { gateFile, NAME } from '../gate/gate-harness'

export { NAME }
export const MINUTE = 60_000

/** One clock for the file's runs and services, the services closed after each test. */
export function bakeFile() {
  return gateFile()
}

/** The bake a test starts from: 15 minutes, read every minute, at most 5 % errors. */
export const BAKE = { duration: '15m', interval: '1m', 'max-error-rate': '5%' }

/** A deploy step of NAME with a bake (the policy's `bake` laid over BAKE). */
export function bakeStep(
  services: Services,
  bake: Record<string, unknown> = {},
  given: Step = {},
  policy: Record<string, unknown> = {}
): Step {
  return overStep(
    {
      ...gitHostStep(services.controlPlane.url, NAME),
      'api-key': 'emulator-key',
      'poll-interval': '1',
      'tracing-url': services.tracing.url,
      policy: { bake: { ...BAKE, ...bake }, ...policy }
    },
    given
  )
}

/** An existing deployment serving its first revision, with users' traffic. */
export function seeded(services: Services, spec: TrafficSpec) {
  const deployment = services.controlPlane.seedDeployment({ name: NAME })
  const traffic = services.traffic(NAME, spec)
  return { deployment, previous: String(deployment.active_revision_id), ...traffic }
}

/** The reads the bake made (answered or not), as the tracing emulator logged them. */
export const statsReads = (services: Services) => services.tracing.statsReads()

/** Requests that change the control plane's state. */
export const controlPlaneWrites = (services: Services) =>
  services.controlPlane.requests.filter((request) => request.method !== 'GET')
