/**
 * Rollback runs for the chaos bench: a deploy whose revision breaks (its agent fails the checks)
 * with rollback.on-failure, faults on the redeploy and on the agent server. Counts redeploys beyond
 * one per rollback, false successes (a rollback said to be done while another revision serves)
 * and hangs.
 */
import fc from 'fast-check'
import {
  startAgentServer,
  startControlPlane,
  type ControlPlaneEmulator,
  type Fault
} from '../emulator'
import { deliver, type Delivery } from '../src/safe-delivery'
import { sleep } from '../src/control-plane/retry'
import { chaosStep } from './chaos'

const NAME = 'agent'
const HANG_AFTER_MS = 30_000

export interface RollbackChaosReport {
  runs: number
  rollbacks: number
  duplicateRedeploys: number
  falseSuccesses: number
  hangs: number
}

const scenarioArbitrary = fc.record({
  broken: fc.constantFrom('run-error', 'assistant-error', 'wrong-reply' as const),
  infoHost: fc.constantFrom('serving', 'absent', 'stale' as const),
  redeployFault: fc.constantFrom<Fault | undefined>(
    undefined,
    { method: 'POST', path: /\/redeploy$/, kind: 'reset-after' },
    { method: 'POST', path: /\/redeploy$/, kind: 'status', status: 502 },
    { method: 'POST', path: /\/redeploy$/, kind: 'delay', delayMs: 450 }
  )
})

export async function rollbackChaosRun(seed: number, runs: number): Promise<RollbackChaosReport> {
  const report: RollbackChaosReport = {
    runs,
    rollbacks: 0,
    duplicateRedeploys: 0,
    falseSuccesses: 0,
    hangs: 0
  }
  for (const scenario of fc.sample(scenarioArbitrary, { seed, numRuns: runs })) {
    const holder: { cp?: ControlPlaneEmulator } = {}
    const agent = await startAgentServer({
      infoHost: scenario.infoHost,
      staleInfoReads: 1,
      host: () => holder.cp?.serving(NAME)
    })
    const cp = await startControlPlane({
      stepMs: 5,
      agentUrl: agent.url,
      agent: ({ revisionNumber }) => (revisionNumber === 1 ? 'well' : scenario.broken)
    })
    holder.cp = cp
    try {
      cp.seedDeployment({
        name: NAME,
        source_config: { integration_id: '123e4567-e89b-42d3-a456-426614174000' }
      })
      if (scenario.redeployFault) cp.injectFault(scenario.redeployFault)
      const delivery = await Promise.race([
        deliverOnce(cp.url),
        sleep(HANG_AFTER_MS).then(() => 'hang' as const)
      ])
      if (delivery === 'hang') {
        report.hangs += 1
        continue
      }
      await sleep(500) // a delayed redeploy lands before counting
      report.duplicateRedeploys += Math.max(0, cp.redeploys().length - 1)
      if (delivery.rollback) report.rollbacks += 1
      const done = delivery.rollback?.restored === true
      const serving = cp.serving(NAME)?.revisionId
      if (done && serving !== delivery.rollback?.revisionId) report.falseSuccesses += 1
      // The broken revision must never pass as a success.
      if (delivery.result.outcome === 'deployed') report.falseSuccesses += 1
    } finally {
      await Promise.all([cp.close(), agent.close()])
    }
  }
  return report
}

async function deliverOnce(apiUrl: string): Promise<Delivery> {
  const { config, deps } = await chaosStep({
    'api-url': apiUrl,
    'api-key': 'emulator-key',
    name: NAME,
    'integration-id': '123e4567-e89b-42d3-a456-426614174000',
    'graph-config-path': 'graph.json',
    timeout: '10s',
    policy: {
      agent: { assistant: 'agent', message: 'hi', expect: 'echo: hi', timeout: '2s' },
      rollback: { 'on-failure': true, timeout: '10s' }
    }
  })
  return deliver(config, deps)
}
