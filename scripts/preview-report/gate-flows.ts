import { seedGate, startServices } from '../../emulator'
import type { Step } from '../../__tests__/helpers/policy-file'
import { flowClock, INTEGRATION, NAME, pushes, stepOf, type FlowRun } from './kit'

/** A flow to show: its page's id and title, and what it ran. */
export interface NamedFlow {
  id: string
  title: string
  result: FlowRun
}

const noop = () => undefined

/** The gate's policy: an assistant, a dataset, a score to reach, a rollback on failure. */
const GATE = {
  agent: { assistant: 'agent' },
  gate: { dataset: 'gate-dataset', 'min-scores': { correctness: 0.8 } },
  rollback: { 'on-failure': true }
}

/** The control plane, the agent server and the tracing service, a deployment seeded. */
async function gateWorld(closers: (() => Promise<void>)[], examples = 4) {
  const { now, sleep } = flowClock()
  const services = await startServices({
    now,
    serve: NAME,
    controlPlane: { sleep, stepMs: 5 }
  })
  closers.push(services.close)
  services.controlPlane.seedDeployment({
    name: NAME,
    source_config: INTEGRATION,
    history: [{ durationMs: 125_000 }, { durationMs: 131_000 }, { durationMs: 128_000 }]
  })
  if (examples > 0) seedGate(services.tracing, { examples })
  const step = (more: Step = {}) =>
    stepOf(services.controlPlane, { 'tracing-url': services.tracing.url, policy: GATE, ...more })
  return { services, step }
}

/** The evaluation gate's flows: it passes; it fails and rolls back; it refuses; a dry run. */
export async function gateFlows(closers: (() => Promise<void>)[]): Promise<NamedFlow[]> {
  const flows: NamedFlow[] = []
  {
    const { step } = await gateWorld(closers)
    flows.push({
      id: 'gate-passed',
      title: 'The evaluation gate passes',
      result: await pushes(step(), [noop, noop])
    })
  }
  {
    const { services, step } = await gateWorld(closers)
    flows.push({
      id: 'gate-failed-rolled-back',
      title: 'The evaluation gate fails, rolled back',
      result: await pushes(step(), [
        noop,
        () =>
          services.controlPlane.setAgent(({ redeployOf }) => (redeployOf ? 'well' : 'wrong-reply'))
      ])
    })
  }
  {
    // The policy names a dataset the tracing service does not have: refused before any write,
    // after a push that served.
    const { step } = await gateWorld(closers)
    flows.push({
      id: 'gate-refused',
      title: 'The evaluation gate refuses the deploy (no such dataset)',
      result: await pushes(step(), [noop], {
        then: {
          inputs: step({ policy: { ...GATE, gate: { ...GATE.gate, dataset: 'no-such-dataset' } } }),
          newPush: true
        }
      })
    })
  }
  {
    const { step } = await gateWorld(closers)
    flows.push({
      id: 'dry-run-gate',
      title: 'A dry run with an evaluation gate',
      result: await pushes(step({ 'dry-run': 'true' }), [noop])
    })
  }
  return flows
}
