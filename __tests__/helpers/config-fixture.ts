/**
 * A valid, typed Config for tests that need one but are not about how it is written: the one
 * place outside the input and policy tests that knows the inputs' names and the release policy's
 * keys. The partial speaks Config's own words; each value this file can write as the input or
 * policy key it comes from goes through the production schemas (so defaults, normalising, derived
 * values and the rules between inputs are the action's own and cannot drift), and what it cannot
 * write (a poll faster than the inputs allow, a parsed expectation) is laid over the result.
 */
import type { InputName, RawInputs } from '../../src/inputs/contract'
import type { InputEnv } from '../../src/inputs/problems'
import type { Config, DeployConfig, Operation } from '../../src/inputs/parse'
import { configSchema, type PruneCriteria } from '../../src/inputs/schema'
import { policyInEffect, writtenInEffect } from '../../src/policy/effective'
import type { NamedFiles } from '../../src/policy/named-files'
import { policyRules } from '../../src/policy/rules'
import { sectionsSchema } from '../../src/policy/schema'
import type { SmokeCase } from '../../src/smoke/cases'
import { rawInputs } from './action-yml'
import { POLICY_PATH } from './policy-file'
import { BRANCH_ENV, INTEGRATION_ID } from './step-inputs'

type Agent = NonNullable<Config['agent']>
type Suite = NonNullable<Config['smoke']>
type Rollback = Config['rollback']
type Gate = Omit<NonNullable<Config['gate']>, 'keys'>
type GitHub = NonNullable<Config['github']>
type Top = Omit<
  DeployConfig,
  | 'operation'
  | 'agent'
  | 'smoke'
  | 'rollback'
  | 'gate'
  | 'assistants'
  | 'github'
  | 'warnings'
  | 'notices'
  | 'releasePolicy'
>

/** What a test says of its Config; what it leaves out takes the action's defaults. */
export type ConfigPartial<O extends Operation = Operation> = Partial<Top> & {
  operation?: O
  /** operation promote: its source deployment; `staging` when left out. */
  fromDeployment?: string
  /** operation prune: its criteria; the prefix `pr-`, older than 7 days when left out. */
  prune?: Partial<PruneCriteria>
  /** The agent checks after DEPLOYED (assistant `agent` when left out). */
  agent?: Partial<Agent>
  /** The smoke suite (with the agent checks, assistant `agent`). */
  smoke?: Partial<Suite> & Pick<Suite, 'cases'>
  /** Safe delivery's rollback (off, 15m when left out). */
  rollback?: Partial<Rollback>
  /** The evaluation gate (dataset `gate-dataset`, `correctness` ≥ 0.8); agent checks come with it. */
  gate?: Partial<Gate>
  /** Assistants as code, as Config holds it. */
  assistants?: NonNullable<Config['assistants']>
  /** GitHub records (a test token when left out). */
  github?: Partial<GitHub>
}

/** A release policy key, `section.key`. */
type PolicyKey = `${'agent' | 'smoke' | 'gate' | 'rollback'}.${string}`
/**
 * A field's input (or policy key), and its value written as that input's text or that key's
 * value (undefined: it cannot be).
 */
type Writer<T> = readonly [InputName | PolicyKey, (value: T) => unknown]
type Writers<T> = { readonly [K in keyof T]-?: Writer<NonNullable<T[K]>> | undefined }

const text = (input: InputName | PolicyKey): Writer<string> => [input, (value) => value]
const bool = (input: InputName): Writer<boolean> => [input, String]
const flag = (key: PolicyKey): Writer<boolean> => [key, (value) => value]
const whole = (input: InputName): Writer<number> => [input, String]
const count = (key: PolicyKey): Writer<number> => [key, (value) => value]
const duration = (input: InputName | PolicyKey, minMs = 1): Writer<number> => [
  input,
  (ms) => (Number.isInteger(ms) && ms >= minMs ? `${ms}ms` : undefined)
]
const thresholds = (key: PolicyKey): Writer<ReadonlyMap<string, number>> => [
  key,
  (map) => Object.fromEntries(map)
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
  toRevision: text('to-revision'),
  // A bake is written as a policy file (helpers/policy-file.ts).
  bake: undefined,
  // Parked threads are written as a policy file too.
  threads: undefined
}

const ROLLBACK: Writers<Rollback> = {
  onFailure: flag('rollback.on-failure'),
  timeoutMs: duration('rollback.timeout')
}

const AGENT: Writers<Agent> = {
  assistantId: text('agent.assistant'),
  message: text('agent.message'),
  // A text that looks like /pattern/ would be read as one: laid over instead.
  expect: [
    'agent.expect',
    (expect) =>
      expect.kind === 'pattern'
        ? String(expect.pattern)
        : /^\/.*\/[a-z]*$/s.test(expect.text)
          ? undefined
          : expect.text
  ],
  a2a: flag('agent.a2a'),
  timeoutMs: duration('agent.timeout'),
  apiKey: text('agent-api-key'),
  authScheme: text('agent-auth-scheme')
}

const SUITE: Writers<Omit<Suite, 'cases'>> = {
  minPass: [
    'smoke.min-pass',
    (minPass) => (minPass.kind === 'count' ? minPass.count : `${minPass.percent}%`)
  ],
  concurrency: count('smoke.concurrency')
}

const GATE: Writers<Gate> = {
  dataset: text('gate.dataset'),
  tracingUrl: text('tracing-url'),
  tracingWebUrl: text('tracing-web-url'),
  assistantId: text('agent.assistant'),
  splits: ['gate.splits', (splits) => splits],
  datasetVersion: text('gate.dataset-version'),
  maxExamples: count('gate.max-examples'),
  repetitions: count('gate.repetitions'),
  concurrency: count('gate.concurrency'),
  minScores: thresholds('gate.min-scores'),
  maxRegression: thresholds('gate.max-regression'),
  maxErrorRate: ['gate.max-error-rate', (share) => `${share * 100}%`],
  baseline: [
    'gate.baseline',
    (baseline) => (baseline.kind === 'experiment' ? baseline.id : baseline.kind)
  ],
  timeoutMs: duration('gate.timeout')
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
  const policy: Partial<Record<PolicyKey, unknown>> = {}
  const over: Partial<T> = {}
  for (const [key, value] of Object.entries(given ?? {}) as [keyof T & string, unknown][]) {
    if (value === undefined) continue
    const writer = writers[key] as Writer<unknown> | undefined
    const written = writer?.[1](value)
    if (writer && written !== undefined) {
      if (writer[0].includes('.')) policy[writer[0] as PolicyKey] = written
      else inputs[writer[0] as InputName] = String(written)
    } else if (writer || key in writers) over[key] = value as T[keyof T & string]
    else throw new Error(`configFor takes Config's fields: ${key} is not one of them`)
  }
  return { inputs, policy, over }
}

/** `section.key` values as the policy's sections. */
function sections(
  keys: Partial<Record<PolicyKey, unknown>>
): Record<string, Record<string, unknown>> {
  const policy: Record<string, Record<string, unknown>> = {}
  for (const [path, value] of Object.entries(keys)) {
    const [section = '', key = ''] = path.split(/\.(.*)/s)
    policy[section] = { ...policy[section], [key]: value }
  }
  return policy
}

/** A case file the fixture names: its cases as given (the policy reads them by this path). */
const CASES_PATH = 'cases.yml'

/**
 * The release policy in effect for the fixture's keys, as the production code makes it from a
 * policy file (the case file's cases as given): undefined when the partial names no check.
 */
function policyFor(keys: Partial<Record<PolicyKey, unknown>>, cases: SmokeCase[] | undefined) {
  if (Object.keys(keys).length === 0) return undefined
  const read = { sha256: '0'.repeat(64), written: [], items: cases ?? [] }
  const files: NamedFiles = new Map([['smoke.cases', new Map(cases ? [[CASES_PATH, read]] : [])]])
  const written = { version: 1, ...sections(keys) }
  // The policy's own rules, as the loader judges them: a partial they refuse is no valid step.
  const problems = policyRules(
    sectionsSchema.parse(writtenInEffect(written, undefined)),
    () => true,
    () => cases?.length
  )
  if (problems.length > 0)
    throw new Error(
      `configFor: the policy is refused: ${problems.map((p) => p.message).join('; ')}`
    )
  const inEffect = policyInEffect(written, files, undefined)
  return { path: POLICY_PATH, entries: [], inEffect }
}

/** What makes a section exist when the test names none of its values: inputs, and policy keys. */
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
    ...(partial.gate && { 'tracing-url': 'https://tracing.example.com' }),
    ...(partial.github && { 'github-token': 'ghs_test-token' })
  }
}

function policyDefaults(partial: ConfigPartial): Partial<Record<PolicyKey, unknown>> {
  return {
    ...((partial.agent || partial.smoke || partial.gate) && { 'agent.assistant': 'agent' }),
    ...(partial.smoke && { 'smoke.cases': CASES_PATH }),
    ...(partial.gate && {
      'gate.dataset': 'gate-dataset',
      ...(!partial.gate.maxRegression && { 'gate.min-scores': { correctness: 0.8 } })
    })
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
  const { operation, agent, smoke, rollback, gate, github, prune, assistants, ...top } = partial
  const parts = {
    top: write(top, TOP),
    agent: write(agent, AGENT),
    suite: write(smoke && { minPass: smoke.minPass, concurrency: smoke.concurrency }, SUITE),
    rollback: write(rollback, ROLLBACK),
    gate: write(gate, GATE),
    github: write(github, GITHUB),
    prune: write(prune, PRUNE)
  }
  const keys = Object.values(parts).reduce(
    (all, part) => ({ ...all, ...part.policy }),
    policyDefaults(partial)
  )
  const base = configSchema.parse({
    inputs: rawInputs({
      ...sectionDefaults(partial),
      ...(operation && { operation }),
      ...Object.values(parts).reduce((all, part) => ({ ...all, ...part.inputs }), {})
    }),
    env,
    policy: policyFor(keys, smoke?.cases)
  })
  const config = { ...base, ...parts.top.over } as Config
  if (config.agent) config.agent = { ...config.agent, ...parts.agent.over }
  config.rollback = { ...config.rollback, ...parts.rollback.over }
  if (config.gate) config.gate = { ...config.gate, ...parts.gate.over }
  // Assistants as code, laid over as given (the policy tests write its entries).
  if (assistants) config.assistants = assistants
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
