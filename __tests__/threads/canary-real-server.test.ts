import { afterAll, afterEach, beforeAll, describe, expect, it, jest } from '@jest/globals'
import { createServer, request, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { startControlPlane, type ControlPlaneEmulator } from '../../emulator'
import { canaryThreadId } from '../../src/threads/canary'
import { runInProcess, type WorldRun } from '../helpers/action-world'
import { clock, gitHostStep, onClock } from '../helpers/deploy-harness'
import { startParkedAgent, type ParkedAgent, type ParkedVersion } from '../helpers/parked-agent'
import type { Step } from '../helpers/policy-file'
import { REAL_WORK_TEST_MS } from '../helpers/real-time'
import { seedServing } from '../helpers/serving-agent'

// The canaries through the built action (run(world) on the virtual clock) against the real agent
// server (@langchain/langgraph-api): the deployment's URL is a proxy to that server, which it
// restarts in the same folder on the release's graph before the first request once this run's
// revision serves, and on the old graph again once a redeploy of the old revision does, as a
// deployment's revisions share its threads. One server for the file; the virtual clock stands
// still while a request to it is in flight.

jest.setTimeout(REAL_WORK_TEST_MS)

const NAME = 'support-agent'
const COMMIT = 'a'.repeat(40)

let agent: ParkedAgent | undefined
let proxy: Server | undefined
let proxyUrl = ''
let serving: ParkedVersion = 'v1'
/** The version the control plane's serving revision calls for, in the running test. */
let wanted: () => ParkedVersion = () => 'v1'
let cp: ControlPlaneEmulator | undefined
let swaps: Promise<unknown> = Promise.resolve()

/** The server on the version the serving revision calls for, one restart at a time. */
function sync(): Promise<void> {
  const next = swaps.then(async () => {
    const want = wanted()
    if (want === serving || !agent) return
    // The clock stands still while the server restarts (seconds of real time).
    const hold = setInterval(() => clock.touch(), 20)
    try {
      await agent.restart(want)
      serving = want
    } finally {
      clearInterval(hold)
    }
  })
  swaps = next.catch(() => undefined)
  return next
}

beforeAll(async () => {
  agent = await startParkedAgent('v1')
  proxy = createServer((incoming, answer) => {
    // A run takes the server a second of real time with no byte coming back: the clock stands
    // still until it answers, as for a server that is merely slow.
    const hold = setInterval(() => clock.touch(), 20)
    answer.once('close', () => clearInterval(hold))
    sync().then(
      () => {
        const target = new URL(agent?.url ?? '')
        const upstream = request(
          {
            host: target.hostname,
            port: target.port,
            method: incoming.method,
            path: incoming.url,
            headers: { ...incoming.headers, host: target.host },
            agent: false
          },
          (reply) => {
            answer.writeHead(reply.statusCode ?? 502, reply.headers)
            reply.pipe(answer)
          }
        )
        upstream.on('error', () => answer.destroy())
        incoming.pipe(upstream)
      },
      () => answer.destroy()
    )
  })
  await new Promise<void>((resolve) => proxy?.listen(0, '127.0.0.1', resolve))
  proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`
}, REAL_WORK_TEST_MS)
afterEach(async () => {
  await cp?.close()
  cp = undefined
  wanted = () => 'v1'
  await sync()
}, REAL_WORK_TEST_MS)
afterAll(async () => {
  proxy?.closeAllConnections()
  await new Promise((resolve) => proxy?.close(resolve))
  await agent?.close()
}, REAL_WORK_TEST_MS)

/** A deployment serving `v1` (its seeded revisions, and a redeploy of them) and `next` (this run's). */
async function deployment(next: ParkedVersion) {
  const control = await startControlPlane({ ...onClock, stepMs: 5, agentUrl: proxyUrl })
  cp = control
  const { id } = seedServing(control, NAME)
  const seeded = new Set(control.revisions(id).map((revision) => String(revision.id)))
  let created: string | undefined
  wanted = () => {
    const revision = control.serving(NAME)?.revisionId
    if (revision === undefined || seeded.has(revision)) return 'v1'
    created ??= revision
    return revision === created ? next : 'v1'
  }
  const step: Step = {
    ...gitHostStep(control.url, NAME),
    'api-key': 'emulator-key',
    'poll-interval': '1'
  }
  return { cp: control, step, deploymentId: id }
}

const run = (step: Step) => runInProcess(step, { clock, env: { GITHUB_SHA: COMMIT } })
const parkedOutput = (result: WorldRun) =>
  JSON.parse(result.outputs['parked-threads'] ?? 'null') as Record<string, unknown> | null
const APPROVE = {
  name: 'approve',
  assistant: 'agent',
  message: 'refund order 7 (test account)',
  resume: { approved: true },
  expect: 'approved'
}
const policy = {
  threads: { parked: 'check', canary: [APPROVE] },
  rollback: { 'on-failure': true }
}
/** The thread's status on the server now, or 404. */
const statusOf = async (id: string) => {
  const response = await fetch(`${proxyUrl}/threads/${id}`)
  return response.ok ? String(((await response.json()) as { status?: unknown }).status) : 404
}

describe('canaries through the action, on the real agent server', () => {
  it('parks a canary on the old graph, resumes it on a compatible one, passes, and deletes it', async () => {
    const { step, deploymentId } = await deployment('compatible')
    const result = await run({ ...step, policy })
    expect(result.exitCode).toBe(0)
    expect(parkedOutput(result)).toMatchObject({
      canary: [{ name: 'approve', verdict: 'pass' }],
      verdict: 'pass'
    })
    expect(result.summary).toContain('approved: {"approved":true}')
    expect(await statusOf(canaryThreadId(deploymentId, 'approve'))).toBe(404)
  })

  it('fails a canary whose node the release renames: rolled back, and deleted', async () => {
    const { step, cp: control, deploymentId } = await deployment('renamed')
    const result = await run({ ...step, policy })
    expect(result.exitCode).toBe(1)
    expect(result.outputs['rolled-back']).toBe('true')
    expect(control.redeploys()).toHaveLength(1)
    expect(parkedOutput(result)).toMatchObject({
      canary: [{ name: 'approve', verdict: 'fail' }],
      verdict: 'fail'
    })
    expect(await statusOf(canaryThreadId(deploymentId, 'approve'))).toBe(404)
  })
})
