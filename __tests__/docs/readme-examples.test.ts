/**
 * Every YAML example of the README and its recipe pages (docs/recipes/), run as a workflow author would copy it: each `with:` block of
 * a step that uses this action runs the action (in this process, on a virtual clock) against the emulator (and the GitHub API
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
import { seedGate, startAgentServer, startControlPlane, startTracing } from '../../emulator'
import type { RawInputs } from '../../src/inputs/contract'
import { mergeEntry, selectEntry } from '../../src/policy/environments'
import { startGitHubApi, type GitHubCall } from '../helpers/github-api'
import {
  examples,
  filesOf,
  LISTENER,
  passes,
  PR_NUMBER,
  substitute,
  validates,
  whereIs,
  workflowOf,
  yamlBlocks,
  type Context,
  type Example
} from '../helpers/readme-workflows'
import { runInProcess, VirtualClock } from '../helpers/action-world'
import { runAction } from '../helpers/run-action'
import { REAL_WORK_TEST_MS } from '../helpers/real-time'

jest.setTimeout(REAL_WORK_TEST_MS)

const PR_BRANCH = 'feature-x'

const label = (example: Example) =>
  `${whereIs(example)}, job ${example.job}, ${example.trigger.event}${example.trigger.action ? ` (${example.trigger.action}${example.trigger.fork ? ', from a fork' : ''})` : ''} on ${example.trigger.ref}${example.matrix.environment ? `, ${example.matrix.environment}` : ''}`
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

/** The runs' and the emulators' one clock: virtual, it moves when all of them wait. */
const clock = new VirtualClock()
const onClock = { now: clock.now, sleep: clock.sleep }

let agent: Awaited<ReturnType<typeof startAgentServer>>
/** The tracing service of the evaluation gate's recipe: its dataset scored by one rule. */
let tracing: Awaited<ReturnType<typeof startTracing>>
beforeAll(async () => {
  agent = await startAgentServer(onClock)
  tracing = await startTracing({ now: clock.now })
  seedGate(tracing, { name: 'support-eval', examples: 3 })
})
afterAll(async () => {
  await Promise.all([agent.close(), tracing.close()])
  clock.close()
  for (const checkout of checkouts.splice(0)) rmSync(checkout, { recursive: true, force: true })
})

describe('the README examples', () => {
  it('are found: every YAML block that uses the action, each a whole workflow', () => {
    const using = yamlBlocks.filter((block) => block.text.includes('uses: our-org/deploy-agent@'))
    expect(using.length).toBeGreaterThanOrEqual(11)
    expect(new Set(examples.map(whereIs))).toEqual(new Set(using.map(whereIs)))
    for (const block of using) {
      const workflow = workflowOf(block.text)
      expect([whereIs(block), workflow?.on !== undefined]).toEqual([whereIs(block), true])
      for (const [name, job] of Object.entries(workflow?.jobs ?? {}))
        expect([whereIs(block), name, typeof job['runs-on'], Array.isArray(job.steps)]).toEqual([
          whereIs(block),
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
    // Only a validation, which needs no secret, runs for a fork.
    expect(
      fromForks
        .filter((example) => runs(example, contextOf(example)) && !validates(example.step))
        .map(label)
    ).toEqual([])
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
      // Packing a source-dir reads it from the process's working directory, as on a runner
      // (the checkout): that example runs as a child of the built action in its checkout, the
      // others in this process on the clock.
      const inChild = example.step.with?.source === 'internal_source'
      const emulator = await startControlPlane({
        ...(!inChild && onClock),
        // A child run waits in real time: its build takes none, so its first status check ends it.
        stepMs: inChild ? 0 : 10,
        agentUrl: agent.url
      })
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
        const files = filesOf(example.path)
        const { policy, entry } = policyOf(files, inputs)
        seedFor(inputs, policy, emulator, github)
        const run = await (inChild ? runAction : runInProcess)(inputs, {
          clock,
          cwd: checkoutFor(inputs, files),
          env: {
            GITHUB_EVENT_NAME: example.trigger.event,
            GITHUB_REF: example.trigger.ref
          },
          pullRequest:
            example.trigger.event === 'pull_request'
              ? { number: PR_NUMBER, headRef: PR_BRANCH }
              : undefined,
          githubApiUrl: github.url
        })
        expect([label(example), run.code, failureOf(run)]).toEqual([label(example), 0, ''])
        // A validation sends nothing, to the service or to GitHub.
        if (validates(step))
          expect([label(example), emulator.requests.length, github.calls.length]).toEqual([
            label(example),
            0,
            0
          ])
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
        // The gate's recipe passes against the echo agent, every key scored; the regression
        // bound (production's, not the previews') compares with the revision that served.
        const gate = policy.gate as Record<string, unknown> | undefined
        if (gate?.dataset !== undefined && !validates(step))
          expect(run.outputs['eval-passed']).toBe('true')
        if (gate?.['max-regression'] !== undefined && !validates(step))
          expect(run.outputs['baseline-experiment-id']).toMatch(/^[0-9a-f-]{36}$/)
        // The recipes' cases pass against the echo agent, each with one run.
        // The log names the policy and the environment entry it applied (a preview's `pr-*`).
        const path = inputs['release-policy']
        if (path && !validates(step))
          expect(run.stdout).toContain(
            `Release policy ${path}${entry === undefined ? '' : ` (environments.${entry})`}: digest `
          )
        const cases = casesOf(policy, files)
        if (cases > 0 && !validates(step))
          expect(run.outputs).toMatchObject({ 'cases-passed': String(cases), 'cases-failed': '0' })
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
  // The release policy at a pull request's base, to show what the change weakens (and, when
  // it is absent there, the base commit itself: GitHub's "Get a commit" needs contents: read).
  if (/\/(contents\/|commits\/[^/]+$)/.test(call.path)) return `contents: ${level}`
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
  policy: Policy,
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
  const gate = policy.gate as Record<string, unknown> | undefined
  if (gate?.['max-regression'] !== undefined && inputs.name)
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

type Policy = Record<string, unknown>

/**
 * The release policy the step applies, as written, its `environment` entry merged over it, and
 * the name of that entry.
 */
function policyOf(
  files: Record<string, string>,
  inputs: Partial<RawInputs>
): { policy: Policy; entry?: string } {
  const path = inputs['release-policy']
  if (!path) return { policy: {} }
  const written = parse(files[path] ?? '') as Policy
  const entries = (written.environments ?? {}) as Policy
  const entry = selectEntry(Object.keys(entries), inputs.environment)
  return { policy: mergeEntry(written, entry === undefined ? undefined : entries[entry]), entry }
}

/** How many smoke cases the policy runs: its list, or the case file it names. */
function casesOf(policy: Policy, files: Record<string, string>): number {
  const cases = (policy.smoke as Policy | undefined)?.cases
  if (Array.isArray(cases)) return cases.length
  if (typeof cases !== 'string') return 0
  return (parse(files[cases] ?? '[]') as unknown[]).length
}

/** The checkouts made, removed after the file. */
const checkouts: string[] = []
const newCheckout = () => {
  const checkout = mkdtempSync(join(tmpdir(), 'readme-checkout-'))
  checkouts.push(checkout)
  return checkout
}

/**
 * A checkout: the files the page shows (its release policy, a case file); for `internal_source`
 * the folder and its graph file.
 */
function checkoutFor(
  inputs: Partial<RawInputs>,
  files: Record<string, string>
): string | undefined {
  if (!inputs['release-policy'] && inputs.source !== 'internal_source') return undefined
  const checkout = newCheckout()
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(checkout, path, '..'), { recursive: true })
    writeFileSync(join(checkout, path), text)
  }
  if (inputs.source !== 'internal_source') return checkout
  const folder = join(checkout, inputs['source-dir'] ?? '.')
  mkdirSync(folder, { recursive: true })
  writeFileSync(join(folder, inputs['graph-config-path'] ?? 'graph.json'), '{"graphs": {}}\n')
  return checkout
}

function failureOf(run: { code: number | null; stdout: string; stderr: string }): string {
  return run.code === 0 ? '' : (run.stdout.match(/^::error::.*$/m)?.[0] ?? run.stderr)
}
