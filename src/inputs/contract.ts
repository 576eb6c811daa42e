/** The tracing service's inputs: what the policy's evaluation gate reads the dataset from. */
export const TRACING_INPUTS = ['tracing-url', 'tracing-web-url'] as const

/** What is built and how: inputs that mean nothing to operations delete and rollback. */
export const SOURCE_INPUTS = [
  'source',
  'repo-url',
  'integration-id',
  'repo-ref',
  'deployment-type',
  'build-on-push',
  'graph-config-path',
  'image-uri',
  'listener-id',
  'k8s-namespace',
  'custom-url',
  'resource-spec',
  'source-dir',
  'install-command',
  'build-command',
  'secrets'
] as const

/**
 * The names of the action's public interface, as declared in action.yml. Every input is read and
 * every output written through these lists only, so a test can hold them against action.yml.
 */
export const INPUT_NAMES = [
  'api-url',
  'api-key',
  'tenant-id',
  'name',
  'operation',
  'deployment-id',
  ...SOURCE_INPUTS,
  'wait',
  'timeout',
  'poll-interval',
  'log-lines',
  'dry-run',
  // What must hold before a new revision stays (the release policy's file)
  'release-policy',
  'delete-tracing-project',
  'agent-api-key',
  'agent-auth-scheme',
  'github-token',
  'environment',
  'pr-comment',
  'to-revision',
  // Preview lifecycle (operation prune)
  'prune-prefix',
  'prune-older-than',
  'prune-closed-prs',
  // Promote (operation promote)
  'from-deployment',
  // The tracing service (the policy's evaluation gate)
  ...TRACING_INPUTS
] as const

export type InputName = (typeof INPUT_NAMES)[number]
export type RawInputs = Record<InputName, string>

/**
 * The `default:` of every input that action.yml gives one (a test holds the two equal). On a runner
 * `core.getInput` already returns these for an absent input; the table tells a value the user gave
 * from a default, and fills in for callers (tests, bench) that leave an input empty.
 */
export const INPUT_DEFAULTS = {
  operation: 'deploy',
  source: 'git_host',
  'source-dir': '.',
  wait: 'true',
  timeout: '30m',
  'poll-interval': '10s',
  'log-lines': '50',
  'dry-run': 'false',
  'delete-tracing-project': 'false',
  'pr-comment': 'false',
  'prune-closed-prs': 'false'
} as const satisfies Partial<Record<InputName, string>>

export type DefaultedInput = keyof typeof INPUT_DEFAULTS

/**
 * Inputs that may span lines (tabs and line breaks allowed). Every other input is one line of
 * text: it ends up in a header, a URL or a JSON field, where a control character has no business.
 */
export const MULTI_LINE_INPUTS: readonly InputName[] = ['secrets', 'resource-spec']

export const OUTPUT_NAMES = [
  'deployment-id',
  'revision-id',
  'revision-status',
  'deployment-url',
  'created',
  'previous-revision-id',
  'rolled-back',
  'rollback-revision-id',
  // Preview lifecycle (operation prune)
  'pruned',
  // Smoke suite (smoke.cases)
  'cases-passed',
  'cases-failed',
  // Promote (operation promote)
  'promoted-from',
  // Evaluation gate (gate.dataset)
  'eval-passed',
  'experiment-id',
  'baseline-experiment-id',
  'eval-scores',
  // Bake window (bake.duration)
  'bake-passed',
  'bake-stats',
  // Assistants as code (the policy's assistants)
  'assistants',
  // Parked threads (threads.parked: check)
  'parked-threads'
] as const

export type OutputName = (typeof OUTPUT_NAMES)[number]
