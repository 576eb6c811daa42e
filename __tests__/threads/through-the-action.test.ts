import { afterEach, describe, expect, it, jest } from '@jest/globals'
import { startAgentServer, startControlPlane, type AgentServerEmulator } from '../../emulator'
import type { EmulatedGraph } from '../../emulator/agent-server-threads'
import { runInProcess, type WorldRun } from '../helpers/action-world'
import { clock, onClock } from '../helpers/deploy-harness'
import type { Step } from '../helpers/policy-file'
import { startThreadsDeployment, THREADS_DEPLOYMENT } from '../helpers/threads-deployment'
import { REAL_WORK_TEST_MS } from '../helpers/real-time'

// Parked threads through the built action (run(world) on the virtual clock): a control plane
// whose deployment's URL is the emulated agent server, which serves the old graph while the
// seeded revision (or a redeploy of it) serves and the new graph while this run's revision does.

jest.setTimeout(REAL_WORK_TEST_MS)

const NAME = THREADS_DEPLOYMENT
const COMMIT = 'a'.repeat(40)
const OLD: EmulatedGraph = { nodes: ['draft', 'approval'] }
const RENAMED: EmulatedGraph = { nodes: ['draft', 'review'] }
const COMPATIBLE: EmulatedGraph = { nodes: ['draft', 'approval', 'summary'] }

const running: { close(): Promise<void> }[] = []
afterEach(async () => {
  for (const each of running.splice(0)) await each.close()
})

/** `next` is the graph this run's revision serves; every other revision serves OLD. */
const start = (next: EmulatedGraph) => startThreadsDeployment(running, OLD, next)

const run = (step: Step) => runInProcess(step, { clock, env: { GITHUB_SHA: COMMIT } })
const parkedOutput = (result: WorldRun) =>
  JSON.parse(result.outputs['parked-threads'] ?? 'null') as Record<string, unknown> | null
const park = (agent: AgentServerEmulator, nodes = ['approval']) =>
  agent.threads.park({ nodes, values: { messages: [] } })
const CHECK = { threads: { parked: 'check' }, rollback: { 'on-failure': true } }

describe('parked threads through the action', () => {
  it('passes a deploy with no parked thread, and sets the output', async () => {
    const { step, cp } = await start(RENAMED)
    const result = await run({ ...step, policy: CHECK })
    expect(result.exitCode).toBe(0)
    expect(parkedOutput(result)).toMatchObject({
      read: 0,
      total: 0,
      incompatible: [],
      verdict: 'pass'
    })
    expect(cp.redeploys()).toHaveLength(0)
  })

  it('fails after DEPLOYED on a renamed node, naming thread and node, and rolls back once', async () => {
    const { step, cp, agent } = await start(RENAMED)
    const thread = park(agent)
    const checkpoint = agent.threads.checkpointOf(thread)
    const result = await run({ ...step, policy: CHECK })
    expect(result.exitCode).toBe(1)
    expect(result.outputs['rolled-back']).toBe('true')
    expect(cp.redeploys()).toHaveLength(1)
    expect(parkedOutput(result)).toMatchObject({
      read: 1,
      total: 1,
      incompatible: [{ thread: thread.slice(0, 8), graph: 'agent', node: 'approval' }],
      verdict: 'fail'
    })
    // Its user's thread was only read: the same checkpoint, parked at its node again.
    expect(agent.threads.checkpointOf(thread)).toBe(checkpoint)
    const writes = agent.requests.filter(
      (request) =>
        request.path.startsWith('/threads') &&
        !/\/(search|count)$/.test(request.path) &&
        request.method !== 'GET'
    )
    expect(writes).toEqual([])
  })

  it('with on-incompatible: warn deploys, and names the stranded thread under the headline', async () => {
    const { step, cp, agent } = await start(RENAMED)
    const thread = park(agent)
    const result = await run({
      ...step,
      policy: { threads: { parked: 'check', 'on-incompatible': 'warn' } }
    })
    expect(result.exitCode).toBe(0)
    expect(cp.redeploys()).toHaveLength(0)
    expect(parkedOutput(result)).toMatchObject({
      incompatible: [{ thread: thread.slice(0, 8), node: 'approval' }],
      verdict: 'warn'
    })
    // The ⚠️ line stands right under the headline, before the facts.
    const lines = result.summary.split('\n').filter((line) => line !== '')
    expect(lines[1]).toContain(thread.slice(0, 8))
    expect(lines[1]?.startsWith('⚠️')).toBe(true)
  })

  it('passes a compatible new graph', async () => {
    const { step, cp, agent } = await start(COMPATIBLE)
    park(agent)
    const result = await run({ ...step, policy: CHECK })
    expect(result.exitCode).toBe(0)
    expect(parkedOutput(result)).toMatchObject({ read: 1, incompatible: [], verdict: 'pass' })
    expect(cp.redeploys()).toHaveLength(0)
  })

  it('on a dry run reads the threads and plans, writing nothing', async () => {
    const { step, cp, agent } = await start(RENAMED)
    park(agent)
    const result = await run({ ...step, 'dry-run': 'true', policy: CHECK })
    expect(result.exitCode).toBe(0)
    expect(cp.requests.filter((request) => request.method !== 'GET')).toEqual([])
    expect(agent.requests.some((request) => request.path === '/threads/search')).toBe(true)
    expect(result.outputs['parked-threads'] ?? '').toBe('')
  })

  it('never blocks operation rollback, and warns of the threads it strands', async () => {
    const { step, cp, agent } = await start(RENAMED)
    const first = await run({ ...step, policy: { threads: { parked: 'check' } } })
    expect(first.exitCode).toBe(0)
    const thread = park(agent, ['review'])
    const back = await run({
      'api-url': step['api-url'],
      'api-key': 'emulator-key',
      name: NAME,
      'poll-interval': '1',
      operation: 'rollback',
      policy: { threads: { parked: 'check' } }
    })
    expect(back.exitCode).toBe(0)
    expect(cp.redeploys()).toHaveLength(1)
    // Read before the write, judged on the revision brought back: a warning naming the thread.
    expect(parkedOutput(back)).toMatchObject({
      read: 1,
      incompatible: [{ thread: thread.slice(0, 8), graph: 'agent', node: 'review' }],
      verdict: 'warn'
    })
    const warnings = back.annotations.filter((each) => each.kind === 'warning')
    expect(warnings.some((each) => each.text.includes(thread.slice(0, 8)))).toBe(true)
  })
})

describe('a promote with parked threads checked', () => {
  /** Production and staging, external images each at its own agent server. */
  async function promoteWorld(staging: EmulatedGraph) {
    const prod = await startAgentServer({
      now: clock.now,
      threads: { graphs: () => ({ agent: OLD }) }
    })
    const source = await startAgentServer({
      now: clock.now,
      threads: { graphs: () => ({ agent: staging }) }
    })
    running.push(prod, source)
    const cp = await startControlPlane({ ...onClock, stepMs: 5 })
    running.push(cp)
    const image = 'registry.example.com/acme/agent@sha256:' + 'b'.repeat(64)
    cp.seedDeployment({
      name: 'staging',
      source: 'external_image',
      source_config: { custom_url: source.url },
      source_revision_config: { image_uri: image }
    })
    cp.seedDeployment({
      name: 'prod',
      source: 'external_image',
      source_config: { custom_url: prod.url }
    })
    const step: Step = {
      'api-url': cp.url,
      'api-key': 'emulator-key',
      operation: 'promote',
      name: 'prod',
      'from-deployment': 'staging',
      'poll-interval': '1',
      policy: CHECK
    }
    return { cp, prod, step }
  }

  it('refuses a promote from a staging whose graph lacks the node, with no control-plane write', async () => {
    const { cp, prod, step } = await promoteWorld(RENAMED)
    const thread = park(prod)
    const result = await run(step)
    expect(result.exitCode).toBe(1)
    // The refusal names the thread and the node it waits at.
    const error = result.stdout.split('\n').find((line) => line.startsWith('::error::')) ?? ''
    expect(error).toContain(thread.slice(0, 8))
    expect(error).toContain('approval')
    expect(cp.requests.filter((request) => request.method !== 'GET')).toEqual([])
  })

  it('promotes from a compatible staging', async () => {
    const { cp, prod, step } = await promoteWorld(COMPATIBLE)
    park(prod)
    const result = await run(step)
    expect(result.exitCode).toBe(0)
    expect(cp.requests.some((request) => request.method === 'PATCH')).toBe(true)
  })
})
