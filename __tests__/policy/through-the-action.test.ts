import { afterEach, describe, expect, it } from '@jest/globals'
import { clock, gitHostStep } from '../helpers/deploy-harness'
import { runInProcess, type WorldRun } from '../helpers/action-world'
import { startGitHubApi } from '../helpers/github-api'
import { POLICY_PATH, type Step } from '../helpers/policy-file'
import { seedServing, servingAgentPerTest } from '../helpers/serving-agent'

/**
 * The release policy through the built action (run(world) on the file's virtual clock): applied,
 * refused with its annotations, picked by environment, validated without credentials, and named
 * by its digest on GitHub.
 */
const NAME = 'support-agent'
const serving = servingAgentPerTest(NAME)
const closers: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const close of closers.splice(0)) await close()
})

const run = (step: Step, options: Parameters<typeof runInProcess>[1] = {}) =>
  runInProcess(step, { clock, ...options })

/** An existing deployment whose URL is an echo agent, and a deploy step of it. */
async function start() {
  const services = await serving()
  seedServing(services.controlPlane, NAME)
  const step: Step = {
    ...gitHostStep(services.controlPlane.url, NAME),
    'api-key': 'emulator-key',
    'poll-interval': '1'
  }
  const messages = () =>
    services.agent.requests
      .filter((request) => request.path === '/runs/wait')
      .map((request) => JSON.stringify(request.body))
  return { ...services, step, messages }
}

/** The digest the log names, 64 lower-case hex. */
function loggedDigest(result: WorldRun): string | undefined {
  return /Release policy .*: digest ([0-9a-f]{64})$/m.exec(result.stdout)?.[1]
}

const policyErrors = (result: WorldRun) =>
  result.annotations.filter((annotation) => annotation.file === POLICY_PATH)

describe('a release policy applied', () => {
  it('runs its agent checks and its inline smoke suite, and logs its digest', async () => {
    const { step, messages } = await start()
    const result = await run({
      ...step,
      policy: {
        agent: { assistant: 'agent', message: 'hello', expect: 'echo' },
        smoke: {
          cases: [{ name: 'ping', message: 'ping', expect: 'echo: ping' }, { message: 'hi' }]
        }
      }
    })
    expect(result.exitCode).toBe(0)
    expect(result.outputs).toMatchObject({ 'cases-passed': '2', 'cases-failed': '0' })
    expect(messages().filter((body) => body.includes('hello'))).toHaveLength(1)
    expect(messages().filter((body) => body.includes('ping'))).toHaveLength(1)
    expect(loggedDigest(result)).toMatch(/^[0-9a-f]{64}$/)
  })

  it('without release-policy runs only the serving check, and says so', async () => {
    const { step, messages } = await start()
    const result = await run(step)
    expect(result.exitCode).toBe(0)
    expect(messages()).toEqual([])
    expect(result.stdout).toMatch(/No release-policy: only the serving check runs/)
    expect(loggedDigest(result)).toBeUndefined()
  })
})

describe('a release policy refused', () => {
  it('annotates a typo on its line and column with the key it meant, and sends nothing', async () => {
    const { step, controlPlane } = await start()
    const result = await run({
      ...step,
      policy:
        'version: 1\nagent:\n  assistant: agent\nsmoke:\n  cases: [{message: hi}]\n  min-pas: 90%\n'
    })
    expect(result.exitCode).toBe(1)
    const [typo, ...others] = policyErrors(result)
    expect(others).toEqual([])
    expect(typo).toMatchObject({ kind: 'error', file: POLICY_PATH, line: 6, col: 3 })
    expect(typo?.text).toMatch(/min-pas/)
    expect(typo?.text).toMatch(/did you mean .*min-pass/)
    expect(result.stdout).toContain(
      `::error title=release policy%3A smoke.min-pas,file=${POLICY_PATH},line=6,col=3::`
    )
    expect(controlPlane.requests).toEqual([])
  })

  it('says every problem at once, the inputs beside the policy, each on its own line', async () => {
    const { step, controlPlane } = await start()
    const result = await run({
      ...step,
      timeout: 'soon',
      policy: [
        'version: 1',
        'agent:',
        '  assistant: ${{ inputs.assistant }}',
        '  timeout: later',
        'smoke:',
        '  concurency: 2',
        'rollback: {on-failure: yes please}'
      ].join('\n')
    })
    expect(result.exitCode).toBe(1)
    const lines = policyErrors(result).map((annotation) => annotation.line)
    expect(lines).toEqual([3, 4, 6, 7])
    const failure = result.annotations.find((each) => each.kind === 'error')?.text ?? ''
    expect(failure).toMatch(/^ {2}- timeout: /m)
    expect(failure).toMatch(/have 5 problems/)
    expect(controlPlane.requests).toEqual([])
  })
})

describe('environments', () => {
  const policy = {
    agent: { assistant: 'agent' },
    smoke: { cases: [{ message: 'ping', expect: 'echo: ping' }] },
    environments: {
      production: { agent: { message: 'production hello' } },
      'pr-*': { smoke: false },
      'pr-9*': { agent: { message: 'longest prefix' } }
    }
  }

  it('applies the entry named exactly', async () => {
    const { step, messages } = await start()
    const result = await run({ ...step, environment: 'production', policy })
    expect(result.exitCode).toBe(0)
    expect(messages().filter((body) => body.includes('production hello'))).toHaveLength(1)
    expect(result.outputs['cases-passed']).toBe('1')
    expect(result.stdout).toMatch(/Release policy .* \(environments\.production\): digest/)
  })

  it('applies the longest prefix entry, and false removes a section', async () => {
    const { step, messages } = await start()
    const removed = await run({ ...step, environment: 'pr-42', policy })
    expect(removed.exitCode).toBe(0)
    expect(removed.outputs['cases-passed']).toBeUndefined()
    expect(messages()).toEqual([])
    expect(removed.stdout).toMatch(/\(environments\.pr-\*\): digest/)
    const longest = await run({ ...step, environment: 'pr-97', policy })
    expect(longest.stdout).toMatch(/\(environments\.pr-9\*\): digest/)
    expect(messages().filter((body) => body.includes('longest prefix'))).toHaveLength(1)
    // Each entry is its own policy in effect.
    expect(loggedDigest(longest)).not.toBe(loggedDigest(removed))
  })
})

describe('operation validate', () => {
  /** Services that must hear nothing: a control plane and GitHub, named in the inputs. */
  async function listeners() {
    const services = await serving()
    const github = await startGitHubApi()
    closers.push(github.close)
    return { controlPlane: services.controlPlane, github }
  }

  it('needs no credentials, sends nothing, and prints the policy in effect and its digest', async () => {
    const { controlPlane, github } = await listeners()
    const result = await run(
      {
        operation: 'validate',
        'api-url': controlPlane.url,
        'tracing-url': 'https://tracing.example.com',
        'github-token': 'ghs_unused',
        environment: 'production',
        policy: {
          agent: { assistant: 'agent', message: 'hi' },
          gate: { dataset: 'golden', 'min-scores': { correctness: 0.8 } },
          environments: { production: { gate: { 'min-scores': { correctness: 0.9 } } } }
        }
      },
      { githubApiUrl: github.url }
    )
    expect(result.exitCode).toBe(0)
    expect(result.stdout).toMatch(
      /Policy in effect with environments\.production: digest [0-9a-f]{64}/
    )
    expect(result.stdout).toMatch(/correctness ≥ 0\.90/)
    expect(controlPlane.requests).toEqual([])
    expect(github.calls).toEqual([])
  })

  it('annotates the problems of the policy and of each entry merged over it, and exits 1', async () => {
    const { controlPlane, github } = await listeners()
    const result = await run(
      {
        operation: 'validate',
        'api-url': controlPlane.url,
        policy: [
          'version: 1',
          'agent: {assistant: agent}',
          'smoke: {cases: [{message: hi}], min-pass: 3}',
          'environments:',
          '  preview:',
          '    agent: {expect: ok}'
        ].join('\n')
      },
      { githubApiUrl: github.url }
    )
    expect(result.exitCode).toBe(1)
    const errors = policyErrors(result)
    // More passes asked than cases (as written), and the entry's expect with no message to judge.
    expect(errors.map((annotation) => annotation.line)).toEqual([3, 6])
    expect(errors[1]?.text).toMatch(/environments\.preview/)
    expect(controlPlane.requests).toEqual([])
    expect(github.calls).toEqual([])
  })
})

describe('the GitHub deployment', () => {
  it("carries the policy's path, digest and entry in its payload", async () => {
    const { step } = await start()
    const github = await startGitHubApi()
    closers.push(github.close)
    const result = await run(
      {
        ...step,
        'github-token': 'ghs_payload_token',
        environment: 'production',
        policy: {
          agent: { assistant: 'agent' },
          environments: { production: { rollback: { 'on-failure': true } } }
        }
      },
      { githubApiUrl: github.url }
    )
    expect(result.exitCode).toBe(0)
    const created = github.calls.find(
      (call) => call.method === 'POST' && /\/deployments$/.test(call.path)
    )
    expect((created?.body as { payload?: unknown } | undefined)?.payload).toEqual({
      'release-policy': { path: POLICY_PATH, digest: loggedDigest(result), entry: 'production' }
    })
    expect(loggedDigest(result)).toMatch(/^[0-9a-f]{64}$/)
  })
})
