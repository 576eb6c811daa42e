import { afterEach, describe, expect, it } from '@jest/globals'
import { startAgentServer, VirtualClock, type AgentServerEmulator } from '../../emulator'
import { threadsClient } from '../../src/agent-server/threads'
import { checkAfterDeployed, readBeforeWrite } from '../../src/threads/run'
import type { ThreadsSettings } from '../../src/threads/section'
import { trackedDispatcher } from '../helpers/action-world'

// What the reads cost and carry: a full sample's requests, the time against a server with a fixed
// latency (on the virtual clock), conversations that only `select` keeps under the body cap, and
// a state over the cap, which is too large to judge.

const CHECK: ThreadsSettings = { sample: 100, onIncompatible: 'fail', canaries: [] }
const clocks: VirtualClock[] = []
const servers: AgentServerEmulator[] = []
afterEach(async () => {
  for (const clock of clocks.splice(0)) clock.close()
  for (const server of servers.splice(0)) await server.close()
})

async function agent() {
  const clock = new VirtualClock()
  clocks.push(clock)
  const emulator = await startAgentServer({
    now: clock.now,
    sleep: clock.hold,
    threads: { graphs: () => ({ agent: { nodes: ['draft', 'approval'] } }) }
  })
  servers.push(emulator)
  const client = threadsClient(
    {
      baseUrl: emulator.url,
      apiKey: 'emulator-key',
      deadline: clock.now() + 3_600_000,
      now: clock.now,
      sleep: clock.sleep,
      dispatcher: trackedDispatcher({}, clock)
    },
    { maxAttempts: 1 }
  )
  return { clock, emulator, client }
}

/** A conversation of about `bytes` bytes. */
const conversation = (bytes: number) => ({
  messages: [{ type: 'human', content: 'x'.repeat(bytes) }]
})

describe('the reads at volume', () => {
  it('reads a sample of 1000 of 1200 in 1013 requests', async () => {
    const { emulator, client } = await agent()
    for (let i = 0; i < 1200; i++) emulator.threads.park({ nodes: ['approval'] })
    const prepared = await readBeforeWrite({ ...CHECK, sample: 1000 }, client, {
      firstDeploy: false
    })
    expect(prepared.kind === 'read' && prepared.read.threads.length).toBe(1000)
    const paths = emulator.requests.map((request) => request.path.replace(/[0-9a-f-]{36}/, '{id}'))
    const counts = Object.fromEntries(
      [...new Set(paths)].map((path) => [path, paths.filter((each) => each === path).length])
    )
    expect(counts).toEqual({
      '/threads/count': 1,
      '/threads/search': 10,
      '/threads/{id}/state': 1000,
      '/assistants/agent/graph': 1,
      '/assistants/agent/schemas': 1
    })
  })

  it('takes one latency per round of four states: 20 threads cost 9 latencies', async () => {
    const { clock, emulator, client } = await agent()
    for (let i = 0; i < 20; i++) emulator.threads.park({ nodes: ['approval'] })
    // Every request answered 50 ms late.
    emulator.injectFault({ kind: 'delay', delayMs: 50, times: 100 })
    const started = clock.now()
    await readBeforeWrite({ ...CHECK, sample: 20 }, client, { firstDeploy: false })
    // The count, one page, 5 rounds of 4 states, the graph and its schema.
    expect(clock.now() - started).toBe(9 * 50)
  })

  it('passes conversations a search without select would carry past the body cap', async () => {
    const { emulator, client } = await agent()
    for (let i = 0; i < 3; i++)
      emulator.threads.park({ nodes: ['approval'], values: conversation(2 * 1024 * 1024) })
    const prepared = await readBeforeWrite(CHECK, client, { firstDeploy: false })
    const outcome = await checkAfterDeployed(CHECK, prepared, client, 'deploy')
    expect(outcome).toMatchObject({
      verdict: 'passed',
      payload: { read: 3, total: 3, tooLarge: [] }
    })
  })

  it('counts a state over the cap as too large to judge, never a pass or a failure of the release', async () => {
    const { emulator, client } = await agent()
    const large = emulator.threads.park({
      nodes: ['approval'],
      values: conversation(5 * 1024 * 1024)
    })
    emulator.threads.park({ nodes: ['approval'] })
    const prepared = await readBeforeWrite(CHECK, client, { firstDeploy: false })
    expect(prepared).toMatchObject({ kind: 'read', read: { tooLarge: [large] } })
    const outcome = await checkAfterDeployed(CHECK, prepared, client, 'deploy')
    expect(outcome).toMatchObject({ verdict: 'passed', payload: { read: 1, tooLarge: [large] } })
  })
})
