import { startAgentServer, type AgentServerEmulator, type AgentServerOptions } from './agent-server'
import {
  startControlPlane,
  type ControlPlaneEmulator,
  type ControlPlaneOptions
} from './control-plane'
import { startTracing, type TracingEmulator, type TracingOptions } from './tracing'
import type { TrafficGenerator, TrafficSpec } from './tracing-traffic'

export interface Services {
  controlPlane: ControlPlaneEmulator
  agent: AgentServerEmulator
  tracing: TracingEmulator
  /**
   * Users' traffic to the deployment named (or of that id): root runs in its tracing project
   * (made now if the control plane has not made it yet), sent by whichever revision the control
   * plane serves at each moment (see tracing-traffic.ts).
   */
  traffic(deployment: string, spec: TrafficSpec): { projectId: string; generator: TrafficGenerator }
  /** The control plane's clock when the first redeploy request at or after `at` came. */
  firstRedeployAfter(at: number): number | undefined
  close(): Promise<void>
}

/**
 * The three services the action talks to, started together as the demo and the tests use
 * them: the control plane hands out the agent server's URL, the agent server answers as the
 * revision `serve` (a deployment name) serves when given, and all share one key and one clock.
 */
export async function startServices(
  options: {
    apiKey?: string
    /** The workspace of both the control plane and the tracing service. */
    tenantId?: string
    now?: () => number
    serve?: string
    /** Each deployment the control plane makes has its tracing project (a session of its name). */
    deploymentProjects?: boolean
    controlPlane?: ControlPlaneOptions
    agent?: AgentServerOptions
    tracing?: TracingOptions
  } = {}
): Promise<Services> {
  const apiKey = options.apiKey ?? 'emulator-key'
  const clock = options.now === undefined ? {} : { now: options.now }
  const tenant = options.tenantId === undefined ? {} : { tenantId: options.tenantId }
  const { controlPlane, agent } = await startServingAgent({
    serve: options.serve,
    agent: { apiKey, ...options.agent },
    controlPlane: { apiKey, ...clock, ...tenant, ...options.controlPlane }
  })
  const tracing = await startTracing({
    apiKey,
    ...clock,
    ...tenant,
    // A deployment's project exists once the deployment does, as on the service (asked for:
    // the gate's tests count the sessions).
    ...(options.deploymentProjects === true && {
      deploymentProjects: () => controlPlane.tracingProjects()
    }),
    ...options.tracing
  })
  return {
    controlPlane,
    agent,
    tracing,
    traffic: (deployment, spec) => {
      const name =
        controlPlane.deployments().find((found) => found.id === deployment)?.name ?? deployment
      const project =
        tracing.sessions().find((session) => session.name === name) ?? tracing.seedProject({ name })
      const generator = tracing.addTraffic(
        project.id,
        spec,
        (at) => controlPlane.serving(name, at)?.revisionId
      )
      return { projectId: project.id, generator }
    },
    firstRedeployAfter: (at) =>
      controlPlane
        .redeploys()
        .map((request) => request.at ?? Number.NaN)
        .filter((time) => time >= at)
        .sort((a, b) => a - b)[0],
    close: async () => {
      await Promise.all([controlPlane.close(), agent.close(), tracing.close()])
    }
  }
}

/**
 * A control plane whose deployments' URL is an agent server, the agent answering as the revision
 * `serve` (a deployment name or id) serves when given: what a check after DEPLOYED talks to.
 */
export async function startServingAgent(
  options: { serve?: string; controlPlane?: ControlPlaneOptions; agent?: AgentServerOptions } = {}
): Promise<{
  controlPlane: ControlPlaneEmulator
  agent: AgentServerEmulator
  close(): Promise<void>
}> {
  const served = options.serve
  // The agent server asks the control plane only when a request comes, once both run.
  const agent = await startAgentServer({
    ...(served === undefined ? {} : { host: () => controlPlane.serving(served) }),
    ...options.agent
  })
  const controlPlane = await startControlPlane({ agentUrl: agent.url, ...options.controlPlane })
  return {
    controlPlane,
    agent,
    close: async () => {
      await Promise.all([controlPlane.close(), agent.close()])
    }
  }
}
