import { afterEach, describe, expect, it } from '@jest/globals'
import { randomUUID } from 'node:crypto'
import { HttpStatusError } from '../../src/control-plane/errors'
import { deploymentSchema } from '../../src/control-plane/schemas'
import { MetadataKeyError, revisionFilter } from '../../src/tracing/run-stats'
import { findProject, readRunStats } from '../../src/tracing/stats-read'
import { startStatsWorld, T0, type StatsWorld } from './stats-harness'

const REVISION = 'a1111111-1111-4111-8111-111111111111'
const OTHER = 'b2222222-2222-4222-8222-222222222222'
const MINUTE = 60_000
let world: StatsWorld | undefined

afterEach(async () => {
  await world?.close()
  world = undefined
})

const statsBodies = (w: StatsWorld) =>
  w.tracing.requests.filter((r) => r.path === '/runs/stats').map((r) => r.body)

describe('the deployment tracing project', () => {
  it('is found by tracer_session_id when it is a UUID the service has, else by exact name', async () => {
    world = await startStatsWorld()
    const project = world.tracing.seedProject({ name: 'agent' })
    const near = world.tracing.seedProject({ name: 'agent-2' })
    const call = {}
    expect(await findProject(world.client, { name: 'agent' }, call)).toEqual({
      kind: 'found',
      project: { id: project.id, name: 'agent', tenantId: world.tracing.tenantId, foundBy: 'name' }
    })
    expect(
      await findProject(world.client, { name: 'agent', tracerSessionId: near.id }, call)
    ).toMatchObject({ kind: 'found', project: { id: near.id, foundBy: 'tracer-session-id' } })
    // Not a UUID: never put into a path; the name decides.
    const before = world.tracing.requests.length
    expect(
      await findProject(world.client, { name: 'agent', tracerSessionId: '../datasets' }, call)
    ).toMatchObject({ kind: 'found', project: { id: project.id, foundBy: 'name' } })
    expect(world.tracing.requests.slice(before).map((r) => r.path)).toEqual(['/sessions'])
    // A UUID the service does not know: the name decides.
    expect(
      await findProject(world.client, { name: 'agent', tracerSessionId: randomUUID() }, call)
    ).toMatchObject({ kind: 'found', project: { id: project.id, foundBy: 'name' } })
  })

  it("keeps the control plane's tracer_session_id when the deployment answer has one", () => {
    const deployment = {
      id: randomUUID(),
      name: 'agent',
      source: 'external_image',
      status: 'READY',
      latest_revision_id: null
    }
    const project = randomUUID()
    expect(deploymentSchema.parse({ ...deployment, tracer_session_id: project })).toMatchObject({
      tracer_session_id: project
    })
    expect(deploymentSchema.parse(deployment).tracer_session_id).toBeUndefined()
  })

  it('is a typed not-found when no project has the exact name', async () => {
    world = await startStatsWorld()
    world.tracing.seedProject({ name: 'agent-staging' })
    expect(await findProject(world.client, { name: 'agent', tracerSessionId: null }, {})).toEqual({
      kind: 'not-found',
      name: 'agent'
    })
  })
})

describe('run stats of a window', () => {
  it('counts the root runs started in [start, end): count, error rate, p50 and p99 in seconds', async () => {
    world = await startStatsWorld()
    const { id } = world.tracing.seedProject({ name: 'agent' })
    world.tracing.seedRootRuns(id, [
      { startMs: T0 - 1, latencyMs: 50_000 },
      { startMs: T0, latencyMs: 1_000 },
      { startMs: T0 + 1_000, latencyMs: 2_000, error: true },
      { startMs: T0 + 2_000, latencyMs: 3_000 },
      { startMs: T0 + 3_000, latencyMs: 4_000 },
      { startMs: T0 + MINUTE, latencyMs: 90_000 }
    ])
    const attempt = await world.client.runStatsAttempt(id, { start: T0, end: T0 + MINUTE }, {})
    expect(attempt).toMatchObject({
      kind: 'answered',
      stats: { runCount: 4, errorRate: 0.25, latencyP50: 2.5 }
    })
    // numpy's linear percentile: 3 + (4 - 3) × 0.97.
    expect(attempt.kind === 'answered' && attempt.stats.latencyP99).toBeCloseTo(3.97, 9)
    expect(statsBodies(world)).toEqual([
      {
        session: [id],
        is_root: true,
        start_time: new Date(T0).toISOString(),
        end_time: new Date(T0 + MINUTE).toISOString(),
        select: ['run_count', 'error_rate', 'latency_p50', 'latency_p99']
      }
    ])
  })

  it('gives 0 and nulls for a window without runs', async () => {
    world = await startStatsWorld()
    const { id } = world.tracing.seedProject({ name: 'agent' })
    expect(await world.client.runStatsAttempt(id, { start: T0, end: T0 + MINUTE }, {})).toEqual({
      kind: 'answered',
      stats: { runCount: 0, errorRate: null, latencyP50: null, latencyP99: null }
    })
  })

  it("scopes to the runs whose metadata holds the key with the revision's id", async () => {
    world = await startStatsWorld()
    const { id } = world.tracing.seedProject({ name: 'agent' })
    world.tracing.seedRootRuns(id, [
      { startMs: T0, metadata: { revision_id: REVISION } },
      { startMs: T0 + 1, metadata: { revision_id: REVISION }, error: true },
      { startMs: T0 + 2, metadata: { revision_id: OTHER }, error: true },
      { startMs: T0 + 3, metadata: { other_key: REVISION } },
      { startMs: T0 + 4 }
    ])
    const filter = revisionFilter('revision_id', REVISION)
    expect(filter).toBe(`and(eq(metadata_key, "revision_id"), eq(metadata_value, "${REVISION}"))`)
    const window = { start: T0, end: T0 + MINUTE }
    expect(await world.client.runStatsAttempt(id, { ...window, filter }, {})).toMatchObject({
      stats: { runCount: 2, errorRate: 0.5 }
    })
    expect(statsBodies(world)[0]).toMatchObject({ filter })
    expect(await world.client.runStatsAttempt(id, window, {})).toMatchObject({
      stats: { runCount: 5, errorRate: 0.4 }
    })
  })

  it('refuses a key the filter grammar cannot hold, and a filter the service cannot parse is thrown', async () => {
    for (const key of ['', 'a"b', 'a b', 'x'.repeat(65), 'k)', 'ключ'])
      expect(() => revisionFilter(key, REVISION)).toThrow(MetadataKeyError)
    expect(revisionFilter('a.B_-9', REVISION)).toContain('"a.B_-9"')
    expect(() => revisionFilter('revision_id', 'not-a-uuid')).toThrow('not a UUID')
    world = await startStatsWorld()
    const { id } = world.tracing.seedProject({ name: 'agent' })
    const refused = world.client.runStatsAttempt(
      id,
      { start: T0, end: T0 + 1, filter: 'eq(status, "error")' },
      {}
    )
    await expect(refused).rejects.toThrow(HttpStatusError)
    await expect(refused).rejects.toMatchObject({ status: 400 })
  })
})

describe('an answer that is not numbers in range is no answer', () => {
  const good = { run_count: 40, error_rate: 0.1, latency_p50: 1.5, latency_p99: 4 }
  const hostile: [string, { body?: unknown; rawBody?: string }][] = [
    ['a string count', { body: { ...good, run_count: '40' } }],
    ['a negative count', { body: { ...good, run_count: -1 } }],
    ['a fractional count', { body: { ...good, run_count: 2.5 } }],
    ['a rate over 1', { body: { ...good, error_rate: 1.01 } }],
    ['a negative rate', { body: { ...good, error_rate: -0.1 } }],
    ['a negative latency', { body: { ...good, latency_p99: -3 } }],
    ['a missing key', { body: { run_count: 40, error_rate: 0.1, latency_p50: 1.5 } }],
    ['null with runs', { body: { ...good, latency_p50: null } }],
    [
      'a NaN',
      { rawBody: '{"run_count": 40, "error_rate": NaN, "latency_p50": 1, "latency_p99": 2}' }
    ],
    [
      'an Infinity',
      { rawBody: '{"run_count": 4, "error_rate": 0, "latency_p50": 1, "latency_p99": Infinity}' }
    ],
    ['a list', { body: [good] }],
    ['not JSON at all', { rawBody: 'ok' }]
  ]
  it.each(hostile)('%s', async (_name, answer) => {
    world = await startStatsWorld()
    const { id } = world.tracing.seedProject({ name: 'agent' })
    world.tracing.injectFault({ path: '/runs/stats', kind: 'status', status: 200, ...answer })
    const attempt = await world.client.runStatsAttempt(id, { start: T0, end: T0 + MINUTE }, {})
    expect(attempt).toMatchObject({ kind: 'unanswered' })
    expect(attempt.kind === 'unanswered' && attempt.reason).toContain('/runs/stats')
  })

  it('ignores keys it did not ask for, and takes a count of 0 with numbers', async () => {
    world = await startStatsWorld()
    const { id } = world.tracing.seedProject({ name: 'agent' })
    world.tracing.injectFault({
      path: '/runs/stats',
      kind: 'alter',
      alter: (body) => ({ ...(body as object), total_tokens: 'many', feedback_stats: {} })
    })
    world.tracing.seedRootRuns(id, [{ startMs: T0 }])
    expect(await world.client.runStatsAttempt(id, { start: T0, end: T0 + MINUTE }, {})).toEqual({
      kind: 'answered',
      stats: { runCount: 1, errorRate: 0, latencyP50: 1, latencyP99: 1 }
    })
    world.tracing.injectFault({
      path: '/runs/stats',
      kind: 'status',
      status: 200,
      body: { run_count: 0, error_rate: 0, latency_p50: 0, latency_p99: 0 }
    })
    expect(
      await world.client.runStatsAttempt(id, { start: T0, end: T0 + MINUTE }, {})
    ).toMatchObject({ kind: 'answered', stats: { runCount: 0 } })
  })
})

describe('a read retried until the next read is due', () => {
  it('retries a 5xx and a hostile answer, and is answered by a later attempt', async () => {
    world = await startStatsWorld()
    const { id } = world.tracing.seedProject({ name: 'agent' })
    world.tracing.seedRootRuns(id, [{ startMs: T0 + 10 }])
    world.tracing.injectFault({ path: '/runs/stats', kind: 'status', status: 503 })
    world.tracing.injectFault({
      path: '/runs/stats',
      kind: 'alter',
      alter: (body) => ({ ...(body as object), error_rate: 2 })
    })
    const read = await readRunStats(
      world.client,
      id,
      { start: T0, end: T0 + MINUTE },
      { deadline: T0 + MINUTE }
    )
    expect(read).toMatchObject({ kind: 'answered', attempts: 3, stats: { runCount: 1 } })
  })

  it('stops at the deadline without an answer: no attempt starts after it', async () => {
    world = await startStatsWorld()
    const { id } = world.tracing.seedProject({ name: 'agent' })
    world.tracing.injectFault({ path: '/runs/stats', kind: 'status', status: 502, times: 1000 })
    const deadline = T0 + 30_000
    const read = await readRunStats(world.client, id, { start: T0 - MINUTE, end: T0 }, { deadline })
    expect(read).toMatchObject({ kind: 'unanswered' })
    expect(read.kind === 'unanswered' && read.reason).toContain('HTTP 502')
    const times = world.tracing.statsReads().map((entry) => entry.at)
    expect(times.length).toBe(read.attempts)
    expect(times.length).toBeGreaterThan(2)
    expect(Math.max(...times)).toBeLessThan(deadline)
    expect(world.tracing.statsReads().every((entry) => entry.status === 502)).toBe(true)
  })

  it("holds back every call of the client for a 429's Retry-After", async () => {
    world = await startStatsWorld()
    const { id } = world.tracing.seedProject({ name: 'agent' })
    world.tracing.injectFault({
      path: '/runs/stats',
      kind: 'status',
      status: 429,
      retryAfter: '40'
    })
    const first = await world.client.runStatsAttempt(id, { start: T0, end: T0 + 1 }, {})
    expect(first).toMatchObject({ kind: 'unanswered' })
    expect(world.retryAfters).toEqual([40_000])
    expect(world.client.heldUntil).toBe(T0 + 40_000)
    // Another call of the same client waits for the hold before it is sent.
    await findProject(world.client, { name: 'agent' }, {})
    const lookup = world.tracing.requests.find((r) => r.path === '/sessions')
    expect(lookup?.at).toBeGreaterThanOrEqual(T0 + 40_000)
  })

  it('is late rather than skipped while held back, and unanswered when the hold passes the deadline', async () => {
    world = await startStatsWorld()
    const { id } = world.tracing.seedProject({ name: 'agent' })
    world.tracing.injectFault({
      path: '/runs/stats',
      kind: 'status',
      status: 429,
      retryAfter: '20'
    })
    const late = await readRunStats(
      world.client,
      id,
      { start: T0 - MINUTE, end: T0 },
      { deadline: T0 + MINUTE }
    )
    expect(late).toMatchObject({ kind: 'answered', attempts: 2 })
    expect(world.tracing.statsReads().map((entry) => entry.at - T0)).toEqual([0, 20_000])
    world.tracing.injectFault({
      path: '/runs/stats',
      kind: 'status',
      status: 429,
      retryAfter: '120'
    })
    const start = world.clock.now()
    const held = await readRunStats(
      world.client,
      id,
      { start: T0 - MINUTE, end: T0 },
      { deadline: start + MINUTE }
    )
    expect(held).toMatchObject({ kind: 'unanswered', attempts: 1 })
    expect(world.tracing.statsReads().length).toBe(3)
    // The deadline is not slept past: the read gave up at once.
    expect(world.clock.now()).toBe(start)
  })
})
