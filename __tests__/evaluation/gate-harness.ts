import { overStep, type Step } from '../helpers/policy-file'
import { configFor } from '../helpers/deploy-harness'
import {
  startAgentServer,
  startTracing,
  type AgentServerEmulator,
  type AgentServerOptions,
  type TracingEmulator,
  type TracingOptions
} from '../../emulator'
import { TracingClient } from '../../src/tracing/client'
import type { GateDeps, GateSettings } from '../../src/evaluation/types'
import { trackedDispatcher, VirtualClock } from '../helpers/action-world'

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

export interface World {
  tracing: TracingEmulator
  agent: AgentServerEmulator
  clock: ReturnType<typeof virtualClock>
  lines: string[]
  notices: string[]
  deps: (given?: Partial<GateDeps>) => GateDeps
  settings: (given?: Step) => Promise<GateSettings>
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
      now: clock.now,
      sleep: clock.sleep,
      info: (line) => lines.push(line),
      notice: (line) => notices.push(line),
      ...given
    }),
    settings: async (given: Step = {}) => {
      const config = await configFor(
        overStep(
          {
            'api-url': 'https://control.example.com',
            'api-key': 'emulator-key',
            name: 'support-agent',
            source: 'external_image',
            'image-uri': 'registry.example.com/agent:1',
            policy: { agent: { assistant: 'agent' }, gate: { dataset: 'gate-dataset' } },
            'tracing-url': tracing.url
          },
          given
        ),
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

/** Requests that change the tracing service's state. */
export const writes = (tracing: TracingEmulator) =>
  tracing.requests.filter((request) => request.method !== 'GET')
