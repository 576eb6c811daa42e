/**
 * Every YAML example of the README, run as a workflow author would copy it: each `with:` block of
 * a step that uses this action runs the built action against the emulator (and the GitHub API
 * stand-in), once per event the workflow names (and per matrix entry), with its `${{ }}`
 * expressions given test values. An example that stops working fails here.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parse } from 'yaml'
import { startAgentServer, startControlPlane } from '../emulator'
import type { RawInputs } from '../src/inputs/contract'
import { startGitHubApi } from './helpers/github-api'
import { runAction, type ActionRun } from './helpers/run-action'

const README = readFileSync(new URL('../README.md', import.meta.url), 'utf8')
const ACTION = /^our-org\/deploy-agent@/
const PR_NUMBER = 42
const PR_BRANCH = 'feature-x'
const LISTENER = '123e4567-e89b-42d3-a456-426614174001'

/** One way a workflow is triggered: the event, and what the runner says about it. */
interface Trigger {
  event: string
  /** The pull request event's `action` (opened, closed). */
  action?: string
  ref: string
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
  "github.ref_type == 'tag'": (context) => String(context.ref.startsWith('refs/tags/'))
}

function evaluate(expression: string, context: Context): string {
  const value = EXPRESSIONS[expression.trim()]
  if (!value) throw new Error(`The README uses \${{ ${expression.trim()} }}: give it a test value`)
  return value(context)
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
}
interface Job {
  if?: string
  environment?: unknown
  steps?: Step[]
  strategy?: { matrix?: Record<string, unknown[]> }
}
interface Workflow {
  on?: unknown
  jobs?: Record<string, Job>
}

/** How each event the workflow names is triggered (a snippet of steps runs on a branch push). */
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
        .map((action) => ({ event, action, ref: `refs/pull/${PR_NUMBER}/merge` }))
    }
    return [{ event, ref: 'refs/heads/main' }]
  })
}

interface Example {
  block: number
  job: string
  trigger: Trigger
  matrix: Record<string, string>
  step: Step
  jobIf?: string
  jobEnvironment: unknown
}

function examplesOf(text: string, block: number): Example[] {
  const parsed = parse(text) as Workflow | Step | Step[]
  const workflow: Workflow = Array.isArray(parsed)
    ? { jobs: { steps: { steps: parsed } } }
    : 'jobs' in parsed
      ? parsed
      : { jobs: { step: { steps: [parsed as Step] } } }
  return Object.entries(workflow.jobs ?? {}).flatMap(([jobName, job]) => {
    const matrix = job.strategy?.matrix ?? {}
    const entries = Object.entries(matrix).reduce<Record<string, string>[]>(
      (combos, [key, values]) =>
        combos.flatMap((combo) => values.map((value) => ({ ...combo, [key]: String(value) }))),
      [{}]
    )
    return triggersOf(workflow).flatMap((trigger) =>
      entries.flatMap((entry) =>
        (job.steps ?? [])
          .filter((step) => ACTION.test(step.uses ?? ''))
          .map((step) => ({
            block,
            job: jobName,
            trigger,
            matrix: entry,
            step,
            jobIf: job.if,
            jobEnvironment: job.environment
          }))
      )
    )
  })
}

const blocks = [...README.matchAll(/^```yaml\n([\s\S]*?)^```$/gm)].map((match) => match[1] ?? '')
const examples = blocks.flatMap((text, index) => examplesOf(text, index + 1))
const label = (example: Example) =>
  `block ${example.block}, job ${example.job}, ${example.trigger.event}${example.trigger.action ? ` (${example.trigger.action})` : ''} on ${example.trigger.ref}${example.matrix.environment ? `, ${example.matrix.environment}` : ''}`

let agent: Awaited<ReturnType<typeof startAgentServer>>
beforeAll(async () => {
  agent = await startAgentServer()
})
afterAll(async () => {
  await agent.close()
})

describe('the README examples', () => {
  it('are found: every YAML block that uses the action', () => {
    expect(blocks.length).toBeGreaterThanOrEqual(8)
    expect(new Set(examples.map((example) => example.block)).size).toBe(
      blocks.filter((text) => text.includes('uses: our-org/deploy-agent@')).length
    )
  })

  it('never set both the job environment and the action environment (two GitHub deployments a run)', () => {
    for (const example of examples) {
      if (example.jobEnvironment !== undefined)
        expect([label(example), example.step.with?.environment]).toEqual([
          label(example),
          undefined
        ])
    }
  })

  it.each(examples.map((example) => [label(example), example] as const))(
    '%s',
    async (_, example) => {
      const emulator = await startControlPlane({ stepMs: 10, agentUrl: agent.url })
      const github = await startGitHubApi()
      try {
        const context: Context = {
          ...example.trigger,
          matrix: example.matrix,
          apiUrl: emulator.url
        }
        const step = example.step
        if (!passes(example.jobIf, context) || !passes(step.if, context)) {
          // Skipped as the runner would skip it; what it protects is checked below.
          expect(
            example.trigger.event === 'schedule' ||
              example.trigger.action !== undefined ||
              // A job for tags only (a promote to production) skips on a branch push.
              (example.jobIf?.includes('github.ref_type') === true &&
                example.trigger.ref.startsWith('refs/heads/'))
          ).toBe(true)
          return
        }
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

/** A checkout: for `internal_source` the folder and its graph file; the `verify-cases` file. */
function checkoutFor(inputs: Partial<RawInputs>): string | undefined {
  const cases = inputs['verify-cases']
  if (cases) {
    const checkout = mkdtempSync(join(tmpdir(), 'readme-checkout-'))
    mkdirSync(join(checkout, cases, '..'), { recursive: true })
    writeFileSync(join(checkout, cases), caseFileText(cases))
    return checkout
  }
  if (inputs.source !== 'internal_source') return undefined
  const checkout = mkdtempSync(join(tmpdir(), 'readme-checkout-'))
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
  interface RunStep {
    run?: string
    env?: Record<string, string>
  }
  const folder = mkdtempSync(join(tmpdir(), 'readme-run-'))
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
  function runStep(step: RunStep): { commands: string[]; ran: boolean } {
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

  const runSteps = blocks.flatMap((text, index) => {
    const parsed = parse(text) as Workflow | RunStep | RunStep[]
    const jobs = Array.isArray(parsed)
      ? [{ steps: parsed }]
      : 'jobs' in parsed
        ? Object.values((parsed as Workflow).jobs ?? {})
        : [{ steps: [parsed] }]
    return jobs.flatMap((job) =>
      ((job.steps ?? []) as RunStep[])
        .filter((step) => typeof step.run === 'string')
        .map((step) => [`block ${index + 1}: ${step.run?.trim() ?? ''}`, step] as const)
    )
  })

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
