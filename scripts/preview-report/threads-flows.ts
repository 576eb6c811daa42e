import { startAgentServer, startControlPlane, type ControlPlaneEmulator } from '../../emulator'
import type { EmulatedGraph } from '../../emulator/agent-server-threads'
import type { NamedFlow } from './gate-flows'
import { flowClock, NAME, pushes, seed, stepOf } from './kit'

/**
 * The parked threads' flow: a release that drops the node a user's thread waits at
 * (`escalation`), with two canaries parked at `approval`, which it keeps: one passes, one whose
 * reply lacks what its case expects fails. The thread is stranded, the check fails and rolls back.
 */
const OLD: EmulatedGraph = { nodes: ['draft', 'approval', 'escalation'], parksAt: 'approval' }
const NEW: EmulatedGraph = { nodes: ['draft', 'approval'], parksAt: 'approval' }

export async function threadsFlows(closers: (() => Promise<void>)[]): Promise<NamedFlow[]> {
  const { now, sleep } = flowClock()
  const holder: { controlPlane?: ControlPlaneEmulator; seeded: Set<string>; next?: string } = {
    seeded: new Set()
  }
  // The seeded revisions (and a redeploy of one) serve the old graph; this run's the new one.
  const graph = () => {
    const serving = holder.controlPlane?.serving(NAME)?.revisionId
    if (serving === undefined || holder.seeded.has(serving)) return OLD
    holder.next ??= serving
    return serving === holder.next ? NEW : OLD
  }
  const agent = await startAgentServer({
    now,
    sleep,
    host: () => holder.controlPlane?.serving(NAME),
    threads: { graphs: () => ({ agent: graph() }) }
  })
  const controlPlane = await startControlPlane({ now, sleep, stepMs: 5, agentUrl: agent.url })
  holder.controlPlane = controlPlane
  closers.push(controlPlane.close, agent.close)
  const { id } = seed(controlPlane)
  holder.seeded = new Set(controlPlane.revisions(id).map((revision) => String(revision.id)))
  agent.threads.park({ nodes: ['escalation'], values: { messages: [] } })
  const canary = { message: 'refund order 1 (test account)', resume: { approved: true } }
  const step = stepOf(controlPlane, {
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
  })
  return [
    {
      id: 'parked-threads-canary',
      title: 'A parked thread stranded and a canary failed, rolled back',
      result: await pushes(step, [() => undefined])
    }
  ]
}
