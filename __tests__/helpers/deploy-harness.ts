import { afterAll } from '@jest/globals'
import type { Dispatcher } from 'undici'
import type { OutputName } from '../../src/inputs/contract'
import { ControlPlaneClient } from '../../src/control-plane/client'
import type { ControlPlaneClientOptions } from '../../src/control-plane/request'
import { openSteps, type StepRow } from '../../src/after-deploy/check-runner'
import type { StepChecks } from '../../src/step-payloads'
import { wireRun } from '../../src/wiring'
import { VirtualClock } from '../../emulator/virtual-clock'
import { trackedDispatcher } from './action-world'
import type { DeployDeps } from '../../src/operations/deps'
import { runOperation } from '../../src/operations/operations'
import type { DeployResult } from '../../src/result'
import type { Config } from '../../src/inputs/parse'
import { configFor, type ConfigPartial } from './config-fixture'
import { deliver, stepContext, type Delivery, type DeliveryDeps } from '../../src/safe-delivery'
import { createReporter, type Reporter } from '../../src/report/reporter'
import { BRANCH_ENV } from './step-inputs'

export { BRANCH_ENV, gitHostStep, INTEGRATION_ID } from './step-inputs'

/**
 * The clock of this test file's in-process runs (each test file loads this module anew). Request
 * timeouts, retries' backoff and polling are sleeps on it, and its dispatcher shows it every
 * request in flight: a run sees the same times however busy the machine is. Give its time to the
 * emulators a test starts (`startControlPlane({ ...onClock, ... })`) so that revisions move on
 * the same time line as the run's polls.
 */
export const clock = new VirtualClock()
/** The emulator options that put a control plane on the runs' clock (its delays hold requests). */
export const onClock = { now: clock.now, sleep: clock.hold }
const dispatcher = trackedDispatcher({}, clock)
afterAll(async () => {
  clock.close()
  await dispatcher.destroy()
})

/** A control-plane client on the runs' clock (its request timeouts and retries' sleeps). */
export function clientOnClock(options: ControlPlaneClientOptions): ControlPlaneClient {
  return new ControlPlaneClient({ dispatcher, now: clock.now, sleep: clock.sleep, ...options })
}

/** The gap between status checks in tests, below what the poll-interval input allows. */
const FAST_POLL_MS = 50

/** What a run records: the outputs it sets and each line it logs. */
export interface Recording {
  outputs: Partial<Record<OutputName, string>>
  log: string[]
}

export interface Recorded extends Recording {
  result: DeployResult
}

export interface DeliveryRun extends Delivery, Recording {}

/**
 * The dependencies execute() gives an operation, made by the production wiring (wireRun), with a
 * real client over HTTP: what the run logs (retries included) and the outputs its one reporter
 * sets (from what it reports) are recorded. Time is the file's virtual `clock`; retries' backoff
 * is short so that tests of them stay short on it too.
 */
export function recordingDeps(
  config: Config,
  options: Pick<DeployDeps, 'signal' | 'pullRequestState'> & { requestTimeoutMs: number }
): Recording & { deps: DeliveryDeps & { dispatcher: Dispatcher }; reporter: Reporter } {
  const outputs: Recording['outputs'] = {}
  const reporter = createReporter((name, value) => {
    outputs[name] = value
  })
  const log: string[] = []
  const deps = wireRun({
    config,
    world: {
      clock,
      signal: options.signal ?? new AbortController().signal,
      env: {},
      connections: { dispatcher }
    },
    startedAt: clock.now(),
    io: {
      info: (message) => log.push(message),
      notice: (message) => log.push(`notice: ${message}`),
      warning: (message) => log.push(`warning: ${message}`),
      known: (fact) => reporter.known(fact)
    },
    client: {
      userAgent: 'deploy-agent-action/test',
      requestTimeoutMs: options.requestTimeoutMs,
      backoff: { baseMs: 10, maxMs: 50 },
      onRetry: (notice) => log.push(`retry ${notice.method} ${notice.path}: ${notice.reason}`)
    },
    pullRequestState: options.pullRequestState
  })
  return { deps: { ...deps, dispatcher }, outputs, log, reporter }
}

/** deliver() as execute() runs it (checks after DEPLOYED, a rollback when asked), polling fast. */
export async function runDelivery(
  given: ConfigPartial,
  env: Record<string, string> = BRANCH_ENV,
  options: Pick<DeployDeps, 'signal'> & { steps?: readonly StepRow[] } = {}
): Promise<DeliveryRun> {
  const config = { ...configFor(given, env), pollIntervalMs: 20 }
  const { deps, outputs, log, reporter } = recordingDeps(config, {
    requestTimeoutMs: 1_000,
    signal: options.signal
  })
  const delivery = await deliver(config, deps, options.steps)
  reporter.finish({ operation: config.operation, ...delivery })
  return { ...delivery, outputs, log }
}

/**
 * Runs the operation (deploy, delete, rollback, prune or promote) the way main() does, with a real client over HTTP, and records what
 * it logs and which outputs it sets. Retries are fast so that tests of them stay short.
 */
export async function runDeploy(
  given: ConfigPartial,
  options: {
    env?: Record<string, string>
    signal?: AbortSignal
    apiKey?: string
    /** operation prune: the state of each pull request (GitHub's answer). */
    pullRequestState?: (pullNumber: number) => Promise<'open' | 'closed' | undefined>
    /** Deploy or roll back through deliver(): with the checks after DEPLOYED. */
    delivered?: boolean
    /** internal_source: the packed size refused, in place of the service's limit. */
    sourceMaxBytes?: number
  } = {}
): Promise<Recorded> {
  // The poll-interval input refuses anything under 1 s; tests poll faster unless they say otherwise.
  const config = {
    ...configFor({ apiKey: options.apiKey, ...given }, options.env ?? BRANCH_ENV),
    pollIntervalMs: given.pollIntervalMs ?? FAST_POLL_MS
  }
  const { deps, outputs, log, reporter } = recordingDeps(config, {
    requestTimeoutMs: 2_000,
    signal: options.signal,
    pullRequestState: options.pullRequestState
  })
  const run = { ...deps, sourceMaxBytes: options.sourceMaxBytes }
  const delivery = options.delivered
    ? await deliver(config, run)
    : { result: await runOperation(config, run) }
  reporter.finish({ operation: config.operation, ...delivery })
  return { result: delivery.result, outputs, log }
}

/**
 * The steps of `list` on a DEPLOYED `result`, as deliver() runs them (the production wiring and
 * step context), recording what they log. Its control-plane client talks to `config.apiUrl`;
 * `deadline` moves the run's deadline (a past one: the run's timeout has ended).
 */
export async function checkRevision(
  list: readonly StepRow[],
  config: Config,
  result: DeployResult,
  given: { signal?: AbortSignal; deadline?: number } = {}
): Promise<Recording & { checks: StepChecks }> {
  const { deps, outputs, log } = recordingDeps(config, {
    requestTimeoutMs: 1_000,
    signal: given.signal
  })
  const deadline =
    given.deadline === undefined ? deps.deadline : { ...deps.deadline, at: given.deadline }
  const context = stepContext(config, { ...deps, deadline })
  const revision = {
    result,
    deploymentId: result.deploymentId ?? 'deployment',
    revisionId: result.revisionId ?? 'revision'
  }
  const checks = await openSteps(list, config, context).check(revision, { context })
  return { checks, outputs, log }
}
