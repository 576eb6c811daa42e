import type { OutputName } from '../inputs/contract'
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

/** Where the commit of an operation's revision is read from, for the report and its links. */
export type BuiltFrom = 'workflow' | 'promotion' | 'redeploy'

/** One operation's config: its variant of the union, with what the rules proved it has. */
export type ConfigOf<K extends Operation> = Extract<Config, { operation: K }>

/**
 * An operation that needs nothing: no credentials, no request of any kind (GitHub's included).
 * Its run is given its config, the log and the job summary, with no connection to send on.
 */
export interface OfflineKind<K extends OfflineOperation> {
  needs: 'nothing'
  run: (
    config: Extract<OfflineConfig, { operation: K }>,
    log: Log,
    report: OfflineReport
  ) => Promise<void>
}

/** What an operation that reaches the services is, everywhere. */
export interface OperationKind<K extends Operation = Operation> {
  /** The control plane's address and key, and GitHub's records when a token is given. */
  needs: 'services'
  /**
   * What it sends and waits for, given its own config; ends in a result, never throws. Loaded on
   * first use: the report reads this table on every run, a missing input's included.
   */
  run: (config: ConfigOf<K>, deps: DeployDeps) => Promise<DeployResult>
  /** Its revision, once DEPLOYED, goes through the checks after DEPLOYED. */
  checked: boolean
  /** `rollback.on-failure` applies: when its revision fails, the earlier one is redeployed. */
  rollsBack: boolean
  /**
   * Its revision is an earlier one redeployed: `rolled-back` is true when it serves again (its
   * checks passed and the service names it active).
   */
  bringsBack: boolean
  /**
   * What it leaves on GitHub: a GitHub deployment and PR comment for what now serves
   * (`records`), or the traces of the previews it removed marked deleted (`previews`).
   */
  github: 'records' | 'previews'
  /** The GitHub deployment's description: what the run does to the deployment. */
  verb: string
  /** What the PR comment says the run is doing while it waits ("building `abc1234`"). */
  waiting: string
  /**
   * The commit its GitHub deployment is for: the workflow's, or the one that will serve, named
   * when the revision whose build is sent is chosen (an earlier revision, or the source's).
   */
  commit: 'workflow' | 'served'
  /** Where the commit its revision was built from is read: the workflow, the promotion, the redeploy. */
  builtFrom: BuiltFrom
  /**
   * It sends a source of the inputs (a ref, an image, a folder) that the summary names; a promote
   * carries the other deployment's.
   */
  sendsSource: boolean
  /** It names one deployment: the `created` output and the GitHub records' name (prune names none). */
  namesDeployment: boolean
  /** The report says what serves now (a delete leaves nothing to serve). */
  reportsServing: boolean
  /** Outputs of its own, from its result. */
  outputs?: (result: DeployResult) => Partial<Record<OutputName, string>>
  /** The headline of a failure before any verdict. */
  failedWords: string
}

/** One row per operation, checked complete by the compiler. */
export const OPERATIONS: { [K in Operation]: OperationKind<K> } & {
  [K in OfflineOperation]: OfflineKind<K>
} = {
  deploy: {
    needs: 'services',
    run: (config, deps) => import('./runs').then(({ deploy }) => deploy(config, deps)),
    checked: true,
    rollsBack: true,
    bringsBack: false,
    github: 'records',
    verb: 'Deploy',
    waiting: 'building',
    commit: 'workflow',
    builtFrom: 'workflow',
    sendsSource: true,
    namesDeployment: true,
    reportsServing: true,
    failedWords: 'deploy failed'
  },
  // Itself the rollback: there is nothing earlier to bring back when it fails.
  rollback: {
    needs: 'services',
    run: (config, deps) =>
      import('./runs').then(({ rollbackOperation }) => rollbackOperation(config, deps)),
    checked: true,
    rollsBack: false,
    bringsBack: true,
    github: 'records',
    verb: 'Roll back',
    waiting: 'redeploying an earlier revision',
    commit: 'served',
    builtFrom: 'redeploy',
    sendsSource: true,
    namesDeployment: true,
    reportsServing: true,
    failedWords: 'rollback failed'
  },
  promote: {
    needs: 'services',
    run: (config, deps) => import('./runs').then(({ promote }) => promote(config, deps)),
    checked: true,
    rollsBack: true,
    bringsBack: false,
    github: 'records',
    verb: 'Promote to',
    waiting: 'promoting',
    commit: 'served',
    builtFrom: 'promotion',
    sendsSource: false,
    namesDeployment: true,
    reportsServing: true,
    failedWords: 'promote failed'
  },
  delete: {
    needs: 'services',
    run: (config, deps) =>
      import('./runs').then(({ deleteDeployment }) => deleteDeployment(config, deps)),
    checked: false,
    rollsBack: false,
    bringsBack: false,
    github: 'previews',
    verb: 'Delete',
    waiting: 'deleting',
    commit: 'workflow',
    builtFrom: 'workflow',
    sendsSource: true,
    namesDeployment: true,
    reportsServing: false,
    outputs: deletedOutputs,
    failedWords: 'delete failed'
  },
  prune: {
    needs: 'services',
    run: (config, deps) =>
      import('./runs').then(({ prunePreviews }) => prunePreviews(config, deps)),
    checked: false,
    rollsBack: false,
    bringsBack: false,
    github: 'previews',
    verb: 'Prune',
    waiting: 'pruning',
    commit: 'workflow',
    builtFrom: 'workflow',
    sendsSource: true,
    namesDeployment: false,
    reportsServing: true,
    outputs: (result) => ({ pruned: JSON.stringify(prunedNames(result)) }),
    failedWords: 'prune failed'
  },
  // Checks the inputs and the release policy where they are read: what is left is to say so.
  validate: {
    needs: 'nothing',
    run: (config, log, report) =>
      import('./validate').then(({ validate }) => validate(config, log, report))
  }
}

/** A delete says which deployment it removed, or would: none when there was none to remove. */
function deletedOutputs(result: DeployResult): Partial<Record<OutputName, string>> {
  const removed = result.outcome === 'deleted' || result.outcome === 'dry-run'
  return { 'deployment-id': removed ? (result.deploymentId ?? '') : '' }
}

/** operation prune: the names deleted, or on a dry run those that would be. */
function prunedNames(result: DeployResult): string[] {
  return (result.pruneRows ?? [])
    .filter((row) => result.outcome === 'dry-run' || row.result === 'deleted')
    .map((row) => row.name)
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
