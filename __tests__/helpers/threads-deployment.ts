import {
  startAgentServer,
  startControlPlane,
  type AgentServerEmulator,
  type ControlPlaneEmulator
} from '../../emulator'
import type { EmulatedGraph } from '../../emulator/agent-server-threads'
import { clock, gitHostStep, onClock } from './deploy-harness'
import type { Step } from './policy-file'
import { seedServing } from './serving-agent'

/** The deployment's name on the emulated control plane. */
export const THREADS_DEPLOYMENT = 'support-agent'

/** An emulated deployment whose agent server holds threads, and the action's inputs for it. */
export interface ThreadsDeployment {
  step: Step
  cp: ControlPlaneEmulator
  agent: AgentServerEmulator
  /** The seeded deployment's id (none on a first deploy). */
  deploymentId?: string
}

/**
 * A control plane whose deployment's URL is the emulated agent server, on the runs' clock: the
 * server answers with `old` while a seeded revision (or a redeploy of one) serves, and with
 * `next` while the first revision after them (the run's own) does, as a deployment's revisions
 * share its threads. Its servers are pushed on `running`, for the test file to close.
 */
export async function startThreadsDeployment(
  running: { close(): Promise<void> }[],
  old: EmulatedGraph,
  next: EmulatedGraph,
  options: { firstDeploy?: boolean } = {}
): Promise<ThreadsDeployment> {
  const started: { cp?: ControlPlaneEmulator } = {}
  let seeded = new Set<string>()
  let newRevision: string | undefined
  const graph = () => {
    const serving = started.cp?.serving(THREADS_DEPLOYMENT)?.revisionId
    if (serving === undefined || seeded.has(serving)) return old
    // The first revision after the seeded ones is the run's; a later one is a redeploy of the old.
    newRevision ??= serving
    return serving === newRevision ? next : old
  }
  const agent = await startAgentServer({
    now: clock.now,
    threads: { graphs: () => ({ agent: graph() }) }
  })
  running.push(agent)
  const cp = await startControlPlane({ ...onClock, stepMs: 5, agentUrl: agent.url })
  started.cp = cp
  running.push(cp)
  const step: Step = {
    ...gitHostStep(cp.url, THREADS_DEPLOYMENT),
    'api-key': 'emulator-key',
    'poll-interval': '1'
  }
  if (options.firstDeploy) return { step, cp, agent }
  const { id } = seedServing(cp, THREADS_DEPLOYMENT)
  seeded = new Set(cp.revisions(id).map((revision) => String(revision.id)))
  return { step, cp, agent, deploymentId: id }
}
