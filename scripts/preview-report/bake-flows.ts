import { startServices, type TrafficRevision } from '../../emulator'
import type { NamedFlow } from './gate-flows'
import { flowClock, INTEGRATION, NAME, pushes, stepOf } from './kit'

/**
 * The bake window's flows, on the flows' virtual clock like the others: a 12-s window read every
 * 3 s over the emulated users' traffic, 10 runs a second. The revision from before serves its
 * users for a window's length first, so the previous window holds its traffic.
 */
const HEALTHY = { runsPerMinute: 600, errorShare: 0.01, latency: { p50: 0.8, p99: 2 } }
const BROKEN = { ...HEALTHY, errorShare: 0.3 }
const BAKE = {
  duration: '12s',
  interval: '3s',
  'min-runs': 20,
  'max-error-rate': '5%',
  'max-latency': { p50: '3s' },
  'max-regression': { 'error-rate': '2%' }
}
/** A window's length and the settling after it: the previous window is full by then. */
const SERVED_BEFORE_MS = 16_000

async function bakeWorld(
  closers: (() => Promise<void>)[],
  profile: (revision: TrafficRevision) => typeof HEALTHY
) {
  const { now, sleep } = flowClock()
  const services = await startServices({ now, serve: NAME, controlPlane: { stepMs: 5, sleep } })
  closers.push(services.close)
  services.controlPlane.seedDeployment({
    name: NAME,
    source_config: INTEGRATION,
    history: [{ durationMs: 125_000 }, { durationMs: 131_000 }, { durationMs: 128_000 }]
  })
  services.traffic(NAME, { profile })
  await sleep(SERVED_BEFORE_MS)
  return stepOf(services.controlPlane, {
    'tracing-url': services.tracing.url,
    'tracing-web-url': 'https://tracing.example.com',
    environment: 'pr-7',
    policy: { bake: BAKE, rollback: { 'on-failure': true } }
  })
}

/** A bake that passes; one whose revision errors on 30 % of its runs, breaches and rolls back. */
export async function bakeFlows(closers: (() => Promise<void>)[]): Promise<NamedFlow[]> {
  const flows: NamedFlow[] = []
  {
    const step = await bakeWorld(closers, () => HEALTHY)
    flows.push({
      id: 'bake-passed',
      title: 'The bake window passes',
      result: await pushes(step, [() => undefined])
    })
  }
  {
    const step = await bakeWorld(closers, (revision) => (revision.servedAtStart ? HEALTHY : BROKEN))
    flows.push({
      id: 'bake-breached-rolled-back',
      title: 'The bake window breaches, rolled back',
      result: await pushes(step, [() => undefined])
    })
  }
  return flows
}
