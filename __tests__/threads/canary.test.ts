import { afterEach, describe, expect, it } from '@jest/globals'
import { startAgentServer, VirtualClock, type AgentServerEmulator } from '../../emulator'
import type { EmulatedGraph } from '../../emulator/agent-server-threads'
import { canaryThreadsClient } from '../../src/agent-server/canary-threads'
import type { AgentServer } from '../../src/agent-server/exchange'
import { threadsClient } from '../../src/agent-server/threads'
import { ASSISTANT_NAMESPACE } from '../../src/assistants/entries'
import {
  CANARY_NAMESPACE,
  canaryThreadId,
  deleteCanaries,
  parkCanaries,
  resumeCanaries
} from '../../src/threads/canary'
import { readBeforeWrite } from '../../src/threads/run'
import { settings as threadsSettings } from '../../src/threads/section'
import { trackedDispatcher } from '../helpers/action-world'

// The canaries on the emulated agent server: parked before the write under their derived ids,
// resumed after it and judged like a smoke case, deleted by id whatever happened.

const PARKS: EmulatedGraph = { nodes: ['draft', 'approval'], parksAt: 'approval' }
const DEPLOYMENT = '0f1e2d3c-4b5a-4978-8695-a4b3c2d1e0f9'

const clocks: VirtualClock[] = []
const servers: AgentServerEmulator[] = []
afterEach(async () => {
  for (const clock of clocks.splice(0)) clock.close()
  for (const server of servers.splice(0)) await server.close()
})

async function agent(graph: EmulatedGraph = PARKS) {
  const clock = new VirtualClock()
  clocks.push(clock)
  const serving = { graph }
  const emulator = await startAgentServer({
    now: clock.now,
    threads: { graphs: () => ({ agent: serving.graph }) }
  })
  servers.push(emulator)
  const server: AgentServer = {
    baseUrl: emulator.url,
    apiKey: 'emulator-key',
    deadline: clock.now() + 600_000,
    now: clock.now,
    sleep: clock.sleep,
    dispatcher: trackedDispatcher({}, clock)
  }
  return {
    emulator,
    serving,
    canaries: canaryThreadsClient(server, { maxAttempts: 1 }),
    threads: threadsClient(server, { maxAttempts: 1 })
  }
}

const cases = (...list: Record<string, unknown>[]) =>
  threadsSettings({ parked: 'check', canary: list as never }, { agentAssistant: 'agent' })
    ?.canaries ?? []

describe('canaries', () => {
  it('derive their ids from the deployment and the name, in the assistants namespace', () => {
    expect(CANARY_NAMESPACE).toBe(ASSISTANT_NAMESPACE)
    expect(canaryThreadId(DEPLOYMENT, 'approve')).toBe(canaryThreadId(DEPLOYMENT, 'approve'))
    expect(canaryThreadId(DEPLOYMENT, 'approve')).not.toBe(canaryThreadId(DEPLOYMENT, 'other'))
  })

  it('park, resume and pass; one whose reply fails fails; both are deleted by id', async () => {
    const { emulator, canaries, threads } = await agent()
    const list = cases(
      { name: 'approve', message: 'refund 1', resume: { ok: true }, expect: 'approved' },
      { name: 'strict', message: 'refund 2', resume: 'no', expect: 'rejected' }
    )
    const parked = await parkCanaries(list, canaries, { deploymentId: DEPLOYMENT, runId: '42' })
    expect(parked.parked.map((canary) => canary.id)).toEqual([
      canaryThreadId(DEPLOYMENT, 'approve'),
      canaryThreadId(DEPLOYMENT, 'strict')
    ])
    const created = emulator.requests.find((request) => request.path === '/threads')
    expect(created?.body).toMatchObject({
      thread_id: canaryThreadId(DEPLOYMENT, 'approve'),
      metadata: {
        'managed-by': 'deploy-agent-action',
        'managed-canary': 'approve',
        'managed-run': '42'
      }
    })
    const verdicts = await resumeCanaries(parked.parked, canaries)
    expect(verdicts.map((verdict) => [verdict.name, verdict.verdict])).toEqual([
      ['approve', 'pass'],
      ['strict', 'fail']
    ])
    expect(verdicts[0]?.reply).toBe('approved: {"ok":true}')
    expect(await deleteCanaries(parked, canaries)).toEqual([])
    for (const { id } of parked.parked)
      expect(await threads.state(id)).toEqual({ kind: 'not-found' })
  })

  it('fails a canary whose node the release removes: its resume has no reply', async () => {
    const { serving, canaries } = await agent()
    const parked = await parkCanaries(
      cases({ name: 'approve', message: 'hi', resume: 1 }),
      canaries,
      {
        deploymentId: DEPLOYMENT,
        runId: '1'
      }
    )
    serving.graph = { nodes: ['draft', 'review'], parksAt: 'review' }
    expect((await resumeCanaries(parked.parked, canaries))[0]?.verdict).toBe('fail')
  })

  it('says a case that does not park cannot test the release', async () => {
    const { canaries } = await agent({ nodes: ['agent'] })
    const parked = await parkCanaries(
      cases({ name: 'approve', message: 'hi', resume: 1 }),
      canaries,
      {
        deploymentId: DEPLOYMENT,
        runId: '1'
      }
    )
    expect(parked).toMatchObject({ parked: [], didNotPark: [{ name: 'approve' }], failed: [] })
  })

  it("never touches a user's thread carrying the canary's metadata, and judges it like any other", async () => {
    const { emulator, canaries, threads } = await agent()
    const user = emulator.threads.park({
      nodes: ['approval'],
      metadata: { 'managed-by': 'deploy-agent-action', 'managed-canary': 'approve' }
    })
    const checkpoint = emulator.threads.checkpointOf(user)
    const settings = {
      sample: 100,
      onIncompatible: 'fail' as const,
      canaries: cases({ name: 'approve', message: 'hi', resume: 1 })
    }
    const parked = await parkCanaries(settings.canaries, canaries, {
      deploymentId: DEPLOYMENT,
      runId: '1'
    })
    const prepared = await readBeforeWrite(settings, threads, {
      firstDeploy: false,
      deploymentId: DEPLOYMENT
    })
    // The user's thread is read; the canary is not.
    expect(prepared.kind === 'read' && prepared.read.threads.map((thread) => thread.id)).toEqual([
      user
    ])
    await resumeCanaries(parked.parked, canaries)
    await deleteCanaries(parked, canaries)
    expect(emulator.threads.checkpointOf(user)).toBe(checkpoint)
    const written = emulator.requests.filter(
      (request) => request.method !== 'GET' && request.path.includes(user)
    )
    expect(written).toEqual([])
  })
})
