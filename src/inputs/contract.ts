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
  'secrets',
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
  'pr-comment'
] as const

export type InputName = (typeof INPUT_NAMES)[number]
export type RawInputs = Record<InputName, string>

export const OUTPUT_NAMES = [
  'deployment-id',
  'revision-id',
  'revision-status',
  'deployment-url',
  'created'
] as const

export type OutputName = (typeof OUTPUT_NAMES)[number]
