/**
 * The chaos run: many deploys against the emulator with a seeded mix of faults, counting
 * duplicates, false successes and hangs. Shared by a small run in `npm test` and the full run of
 * `npm run bench:chaos`.
 */
import fc from 'fast-check'
import { startControlPlane, type Fault } from '../emulator'
import { readStep, type Step } from '../__tests__/helpers/policy-file'
import { createDispatcher } from '../src/control-plane/transport'
import { wireRun } from '../src/wiring'
import type { Dispatcher } from 'undici'
import { sleep } from '../src/control-plane/retry'
import { runOperation } from '../src/operations/operations'
import type { DeployResult } from '../src/result'
import { parseServiceInputs } from '../__tests__/helpers/service-config'
import { rawInputs } from '../__tests__/helpers/action-yml'

const INTEGRATION_ID = '123e4567-e89b-42d3-a456-426614174000'
/** A deploy that has not ended by then counts as a hang. */
const HANG_AFTER_MS = 15_000

export interface ChaosReport {
  seed: number
  deploys: number
  faultsInjected: number
  faultsHit: number
  outcomes: Record<string, number>
  duplicateDeployments: number
  extraRevisions: number
  falseSuccesses: number
  hangs: number
}

interface Scenario {
  existing: boolean
  finalStatus: 'DEPLOYED' | 'BUILD_FAILED' | 'DEPLOY_FAILED'
  faults: Fault[]
}

const routes: Pick<Fault, 'method' | 'path'>[] = [
  { method: 'GET', path: '/v2/deployments' },
  { method: 'POST', path: '/v2/deployments' },
  { method: 'PATCH', path: /^\/v2\/deployments\/[^/]+$/ },
  { method: 'GET', path: /^\/v2\/deployments\/[^/]+$/ },
  { method: 'GET', path: /\/revisions\// }
]

const faultArbitrary: fc.Arbitrary<Fault> = fc
  .record({
    route: fc.constantFrom(...routes),
    kind: fc.constantFrom('status', 'reset-before', 'reset-after', 'delay', 'truncate' as const),
    status: fc.constantFrom(408, 429, 500, 502, 503, 504),
    retryAfter: fc.constantFrom(undefined, '0', '1'),
    times: fc.integer({ min: 1, max: 3 })
  })
  .map(({ route, kind, status, retryAfter, times }) => ({
    ...route,
    kind,
    times,
    ...(kind === 'status' ? { status, retryAfter } : {}),
    // Longer than the client's request timeout below: the client gives up, the service acts.
    ...(kind === 'delay' ? { delayMs: 450 } : {})
  }))

const scenarioArbitrary: fc.Arbitrary<Scenario> = fc.record({
  existing: fc.boolean(),
  finalStatus: fc.constantFrom('DEPLOYED', 'DEPLOYED', 'DEPLOYED', 'BUILD_FAILED', 'DEPLOY_FAILED'),
  faults: fc.array(faultArbitrary, { minLength: 0, maxLength: 3 })
})

/**
 * The time a chaos run is on: real time for the bench; a test gives a virtual clock (with a
 * dispatcher that shows it every request in flight), so that a busy machine cannot turn a fault
 * into a timeout.
 */
export interface ChaosTime {
  now: () => number
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>
  /** The emulator's sleep in a delay fault, when it differs (a virtual clock's `hold`). */
  hold?: (ms: number) => Promise<void>
  dispatcher?: Dispatcher
}
const REAL_TIME: ChaosTime = { now: Date.now, sleep }

export async function chaosRun(
  seed: number,
  deploys: number,
  time: ChaosTime = REAL_TIME
): Promise<ChaosReport> {
  const scenarios = fc.sample(scenarioArbitrary, { seed, numRuns: deploys })
  const report: ChaosReport = {
    seed,
    deploys,
    faultsInjected: 0,
    faultsHit: 0,
    outcomes: {},
    duplicateDeployments: 0,
    extraRevisions: 0,
    falseSuccesses: 0,
    hangs: 0
  }
  const emulator = await startControlPlane({
    stepMs: 5,
    now: time.now,
    sleep: time.hold ?? time.sleep
  })
  try {
    for (const [index, scenario] of scenarios.entries()) {
      const name = `chaos-${index}`
      emulator.setOutcome(scenario.finalStatus)
      const seeded = scenario.existing
        ? emulator.seedDeployment({ name, status: 'DEPLOYED' })
        : undefined
      const revisionsBefore = seeded ? emulator.revisions(seeded.id).length : 0
      const requestsBefore = emulator.requests.length
      scenario.faults.forEach((fault) => emulator.injectFault(fault))
      report.faultsInjected += scenario.faults.reduce((sum, fault) => sum + (fault.times ?? 1), 0)

      const started = time.now()
      // The hang timer stops when the deploy ends: left running, it kept jest from exiting.
      const hangTimer = new AbortController()
      const result = await Promise.race([
        deployOnce(emulator.url, name, time),
        time.sleep(HANG_AFTER_MS, hangTimer.signal).then(
          () => 'hang' as const,
          () => 'hang' as const
        )
      ]).finally(() => hangTimer.abort())
      emulator.clearFaults()
      // Let requests the client gave up on (delays) land before counting.
      if (scenario.faults.some((fault) => fault.kind === 'delay')) await time.sleep(500)
      report.faultsHit += emulator.requests.slice(requestsBefore).filter((r) => r.faulted).length
      if (result === 'hang') {
        report.hangs += 1
        continue
      }
      report.outcomes[result.outcome] = (report.outcomes[result.outcome] ?? 0) + 1
      if (process.env.CHAOS_TRACE)
        console.log(
          index,
          time.now() - started,
          result.outcome,
          JSON.stringify(scenario.faults),
          result.message.slice(0, 160)
        )
      const named = emulator.deployments().filter((d) => d.name === name)
      report.duplicateDeployments += Math.max(0, named.length - 1)
      const revisions = named[0] ? emulator.revisions(named[0].id) : []
      report.extraRevisions += Math.max(0, revisions.length - revisionsBefore - 1)
      if (result.outcome === 'deployed') {
        const ours = revisions.find((revision) => revision.id === result.revisionId)
        if (ours?.status !== 'DEPLOYED' || scenario.finalStatus !== 'DEPLOYED')
          report.falseSuccesses += 1
      }
    }
  } finally {
    await emulator.close()
  }
  return report
}

async function deployOnce(apiUrl: string, name: string, time: ChaosTime): Promise<DeployResult> {
  const given: Step = {
    'api-url': apiUrl,
    'api-key': 'emulator-key',
    name,
    'integration-id': INTEGRATION_ID,
    'graph-config-path': 'graph.json',
    timeout: '10s'
  }
  const { config, deps } = await chaosStep(given, time)
  return runOperation(config, deps)
}

/**
 * What the deploys of a chaos run share: the inputs parsed as a runner hands them over, polls
 * faster than the poll-interval input allows (1 s at least: many deploys in one bench run), and a
 * quick client whose log goes nowhere.
 */
export async function chaosStep(given: Step, time: ChaosTime = REAL_TIME) {
  const env = {
    GITHUB_REF: 'refs/heads/main',
    GITHUB_SERVER_URL: 'https://github.com',
    GITHUB_REPOSITORY: 'acme/agent'
  }
  const parsed = await readStep(given, env, (inputs, stepEnv) =>
    parseServiceInputs(rawInputs(inputs), stepEnv)
  )
  const config = { ...parsed, pollIntervalMs: 50 }
  const silent = () => undefined
  const io = { info: silent, notice: silent, warning: silent, known: silent }
  // The production wiring, with a quicker client and the chaos run's time.
  const deps = wireRun({
    config,
    world: {
      clock: { now: time.now, sleep: time.sleep },
      signal: new AbortController().signal,
      env: {},
      connections: { dispatcher: time.dispatcher ?? createDispatcher({}) }
    },
    startedAt: time.now(),
    io,
    client: {
      userAgent: 'deploy-agent-action/chaos',
      requestTimeoutMs: 300,
      backoff: { baseMs: 10, maxMs: 100 },
      dispatcher: time.dispatcher
    }
  })
  return { config, deps }
}
