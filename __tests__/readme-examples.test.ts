/**
 * Every YAML example of the README, run as a workflow author would copy it: each `with:` block of
 * a step that uses this action runs the built action against the emulator (and the GitHub API
 * stand-in), once per event the workflow names (and per matrix entry), with its `${{ }}`
 * expressions given test values. An example that stops working fails here. The code blocks are
 * read as GitHub reads them (a CommonMark parser: a fence closes only with at least its own
 * length), and each workflow is held to what the README promises of all of them: complete, least
 * privilege, one concurrency group per deployment, safe for forks, one secret name.
 */
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals'
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parse } from 'yaml'
import { seedGate, startAgentServer, startControlPlane, startTracing } from '../emulator'
import type { RawInputs } from '../src/inputs/contract'
import { startGitHubApi, type GitHubCall } from './helpers/github-api'
import { parseMarkdown, README } from './helpers/readme'
import { runAction, type ActionRun } from './helpers/run-action'
import { REAL_WORK_TEST_MS } from './helpers/real-time'

jest.setTimeout(REAL_WORK_TEST_MS)

const ACTION = /^our-org\/deploy-agent@/
/** The one secret every example names for `api-key`. */
const API_KEY = '${{ secrets.CONTROL_PLANE_KEY }}'
/** What a pull-request job checks so that a fork's pull request (which gets no secrets) skips it. */
const SAME_REPOSITORY = 'github.event.pull_request.head.repo.full_name == github.repository'
const PR_NUMBER = 42
const PR_BRANCH = 'feature-x'
const LISTENER = '123e4567-e89b-42d3-a456-426614174001'

/** One way a workflow is triggered: the event, and what the runner says about it. */
interface Trigger {
  event: string
  /** The pull request event's `action` (opened, closed). */
  action?: string
  ref: string
  /** A pull request from a fork. */
  fork?: boolean
}

interface Context extends Trigger {
  matrix: Record<string, string>
  apiUrl: string
}

/**
 * The value of each expression the README uses, for a context. An expression missing here fails
 * the test with its text: give it a value (or an outcome for `if:`) that a runner would.
 */
const EXPRESSIONS: Record<string, (context: Context) => string> = {
  'vars.CONTROL_PLANE_URL': (context) => context.apiUrl,
  'vars.TRACING_URL': () => tracing.url,
  'secrets.CONTROL_PLANE_KEY': () => 'emulator-key',
  'secrets.OPENAI_API_KEY': () => 'sk-readme-example',
  'secrets.TRACING_API_KEY': () => 'lsv2-readme-example',
  'vars.INTEGRATION_ID': () => '123e4567-e89b-42d3-a456-426614174000',
  'vars.LISTENER_ID': () => LISTENER,
  'github.sha': () => 'a1b2c3d4e5f6a7b8c9d0a1b2c3d4e5f6a7b8c9d0',
  'github.token': () => 'ghs_readme_example',
  'github.base_ref': (context) => (context.event === 'pull_request' ? 'main' : ''),
  'github.event.pull_request.number': (context) =>
    context.event === 'pull_request' ? String(PR_NUMBER) : '',
  "github.event.action != 'closed'": (context) => String(context.action !== 'closed'),
  "github.event.action == 'closed'": (context) => String(context.action === 'closed'),
  'matrix.environment': (context) => context.matrix.environment ?? '',
  "matrix.environment == 'production' && 'prod' || 'dev'": (context) =>
    context.matrix.environment === 'production' ? 'prod' : 'dev',
  "github.event_name != 'schedule' || matrix.environment != 'production'": (context) =>
    String(context.event !== 'schedule' || context.matrix.environment !== 'production'),
  "github.ref_type == 'tag'": (context) => String(context.ref.startsWith('refs/tags/')),
  [SAME_REPOSITORY]: (context) => String(context.event === 'pull_request' && !context.fork),
  'inputs.to-revision': () => ''
}

function evaluate(expression: string, context: Context): string {
  const value = EXPRESSIONS[expression.trim()]
  if (value) return value(context)
  // `a && b`: each side on its own.
  const sides = expression.split(' && ')
  if (sides.length > 1) return String(sides.every((side) => evaluate(side, context) === 'true'))
  throw new Error(`The README uses \${{ ${expression.trim()} }}: give it a test value`)
}

function substitute(text: string, context: Context): string {
  return text.replace(/\$\{\{(.+?)\}\}/g, (_, expression: string) => evaluate(expression, context))
}

/** An `if:` as the runner reads it: an expression with or without `${{ }}`. */
function passes(condition: unknown, context: Context): boolean {
  if (condition === undefined) return true
  const text = String(condition).replace(/^\$\{\{(.+)\}\}$/s, '$1')
  return evaluate(text, context) === 'true'
}

interface Step {
  uses?: string
  if?: string
  with?: Record<string, unknown>
  run?: string
  env?: Record<string, string>
}
interface Concurrency {
  group?: string
  'cancel-in-progress'?: boolean
}
interface Job {
  if?: string
  'runs-on'?: string
  environment?: unknown
  permissions?: unknown
  concurrency?: unknown
  steps?: Step[]
  strategy?: { matrix?: Record<string, unknown[]> }
}
interface Workflow {
  on?: unknown
  permissions?: unknown
  concurrency?: unknown
  jobs?: Record<string, Job>
}

/** How each event the workflow names is triggered; a pull request from this repository and from a fork. */
function triggersOf(workflow: Workflow): Trigger[] {
  const on = workflow.on ?? 'push'
  const events =
    typeof on === 'string'
      ? { [on]: {} }
      : Array.isArray(on)
        ? Object.fromEntries(on.map((e: string) => [e, {}]))
        : (on as Record<string, { tags?: string[]; types?: string[] } | null>)
  return Object.entries(events).flatMap(([event, filter]): Trigger[] => {
    if (event === 'push') {
      const filtered = filter as { tags?: string[]; branches?: string[] } | null
      const refs = [
        ...(filtered?.branches || !filtered?.tags ? ['refs/heads/main'] : []),
        ...(filtered?.tags ? ['refs/tags/v1.2.3'] : [])
      ]
      return refs.map((ref) => ({ event, ref }))
    }
    if (event === 'pull_request') {
      const types = filter?.types ?? ['opened']
      return types
        .filter((type) => type === 'opened' || type === 'closed')
        .flatMap((action) =>
          [false, true].map((fork) => ({
            event,
            action,
            fork,
            ref: `refs/pull/${PR_NUMBER}/merge`
          }))
        )
    }
    return [{ event, ref: 'refs/heads/main' }]
  })
}

interface Example {
  /** The line of the block's opening fence in the README. */
  line: number
  job: string
  trigger: Trigger
  matrix: Record<string, string>
  step: Step
  jobIf?: string
  jobEnvironment: unknown
  /** The permissions the job's token gets: its own, or else the workflow's. */
  permissions: unknown
}

/** A workflow, when the block is one (a smoke-case file is not). */
function workflowOf(text: string): Workflow | undefined {
  const parsed = parse(text) as unknown
  return typeof parsed === 'object' && parsed !== null && 'jobs' in parsed
    ? (parsed as Workflow)
    : undefined
}

const usesAction = (step: Step) => ACTION.test(step.uses ?? '')

function examplesOf(text: string, line: number): Example[] {
  const workflow = workflowOf(text)
  return Object.entries(workflow?.jobs ?? {}).flatMap(([jobName, job]) => {
    const matrix = job.strategy?.matrix ?? {}
    const entries = Object.entries(matrix).reduce<Record<string, string>[]>(
      (combos, [key, values]) =>
        combos.flatMap((combo) => values.map((value) => ({ ...combo, [key]: String(value) }))),
      [{}]
    )
    return triggersOf(workflow ?? {}).flatMap((trigger) =>
      entries.flatMap((entry) =>
        (job.steps ?? []).filter(usesAction).map((step) => ({
          line,
          job: jobName,
          trigger,
          matrix: entry,
          step,
          jobIf: job.if,
          jobEnvironment: job.environment,
          permissions: job.permissions ?? workflow?.permissions
        }))
      )
    )
  })
}

const yamlBlocks = parseMarkdown(README).blocks.filter((block) => block.lang === 'yaml')
const blocks = yamlBlocks.map((block) => block.text)
const examples = yamlBlocks.flatMap((block) => examplesOf(block.text, block.line))
const label = (example: Example) =>
  `README line ${example.line}, job ${example.job}, ${example.trigger.event}${example.trigger.action ? ` (${example.trigger.action}${example.trigger.fork ? ', from a fork' : ''})` : ''} on ${example.trigger.ref}${example.matrix.environment ? `, ${example.matrix.environment}` : ''}`
/** A step runs unless its job's or its own `if:` says no, as the runner reads them. */
const runs = (example: Example, context: Context) =>
  passes(example.jobIf, context) && passes(example.step.if, context)
const contextOf = (example: Example, apiUrl = ''): Context => ({
  ...example.trigger,
  matrix: example.matrix,
  apiUrl
})
const running = examples.filter((example) => runs(example, contextOf(example)))
const skipped = examples.filter((example) => !runs(example, contextOf(example)))

let agent: Awaited<ReturnType<typeof startAgentServer>>
/** The tracing service of the evaluation gate's recipe: its dataset scored by one rule. */
let tracing: Awaited<ReturnType<typeof startTracing>>
beforeAll(async () => {
  agent = await startAgentServer()
  tracing = await startTracing()
  seedGate(tracing, { name: 'support-eval', examples: 3 })
})
afterAll(async () => {
  await Promise.all([agent.close(), tracing.close()])
  for (const checkout of checkouts.splice(0)) rmSync(checkout, { recursive: true, force: true })
})

describe('the README examples', () => {
  it('are found: every YAML block that uses the action, each a whole workflow', () => {
    const using = yamlBlocks.filter((block) => block.text.includes('uses: our-org/deploy-agent@'))
    expect(using.length).toBeGreaterThanOrEqual(11)
    expect(new Set(examples.map((example) => example.line))).toEqual(
      new Set(using.map((block) => block.line))
    )
    for (const block of using) {
      const workflow = workflowOf(block.text)
      expect([block.line, workflow?.on !== undefined]).toEqual([block.line, true])
      for (const [name, job] of Object.entries(workflow?.jobs ?? {}))
        expect([block.line, name, typeof job['runs-on'], Array.isArray(job.steps)]).toEqual([
          block.line,
          name,
          'string',
          true
        ])
    }
  })

  it('never set both the job environment and the action environment (two GitHub deployments a run)', () => {
    const both = examples.filter(
      (example) =>
        example.jobEnvironment !== undefined && example.step.with?.environment !== undefined
    )
    expect(both.map(label)).toEqual([])
  })

  it('skip a step only where the runner would: a fork, another event or type, a tag-only job', () => {
    const fromForks = examples.filter((example) => example.trigger.fork)
    expect(fromForks.length).toBeGreaterThanOrEqual(3)
    expect(fromForks.filter((example) => runs(example, contextOf(example))).map(label)).toEqual([])
    const unexplained = skipped.filter(
      (example) =>
        !(
          example.trigger.fork === true ||
          example.trigger.event === 'schedule' ||
          example.trigger.action !== undefined ||
          // A job for tags only (a promote to production) skips on a branch push.
          (example.jobIf?.includes('github.ref_type') === true &&
            example.trigger.ref.startsWith('refs/heads/'))
        )
    )
    expect(unexplained.map(label)).toEqual([])
  })

  it.each(running.map((example) => [label(example), example] as const))(
    '%s',
    async (_, example) => {
      const emulator = await startControlPlane({ stepMs: 10, agentUrl: agent.url })
      const github = await startGitHubApi()
      try {
        const context = contextOf(example, emulator.url)
        const step = example.step
        const inputs = Object.fromEntries(
          Object.entries(step.with ?? {}).map(([name, value]) => [
            name,
            name === 'api-url' ? emulator.url : substitute(String(value), context)
          ])
        ) as Partial<RawInputs>
        seedFor(inputs, emulator, github)
        const run = await runAction(inputs, {
          cwd: checkoutFor(inputs),
          env: {
            GITHUB_EVENT_NAME: example.trigger.event,
            GITHUB_REF: example.trigger.ref
          },
          pullRequest:
            example.trigger.event === 'pull_request'
              ? { number: PR_NUMBER, headRef: PR_BRANCH }
              : undefined,
          githubApiUrl: github.url,
          killAfterMs: 60_000
        })
        expect([label(example), run.code, failureOf(run)]).toEqual([label(example), 0, ''])
        // The job's token may do everything the action did with it.
        const refused = [
          ...new Set(
            github.calls
              .map(permissionOf)
              .filter((needed) => needed !== '' && !granted(example.permissions, needed))
          )
        ]
        expect([label(example), refused]).toEqual([label(example), []])
        if (inputs.operation === 'rollback')
          expect(run.outputs).toMatchObject({
            'rolled-back': 'true',
            'rollback-revision-id': emulator.revisions(
              emulator.deployments().find((d) => d.name === inputs.name)?.id ?? ''
            )[0]?.id
          })
        // A pull request never deploys (or plans) its unmerged branch to a deployment that is not its preview.
        const refsSent = emulator.requests.flatMap((request) => {
          const body = request.body as
            { source_revision_config?: { repo_ref?: string } } | undefined
          return body?.source_revision_config?.repo_ref
            ? [body.source_revision_config.repo_ref]
            : []
        })
        if (!(inputs.name ?? '').includes(String(PR_NUMBER))) {
          expect(refsSent).not.toContain(PR_BRANCH)
          // A dry run sends none: its plan is in the log.
          expect(run.stdout).not.toContain(PR_BRANCH)
        }
        // The README's cases pass against the echo agent, each with one run.
        // The gate's recipe passes against the echo agent, every key scored.
        if (inputs['eval-dataset']) expect(run.outputs['eval-passed']).toBe('true')
        if (inputs['eval-max-regression'])
          expect(run.outputs['baseline-experiment-id']).toMatch(/^[0-9a-f-]{36}$/)
        if (inputs['verify-cases'])
          expect(run.outputs).toMatchObject({ 'cases-passed': '4', 'cases-failed': '0' })
        if (inputs.operation === 'promote') {
          const staging = emulator.deployments().find((d) => d.name === inputs['from-deployment'])
          expect(run.outputs['promoted-from']).toBe(staging?.active_revision_id)
          expect(run.summary).toContain(`**Promoted from:** ${inputs['from-deployment'] ?? ''}, `)
        }
        if (inputs.operation === 'prune')
          expect(run.outputs.pruned).toBe(JSON.stringify([`${inputs['prune-prefix'] ?? ''}1`]))
        // A nightly run never replaces production's tagged release.
        if (example.trigger.event === 'schedule')
          expect(inputs.name ?? '').not.toMatch(/production|prod$/)
      } finally {
        await Promise.all([emulator.close(), github.close()])
      }
    }
  )
})

/**
 * What every workflow of the README promises, read from its YAML: the token gets exactly what its
 * steps use (the runs above check that nothing they did was refused), every job that changes a
 * deployment waits its turn in that deployment's group, every pull-request job skips forks, and
 * one secret name and one version of the action throughout.
 */
describe('every README workflow', () => {
  const workflows = yamlBlocks.flatMap((block) => {
    const workflow = workflowOf(block.text)
    return workflow ? [[block.line, workflow] as const] : []
  })
  const jobs = workflows.flatMap(([line, workflow]) =>
    Object.entries(workflow.jobs ?? {}).map(([name, job]) => ({ line, name, job, workflow }))
  )
  const actionSteps = (job: Job) => (job.steps ?? []).filter(usesAction)

  it('gives each job the least permissions: contents: read, and what its GitHub records need', () => {
    expect(jobs.length).toBeGreaterThanOrEqual(12)
    for (const { line, name, job, workflow } of jobs)
      expect([line, name, job.permissions ?? workflow.permissions]).toEqual([
        line,
        name,
        permissionsNeeded(actionSteps(job))
      ])
  })

  it('runs each job that changes a deployment in a concurrency group of its own, never cancelled', () => {
    const changing = jobs.filter(({ job }) =>
      actionSteps(job).some((step) => String(step.with?.['dry-run']) !== 'true')
    )
    expect(changing.length).toBeGreaterThanOrEqual(10)
    for (const { line, name, job, workflow } of changing) {
      const concurrency = (job.concurrency ?? workflow.concurrency) as Concurrency | undefined
      const deployments = actionSteps(job).flatMap((step) =>
        typeof step.with?.name === 'string' ? [step.with.name] : []
      )
      expect([line, name, concurrency?.['cancel-in-progress']]).toEqual([line, name, false])
      // The group names the deployment (a prune, which has no name, has a group of its own).
      for (const deployment of deployments)
        expect([line, name, concurrency?.group]).toEqual([
          line,
          name,
          expect.stringContaining(deployment)
        ])
    }
  })

  it('skips forks in every pull-request job that uses the action (they get no secrets)', () => {
    const pullRequestJobs = jobs.filter(
      ({ workflow, job }) =>
        JSON.stringify(workflow.on ?? '').includes('pull_request') && actionSteps(job).length > 0
    )
    expect(pullRequestJobs.length).toBeGreaterThanOrEqual(3)
    for (const { line, name, job } of pullRequestJobs)
      expect([line, name, job.if]).toEqual([line, name, expect.stringContaining(SAME_REPOSITORY)])
  })

  it('names one secret for the API key, and every secret and variable in the quick start', () => {
    const steps = jobs.flatMap(({ job }) => actionSteps(job))
    expect(steps.map((step) => step.with?.['api-key'])).toEqual(steps.map(() => API_KEY))
    const quickStart = README.split('\n## Quick start\n')[1]?.split('\n## ')[0] ?? ''
    const named = [...blocks.join('\n').matchAll(/\$\{\{\s*(?:secrets|vars)\.(\w+)\s*\}\}/g)].map(
      (match) => match[1] ?? ''
    )
    expect(new Set(named).size).toBeGreaterThanOrEqual(5)
    expect([...new Set(named)].filter((name) => !quickStart.includes(`\`${name}\``))).toEqual([])
  })

  it('uses the action at its major tag, and pins it by commit SHA once, in the text', () => {
    const uses = jobs.flatMap(({ job }) => actionSteps(job).map((step) => step.uses))
    expect(new Set(uses)).toEqual(new Set(['our-org/deploy-agent@v1']))
    expect(README.match(/our-org\/deploy-agent@[0-9a-f]{40}\b/g)).toHaveLength(1)
  })
})

/**
 * What a job's token needs for the action's GitHub records (the README's table): nothing but
 * `contents: read` (for a checkout) without `github-token`.
 */
function permissionsNeeded(steps: Step[]): Record<string, string> {
  const needed: Record<string, string> = { contents: 'read' }
  for (const inputs of steps.map((step) => step.with ?? {})) {
    if (!inputs['github-token']) continue
    const operation = String(inputs.operation ?? 'deploy')
    if (inputs.environment || operation === 'prune') needed.deployments = 'write'
    if (String(inputs['pr-comment']) === 'true' || operation === 'delete' || operation === 'prune')
      needed['pull-requests'] = 'write'
  }
  return needed
}

/** The permission a call to the GitHub API needs ('' for none), as `scope: level`. */
function permissionOf(call: GitHubCall): string {
  const level = call.method === 'GET' ? 'read' : 'write'
  // GraphQL's viewer (whose comment is ours) is answered for any token, with no permission.
  if (call.method === 'POST' && call.path === '/graphql') return ''
  if (/\/deployments(\/|$)/.test(call.path)) return `deployments: ${level}`
  if (/\/(issues|pulls)(\/|$)/.test(call.path)) return `pull-requests: ${level}`
  throw new Error(`Which permission does ${call.method} ${call.path} need? Say so here.`)
}

/** Whether a job's permissions grant `scope: level` (write grants read). */
function granted(permissions: unknown, needed: string): boolean {
  const [scope = '', level = ''] = needed.split(': ')
  const given = (permissions as Record<string, string> | undefined)?.[scope]
  return given === 'write' || given === level
}

/** What the world holds before the step runs: an update needs a deployment, a prune stale previews. */
function seedFor(
  inputs: Partial<RawInputs>,
  emulator: Awaited<ReturnType<typeof startControlPlane>>,
  github: Awaited<ReturnType<typeof startGitHubApi>>
) {
  if (inputs.operation === 'prune') {
    const prefix = inputs['prune-prefix'] ?? ''
    emulator.seedDeployment({ name: `${prefix}1`, updated_at: '2020-01-01T00:00:00Z' })
    emulator.seedDeployment({ name: `${prefix}2` })
    github.seedPull(1, 'closed')
    github.seedPull(2, 'open')
    return
  }
  if (inputs.operation === 'delete' && inputs.name) emulator.seedDeployment({ name: inputs.name })
  // The gate's regression bound needs a revision that served before.
  if (inputs['eval-max-regression'] && inputs.name) emulator.seedDeployment({ name: inputs.name })
  // Two revisions served in turn: a rollback brings the older back.
  if (inputs.operation === 'rollback' && inputs.name)
    emulator.seedDeployment({ name: inputs.name, history: [{}, {}] })
  if (inputs.operation === 'promote' && inputs.name && inputs['from-deployment']) {
    // Staging serves a build of the ref; production serves an older one.
    emulator.seedDeployment({ name: inputs['from-deployment'] })
    emulator.seedDeployment({
      name: inputs.name,
      source_revision_config: { repo_ref: 'refs/tags/v1.2.2', graph_config_path: 'graph.json' }
    })
  }
  if (inputs.source === 'external_image' && inputs.name)
    emulator.seedDeployment({
      name: inputs.name,
      source: 'external_image',
      source_config: { listener_id: LISTENER, custom_url: `${agent.url}` }
    })
}

/**
 * The README's example case file (the block headed `# .github/smoke-cases.yml`), as YAML, or as
 * JSON Lines with a dataset example after it (what an export gives).
 */
function caseFileText(path: string): string {
  const block = blocks.find((text) => text.startsWith('# .github/smoke-cases.yml\n')) ?? ''
  if (!path.endsWith('.jsonl')) return block
  const dataset = {
    inputs: { messages: [{ role: 'user', content: 'What is 2+2?' }] },
    outputs: { messages: [{ role: 'ai', content: '4' }] }
  }
  return [...(parse(block) as unknown[]), dataset].map((line) => JSON.stringify(line)).join('\n')
}

/** The checkouts made, removed after the file. */
const checkouts: string[] = []
const newCheckout = () => {
  const checkout = mkdtempSync(join(tmpdir(), 'readme-checkout-'))
  checkouts.push(checkout)
  return checkout
}

/** A checkout: for `internal_source` the folder and its graph file; the `verify-cases` file. */
function checkoutFor(inputs: Partial<RawInputs>): string | undefined {
  const cases = inputs['verify-cases']
  if (cases) {
    const checkout = newCheckout()
    mkdirSync(join(checkout, cases, '..'), { recursive: true })
    writeFileSync(join(checkout, cases), caseFileText(cases))
    return checkout
  }
  if (inputs.source !== 'internal_source') return undefined
  const checkout = newCheckout()
  const folder = join(checkout, inputs['source-dir'] ?? '.')
  mkdirSync(folder, { recursive: true })
  writeFileSync(join(folder, inputs['graph-config-path'] ?? 'graph.json'), '{"graphs": {}}\n')
  return checkout
}

function failureOf(run: ActionRun): string {
  return run.code === 0 ? '' : (run.stdout.match(/^::error::.*$/m)?.[0] ?? run.stderr)
}

/**
 * Every `run:` step of the README, as the runner runs it: its `${{ }}` expressions pasted into
 * the script, its `env:` set, then `bash -eo pipefail`. Each output holds shell syntax that runs
 * a command when pasted into a script; the step must run nothing but its own lines (every command
 * it runs is recorded by a DEBUG trap, command substitutions included) and leave no file behind.
 */
describe("the README's run: steps, with outputs that hold shell syntax", () => {
  const folder = mkdtempSync(join(tmpdir(), 'readme-run-'))
  afterAll(() => rmSync(folder, { recursive: true, force: true }))
  const canary = join(folder, 'ran')
  const hostile = `$(touch ${canary})\`touch ${canary}\`"; touch ${canary}; echo "'; touch ${canary}; echo '|touch ${canary}`
  const context: Context = { event: 'push', ref: 'refs/heads/main', matrix: {}, apiUrl: 'x' }
  const valueOf = (expression: string) =>
    /^steps\.[\w-]+\.outputs\.[\w-]+$/.test(expression.trim())
      ? hostile
      : evaluate(expression, context)
  const pasted = (text: string) =>
    text.replace(/\$\{\{(.+?)\}\}/g, (_, expression: string) => valueOf(expression))

  /** Runs one step as the runner would; returns the commands it ran and whether the canary exists. */
  function runStep(step: Step): { commands: string[]; ran: boolean } {
    rmSync(canary, { force: true })
    const trace = join(folder, 'trace')
    writeFileSync(trace, '')
    const script = `set -T\ntrap 'printf "%s\\n" "$BASH_COMMAND" >> ${trace}' DEBUG\n${pasted(step.run ?? '')}`
    const env = Object.fromEntries(
      Object.entries(step.env ?? {}).map(([name, value]) => [name, pasted(String(value))])
    )
    const result = spawnSync('bash', ['--noprofile', '--norc', '-eo', 'pipefail', '-c', script], {
      cwd: folder,
      env: { PATH: process.env.PATH ?? '', ...env },
      encoding: 'utf8'
    })
    expect(result.error).toBeUndefined()
    const commands = readFileSync(trace, 'utf8').split('\n').filter(Boolean)
    return { commands, ran: existsSync(canary) }
  }

  const runSteps = yamlBlocks.flatMap((block) =>
    Object.values(workflowOf(block.text)?.jobs ?? {}).flatMap((job) =>
      (job.steps ?? [])
        .filter((step) => typeof step.run === 'string')
        .map((step) => [`README line ${block.line}: ${step.run?.trim() ?? ''}`, step] as const)
    )
  )

  it('are found, and each hands outputs over through env:', () => {
    expect(runSteps.length).toBeGreaterThanOrEqual(2)
    for (const [, step] of runSteps) expect(step.run).not.toMatch(/\$\{\{/)
  })

  // What the README wrote runs (echo, or a command of the team's own such as a dataset export);
  // nothing an output carries does.
  it.each(runSteps)('%s runs nothing but its own commands', (_, step) => {
    const { commands, ran } = runStep(step)
    const written = (step.run ?? '').split('\n').map((line) => line.trim())
    expect(commands.length).toBeGreaterThan(0)
    expect({ commands: commands.filter((command) => !written.includes(command)), ran }).toEqual({
      commands: [],
      ran: false
    })
  })

  it('would catch an output pasted into the script (the check works)', () => {
    const { commands, ran } = runStep({
      run: 'echo "Deployed ${{ steps.deploy.outputs.deployment-id }}"'
    })
    expect(ran).toBe(true)
    expect(commands.some((command) => command.startsWith('touch '))).toBe(true)
  })
})
