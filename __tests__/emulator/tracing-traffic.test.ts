import { afterEach, describe, expect, it } from '@jest/globals'
import { startServices, VirtualClock, type Services, type TrafficSpec } from '../../emulator'
import { call as controlPlaneCall } from './client'

/**
 * The tracing emulator's traffic generator on the control plane's revisions, all on one virtual
 * clock: the runs of a window are computed when a read comes, never on a timer.
 */

const T0 = Date.parse('2026-11-26T12:00:00Z')
const MINUTE = 60_000
let services: Services | undefined
let clock: VirtualClock | undefined

afterEach(async () => {
  clock?.close()
  await services?.close()
  services = undefined
  clock = undefined
})

async function start(spec?: TrafficSpec) {
  clock = new VirtualClock({ start: T0 })
  services = await startServices({
    now: clock.now,
    deploymentProjects: true,
    controlPlane: { stepMs: 1_000 },
    tracing: { ingestLagMs: 2_000 }
  })
  const deployment = services.controlPlane.seedDeployment({ name: 'agent' })
  const first = deployment.latest_revision_id as string
  const traffic = spec === undefined ? undefined : services.traffic('agent', spec)
  return { services, clock, deployment, first, traffic }
}

/** `POST /runs/stats` as the action sends it, straight to the emulator. */
async function stats(
  projectId: string,
  start: number,
  end: number,
  filter?: string
): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${(services as Services).tracing.url}/api/v1/runs/stats`, {
    method: 'POST',
    headers: { 'x-api-key': 'emulator-key', 'content-type': 'application/json' },
    body: JSON.stringify({
      session: [projectId],
      is_root: true,
      start_time: new Date(start).toISOString(),
      end_time: new Date(end).toISOString(),
      ...(filter === undefined ? {} : { filter }),
      select: ['run_count', 'error_rate', 'latency_p50', 'latency_p99']
    })
  })
  return { status: response.status, body: (await response.json()) as Record<string, unknown> }
}

const byRevision = (id: string) =>
  `and(eq(metadata_key, "revision_id"), eq(metadata_value, "${id}"))`

/** Redeploys `revisionId` through the control plane's API; the time the new revision serves. */
async function redeploy(deploymentId: string, revisionId: string): Promise<number> {
  const s = services as Services
  const answer = await controlPlaneCall(
    s.controlPlane,
    'POST',
    `/v2/deployments/${deploymentId}/revisions/${revisionId}/redeploy`
  )
  expect(answer.status).toBe(200)
  const created = s.controlPlane.revisions(deploymentId)[0]
  clock?.advance(30_000)
  const live = s.controlPlane.revisions(deploymentId)[0]
  expect(live?.status).toBe('DEPLOYED')
  expect(live?.id).toBe(created?.id)
  return Date.parse(live?.updated_at ?? '')
}

describe('traffic generator', () => {
  it('sends runs at its rate, with its error share and latency spread, visible after they end and the ingest lag', async () => {
    const { clock, traffic } = await start({
      profile: { runsPerMinute: 60, errorShare: 0.1, latency: { p50: 2, p99: 8 } }
    })
    const projectId = traffic?.projectId as string
    clock.advance(10 * MINUTE)
    const window = await stats(projectId, T0, T0 + 5 * MINUTE)
    expect(window.status).toBe(200)
    expect(window.body.run_count).toBe(300)
    expect(window.body.error_rate).toBeCloseTo(0.1, 2)
    expect(Math.abs((window.body.latency_p50 as number) - 2)).toBeLessThan(0.1)
    expect(Math.abs((window.body.latency_p99 as number) - 8)).toBeLessThan(0.4)
    // The same window read again later gives the same numbers: computed, not drawn anew.
    clock.advance(MINUTE)
    expect((await stats(projectId, T0, T0 + 5 * MINUTE)).body).toEqual(window.body)
    // Runs that have not ended, or ended less than the ingest lag ago, are not counted yet.
    const recent = await stats(projectId, clock.now() - MINUTE, clock.now())
    expect(recent.body.run_count).toBeLessThan(60)
    expect(recent.body.run_count).toBeGreaterThan(40)
    expect(traffic?.generator.runs(clock.now() - MINUTE, clock.now()).length).toBe(
      recent.body.run_count
    )
  })

  it('gives 0 and nulls before the traffic started, and a window counts [start, end) only', async () => {
    const { clock, traffic } = await start({ profile: { runsPerMinute: 6 } })
    clock.advance(5 * MINUTE)
    const projectId = traffic?.projectId as string
    expect((await stats(projectId, T0 - 5 * MINUTE, T0)).body).toEqual({
      run_count: 0,
      error_rate: null,
      latency_p50: null,
      latency_p99: null
    })
    const whole = (await stats(projectId, T0, T0 + 4 * MINUTE)).body.run_count as number
    const halves =
      ((await stats(projectId, T0, T0 + 2 * MINUTE)).body.run_count as number) +
      ((await stats(projectId, T0 + 2 * MINUTE, T0 + 4 * MINUTE)).body.run_count as number)
    expect(whole).toBe(24)
    expect(halves).toBe(whole)
  })

  it('switches phase mid-window and says when', async () => {
    const { clock, traffic } = await start({
      profile: [
        { runsPerMinute: 30, errorShare: 0, latency: { p50: 1, p99: 2 } },
        { from: T0 + 5 * MINUTE, runsPerMinute: 60, errorShare: 0.5, latency: { p50: 4, p99: 9 } }
      ]
    })
    const projectId = traffic?.projectId as string
    clock.advance(12 * MINUTE)
    const before = (await stats(projectId, T0, T0 + 5 * MINUTE)).body
    const after = (await stats(projectId, T0 + 5 * MINUTE, T0 + 10 * MINUTE)).body
    expect(before).toMatchObject({ run_count: 150, error_rate: 0 })
    expect(after).toMatchObject({ run_count: 300, error_rate: 0.5 })
    expect(after.latency_p50 as number).toBeGreaterThan(3.5)
    expect(traffic?.generator.switches()).toEqual([
      { at: T0 + 5 * MINUTE, revisionId: expect.any(String), phase: 1 }
    ])
  })

  it('follows the revision the control plane serves, stamps its id, and drains the old replicas', async () => {
    const drainMs = 2 * MINUTE
    const { services, clock, deployment, first, traffic } = await start({
      profile: ({ servedAtStart }) =>
        servedAtStart
          ? { runsPerMinute: 60, errorShare: 0 }
          : { runsPerMinute: 60, errorShare: 0.25, latency: { p50: 3, p99: 6 } },
      drainMs
    })
    const projectId = traffic?.projectId as string
    clock.advance(5 * MINUTE)
    const liveAt = await redeploy(deployment.id, first)
    const second = services.controlPlane.serving('agent')?.revisionId as string
    expect(second).not.toBe(first)
    clock.advance(10 * MINUTE)
    const end = liveAt + 5 * MINUTE
    const oldRuns = (await stats(projectId, liveAt, end, byRevision(first))).body
    const newRuns = (await stats(projectId, liveAt, end, byRevision(second))).body
    // The old revision's replicas still send for drainMs after the new one serves.
    expect(oldRuns).toMatchObject({ run_count: 120, error_rate: 0 })
    expect(newRuns).toMatchObject({ run_count: 300, error_rate: 0.25 })
    expect((await stats(projectId, liveAt, end)).body.run_count).toBe(420)
    // Past the drain only the new revision sends.
    expect((await stats(projectId, liveAt + drainMs, end, byRevision(first))).body.run_count).toBe(
      0
    )
    // The bench's lag: from the traffic's switch to the first redeploy request after it.
    expect(services.firstRedeployAfter(T0)).toBe(T0 + 5 * MINUTE)
    expect(services.firstRedeployAfter(T0 + 6 * MINUTE)).toBeUndefined()
  })

  it('leaves runs unstamped when the phase says so: a revision filter finds none', async () => {
    const { clock, first, traffic } = await start({
      profile: { runsPerMinute: 10, stamp: false },
      metadataKey: 'lg_revision'
    })
    clock.advance(5 * MINUTE)
    const projectId = traffic?.projectId as string
    expect((await stats(projectId, T0, T0 + 3 * MINUTE)).body.run_count).toBe(30)
    expect((await stats(projectId, T0, T0 + 3 * MINUTE, byRevision(first))).body.run_count).toBe(0)
  })

  it("makes a deployment's project as the control plane makes the deployment", async () => {
    const { services, clock } = await start()
    const created = await controlPlaneCall(services.controlPlane, 'POST', '/v2/deployments', {
      name: 'second-agent',
      source: 'external_image',
      source_config: {},
      source_revision_config: { image_uri: 'registry.example.com/agent:2' },
      secrets: []
    })
    expect(created.status).toBe(201)
    clock.advance(1_000)
    const response = await fetch(`${services.tracing.url}/sessions?name=second-agent&limit=1`, {
      headers: { 'x-api-key': 'emulator-key' }
    })
    const found = (await response.json()) as { name: string }[]
    expect(found.map((session) => session.name)).toEqual(['second-agent'])
  })
})

describe('POST /runs/stats', () => {
  it('refuses a filter outside the grammar with 400, a bad body with 422, and logs every read', async () => {
    const { services, clock, traffic } = await start({ profile: { runsPerMinute: 6 } })
    const projectId = traffic?.projectId as string
    clock.advance(MINUTE)
    const bad = await stats(projectId, T0, T0 + MINUTE, 'eq(status, "error")')
    expect(bad).toMatchObject({ status: 400, body: { detail: expect.stringContaining('filter') } })
    const injected = await stats(
      projectId,
      T0,
      T0 + MINUTE,
      'and(eq(metadata_key, "k k"), eq(metadata_value, "v"))'
    )
    expect(injected.status).toBe(400)
    const response = await fetch(`${services.tracing.url}/runs/stats`, {
      method: 'POST',
      headers: { 'x-api-key': 'emulator-key', 'content-type': 'application/json' },
      body: JSON.stringify({ session: ['not-a-uuid'], start_time: 'yesterday' })
    })
    expect(response.status).toBe(422)
    services.tracing.injectFault({
      path: '/runs/stats',
      kind: 'status',
      status: 429,
      retryAfter: '5'
    })
    expect((await stats(projectId, T0, T0 + MINUTE)).status).toBe(429)
    clock.advance(1_000)
    expect((await stats(projectId, T0, T0 + MINUTE)).status).toBe(200)
    expect(services.tracing.statsReads()).toEqual([
      expect.objectContaining({ at: T0 + MINUTE, status: 400, faulted: false }),
      expect.objectContaining({ status: 400 }),
      expect.objectContaining({ status: 422 }),
      expect.objectContaining({ status: 429, faulted: true, sessions: [projectId] }),
      {
        at: T0 + MINUTE + 1_000,
        status: 200,
        faulted: false,
        sessions: [projectId],
        start: T0,
        end: T0 + MINUTE,
        filter: null
      }
    ])
  })
})
