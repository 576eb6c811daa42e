import { afterEach, describe, expect, it, jest } from '@jest/globals'
import {
  startAgentServer,
  startControlPlane,
  type AgentServerEmulator,
  type ControlPlaneEmulator
} from '../../emulator'
import type { EmulatedGraph } from '../../emulator/agent-server-threads'
import type { Fault } from '../../emulator/types'
import { runInProcess, type WorldRun } from '../helpers/action-world'
import { clock, onClock } from '../helpers/deploy-harness'
import type { Step } from '../helpers/policy-file'
import { startThreadsDeployment, THREADS_DEPLOYMENT } from '../helpers/threads-deployment'
import { REAL_WORK_TEST_MS } from '../helpers/real-time'

// Parked threads through the built action against agent servers that answer what no agent server
// should: 404 to everything, a sample smaller than the threads parked, misshapen searches and
// states carrying workflow commands, control characters and markdown. The action could not
// conclude, sends no write before it, and none of that text reaches the log, summary or outputs.
// And threads whose conversations only the search's `select` keeps under the body cap: a pass.

jest.setTimeout(REAL_WORK_TEST_MS)

const NAME = THREADS_DEPLOYMENT
const OLD: EmulatedGraph = { nodes: ['draft', 'approval', 'escalation'] }
const NEW: EmulatedGraph = { nodes: ['draft', 'approval'] }
/** What a hostile server puts where a name, an id or an error text belongs. */
const FORGED = '\u001b[31m\r\n::error::forged|**forged**<img src=x>`'

const running: { close(): Promise<void> }[] = []
afterEach(async () => {
  for (const each of running.splice(0)) await each.close()
})

/** A deployment serving `old` before this run's revision and NEW on it (`old` again on a redeploy). */
const start = (old: EmulatedGraph = OLD) => startThreadsDeployment(running, old, NEW)

const run = (step: Step) => runInProcess(step, { clock, env: { GITHUB_SHA: 'a'.repeat(40) } })
const parkedOutput = (result: WorldRun) =>
  JSON.parse(result.outputs['parked-threads'] ?? 'null') as Record<string, unknown> | null
const park = (agent: AgentServerEmulator, nodes = ['approval']) =>
  agent.threads.park({ nodes, values: { messages: [] } })
const writes = (cp: ControlPlaneEmulator) => cp.requests.filter((each) => each.method !== 'GET')
const CHECK = { threads: { parked: 'check' }, rollback: { 'on-failure': true } }

/** None of the server's text reaches what people and later steps see. */
function forgesNothing(result: WorldRun): void {
  expect(result.log.filter((line) => line.includes('forged'))).toEqual([])
  expect(result.summary).not.toContain('forged')
  expect(Object.values(result.outputs).join('\n')).not.toContain('forged')
}

describe('parked threads against hostile agent servers, through the action', () => {
  it('cannot conclude a promote from a staging that answers 404 to everything, naming agent-api-key', async () => {
    const prod = await startAgentServer({
      now: clock.now,
      threads: { graphs: () => ({ agent: OLD }) }
    })
    const staging = await startAgentServer({ now: clock.now, rejectWith: 404 })
    const cp = await startControlPlane({ ...onClock, stepMs: 5 })
    running.push(prod, staging, cp)
    const image = 'registry.example.com/acme/agent@sha256:' + 'b'.repeat(64)
    cp.seedDeployment({
      name: 'staging',
      source: 'external_image',
      source_config: { custom_url: staging.url },
      source_revision_config: { image_uri: image }
    })
    cp.seedDeployment({
      name: 'prod',
      source: 'external_image',
      source_config: { custom_url: prod.url }
    })
    park(prod)
    const result = await run({
      'api-url': cp.url,
      'api-key': 'emulator-key',
      operation: 'promote',
      name: 'prod',
      'from-deployment': 'staging',
      'poll-interval': '1',
      policy: CHECK
    })
    expect(result.exitCode).toBe(1)
    expect(writes(cp)).toEqual([])
    const errors = result.annotations.filter((each) => each.kind === 'error')
    expect(errors.some((each) => each.text.includes('agent-api-key'))).toBe(true)
    // A key or URL problem, not a graph the release removed.
    expect(parkedOutput(result)?.incompatible ?? []).toEqual([])
  })

  it('reads only the newest of the sample, and cannot conclude on a node gone where none of them waits', async () => {
    const { step, cp, agent } = await start()
    // The oldest waits at the node the release removes; the sample reads the 2 newest.
    const oldest = park(agent, ['escalation'])
    for (let i = 0; i < 4; i++) park(agent)
    const result = await run({
      ...step,
      policy: { ...CHECK, threads: { parked: 'check', sample: 2 } }
    })
    expect(result.exitCode).toBe(1)
    expect(parkedOutput(result)).toMatchObject({
      read: 2,
      total: 5,
      incompatible: [],
      verdict: 'inconclusive'
    })
    expect(cp.redeploys()).toHaveLength(1)
    const searches = agent.requests.filter((each) => each.path === '/threads/search')
    // Never a search past the cap, never a page past the first.
    const asked = searches.map((each) => each.body as { limit?: number; offset?: number })
    expect(asked.length).toBeGreaterThan(0)
    expect(asked.filter((body) => (body.limit ?? 0) < 1 || (body.limit ?? 0) > 2)).toEqual([])
    expect(asked.filter((body) => (body.offset ?? 0) > 0)).toEqual([])
    expect(agent.requests.some((each) => each.path === `/threads/${oldest}/state`)).toBe(false)
  })

  const misshapen: [string, Fault][] = [
    [
      'a search that is not a list',
      alter('/threads/search', (body) => ({ threads: body, detail: FORGED }))
    ],
    [
      'a search whose id is not a UUID',
      alter('/threads/search', (body) =>
        (body as Record<string, unknown>[]).map((thread) => ({ ...thread, thread_id: FORGED }))
      )
    ],
    [
      'a state whose next is not a list',
      alter(/^\/threads\/[^/]+\/state$/, (body) => ({
        ...(body as object),
        next: FORGED,
        metadata: { graph_id: FORGED }
      }))
    ],
    [
      'a state whose values are not an object',
      alter(/^\/threads\/[^/]+\/state$/, (body) => ({ ...(body as object), values: [FORGED] }))
    ],
    [
      'a state answered 500 with an error text',
      {
        kind: 'status',
        path: /^\/threads\/[^/]+\/state$/,
        status: 500,
        times: 100,
        body: { detail: FORGED }
      }
    ]
  ]

  it.each(misshapen)(
    'cannot conclude on %s: the step fails before any write, forging nothing',
    async (_what, fault) => {
      const { step, cp, agent } = await start()
      park(agent)
      agent.injectFault(fault)
      const result = await run({ ...step, policy: CHECK })
      expect(result.exitCode).toBe(1)
      expect(writes(cp)).toEqual([])
      forgesNothing(result)
    }
  )

  it('names nothing a server made up: a node named with commands and markdown is null and never shown raw', async () => {
    const { step, cp, agent } = await start({ nodes: ['draft', FORGED] })
    const thread = park(agent, [FORGED])
    const result = await run({
      ...step,
      policy: { threads: { parked: 'check', 'on-incompatible': 'warn' } }
    })
    expect(result.exitCode).toBe(0)
    expect(parkedOutput(result)).toMatchObject({
      parked: [{ graph: 'agent', node: null, threads: 1 }],
      incompatible: [{ thread: thread.slice(0, 8), graph: 'agent', node: null }],
      verdict: 'warn'
    })
    expect(cp.redeploys()).toHaveLength(0)
    forgesNothing(result)
  })

  it('on a dry run of operation rollback reads the threads and plans, writing nothing', async () => {
    const { step, cp, agent } = await start()
    expect((await run({ ...step, policy: CHECK })).exitCode).toBe(0)
    park(agent)
    const before = writes(cp).length
    const searches = () => agent.requests.filter((each) => each.path === '/threads/search').length
    const searchedBefore = searches()
    const result = await run({
      'api-url': step['api-url'],
      'api-key': 'emulator-key',
      name: NAME,
      'poll-interval': '1',
      operation: 'rollback',
      'dry-run': 'true',
      policy: { threads: { parked: 'check' } }
    })
    expect(result.exitCode).toBe(0)
    expect(writes(cp)).toHaveLength(before)
    expect(searches()).toBe(searchedBefore + 1)
    expect(result.outputs['parked-threads'] ?? '').toBe('')
  })
})

/** The answer of `path` made as usual, then rewritten, for every request of the run. */
function alter(path: string | RegExp, rewrite: (body: unknown) => unknown): Fault {
  return { kind: 'alter', path, times: 100, alter: rewrite }
}

describe('parked threads whose conversations are large, through the action', () => {
  it('passes threads a search without select would carry past the body cap', async () => {
    const { step, cp, agent } = await start(NEW)
    // Three threads of about 2 MB each: 6 MB in one search page unless it selects its keys.
    for (let i = 0; i < 3; i++)
      agent.threads.park({
        nodes: ['approval'],
        values: { messages: [{ type: 'human', content: 'x'.repeat(2 * 1024 * 1024) }] }
      })
    const result = await run({ ...step, policy: CHECK })
    expect(result.exitCode).toBe(0)
    expect(parkedOutput(result)).toMatchObject({ read: 3, total: 3, verdict: 'pass' })
    expect(cp.redeploys()).toHaveLength(0)
  })
})
