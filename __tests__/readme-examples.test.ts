/**
 * Every YAML example of the README, run as a workflow author would copy it: each `with:` block of
 * a step that uses this action runs the built action against the emulator (and the GitHub API
 * stand-in), once per event the workflow names (and per matrix entry), with its `${{ }}`
 * expressions given test values. An example that stops working fails here. How the examples are
 * read is in ./helpers/readme-workflows.ts; what each workflow promises as a whole (least
 * privilege, one concurrency group per deployment, safe for forks, one secret name) is held in
 * ./readme-workflows.test.ts, its `run:` steps in ./readme-run-steps.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parse } from 'yaml'
import { seedGate, startAgentServer, startControlPlane, startTracing } from '../emulator'
import type { RawInputs } from '../src/inputs/contract'
import { startGitHubApi, type GitHubCall } from './helpers/github-api'
import {
  blocks,
  examples,
  LISTENER,
  passes,
  PR_NUMBER,
  substitute,
  workflowOf,
  yamlBlocks,
  type Context,
  type Example
} from './helpers/readme-workflows'
import { runAction, type ActionRun } from './helpers/run-action'
import { REAL_WORK_TEST_MS } from './helpers/real-time'

jest.setTimeout(REAL_WORK_TEST_MS)

const PR_BRANCH = 'feature-x'

const label = (example: Example) =>
  `README line ${example.line}, job ${example.job}, ${example.trigger.event}${example.trigger.action ? ` (${example.trigger.action}${example.trigger.fork ? ', from a fork' : ''})` : ''} on ${example.trigger.ref}${example.matrix.environment ? `, ${example.matrix.environment}` : ''}`
/** A step runs unless its job's or its own `if:` says no, as the runner reads them. */
const runs = (example: Example, context: Context) =>
  passes(example.jobIf, context) && passes(example.step.if, context)
const contextOf = (example: Example, apiUrl = '', tracingUrl = ''): Context => ({
  ...example.trigger,
  matrix: example.matrix,
  apiUrl,
  tracingUrl
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
        const context = contextOf(example, emulator.url, tracing.url)
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
        // Until the recipes name a release policy, these are the recipes' own (removed) inputs.
        const recipe = inputs as Record<string, string | undefined>
        if (recipe['eval-dataset']) expect(run.outputs['eval-passed']).toBe('true')
        if (recipe['eval-max-regression'])
          expect(run.outputs['baseline-experiment-id']).toMatch(/^[0-9a-f-]{36}$/)
        if (recipe['verify-cases'])
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
  if ((inputs as Record<string, string | undefined>)['eval-max-regression'] && inputs.name)
    emulator.seedDeployment({ name: inputs.name })
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
  const cases = (inputs as Record<string, string | undefined>)['verify-cases']
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
