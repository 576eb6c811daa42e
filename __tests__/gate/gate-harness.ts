/**
 * The evaluation gate through the action in process: the control plane, the agent server and the
 * tracing service from startServices on one virtual clock, the run as a runner starts it.
 */
import { startServices, type Services } from '../../emulator'
import { mergePolicy, type Step } from '../helpers/policy-file'
import { gitHostStep } from '../helpers/deploy-harness'
import { runnerOn, type RunInProcessOptions, type VirtualClock } from '../helpers/action-world'

export const NAME = 'support-agent'

/** The services, the agent answering as the revision the deployment serves. */
export async function startGateServices(
  clock: VirtualClock,
  options: Parameters<typeof startServices>[0] = {}
): Promise<Services> {
  return startServices({
    now: clock.now,
    serve: NAME,
    ...options,
    controlPlane: { sleep: clock.sleep, stepMs: 10, ...options.controlPlane }
  })
}

/** A deploy step of `NAME` gated on the dataset `gate-dataset`. */
export function gateStep(services: Services, given: Step = {}): Step {
  const { policy, ...inputs } = given
  return {
    ...gitHostStep(services.controlPlane.url, NAME),
    'api-key': 'emulator-key',
    'poll-interval': '1',
    'tracing-url': services.tracing.url,
    ...inputs,
    policy: mergePolicy(GATE_POLICY, typeof policy === 'object' ? policy : {})
  }
}

/** The gate's policy every gateStep starts from: an assistant and the dataset. */
export const GATE_POLICY = { agent: { assistant: 'agent' }, gate: { dataset: 'gate-dataset' } }

/** Requests that change the tracing service's state. */
export const tracingWrites = (services: Services) =>
  services.tracing.requests.filter((request) => request.method !== 'GET')

/** Requests that change the control plane's state. */
export const controlPlaneWrites = (services: Services) =>
  services.controlPlane.requests.filter((request) => request.method !== 'GET')

export const GATE_ENV = { GITHUB_RUN_ID: '4242', GITHUB_SHA: 'f'.repeat(40) }

export function gateRunner(clock: VirtualClock) {
  const run = runnerOn(clock)
  return (inputs: Step, options: RunInProcessOptions = {}) =>
    run(inputs, { ...options, env: { ...GATE_ENV, ...options.env } })
}

/** A step of another operation than deploy: without the inputs only a deploy takes. */
export function notADeploy(step: Step): Step {
  const copy = { ...step }
  delete copy['integration-id']
  delete copy['graph-config-path']
  return copy
}
