import { OPERATION_FACTS, type OfflineFacts, type ServiceFacts } from '../operation-facts'
import type { Config, StepConfig } from '../inputs/parse'
import type { Log } from '../report/log'
import type { OfflineReport } from '../report/job-summary'
import type { DeployResult } from '../result'
import type { DeployDeps } from './deps'

/** Every operation: one row each in OPERATIONS. */
export type StepOperation = StepConfig['operation']
/** The operations that reach the services (the control plane, the agent, GitHub). */
export type Operation = Config['operation']
/** The config of an operation that needs nothing (no Config: no connection, no credentials). */
type OfflineConfig = Exclude<StepConfig, Config>
type OfflineOperation = OfflineConfig['operation']

/** One operation's config: its variant of the union, with what the rules proved it has. */
export type ConfigOf<K extends Operation> = Extract<Config, { operation: K }>

/**
 * An operation that needs nothing: no credentials, no request of any kind (GitHub's included).
 * Its run is given its config, the log and the job summary, with no connection to send on.
 */
export interface OfflineKind<K extends OfflineOperation> extends OfflineFacts {
  run: (
    config: Extract<OfflineConfig, { operation: K }>,
    log: Log,
    report: OfflineReport
  ) => Promise<void>
}

/** An operation that reaches the services: its facts (../operation-facts.ts), and its run. */
export interface OperationKind<K extends Operation = Operation> extends ServiceFacts {
  /**
   * What it sends and waits for, given its own config; ends in a result, never throws. Loaded on
   * first use: the table is read on every run, a missing input's included.
   */
  run: (config: ConfigOf<K>, deps: DeployDeps) => Promise<DeployResult>
}

/** One row per operation: its facts, and its run. */
export const OPERATIONS: { [K in Operation]: OperationKind<K> } & {
  [K in OfflineOperation]: OfflineKind<K>
} = {
  deploy: {
    ...OPERATION_FACTS.deploy,
    run: (config, deps) => import('./runs').then(({ deploy }) => deploy(config, deps))
  },
  rollback: {
    ...OPERATION_FACTS.rollback,
    run: (config, deps) =>
      import('./runs').then(({ rollbackOperation }) => rollbackOperation(config, deps))
  },
  promote: {
    ...OPERATION_FACTS.promote,
    run: (config, deps) => import('./runs').then(({ promote }) => promote(config, deps))
  },
  delete: {
    ...OPERATION_FACTS.delete,
    run: (config, deps) =>
      import('./runs').then(({ deleteDeployment }) => deleteDeployment(config, deps))
  },
  prune: {
    ...OPERATION_FACTS.prune,
    run: (config, deps) => import('./runs').then(({ prunePreviews }) => prunePreviews(config, deps))
  },
  // validate runs only with a release policy, read first: in the policy reader's chunk.
  validate: {
    ...OPERATION_FACTS.validate,
    run: (config, log, report) =>
      import(/* webpackChunkName: "policy" */ './validate').then(({ validate }) =>
        validate(config, log, report)
      )
  }
}

/** Runs the operation the config names: its row's run, given its own variant of the config. */
export function runOperation<K extends Operation>(
  config: ConfigOf<K>,
  deps: DeployDeps
): Promise<DeployResult> {
  const rows: { [J in Operation]: OperationKind<J> } = OPERATIONS
  const kind: OperationKind<K> = rows[config.operation as K]
  return kind.run(config, deps)
}

/**
 * Starts the step's operation as its row says: one that needs nothing runs on its config and the
 * log alone; one that reaches the services is handed to `reachServices` (the run's wiring, which
 * the caller holds: this table sits below it).
 */
export function startOperation(
  config: StepConfig,
  log: Log,
  report: OfflineReport,
  reachServices: (config: Config) => Promise<void>
): Promise<void> {
  const kind = OPERATIONS[config.operation]
  // The row decides; the compiler cannot pair a row with its config's variant, hence the casts.
  if (kind.needs === 'nothing') return kind.run(config as OfflineConfig, log, report)
  return reachServices(config as Config)
}
