import { afterAll, afterEach } from '@jest/globals'
/**
 * The evaluation gate's tests: the gate alone (startWorld: the tracing service and the agent
 * server on a virtual clock, the gate's deps and settings) and through the action in process
 * (startGateServices: the control plane, the agent server and the tracing service from
 * startServices on one virtual clock, the run as a runner starts it).
 */
import {
  startAgentServer,
  startServices,
  startTracing,
  type AgentServerEmulator,
  type AgentServerOptions,
  type Services,
  type TracingEmulator,
  type TracingOptions
} from '../../emulator'
import { overStep, type Step } from '../helpers/policy-file'
import { TracingClient } from '../../src/tracing/client'
import { within } from '../../src/run/deadlines'
import type { GateDeps, GatePlan, GatePlanResult, GateSettings } from '../../src/evaluation/types'
import {
  runnerOn,
  trackedDispatcher,
  VirtualClock,
  type RunInProcessOptions
} from '../helpers/action-world'
import { gitHostStep } from '../helpers/step-inputs'
import { configFor, type ConfigPartial } from '../helpers/config-fixture'

export const DEPLOYMENT = '5b2a3c1d-0e4f-4a6b-8c7d-9e0f1a2b3c4d'
export const REVISION_A = 'a1111111-1111-4111-8111-111111111111'
export const REVISION_B = 'b2222222-2222-4222-8222-222222222222'
export const REVISION_C = 'c3333333-3333-4333-8333-333333333333'

/**
 * The tests' clock: a VirtualClock (time moves when everything waits, so a request's timeout,
 * itself a sleep on the clock, never fires before a busy server answers), with `ms` to read or
 * move it by hand.
 */
export function virtualClock(start = Date.parse('2026-11-26T12:00:00Z')) {
  const clock = new VirtualClock({ start })
  return {
    get ms() {
      return clock.now()
    },
    set ms(value: number) {
      clock.advance(value - clock.now())
    },
    now: clock.now,
    sleep: clock.sleep,
    clock
  }
}

/** The gate's settings a test names, in the Config's words. */
export type GatePartial = NonNullable<ConfigPartial['gate']>

/** Thresholds by key, in the order written: `thresholds({ correctness: 0.8 })`. */
export const thresholds = (values: Record<string, number>): ReadonlyMap<string, number> =>
  new Map(Object.entries(values))

export interface World {
  tracing: TracingEmulator
  agent: AgentServerEmulator
  clock: ReturnType<typeof virtualClock>
  lines: string[]
  notices: string[]
  deps: (given?: Partial<GateDeps>) => GateDeps
  settings: (given?: GatePartial) => Promise<GateSettings>
  close: () => Promise<void>
}

export async function startWorld(
  options: { tracing?: TracingOptions; agent?: AgentServerOptions } = {}
): Promise<World> {
  const clock = virtualClock()
  const tracing = await startTracing({ now: clock.now, ...options.tracing })
  const agent = await startAgentServer(options.agent)
  const lines: string[] = []
  const notices: string[] = []
  const dispatcher = trackedDispatcher({}, clock.clock)
  const client = new TracingClient({
    dispatcher,
    baseUrl: tracing.url,
    apiKey: 'emulator-key',
    userAgent: 'gate-test',
    now: clock.now,
    sleep: clock.sleep,
    random: () => 0.5,
    backoff: { baseMs: 1_000, maxMs: 4_000 }
  })
  return {
    tracing,
    agent,
    clock,
    lines,
    notices,
    deps: (given = {}) => ({
      client,
      dispatcher,
      deadline: clock.now() + 30 * 60_000,
      clock,
      waitUntil: (ms, deadline) => within(clock, ms, deadline),
      info: (line) => lines.push(line),
      notice: (line) => notices.push(line),
      ...given
    }),
    settings: async (given = {}) => {
      const config = configFor(
        {
          source: 'external_image',
          imageUri: 'registry.example.com/agent:1',
          gate: { dataset: 'gate-dataset', tracingUrl: tracing.url, ...given }
        },
        {}
      )
      if (!config.gate) throw new Error('no gate in the config')
      return config.gate
    },
    close: async () => {
      await Promise.all([tracing.close(), agent.close(), dispatcher.destroy()])
      clock.clock.close()
    }
  }
}

export const AGENT = { apiKey: 'emulator-key' }

/** The revision the gate judges, served by the emulated agent server. */
export const revision = (world: World, revisionId: string) => ({
  revisionId,
  deploymentId: DEPLOYMENT,
  deploymentUrl: world.agent.url,
  commit: '0123456789abcdef0123456789abcdef01234567',
  workflowRun: 'https://github.com/acme/support-agent/actions/runs/1'
})

/** The plan of a gate that planned; any other result fails the test, saying what it was. */
export function planned(result: GatePlanResult): GatePlan {
  if (result.kind !== 'planned') throw new Error(`not planned: ${JSON.stringify(result)}`)
  return result.plan
}

/** Requests that change the tracing service's state. */
export const writes = (tracing: TracingEmulator) =>
  tracing.requests.filter((request) => request.method !== 'GET')

// Through the action in process.

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
    controlPlane: { sleep: clock.hold, stepMs: 10, ...options.controlPlane }
  })
}

/** A deploy step of `NAME` gated on the dataset `gate-dataset`. */
export function gateStep(services: Services, given: Step = {}): Step {
  return overStep(
    {
      ...gitHostStep(services.controlPlane.url, NAME),
      'api-key': 'emulator-key',
      'poll-interval': '1',
      'tracing-url': services.tracing.url,
      policy: GATE_POLICY
    },
    given
  )
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

/**
 * Call at the top of a file of runs in process: one clock for the file's runs and services
 * (closed after them all), and `start` for services on it, closed after each test.
 */
export function gateFile() {
  const clock = new VirtualClock()
  const started: Services[] = []
  afterAll(() => clock.close())
  afterEach(async () => {
    await Promise.all(started.splice(0).map((services) => services.close()))
  })
  return {
    clock,
    runInProcess: gateRunner(clock),
    start: async (options: Parameters<typeof startServices>[0] = {}) => {
      const services = await startGateServices(clock, options)
      started.push(services)
      return services
    }
  }
}

/** A step of another operation than deploy: without the inputs only a deploy takes. */
export function notADeploy(step: Step): Step {
  const copy = { ...step }
  delete copy['integration-id']
  delete copy['graph-config-path']
  return copy
}
