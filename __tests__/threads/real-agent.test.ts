import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals'
import type { AgentServer } from '../../src/agent-server/exchange'
import { canaryThreadsClient } from '../../src/agent-server/canary-threads'
import { threadsClient, type ThreadsClient } from '../../src/agent-server/threads'
import {
  deleteCanaries,
  parkCanaries,
  resumeCanaries,
  type CanariesParked
} from '../../src/threads/canary'
import { judge, type GraphSide } from '../../src/threads/compatibility'
import { answersAnything, graphsOf, readGraphs, readParkedThreads } from '../../src/threads/read'
import { rereadAfterDeploy, rereadAfterRollback } from '../../src/threads/reread'
import { settings as threadsSettings } from '../../src/threads/section'
import { startParkedAgent, type ParkedAgent, type ParkedVersion } from '../helpers/parked-agent'
import { REAL_WORK_TEST_MS } from '../helpers/real-time'

// The reads and the judgement against the real agent server (@langchain/langgraph-api): a
// thread parks at `approval` on one graph, the server is restarted in the same folder on the
// release's graph (it keeps its threads there), as a deployment's revisions share its threads.

jest.setTimeout(REAL_WORK_TEST_MS)

const serverAt = (url: string): AgentServer => ({
  baseUrl: url,
  apiKey: 'key',
  deadline: Date.now() + REAL_WORK_TEST_MS,
  now: Date.now
})

function clientOf(url: string): ThreadsClient {
  return threadsClient(serverAt(url), { maxAttempts: 1 })
}

const CANARIES =
  threadsSettings(
    {
      parked: 'check',
      canary: [
        {
          name: 'approve',
          message: 'refund order 7',
          resume: { approved: true },
          expect: 'approved'
        }
      ]
    },
    { agentAssistant: 'agent' }
  )?.canaries ?? []

describe('parked threads on the real agent server', () => {
  let agent: ParkedAgent
  let parked: string
  let parallel: string
  let before: Awaited<ReturnType<typeof readParkedThreads>>
  let oldSide: Map<string, GraphSide>
  let canaries: CanariesParked

  beforeAll(async () => {
    agent = await startParkedAgent('v1')
    parked = await agent.park('refund my order')
    parallel = await agent.park('split', 'fanout')
    const client = clientOf(agent.url)
    before = await readParkedThreads(client, 100)
    // Parked after the read, as the step does: it is not among the threads judged.
    canaries = await parkCanaries(CANARIES, canaryThreadsClient(serverAt(agent.url)), {
      deploymentId: '0f1e2d3c-4b5a-4978-8695-a4b3c2d1e0f9',
      runId: '1'
    })
    oldSide = await readGraphs(client, graphsOf(before.threads))
  }, REAL_WORK_TEST_MS)
  afterAll(async () => {
    await agent.close()
  })

  /** The release served: the judgement of the threads read before it. */
  const release = async (version: ParkedVersion) => {
    await agent.restart(version)
    const client = clientOf(agent.url)
    const newSide = await readGraphs(client, graphsOf(before.threads))
    const sides = { old: oldSide, new: newSide, newAnswers: await answersAnything(client, newSide) }
    return {
      client,
      judged: judge(before.threads, sides, { read: before.threads.length, total: before.total })
    }
  }

  it('reads the parked thread: its node, graph, checkpoint and keys, and its graph and schema', () => {
    expect(canaries).toMatchObject({
      didNotPark: [],
      failed: [],
      parked: [{ canary: { name: 'approve' } }]
    })
    expect(before.total).toBe(2)
    expect(before.threads.find((thread) => thread.id === parallel)?.nodes.sort()).toEqual([
      'left',
      'right'
    ])
    expect(before.threads.filter((thread) => thread.id === parked)).toEqual([
      {
        id: parked,
        checkpoint: expect.any(String),
        graph: 'agent',
        nodes: ['approval'],
        keys: { messages: 'array', topic: 'string', note: 'string' }
      }
    ])
    const side = oldSide.get('agent')
    expect(side?.kind).toBe('served')
    if (side?.kind !== 'served') return
    expect(side.nodes).toEqual(expect.arrayContaining(['draft', 'approval']))
    // `decision` is written after the interrupt: required, and the thread lacks it.
    expect(side.schema.required).toEqual(expect.arrayContaining(['topic', 'decision']))
  })

  it('finds the thread stranded when its node is renamed, at the same checkpoint', async () => {
    const { client, judged } = await release('renamed')
    expect(judged.verdict).toBe('fail')
    // Of the parallel thread, only the branch whose node was renamed.
    expect(judged.incompatible).toHaveLength(2)
    expect(judged.incompatible).toEqual(
      expect.arrayContaining([
        { thread: parked, graph: 'agent', why: 'node', node: 'approval' },
        { thread: parallel, graph: 'fanout', why: 'node', node: 'right' }
      ])
    )
    const reread = await rereadAfterDeploy(client, before.threads)
    expect(Object.fromEntries(reread.map(({ thread, after }) => [thread.id, after]))).toEqual({
      [parked]: { kind: 'stranded', nodes: ['approval'] },
      [parallel]: { kind: 'stranded', nodes: ['right'] }
    })
  })

  it('finds a key newly required that the thread lacks, and a value no longer admitted', async () => {
    expect((await release('tiered')).judged.incompatible).toEqual([
      { thread: parked, graph: 'agent', why: 'required', key: 'tier' }
    ])
    expect((await release('retyped')).judged.incompatible).toEqual([
      { thread: parked, graph: 'agent', why: 'type', key: 'topic' }
    ])
  })

  it('passes a compatible graph; the thread waits again and then resumes', async () => {
    const { client, judged } = await release('compatible')
    expect(judged).toMatchObject({ verdict: 'pass', incompatible: [], notices: [] })
    const reread = await rereadAfterDeploy(client, before.threads)
    expect(reread.map(({ after }) => after.kind)).toEqual(['waiting', 'waiting'])
    // Served the old graph again, the thread is back at its node, still waiting.
    await agent.restart('v1')
    const back = await rereadAfterRollback(clientOf(agent.url), before.threads)
    expect(back.map(({ after }) => after.kind)).toEqual(['waiting-again', 'waiting-again'])
    const answer = await agent.resume(parked, 'yes')
    expect(answer.decision).toBe('"yes"')
    // The canary parked on v1, resumed here, passes; then it is deleted by its id.
    const canaryClient = canaryThreadsClient(serverAt(agent.url))
    const verdicts = await resumeCanaries(canaries.parked, canaryClient)
    expect(verdicts).toMatchObject([
      { name: 'approve', verdict: 'pass', reply: 'approved: {"approved":true}' }
    ])
    expect(await deleteCanaries(canaries, canaryClient)).toEqual([])
    expect(await clientOf(agent.url).state(canaries.parked[0]?.id ?? '')).toEqual({
      kind: 'not-found'
    })
  })
})
