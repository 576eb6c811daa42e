import type { Config } from '../inputs/parse'
import type { DeployResult } from '../result'
import { deleteDeployment } from './delete'
import { deploy } from './deploy'
import type { DeployDeps } from './deps'
import { promote } from './promote'
import { prunePreviews } from './prune'
import { rollbackOperation } from './rollback'

export type Operation = Config['operation']

/** One operation's config: its variant of the union, with what the rules proved it has. */
export type ConfigOf<K extends Operation> = Extract<Config, { operation: K }>

/** What an operation is, everywhere: one row per operation, checked complete by the compiler. */
export interface OperationKind<K extends Operation = Operation> {
  /** What it sends and waits for, given its own config; ends in a result, never throws. */
  run: (config: ConfigOf<K>, deps: DeployDeps) => Promise<DeployResult>
  /** Its revision, once DEPLOYED, goes through the checks after DEPLOYED. */
  checked: boolean
  /** `rollback-on-failure` applies: when its revision fails, the earlier one is redeployed. */
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
  /**
   * `eval-dataset` gates it: planned before its write, run after its other checks. An operation
   * that brings back what served before is not gated (a notice says so).
   */
  gated: boolean
  /** The GitHub deployment's description: what the run does to the deployment. */
  verb: string
  /** What the PR comment says the run is doing while it waits ("building `abc1234`"). */
  waiting: string
  /**
   * The commit its GitHub deployment is for: the workflow's, or the one that will serve, named
   * when the revision whose build is sent is chosen (an earlier revision, or the source's).
   */
  commit: 'workflow' | 'served'
}

export const OPERATIONS: { [K in Operation]: OperationKind<K> } = {
  deploy: {
    run: deploy,
    checked: true,
    rollsBack: true,
    bringsBack: false,
    gated: true,
    github: 'records',
    verb: 'Deploy',
    waiting: 'building',
    commit: 'workflow'
  },
  // Itself the rollback: there is nothing earlier to bring back when it fails.
  rollback: {
    run: rollbackOperation,
    checked: true,
    rollsBack: false,
    bringsBack: true,
    gated: false,
    github: 'records',
    verb: 'Roll back',
    waiting: 'redeploying an earlier revision',
    commit: 'served'
  },
  promote: {
    run: promote,
    checked: true,
    rollsBack: true,
    bringsBack: false,
    gated: true,
    github: 'records',
    verb: 'Promote to',
    waiting: 'promoting',
    commit: 'served'
  },
  delete: {
    run: deleteDeployment,
    checked: false,
    rollsBack: false,
    bringsBack: false,
    gated: false,
    github: 'previews',
    verb: 'Delete',
    waiting: 'deleting',
    commit: 'workflow'
  },
  prune: {
    run: prunePreviews,
    checked: false,
    rollsBack: false,
    bringsBack: false,
    gated: false,
    github: 'previews',
    verb: 'Prune',
    waiting: 'pruning',
    commit: 'workflow'
  }
}

/** Runs the operation the config names: its row's run, given its own variant of the config. */
export function runOperation<K extends Operation>(
  config: ConfigOf<K>,
  deps: DeployDeps
): Promise<DeployResult> {
  const kind: OperationKind<K> = OPERATIONS[config.operation as K]
  return kind.run(config, deps)
}
