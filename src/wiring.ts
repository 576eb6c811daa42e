import { ControlPlaneClient } from './control-plane/client'
import type { ControlPlaneClientOptions } from './control-plane/request'
import type { WorkflowFacts } from './step-kit/step'
import type { Config } from './inputs/parse'
import type { DeployDeps, DeployIo } from './operations/deps'
import type { DeliveryDeps } from './safe-delivery'
import { ACTION_VERSION } from './version'
import type { Connections, World } from './world'
import { runDeadline } from './run/deadlines'

/** What a run is wired from: the world's means, the config, its start and its log. */
export interface RunWiring {
  config: Config
  world: Pick<World, 'clock' | 'signal' | 'env'> & { connections: Pick<Connections, 'dispatcher'> }
  /** When the step started (epoch ms on the world's clock): `timeout` counts from it. */
  startedAt: number
  /** The log and the facts reported as learnt (../report/ in a run; a recorder in a test). */
  io: DeployIo
  /** The control-plane client's callbacks, and a test's shorter timeouts and backoff. */
  client?: Partial<ControlPlaneClientOptions>
  pullRequestState?: DeployDeps['pullRequestState']
}

/**
 * The one wiring of a run: its context (the world's clock and cancel, the run's deadline, the
 * log) and the control-plane client, as every operation and step after DEPLOYED takes them.
 * execute() calls it, and so do the tests, so that what they test is this wiring.
 */
export function wireRun(wiring: RunWiring): DeliveryDeps {
  const { config, world, io } = wiring
  const { clock, signal } = world
  const dispatcher = world.connections.dispatcher
  const client = new ControlPlaneClient({
    baseUrl: config.apiUrl,
    apiKey: config.apiKey,
    tenantId: config.tenantId,
    userAgent: `deploy-agent-action/${ACTION_VERSION}`,
    dispatcher,
    now: clock.now,
    sleep: clock.sleep,
    ...wiring.client
  })
  return {
    client,
    io,
    log: io,
    clock,
    signal,
    deadline: runDeadline(wiring.startedAt, config.timeoutMs),
    dispatcher,
    pullRequestState: wiring.pullRequestState,
    workflow: workflowFacts(world.env)
  }
}

/** The workflow's commit and run URL, as the runner names them (for the gate's experiment). */
function workflowFacts(env: World['env']): WorkflowFacts {
  const runId = /^\d+$/.test(env.GITHUB_RUN_ID ?? '') ? env.GITHUB_RUN_ID : undefined
  const server = env.GITHUB_SERVER_URL || 'https://github.com'
  return {
    ...(env.GITHUB_SHA && { commit: env.GITHUB_SHA }),
    ...(runId &&
      env.GITHUB_REPOSITORY && {
        runUrl: `${server}/${env.GITHUB_REPOSITORY}/actions/runs/${runId}`
      })
  }
}
