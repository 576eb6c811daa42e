/**
 * Input fuzzing: arbitrary text for every input must give either a valid plan or an InputError
 * whose every problem names a declared input (never a crash, never an undeclared name), and every
 * body a valid plan would send must pass the published schema. Shared by `npm test` (a few
 * hundred inputs) and `npm run bench:chaos` (many more).
 */
import fc from 'fast-check'
import { openApiValidator } from '../emulator/openapi'
import { INPUT_NAMES, type InputName, type RawInputs } from '../src/inputs/contract'
import type { Deployment } from '../src/control-plane/schemas'
import { InputError, parseInputs } from '../src/inputs/parse'
import { planDeployment } from '../src/operations/plan'

/** Values that are valid for some input, so that runs get past the first check often. */
const PLAUSIBLE: Partial<Record<InputName, string[]>> = {
  'api-url': ['https://cp.example.com', 'http://127.0.0.1:9/api-host/'],
  'api-key': ['key-1'],
  operation: ['deploy', 'delete'],
  name: ['agent', 'preview-pr-7'],
  'deployment-id': ['123e4567-e89b-42d3-a456-426614174000'],
  source: ['git_host', 'external_image', 'internal_image', 'internal_source'],
  'integration-id': ['123e4567-e89b-42d3-a456-426614174000'],
  'repo-ref': ['main', 'refs/tags/v1.2.3', 'refs/heads/dev'],
  'deployment-type': ['dev', 'prod'],
  'build-on-push': ['true', 'false'],
  'graph-config-path': ['graph.json'],
  'image-uri': ['registry.example.com/agent:1'],
  'listener-id': ['9d2f4c1e-6a55-4f0b-8e4c-0a3d2b1c7e11'],
  'resource-spec': ['cpu: 1\nmemory_mb: 512', '{"cpu": 9}', 'orchestrator_cpu: 1', 'a: ['],
  secrets: ['A=1\nB=x=y', '{"A": "1"}', '1BAD=2', '{"POSTGRES_URI": "x"}'],
  wait: ['true', 'false'],
  timeout: ['15m', '900', '1h30m', '0'],
  'poll-interval': ['10s', '500ms'],
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
  'api-url': 'https://cp.example.com',
  'api-key': 'key-1',
  operation: 'deploy',
  source: 'git_host',
  'source-dir': '.',
  wait: 'true',
  timeout: '30m',
  'poll-interval': '10s',
  'log-lines': '50',
  'dry-run': 'false',
  'delete-tracing-project': 'false'
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
        config = await parseInputs(raw, env)
      } catch (error) {
        if (!(error instanceof InputError)) throw error
        report.refused += 1
        if (error.problems.length === 0) throw new Error('an InputError without problems')
        for (const problem of error.problems) {
          if (!INPUT_NAMES.includes(problem.input))
            throw new Error(`problem names ${problem.input}`)
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
