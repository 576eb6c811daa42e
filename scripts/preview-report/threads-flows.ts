import { startAgentServer, startControlPlane, type ControlPlaneEmulator } from '../../emulator'
import type { EmulatedGraph } from '../../emulator/agent-server-threads'
import type { NamedFlow } from './gate-flows'
import { flowClock, NAME, pushes, seed, stepOf } from './kit'

/**
 * Parked threads' flows: users' threads wait at `approval` of the graph that serves; the push
 * deploys in place a graph that calls the node `review` (and, in the second flow, requires a new
 * key `tier`). Checked with a rollback, the check fails and the old graph comes back, with it the
 * threads nobody answered meanwhile; checked with `on-incompatible: warn`, the release stays and
 * the threads it strands are the ⚠️ line under the headline. A third release drops the node a
 * user's thread waits at (`escalation`), with two canaries parked at `approval`, which it keeps:
 * one passes, one whose reply lacks what its case expects fails; it rolls back.
 */
const OLD: EmulatedGraph = { nodes: ['draft', 'approval'] }
const RENAMED: EmulatedGraph = { nodes: ['draft', 'review'] }
const RENAMED_AND_TIER: EmulatedGraph = {
  nodes: ['draft', 'review'],
  properties: { messages: { langgraph_type: 'messages' }, tier: { type: 'string' } },
  required: ['tier']
}
const WITH_ESCALATION: EmulatedGraph = {
  nodes: ['draft', 'approval', 'escalation'],
  parksAt: 'approval'
}
const WITHOUT_ESCALATION: EmulatedGraph = { nodes: ['draft', 'approval'], parksAt: 'approval' }
const AGENT = { assistant: 'agent', message: 'hello', expect: 'echo: hello' }

/**
 * A deployment whose agent server serves `old` (OLD unless given) while a seeded revision (or a redeploy of one)
 * serves, and `next` while this run's revision does; `whenNextServes` runs once, the first time
 * the new graph is asked for (a user answering while the new code serves).
 */
async function threadsWorld(
  closers: (() => Promise<void>)[],
  next: EmulatedGraph,
  whenNextServes?: () => void,
  old: EmulatedGraph = OLD
) {
  const { now, sleep } = flowClock()
  const held: { controlPlane?: ControlPlaneEmulator; seeded: Set<string>; ours?: string } = {
    seeded: new Set()
  }
  const graph = (): EmulatedGraph => {
    const serving = held.controlPlane?.serving(NAME)?.revisionId
    if (serving === undefined || held.seeded.has(serving)) return old
    // The first revision after the seeded ones is this run's; a later one is a redeploy of the old.
    if (held.ours === undefined) {
      held.ours = serving
      whenNextServes?.()
    }
    return serving === held.ours ? next : old
  }
  const agent = await startAgentServer({
    now,
    sleep,
    host: () => held.controlPlane?.serving(NAME),
    threads: { graphs: () => ({ agent: graph() }) }
  })
  const controlPlane = await startControlPlane({ now, sleep, stepMs: 5, agentUrl: agent.url })
  held.controlPlane = controlPlane
  closers.push(controlPlane.close, agent.close)
  const { id } = seed(controlPlane)
  held.seeded = new Set(controlPlane.revisions(id).map((revision) => String(revision.id)))
  const park = (nodes: string[]) => agent.threads.park({ nodes, values: { messages: [] } })
  return { controlPlane, agent, park }
}

/**
 * A renamed node, rolled back (one thread answered in between); a warning that strands threads;
 * a node dropped and a canary failed, rolled back.
 */
export async function threadsFlows(closers: (() => Promise<void>)[]): Promise<NamedFlow[]> {
  const flows: NamedFlow[] = []
  {
    const answered: string[] = []
    const world = await threadsWorld(closers, RENAMED, () => {
      // Its user resumes it on the new code: no reply, and it turns idle at its checkpoint.
      for (const id of answered) world.agent.threads.answerKeepingCheckpoint(id)
    })
    world.park(['draft'])
    world.park(['approval'])
    world.park(['approval'])
    answered.push(world.park(['approval']))
    flows.push({
      id: 'threads-stranded-rolled-back',
      title: 'Parked threads stranded by a renamed node, rolled back',
      result: await pushes(
        stepOf(world.controlPlane, {
          policy: {
            agent: AGENT,
            threads: { parked: 'check' },
            rollback: { 'on-failure': true }
          }
        }),
        [() => undefined]
      )
    })
  }
  {
    const world = await threadsWorld(closers, RENAMED_AND_TIER)
    world.park(['approval'])
    world.park(['approval'])
    world.park(['draft'])
    flows.push({
      id: 'threads-stranded-warn',
      title: 'Parked threads stranded under on-incompatible: warn',
      result: await pushes(
        stepOf(world.controlPlane, {
          policy: { agent: AGENT, threads: { parked: 'check', 'on-incompatible': 'warn' } }
        }),
        [() => undefined]
      )
    })
  }
  {
    const world = await threadsWorld(closers, WITHOUT_ESCALATION, undefined, WITH_ESCALATION)
    world.park(['escalation'])
    const canary = { message: 'refund order 1 (test account)', resume: { approved: true } }
    flows.push({
      id: 'parked-threads-canary',
      title: 'A parked thread stranded and a canary failed, rolled back',
      result: await pushes(
        stepOf(world.controlPlane, {
          policy: {
            agent: { assistant: 'agent' },
            threads: {
              parked: 'check',
              canary: [
                { name: 'approve', ...canary, expect: 'approved' },
                { name: 'reject', ...canary, expect: 'rejected' }
              ]
            },
            rollback: { 'on-failure': true }
          }
        }),
        [() => undefined]
      )
    })
  }
  return flows
}
