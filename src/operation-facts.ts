// What each operation is, as data: one row per operation, below every layer that reads it. The
// inputs read what it needs of them (a connection, a deployment to name, the release policy);
// the report and the GitHub records read what it does; ./operations/operations.ts adds each
// row's run.

/** Every operation the `operation` input names. */
export const OPERATION_NAMES = [
  'deploy',
  'delete',
  'rollback',
  'prune',
  'promote',
  'validate'
] as const
export type StepOperationName = (typeof OPERATION_NAMES)[number]
/** The operations that need nothing: no connection, no request of any kind. */
type OfflineName = 'validate'
/** The operations that reach the services. */
export type ServiceOperationName = Exclude<StepOperationName, OfflineName>

/** Where the commit of an operation's revision is read from, for the report and its links. */
export type BuiltFrom = 'workflow' | 'promotion' | 'redeploy'

/** What an operation needs of the inputs. */
export interface InputFacts {
  /** It sends requests: `api-url` and `api-key` are required. */
  connection: boolean
  /**
   * What it works on: one deployment (`name` or `deployment-id` is required), deployments it
   * finds otherwise, or none.
   */
  target: 'deployment' | 'found' | 'none'
  /**
   * The release policy: it applies it (when `release-policy` is given), checks it (and so
   * requires it), or refuses it (it deploys nothing a policy could hold to).
   */
  policy: 'applies' | 'checks' | 'refused'
}

/** What an operation that reaches the services is, everywhere. */
export interface ServiceFacts extends InputFacts {
  /** The control plane's address and key, and GitHub's records when a token is given. */
  needs: 'services'
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
  /** The headline of a failure before any verdict. */
  failedWords: string
}

/** An operation that needs nothing: no credentials, no request of any kind (GitHub's included). */
export interface OfflineFacts extends InputFacts {
  needs: 'nothing'
}

/** One row per operation, checked complete by the compiler. */
export const OPERATION_FACTS: { [K in ServiceOperationName]: ServiceFacts } & {
  [K in OfflineName]: OfflineFacts
} = {
  deploy: {
    needs: 'services',
    connection: true,
    target: 'deployment',
    policy: 'applies',
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
    connection: true,
    target: 'deployment',
    policy: 'applies',
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
    connection: true,
    target: 'deployment',
    policy: 'applies',
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
    connection: true,
    target: 'deployment',
    policy: 'refused',
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
    failedWords: 'delete failed'
  },
  // It finds its deployments by prune-prefix.
  prune: {
    needs: 'services',
    connection: true,
    target: 'found',
    policy: 'refused',
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
    failedWords: 'prune failed'
  },
  // Checks the inputs and the release policy where they are read, as written for any operation.
  validate: { needs: 'nothing', connection: false, target: 'none', policy: 'checks' }
}
