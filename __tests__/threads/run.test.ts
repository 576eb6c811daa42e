import { afterEach, describe, expect, it } from '@jest/globals'
import { startAgentServer, VirtualClock, type AgentServerEmulator } from '../../emulator'
import type { EmulatedGraph, HostileThreads } from '../../emulator/agent-server-threads'
import { threadsClient } from '../../src/agent-server/threads'
import { parkedThreadsOutput, parkedThreadsOutputSchema } from '../../src/threads/payload'
import {
  checkAfterDeployed,
  judgeBeforePromote,
  readAfterRollback,
  readBeforeWrite
} from '../../src/threads/run'
import type { ThreadsSettings } from '../../src/threads/section'
import { trackedDispatcher } from '../helpers/action-world'

// The step's run logic on its typed settings and clients, against emulated agent servers: the
// old side read before the write, the new side after DEPLOYED (or a promote's source).

const V1: EmulatedGraph = {
  nodes: ['draft', 'approval', 'escalation'],
  properties: { messages: { langgraph_type: 'messages' }, topic: { type: 'string' } },
  required: ['topic']
}
const RENAMED: EmulatedGraph = { ...V1, nodes: ['draft', 'review', 'escalation'] }
const CHECK: ThreadsSettings = { sample: 100, onIncompatible: 'fail', canaries: [] }

const clocks: VirtualClock[] = []
const servers: AgentServerEmulator[] = []
afterEach(async () => {
  for (const clock of clocks.splice(0)) clock.close()
  for (const server of servers.splice(0)) await server.close()
})

async function agent(
  options: { rejectWith?: number; hostile?: () => HostileThreads | undefined } = {}
) {
  const clock = new VirtualClock()
  clocks.push(clock)
  const serving = { graph: V1 }
  const emulator = await startAgentServer({
    now: clock.now,
    rejectWith: options.rejectWith,
    threads: { graphs: () => ({ agent: serving.graph }), hostile: options.hostile }
  })
  servers.push(emulator)
  const client = threadsClient(
    {
      baseUrl: emulator.url,
      apiKey: 'emulator-key',
      deadline: clock.now() + 600_000,
      now: clock.now,
      sleep: clock.sleep,
      dispatcher: trackedDispatcher({}, clock)
    },
    { maxAttempts: 1 }
  )
  const park = (nodes = ['approval']) =>
    emulator.threads.park({ nodes, values: { messages: [], topic: 'refund' } })
  return { emulator, client, serving, park }
}

describe('the parked-threads step', () => {
  it('skips a first deploy and passes a target with no parked threads', async () => {
    const { client } = await agent()
    const first = await readBeforeWrite(CHECK, client, { firstDeploy: true })
    expect(await checkAfterDeployed(CHECK, first, client, 'deploy')).toMatchObject({
      verdict: 'skipped'
    })
    const none = await readBeforeWrite(CHECK, client, { firstDeploy: false })
    const outcome = await checkAfterDeployed(CHECK, none, client, 'deploy')
    expect(outcome).toMatchObject({ verdict: 'passed', payload: { read: 0, total: 0 } })
  })

  it('fails a deploy whose graph renames the node, naming the thread and node in the output', async () => {
    const { client, serving, park } = await agent()
    const id = park()
    const prepared = await readBeforeWrite(CHECK, client, { firstDeploy: false })
    serving.graph = RENAMED
    const outcome = await checkAfterDeployed(CHECK, prepared, client, 'deploy')
    expect(outcome.verdict).toBe('failed')
    if (!outcome.payload) throw new Error('no payload')
    expect(parkedThreadsOutput(outcome.payload)).toEqual({
      read: 1,
      total: 1,
      parked: [{ graph: 'agent', node: 'approval', threads: 1 }],
      incompatible: [{ thread: id.slice(0, 8), graph: 'agent', node: 'approval', why: 'node' }],
      'moved-on': 0,
      deleted: 0,
      canary: [],
      verdict: 'fail'
    })
  })

  it('warns instead with on-incompatible: warn, and on a rollback, one warning per kind', async () => {
    const { client, serving, park } = await agent()
    park()
    park()
    const prepared = await readBeforeWrite(CHECK, client, { firstDeploy: false })
    serving.graph = RENAMED
    const warn = await checkAfterDeployed(
      { ...CHECK, onIncompatible: 'warn' },
      prepared,
      client,
      'deploy'
    )
    expect(warn).toMatchObject({ verdict: 'passed', payload: { verdict: 'warn' } })
    expect(warn.warnings).toHaveLength(1)
    const rollback = await checkAfterDeployed(CHECK, prepared, client, 'rollback')
    expect(rollback).toMatchObject({ verdict: 'passed', payload: { verdict: 'warn' } })
  })

  it('counts threads answered or deleted during the deploy and passes', async () => {
    const { emulator, client, serving, park } = await agent()
    const answered = park()
    const deleted = park()
    const prepared = await readBeforeWrite(CHECK, client, { firstDeploy: false })
    emulator.threads.answer(answered)
    emulator.threads.delete(deleted)
    serving.graph = RENAMED
    const outcome = await checkAfterDeployed(CHECK, prepared, client, 'deploy')
    expect(outcome).toMatchObject({
      verdict: 'passed',
      payload: { movedOn: [answered], deleted: [deleted], incompatible: [] }
    })
  })

  it('refuses a promote from a source whose graph lacks the node, and lets a compatible one through', async () => {
    const production = await agent()
    production.park()
    const prepared = await readBeforeWrite(CHECK, production.client, { firstDeploy: false })
    const staging = await agent()
    staging.serving.graph = RENAMED
    expect(await judgeBeforePromote(CHECK, prepared, staging.client)).toMatchObject({
      refuse: true,
      verdict: 'failed'
    })
    staging.serving.graph = V1
    expect(await judgeBeforePromote(CHECK, prepared, staging.client)).toMatchObject({
      refuse: false,
      verdict: 'passed'
    })
  })

  it('cannot conclude on a source that answers 404 to everything, naming agent-api-key', async () => {
    const production = await agent()
    production.park()
    const prepared = await readBeforeWrite(CHECK, production.client, { firstDeploy: false })
    const silent = await agent({ rejectWith: 404 })
    const outcome = await judgeBeforePromote(CHECK, prepared, silent.client)
    expect(outcome).toMatchObject({
      refuse: true,
      verdict: 'inconclusive',
      payload: { incompatible: [] }
    })
    expect(outcome.why).toContain('agent-api-key')
  })

  it('reads only the newest of a larger count, and cannot pass a node gone where none of them waits', async () => {
    const { emulator, client, serving, park } = await agent()
    park(['escalation'])
    for (let i = 0; i < 4; i++) park()
    const prepared = await readBeforeWrite({ ...CHECK, sample: 2 }, client, { firstDeploy: false })
    const searches = emulator.requests.filter((request) => request.path === '/threads/search')
    expect(searches.map((request) => (request.body as { limit: number }).limit)).toEqual([2])
    serving.graph = { ...V1, nodes: ['draft', 'approval'] }
    const outcome = await checkAfterDeployed({ ...CHECK, sample: 2 }, prepared, client, 'deploy')
    expect(outcome).toMatchObject({
      verdict: 'inconclusive',
      payload: {
        read: 2,
        total: 5,
        judgement: { unread: [{ graph: 'agent', node: 'escalation' }] }
      }
    })
  })

  it.each<HostileThreads>(['search-bad-id', 'state-without-next'])(
    'cannot conclude on a misshapen answer (%s), forging nothing into why',
    async (hostile) => {
      const { client, park } = await agent({ hostile: () => hostile })
      park()
      const prepared = await readBeforeWrite(CHECK, client, { firstDeploy: false })
      expect(prepared.kind).toBe('unreadable')
      const outcome = await checkAfterDeployed(CHECK, prepared, client, 'deploy')
      expect(outcome.verdict).toBe('inconclusive')
      expect(outcome.why).not.toContain('assistants/x')
    }
  )

  it('names the threads answered while the new code served, once the rollback brought the old graph back', async () => {
    const { emulator, client, serving, park } = await agent()
    const waiting = park()
    const answered = park()
    const prepared = await readBeforeWrite(CHECK, client, { firstDeploy: false })
    serving.graph = RENAMED
    const outcome = await checkAfterDeployed(CHECK, prepared, client, 'deploy')
    expect(outcome.verdict).toBe('failed')
    if (!outcome.payload) throw new Error('no payload')
    emulator.threads.answerKeepingCheckpoint(answered)
    serving.graph = V1
    const after = await readAfterRollback(prepared, outcome.payload, client)
    expect(after.payload).toMatchObject({ waitingAgain: [waiting], answeredLost: [answered] })
    expect(after.warnings.join(' ')).toContain(answered.slice(0, 8))
  })
})

describe('the parked-threads output', () => {
  it('holds its shape, a name of another shape null, a thread 8 hex characters', () => {
    const output = parkedThreadsOutput({
      read: 2,
      total: 3,
      parked: [{ graph: 'agent', node: 'bad\nname', threads: 2 }],
      incompatible: [
        {
          thread: 'ABCDEF12-0000-4000-8000-000000000000',
          graph: 'agent',
          why: 'node',
          node: 'approval'
        },
        {
          thread: 'abcdef12-0000-4000-8000-000000000000',
          graph: 'agent',
          why: 'required',
          key: '::error::x y'
        }
      ],
      movedOn: ['x'],
      deleted: [],
      tooLarge: [],
      canary: [{ name: 'approve', verdict: 'pass' }],
      verdict: 'fail'
    })
    expect(parkedThreadsOutputSchema.parse(output)).toEqual(output)
    expect(output).toMatchObject({
      parked: [{ node: null }],
      incompatible: [{ thread: 'abcdef12' }, { key: null }],
      'moved-on': 1
    })
  })
})
