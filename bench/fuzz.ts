/**
 * Input fuzzing: arbitrary text for every input must give either a valid plan or an InputError
 * whose every problem names a declared input (never a crash, never an undeclared name), and every
 * body a valid plan would send must pass the published schema. `fuzzRefusals` breaks one rule of
 * issue 12 at a time (a control character, a tiny poll interval, a prototype key) and runs the
 * action's own entry against the emulator: refused by name, value not quoted, 0 requests sent.
 * Shared by `npm test` (a few hundred inputs) and `npm run bench:chaos` (many more).
 */
import fc from 'fast-check'
import { openApiValidator } from '../emulator/openapi'
import { INPUT_NAMES, type InputName, type RawInputs } from '../src/inputs/contract'
import type { Deployment } from '../src/control-plane/schemas'
import { INPUT_DEFAULTS, MULTI_LINE_INPUTS } from '../src/inputs/contract'
import { InputError } from '../src/inputs/parse'
import { parseServiceInputs } from '../__tests__/helpers/service-config'
import { run } from '../src/main'
import { createRealWorld } from '../src/real-world'
import { startControlPlane } from '../emulator'
import { planDeployment } from '../src/operations/plan'

/** Values that are valid for some input, so that runs get past the first check often. */
const PLAUSIBLE: Partial<Record<InputName, string[]>> = {
  'api-url': ['https://cp.example.com', 'http://127.0.0.1:9/api-host/'],
  'api-key': ['key-1', 'key-1\r\nX-Evil: 1'],
  operation: ['deploy', 'delete'],
  name: ['agent', 'preview-pr-7'],
  'deployment-id': ['123e4567-e89b-42d3-a456-426614174000'],
  source: ['git_host', 'external_image', 'internal_image', 'internal_source'],
  'integration-id': ['123e4567-e89b-42d3-a456-426614174000'],
  'repo-ref': ['main', 'refs/tags/v1.2.3', 'refs/heads/dev', 'main\n'],
  'deployment-type': ['dev', 'prod'],
  'build-on-push': ['true', 'false'],
  'graph-config-path': ['graph.json'],
  'image-uri': ['registry.example.com/agent:1'],
  'listener-id': ['9d2f4c1e-6a55-4f0b-8e4c-0a3d2b1c7e11'],
  'resource-spec': [
    'cpu: 1\nmemory_mb: 512',
    '{"cpu": 9}',
    'orchestrator_cpu: 1',
    'a: [',
    '__proto__:\n  cpu: 1',
    '{"labels": {"constructor": "x"}}'
  ],
  secrets: ['A=1\nB=x=y', '{"A": "1"}', '1BAD=2', '{"POSTGRES_URI": "x"}'],
  wait: ['true', 'false'],
  timeout: ['15m', '900', '1h30m', '0'],
  'poll-interval': ['10s', '500ms', '0.05', '1s', '999ms'],
  'log-lines': ['0', '50', '201'],
  'dry-run': ['true', 'false'],
  'delete-tracing-project': ['true', 'false']
}

/** Valid steps of each kind; each run changes up to four of their inputs to anything. */
const BASES: Partial<RawInputs>[] = [
  {
    name: 'agent',
    'integration-id': '123e4567-e89b-42d3-a456-426614174000',
    'graph-config-path': 'graph.json'
  },
  { name: 'agent', source: 'external_image', 'image-uri': 'registry.example.com/agent:1' },
  { name: 'agent', source: 'internal_image', 'image-uri': 'registry.example.com/agent:1' },
  { name: 'agent', source: 'internal_source', 'graph-config-path': 'graph.json' },
  { name: 'agent', operation: 'delete' }
]
const DEFAULTS: Partial<RawInputs> = {
  ...INPUT_DEFAULTS,
  'api-url': 'https://cp.example.com',
  'api-key': 'key-1'
}

const valueArbitrary = (name: InputName) =>
  fc.oneof(
    { weight: 1, arbitrary: fc.constant('') },
    { weight: 2, arbitrary: fc.constantFrom(...(PLAUSIBLE[name] ?? ['x'])) },
    { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) }
  )

const rawInputsArbitrary: fc.Arbitrary<RawInputs> = fc
  .record({
    base: fc.constantFrom(...BASES),
    changes: fc.array(
      fc
        .constantFrom(...INPUT_NAMES)
        .chain((name) => valueArbitrary(name).map((value) => [name, value] as const)),
      { maxLength: 4 }
    )
  })
  .map(({ base, changes }) => {
    const raw = Object.fromEntries(INPUT_NAMES.map((name) => [name, ''])) as RawInputs
    return { ...raw, ...DEFAULTS, ...base, ...Object.fromEntries(changes) }
  })

export interface FuzzReport {
  seed: number
  inputsTried: number
  accepted: number
  refused: number
  plansChecked: number
}

export async function fuzzInputs(seed: number, runs: number): Promise<FuzzReport> {
  const validate = openApiValidator()
  const report: FuzzReport = { seed, inputsTried: 0, accepted: 0, refused: 0, plansChecked: 0 }
  const env = {
    GITHUB_REF: 'refs/heads/main',
    GITHUB_SERVER_URL: 'https://github.com',
    GITHUB_REPOSITORY: 'a/b'
  }
  await fc.assert(
    fc.asyncProperty(rawInputsArbitrary, async (raw) => {
      report.inputsTried += 1
      let config
      try {
        config = await parseServiceInputs(raw, env)
      } catch (error) {
        if (!(error instanceof InputError)) throw error
        report.refused += 1
        if (error.problems.length + error.policyProblems.length === 0)
          throw new Error('an InputError without problems')
        for (const problem of error.problems) {
          if (!INPUT_NAMES.includes(problem.input))
            throw new Error(`problem names ${problem.input}`)
        }
        // A release policy's problems are on the file the input names.
        for (const problem of error.policyProblems) {
          if (problem.file !== raw['release-policy'].trim())
            throw new Error(`a policy problem on ${problem.file}`)
        }
        return
      }
      report.accepted += 1
      const existing: Deployment = {
        id: '0b7c5f57-3d0e-4a5f-9f51-2b0d4b2f6c10',
        name: config.name ?? 'agent',
        source: config.source,
        status: 'READY',
        source_config: {},
        source_revision_config: {},
        latest_revision_id: '5e0f3c4a-1111-4a5f-9f51-2b0d4b2f6c10',
        active_revision_id: null
      }
      for (const target of [undefined, existing]) {
        let plan
        try {
          plan = planDeployment(config, target)
        } catch (error) {
          if (!(error instanceof InputError)) throw error
          continue
        }
        report.plansChecked += 1
        const bodies =
          plan.kind === 'create'
            ? [['DeploymentCreateRequest', plan.body] as const]
            : plan.body
              ? [['DeploymentPatchRequest', plan.body] as const]
              : []
        const patch = plan.sourcePatch?.('uploads/x.tar.gz')
        for (const [component, body] of [
          ...bodies,
          ...(patch ? [['DeploymentPatchRequest', patch] as const] : [])
        ]) {
          const problems = validate(component, body)
          if (problems.length > 0)
            throw new Error(`${component} refused: ${JSON.stringify(problems)}`)
        }
      }
    }),
    { seed, numRuns: runs }
  )
  return report
}

/** A step valid on its own, and one of the issue 12 rules broken in it. */
interface Refusal {
  given: Partial<RawInputs>
  /** The input that must be named. */
  input: InputName
  /** Text no problem may quote. */
  hidden: string
}

const ONE_LINE_INPUTS = INPUT_NAMES.filter((name) => !MULTI_LINE_INPUTS.includes(name))
const controlChar = fc
  .integer({ min: 0, max: 0x20 })
  .map((code) => String.fromCharCode(code === 0x20 ? 0x7f : code))
/** Tab and line breaks are layout in a multi-line input; any other control character is not. */
const nonLayoutChar = controlChar.filter((char) => !['\t', '\n', '\r'].includes(char))

const controlInOneLine: fc.Arbitrary<Refusal> = fc
  .record({
    input: fc.constantFrom(...ONE_LINE_INPUTS),
    char: controlChar,
    before: fc.stringMatching(/^[a-z0-9]{1,8}$/),
    after: fc.stringMatching(/^[a-z0-9]{1,8}$/)
  })
  .map(({ input, char, before, after }) => ({
    given: { [input]: `${before}${char}${after}` },
    input,
    hidden: `${before}${char}${after}`
  }))

const controlInMultiLine: fc.Arbitrary<Refusal> = fc
  .record({ char: nonLayoutChar, secret: fc.stringMatching(/^[a-z0-9]{6,12}$/) })
  .map(({ char, secret }) => ({
    given: { secrets: `A=1\nB=${secret}${char}${secret}` },
    input: 'secrets' as const,
    hidden: secret
  }))

const tinyPoll: fc.Arbitrary<Refusal> = fc
  .oneof(
    fc.integer({ min: 1, max: 999 }).map((ms) => `${ms}ms`),
    fc.integer({ min: 1, max: 999 }).map((ms) => (ms / 1000).toFixed(3))
  )
  .map((poll) => ({
    given: { 'poll-interval': poll },
    input: 'poll-interval' as const,
    hidden: ''
  }))

const prototypeKey: fc.Arbitrary<Refusal> = fc
  .record({
    key: fc.constantFrom('__proto__', 'constructor', 'prototype'),
    depth: fc.constantFrom('top', 'labels', 'sidecar'),
    json: fc.boolean()
  })
  .map(({ key, depth, json }) => {
    const inner = { [key]: { cpu: 1 } }
    const document =
      depth === 'top'
        ? { memory_mb: 512, ...inner }
        : depth === 'labels'
          ? { labels: inner }
          : { sidecars: [{ name: 'a', image: 'b', securityContext: inner }] }
    // JSON.stringify keeps an own __proto__ key; the YAML form is written out by hand.
    const text = json ? JSON.stringify(document) : toYaml(document)
    return {
      given: {
        source: 'external_image',
        'image-uri': 'registry.example.com/a:1',
        'resource-spec': text
      },
      input: 'resource-spec' as const,
      hidden: ''
    }
  })

function toYaml(value: unknown, indent = ''): string {
  if (typeof value !== 'object' || value === null) return JSON.stringify(value)
  if (Array.isArray(value)) {
    return value.map((item) => `\n${indent}- ${toYaml(item, `${indent}  `).trimStart()}`).join('')
  }
  return Object.entries(value)
    .map(([key, inner]) => `\n${indent}${key}: ${toYaml(inner, `${indent}  `)}`)
    .join('')
}

export interface RefusalReport {
  seed: number
  refused: number
  requestsSent: number
  /** Requests the one accepted dry run sent: proof that the count can see a request at all. */
  controlRequests: number
}

/**
 * Breaks one issue 12 rule per run and runs the action's entry (main.ts `run`, reading INPUT_*
 * like a runner) against the emulator: each must be refused naming the input, without quoting the
 * hidden text, with no request sent.
 */
export async function fuzzRefusals(seed: number, runs: number): Promise<RefusalReport> {
  const emulator = await startControlPlane({ stepMs: 10 })
  const report: RefusalReport = { seed, refused: 0, requestsSent: 0, controlRequests: 0 }
  const base: Partial<RawInputs> = {
    'api-url': emulator.url,
    'api-key': 'emulator-key',
    name: 'agent',
    'integration-id': '123e4567-e89b-42d3-a456-426614174000',
    'graph-config-path': 'graph.json'
  }
  try {
    report.controlRequests = (await runAction({ ...base, 'dry-run': 'true' }, emulator)).requests
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(controlInOneLine, controlInMultiLine, tinyPoll, prototypeKey),
        async ({ given, input, hidden }) => {
          const { requests, log } = await runAction({ ...base, ...given }, emulator)
          report.requestsSent += requests
          const failure = log.split('\n').find((line) => line.startsWith('::error::')) ?? ''
          if (requests > 0) throw new Error(`${requests} requests sent for a refused ${input}`)
          if (!failure.includes(`  - ${input}: `))
            throw new Error(`${input} is not named: ${failure}`)
          if (hidden !== '' && failure.includes(hidden))
            throw new Error(`the problem quotes the ${input} value`)
          report.refused += 1
        }
      ),
      { seed, numRuns: runs }
    )
  } finally {
    await emulator.close()
  }
  return report
}

/** One run of the action's entry with these inputs; what it logged and how many requests it sent. */
async function runAction(
  given: Partial<RawInputs>,
  emulator: { requests: unknown[] }
): Promise<{ requests: number; log: string }> {
  const inputs = { ...DEFAULTS, ...given }
  const saved = { ...process.env }
  const write = process.stdout.write.bind(process.stdout)
  const log: string[] = []
  const before = emulator.requests.length
  for (const name of INPUT_NAMES) process.env[`INPUT_${name.toUpperCase()}`] = inputs[name] ?? ''
  delete process.env.GITHUB_STEP_SUMMARY
  delete process.env.GITHUB_OUTPUT
  Object.assign(process.env, { GITHUB_REF: 'refs/heads/main', GITHUB_REPOSITORY: 'a/b' })
  process.stdout.write = ((chunk: string | Uint8Array) => {
    log.push(String(chunk))
    return true
  }) as typeof process.stdout.write
  try {
    const world = createRealWorld()
    try {
      await run(world)
    } finally {
      await world.close()
    }
  } finally {
    process.stdout.write = write
    process.env = saved
    process.exitCode = undefined
  }
  return { requests: emulator.requests.length - before, log: log.join('') }
}
