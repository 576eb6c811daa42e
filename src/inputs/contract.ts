/** Every input of the evaluation gate: each needs eval-dataset. */
export const GATE_INPUTS = [
  'eval-dataset',
  'tracing-url',
  'tracing-web-url',
  'eval-splits',
  'eval-dataset-version',
  'eval-max-examples',
  'eval-repetitions',
  'eval-concurrency',
  'eval-min-scores',
  'eval-max-regression',
  'eval-max-error-rate',
  'eval-baseline',
  'eval-timeout'
] as const

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
  'delete-tracing-project',
  'verify-assistant',
  'verify-message',
  'verify-a2a',
  'verify-timeout',
  'agent-api-key',
  'agent-auth-scheme',
  'github-token',
  'environment',
  'pr-comment',
  'verify-expect',
  'rollback-on-failure',
  'rollback-timeout',
  'to-revision',
  // Smoke suite (after DEPLOYED)
  'verify-cases',
  'verify-min-pass',
  'verify-concurrency',
  // Preview lifecycle (operation prune)
  'prune-prefix',
  'prune-older-than',
  'prune-closed-prs',
  // Promote (operation promote)
  'from-deployment',
  // Evaluation gate (after the other checks)
  ...GATE_INPUTS
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
  'verify-a2a': 'false',
  'verify-timeout': '5m',
  'pr-comment': 'false',
  'rollback-on-failure': 'false',
  'rollback-timeout': '15m',
  'prune-closed-prs': 'false',
  'verify-min-pass': '100%',
  'verify-concurrency': '4',
  'eval-max-examples': '100',
  'eval-repetitions': '1',
  'eval-concurrency': '4',
  'eval-max-error-rate': '0%',
  'eval-baseline': 'previous',
  'eval-timeout': '10m'
} as const satisfies Partial<Record<InputName, string>>

export type DefaultedInput = keyof typeof INPUT_DEFAULTS

/**
 * Inputs that may span lines (tabs and line breaks allowed). Every other input is one line of
 * text: it ends up in a header, a URL or a JSON field, where a control character has no business.
 */
export const MULTI_LINE_INPUTS: readonly InputName[] = [
  'secrets',
  'resource-spec',
  'verify-message',
  'eval-min-scores',
  'eval-max-regression'
]

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
  // Smoke suite
  'cases-passed',
  'cases-failed',
  // Promote (operation promote)
  'promoted-from',
  // Evaluation gate
  'eval-passed',
  'experiment-id',
  'baseline-experiment-id',
  'eval-scores'
] as const

export type OutputName = (typeof OUTPUT_NAMES)[number]
