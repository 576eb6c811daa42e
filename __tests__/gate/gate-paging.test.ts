import { describe, expect, it } from '@jest/globals'
import { seedGate, type Services } from '../../emulator'
import { NAME, controlPlaneWrites, gateFile, gateStep, tracingWrites } from './gate-harness'

/**
 * Every list the action pages ends: as soon as what it read passes the cap that applies, and at
 * a page that repeats an earlier one (a service that ignores `offset`), which is a clear error.
 * Requests are counted in the emulators; nothing is written when a list before the write fails.
 */
const { runInProcess, start } = gateFile()
let services: Services | undefined

const errors = (run: { annotations: { kind: string; text: string }[] }) =>
  run.annotations
    .filter((each) => each.kind === 'error')
    .map((each) => each.text)
    .join('\n')

async function existing() {
  services = await start()
  services.controlPlane.seedDeployment({ name: NAME })
  return services
}

const reads = (services: Services, path: string) =>
  services.tracing.requests.filter((request) => request.method === 'GET' && request.path === path)
    .length

const ignoreOffset = (path: string) => ({ kind: 'ignore-offset' as const, path, times: 10_000 })

describe('the examples list', () => {
  it('of a service that ignores offset: read until the cap is passed, then refused by gate.max-examples', async () => {
    const services = await existing()
    seedGate(services.tracing, { examples: 150 })
    services.tracing.injectFault(ignoreOffset('/examples'))
    const run = await runInProcess(
      gateStep(services, {
        policy: { gate: { 'min-scores': { correctness: 0.5 }, 'max-examples': 50 } }
      })
    )
    expect(run.exitCode).toBe(1)
    expect(reads(services, '/examples')).toBe(1)
    expect(errors(run)).toMatch(
      /- gate.max-examples: is 50, and the gate would make at least 100 runs \(100 or more examples/
    )
    expect(controlPlaneWrites(services)).toEqual([])
    expect(tracingWrites(services)).toEqual([])
  }, 60_000)

  it('of a service that ignores offset, under the cap: the repeated page is an error naming the list', async () => {
    const services = await existing()
    const { dataset } = seedGate(services.tracing, { examples: 150 })
    services.tracing.injectFault(ignoreOffset('/examples'))
    const run = await runInProcess(
      gateStep(services, { policy: { gate: { 'min-scores': { correctness: 0.5 } } } })
    )
    expect(run.exitCode).toBe(1)
    expect(reads(services, '/examples')).toBe(2)
    expect(errors(run)).toContain(
      `the examples of dataset ${dataset.id.slice(0, 8)}: page 2 holds the same ids as an earlier page`
    )
    expect(controlPlaneWrites(services)).toEqual([])
    expect(tracingWrites(services)).toEqual([])
  }, 60_000)

  it('of a service that pages well: no page is read past the one that passed the cap', async () => {
    const services = await existing()
    seedGate(services.tracing, { examples: 250 })
    const run = await runInProcess(
      gateStep(services, { policy: { gate: { 'min-scores': { correctness: 0.5 } } } })
    )
    expect(run.exitCode).toBe(1)
    expect(reads(services, '/examples')).toBe(2)
    expect(errors(run)).toMatch(/- gate.max-examples: is 100, and the gate would make at least 200/)
  }, 60_000)
})

describe('the experiments list', () => {
  it('of a service that ignores offset: the repeated page is an error, before any write', async () => {
    const services = await existing()
    const { dataset } = seedGate(services.tracing, { examples: 2 })
    for (let index = 0; index < 120; index++)
      services.tracing.seedExperiment({ dataset_id: dataset.id, runs: [] })
    services.tracing.injectFault(ignoreOffset('/sessions'))
    const run = await runInProcess(
      gateStep(services, { policy: { gate: { 'max-regression': { correctness: 0.1 } } } })
    )
    expect(run.exitCode).toBe(1)
    expect(reads(services, '/sessions')).toBe(2)
    expect(errors(run)).toContain(
      `the experiments of dataset ${dataset.id.slice(0, 8)}: page 2 holds the same ids as an earlier page`
    )
    expect(controlPlaneWrites(services)).toEqual([])
    expect(tracingWrites(services)).toEqual([])
  }, 60_000)
})

describe("the control plane's deployments list", () => {
  it('of a service that ignores offset: the repeated page is an error, and no second deployment is created', async () => {
    services = await start()
    for (let index = 0; index < 120; index++)
      services.controlPlane.seedDeployment({ name: `${NAME}-${index}` })
    services.controlPlane.seedDeployment({ name: NAME })
    services.controlPlane.injectFault({
      kind: 'ignore-offset',
      method: 'GET',
      path: '/v2/deployments',
      times: 10_000
    })
    const run = await runInProcess(
      gateStep(services, { policy: { gate: { 'min-scores': { correctness: 0.5 } } } })
    )
    expect(run.exitCode).toBe(1)
    const listReads = services.controlPlane.requests.filter(
      (request) => request.method === 'GET' && request.path === '/v2/deployments'
    )
    expect(listReads).toHaveLength(2)
    expect(errors(run)).toContain('page 2 holds the same ids as an earlier page')
    expect(controlPlaneWrites(services)).toEqual([])
  }, 60_000)
})
