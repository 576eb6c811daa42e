/**
 * A valid, typed Config for tests that need one but are not about how it is written: the one
 * place outside the input tests that knows the inputs' names. The partial speaks Config's own
 * words; each value this file can write as the input it comes from goes through the production
 * schema (so defaults, normalising, derived values and the rules between inputs are the action's
 * own and cannot drift), and what it cannot write (a poll faster than the inputs allow, a parsed
 * expectation) is laid over the result.
 */
import type { InputName, RawInputs } from '../../src/inputs/contract'
import type { InputEnv } from '../../src/inputs/problems'
import type { Config, DeployConfig, Operation } from '../../src/inputs/parse'
import { configSchema, type PruneCriteria } from '../../src/inputs/schema'
import { rawInputs } from './action-yml'
import { BRANCH_ENV, INTEGRATION_ID } from './step-inputs'

type Verify = NonNullable<Config['verify']>
type Suite = NonNullable<Verify['suite']>
type Gate = Omit<NonNullable<Config['gate']>, 'keys'>
type GitHub = NonNullable<Config['github']>
type Top = Omit<DeployConfig, 'operation' | 'verify' | 'gate' | 'github' | 'warnings'>

/** What a test says of its Config; what it leaves out takes the action's defaults. */
export type ConfigPartial<O extends Operation = Operation> = Partial<Top> & {
  operation?: O
  /** operation promote: its source deployment; `staging` when left out. */
  fromDeployment?: string
  /** operation prune: its criteria; the prefix `pr-`, older than 7 days when left out. */
  prune?: Partial<PruneCriteria>
  /** The agent checks after DEPLOYED (assistant `agent` when left out). */
  verify?: Partial<Omit<Verify, 'suite'>> & { suite?: Partial<Suite> & Pick<Suite, 'cases'> }
  /** The evaluation gate (dataset `gate-dataset`, `correctness` ≥ 0.8); agent checks come with it. */
  gate?: Partial<Gate>
  /** GitHub records (a test token when left out). */
  github?: Partial<GitHub>
}

/** A field's input, and its value written as that input's text (undefined: it cannot be). */
type Writer<T> = readonly [InputName, (value: T) => string | undefined]
type Writers<T> = { readonly [K in keyof T]-?: Writer<NonNullable<T[K]>> | undefined }

const text = (input: InputName): Writer<string> => [input, (value) => value]
const bool = (input: InputName): Writer<boolean> => [input, String]
const whole = (input: InputName): Writer<number> => [input, String]
const duration = (input: InputName, minMs = 1): Writer<number> => [
  input,
  (ms) => (Number.isInteger(ms) && ms >= minMs ? `${ms}ms` : undefined)
]
const thresholds = (input: InputName): Writer<ReadonlyMap<string, number>> => [
  input,
  (map) => [...map].map(([key, value]) => `${key}=${value}`).join('\n')
]

const TOP: Writers<Top & { fromDeployment: string }> = {
  apiUrl: text('api-url'),
  apiKey: text('api-key'),
  tenantId: text('tenant-id'),
  name: text('name'),
  deploymentId: text('deployment-id'),
  fromDeployment: text('from-deployment'),
  source: text('source'),
  integrationId: text('integration-id'),
  deploymentType: text('deployment-type'),
  buildOnPush: bool('build-on-push'),
  graphConfigPath: text('graph-config-path'),
  imageUri: text('image-uri'),
  listenerId: text('listener-id'),
  k8sNamespace: text('k8s-namespace'),
  customUrl: text('custom-url'),
  resourceSpec: undefined,
  sourceDir: text('source-dir'),
  installCommand: text('install-command'),
  buildCommand: text('build-command'),
  repoUrl: text('repo-url'),
  repoRef: text('repo-ref'),
  secrets: ['secrets', (list) => list.map(({ name, value }) => `${name}=${value}`).join('\n')],
  dryRun: bool('dry-run'),
  wait: bool('wait'),
  timeoutMs: duration('timeout'),
  // The input refuses a poll under 1 s; faster ones are laid over.
  pollIntervalMs: duration('poll-interval', 1_000),
  logLines: whole('log-lines'),
  deleteTracingProject: bool('delete-tracing-project'),
  rollbackOnFailure: bool('rollback-on-failure'),
  rollbackTimeoutMs: duration('rollback-timeout'),
  toRevision: text('to-revision')
}

const VERIFY: Writers<Omit<Verify, 'suite'>> = {
  assistantId: text('verify-assistant'),
  message: text('verify-message'),
  // A text that looks like /pattern/ would be read as one: laid over instead.
  expect: [
    'verify-expect',
    (expect) =>
      expect.kind === 'pattern'
        ? String(expect.pattern)
        : /^\/.*\/[a-z]*$/s.test(expect.text)
          ? undefined
          : expect.text
  ],
  a2a: bool('verify-a2a'),
  timeoutMs: duration('verify-timeout'),
  apiKey: text('agent-api-key'),
  authScheme: text('agent-auth-scheme')
}

const SUITE: Writers<Omit<Suite, 'cases'>> = {
  minPass: [
    'verify-min-pass',
    (minPass) => (minPass.kind === 'count' ? String(minPass.count) : `${minPass.percent}%`)
  ],
  concurrency: whole('verify-concurrency')
}

const GATE: Writers<Gate> = {
  dataset: text('eval-dataset'),
  tracingUrl: text('tracing-url'),
  tracingWebUrl: text('tracing-web-url'),
  assistantId: text('verify-assistant'),
  splits: ['eval-splits', (splits) => splits.join(',')],
  datasetVersion: text('eval-dataset-version'),
  maxExamples: whole('eval-max-examples'),
  repetitions: whole('eval-repetitions'),
  concurrency: whole('eval-concurrency'),
  minScores: thresholds('eval-min-scores'),
  maxRegression: thresholds('eval-max-regression'),
  maxErrorRate: ['eval-max-error-rate', (share) => `${share * 100}%`],
  baseline: [
    'eval-baseline',
    (baseline) => (baseline.kind === 'experiment' ? baseline.id : baseline.kind)
  ],
  timeoutMs: duration('eval-timeout')
}

const GITHUB: Writers<GitHub> = {
  token: text('github-token'),
  environment: text('environment'),
  prComment: bool('pr-comment')
}

const PRUNE: Writers<PruneCriteria> = {
  prefix: text('prune-prefix'),
  olderThanMs: duration('prune-older-than'),
  closedPullRequests: bool('prune-closed-prs')
}

/**
 * Splits `given` into the inputs its values are written as, and the values laid over the
 * Config afterwards (those no input can say).
 */
function write<T extends object>(given: Partial<T> | undefined, writers: Writers<T>) {
  const inputs: Partial<Record<InputName, string>> = {}
  const over: Partial<T> = {}
  for (const [key, value] of Object.entries(given ?? {}) as [keyof T & string, unknown][]) {
    if (value === undefined) continue
    const writer = writers[key] as Writer<unknown> | undefined
    const written = writer?.[1](value)
    if (writer && written !== undefined) inputs[writer[0]] = written
    else if (writer || key in writers) over[key] = value as T[keyof T & string]
    else throw new Error(`configFor takes Config's fields: ${key} is not one of them`)
  }
  return { inputs, over }
}

/** What makes a section exist when the test names none of its values. */
function sectionDefaults(partial: ConfigPartial): Partial<RawInputs> {
  const operation = partial.operation ?? 'deploy'
  return {
    'api-key': 'emulator-key',
    'api-url': 'https://control.example.com',
    ...(operation !== 'prune' &&
      !('name' in partial) &&
      partial.deploymentId === undefined && { name: 'support-agent' }),
    ...(operation === 'promote' && { 'from-deployment': 'staging' }),
    ...(operation === 'prune' && {
      'prune-prefix': 'pr-',
      ...(!partial.prune?.closedPullRequests && { 'prune-older-than': '7d' })
    }),
    ...((partial.verify || partial.gate) && { 'verify-assistant': 'agent' }),
    ...(partial.verify?.suite && { 'verify-cases': 'cases.yml' }),
    ...(partial.gate && {
      'eval-dataset': 'gate-dataset',
      'tracing-url': 'https://tracing.example.com',
      ...(!partial.gate.maxRegression && { 'eval-min-scores': 'correctness=0.8' })
    }),
    ...(partial.github && { 'github-token': 'ghs_test-token' })
  }
}

/**
 * The Config a run would have for `partial` (under `env`, a push to main unless given), as the
 * production schema makes it; throws the schema's error when the partial is not a valid step.
 */
export function configFor<O extends Operation = 'deploy'>(
  partial: ConfigPartial<O> = {},
  env: InputEnv = BRANCH_ENV
): Extract<Config, { operation: O }> {
  const { operation, verify, gate, github, prune, ...top } = partial
  const { suite, ...checks } = verify ?? {}
  const parts = {
    top: write(top, TOP),
    verify: write(checks, VERIFY),
    suite: write(suite && { minPass: suite.minPass, concurrency: suite.concurrency }, SUITE),
    gate: write(gate, GATE),
    github: write(github, GITHUB),
    prune: write(prune, PRUNE)
  }
  const base = configSchema.parse({
    inputs: rawInputs({
      ...sectionDefaults(partial),
      ...(operation && { operation }),
      ...Object.values(parts).reduce((all, part) => ({ ...all, ...part.inputs }), {})
    }),
    env,
    caseFile: suite && { cases: suite.cases, problems: [] }
  })
  const config = { ...base, ...parts.top.over } as Config
  if (config.verify) config.verify = { ...config.verify, ...parts.verify.over }
  if (config.gate) config.gate = { ...config.gate, ...parts.gate.over }
  if (config.operation === 'prune') config.prune = { ...config.prune, ...parts.prune.over }
  return config as Extract<Config, { operation: O }>
}

/** A git_host deploy of `name` against `apiUrl`: the starting point of most tests. */
export function gitHostConfig(apiUrl: string, name = 'support-agent') {
  return {
    apiUrl,
    name,
    integrationId: INTEGRATION_ID,
    graphConfigPath: 'graph.json'
  } satisfies ConfigPartial
}
