import { afterEach, describe, expect, it } from '@jest/globals'
import { startAgentServer, VirtualClock, type AgentServerEmulator } from '../../emulator'
import type { EmulatedGraph } from '../../emulator/agent-server-threads'
import { threadsClient, type StateRead } from '../../src/agent-server/threads'
import type { ParkedThread } from '../../src/threads/compatibility'
import {
  afterDeploy,
  afterRollback,
  rereadAfterDeploy,
  rereadAfterRollback
} from '../../src/threads/reread'
import { trackedDispatcher } from '../helpers/action-world'

const before: ParkedThread = {
  id: 'aaaaaaaa-0000-4000-8000-000000000001',
  checkpoint: 'c1',
  graph: 'agent',
  nodes: ['approval'],
  keys: {}
}
const at = (checkpoint: string, nodes: string[]): StateRead => ({
  kind: 'found',
  state: { checkpoint, nodes, graph: 'agent', keys: {} }
})

describe('a parked thread read again', () => {
  it('after DEPLOYED: stranded, waiting, moved on, deleted, too large', () => {
    expect(afterDeploy(before, at('c1', []))).toEqual({ kind: 'stranded', nodes: ['approval'] })
    expect(afterDeploy(before, at('c1', ['approval']))).toEqual({ kind: 'waiting' })
    expect(afterDeploy(before, at('c2', []))).toEqual({ kind: 'moved-on' })
    expect(afterDeploy(before, { kind: 'not-found' })).toEqual({ kind: 'deleted' })
    expect(afterDeploy(before, { kind: 'too-large' })).toEqual({ kind: 'too-large' })
    // One of two parallel branches lost.
    const parallel = { ...before, nodes: ['left', 'right'] }
    expect(afterDeploy(parallel, at('c1', ['left']))).toEqual({
      kind: 'stranded',
      nodes: ['right']
    })
  })

  it('after a rollback: waiting again, answered while the new code served, still stranded', () => {
    expect(afterRollback(before, at('c1', ['approval']), 'interrupted')).toEqual({
      kind: 'waiting-again'
    })
    expect(afterRollback(before, at('c1', ['approval']), 'idle')).toEqual({ kind: 'answered-lost' })
    expect(afterRollback(before, at('c1', []), 'interrupted')).toEqual({
      kind: 'still-stranded',
      nodes: ['approval']
    })
    expect(afterRollback(before, at('c2', []), 'idle')).toEqual({ kind: 'moved-on' })
    expect(afterRollback(before, { kind: 'not-found' }, undefined)).toEqual({ kind: 'deleted' })
  })
})

describe('the re-reads against the emulated agent server', () => {
  const clocks: VirtualClock[] = []
  const servers: AgentServerEmulator[] = []
  afterEach(async () => {
    for (const clock of clocks.splice(0)) clock.close()
    for (const server of servers.splice(0)) await server.close()
  })

  it('finds the stranded, the answered and the deleted, then who waits again after a rollback', async () => {
    const clock = new VirtualClock()
    clocks.push(clock)
    const v1: EmulatedGraph = { nodes: ['draft', 'approval'] }
    let serving = v1
    const emulator = await startAgentServer({
      now: clock.now,
      threads: { graphs: () => ({ agent: serving }) }
    })
    servers.push(emulator)
    const client = threadsClient({
      baseUrl: emulator.url,
      apiKey: 'emulator-key',
      deadline: clock.now() + 60_000,
      now: clock.now,
      sleep: clock.sleep,
      dispatcher: trackedDispatcher({}, clock)
    })
    const ids = [0, 1, 2, 3].map(() => emulator.threads.park({ nodes: ['approval'] }))
    const read: ParkedThread[] = []
    for (const id of ids) {
      const state = await client.state(id)
      if (state.kind !== 'found') throw new Error('not read')
      read.push({ id, ...state.state })
    }

    serving = { nodes: ['draft', 'review'] }
    emulator.threads.answer(ids[1] as string)
    emulator.threads.delete(ids[2] as string)
    const deployed = await rereadAfterDeploy(client, read)
    expect(deployed.map(({ after }) => after.kind)).toEqual([
      'stranded',
      'moved-on',
      'deleted',
      'stranded'
    ])

    // While the new code served, the user of the last one answered: lost on the old graph.
    emulator.threads.answerKeepingCheckpoint(ids[3] as string)
    serving = v1
    const rolledBack = await rereadAfterRollback(client, [read[0], read[3]] as ParkedThread[])
    expect(rolledBack.map(({ after }) => after.kind)).toEqual(['waiting-again', 'answered-lost'])
  })
})
