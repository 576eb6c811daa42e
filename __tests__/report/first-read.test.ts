import { afterEach, describe, expect, it, jest } from '@jest/globals'
import { startServingAgent, type AgentBehaviour } from '../../emulator'
import { startGitHubApi } from '../helpers/github-api'
import { gitHostStep } from '../helpers/deploy-harness'
import { overStep, type Step } from '../helpers/policy-file'
import { VirtualClock, runInProcess } from '../helpers/action-world'
import { REAL_WORK_TEST_MS } from '../helpers/real-time'

jest.setTimeout(REAL_WORK_TEST_MS)

/**
 * What a person meets first on a red run, through the built action: the `::error` annotation,
 * the reason under the headline, the PR comment and the GitHub status.
 */
const NAME = 'support-agent'
const UUID_TEXT = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i
const closers: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const close of closers.splice(0)) await close()
})

/** A deployment whose first revision answers well; this run's revision answers as `agent`. */
async function failingRollback(agent: AgentBehaviour, extra: Step = {}) {
  const clock = new VirtualClock()
  closers.push(async () => clock.close())
  const services = await startServingAgent({
    serve: NAME,
    controlPlane: {
      now: clock.now,
      sleep: clock.sleep,
      stepMs: 5_000,
      agent: ({ revisionNumber }) => (revisionNumber === 1 ? 'well' : agent)
    }
  })
  const github = await startGitHubApi()
  closers.push(github.close, services.close)
  const controlPlane = services.controlPlane
  const seeded = controlPlane.seedDeployment({
    name: NAME,
    source_config: { integration_id: '123e4567-e89b-42d3-a456-426614174000' }
  })
  const run = await runInProcess(
    overStep(
      {
        ...gitHostStep(controlPlane.url, NAME),
        'api-key': 'emulator-key',
        'repo-ref': 'main',
        'poll-interval': '1',
        'github-token': 'ghs_first_read_token_7c1e2a',
        environment: 'production',
        'pr-comment': 'true',
        policy: {
          agent: { assistant: 'agent', message: 'hello', timeout: '20s' },
          rollback: { 'on-failure': true }
        }
      },
      extra
    ),
    { pullRequest: { number: 5 }, githubApiUrl: github.url, clock }
  )
  const bodies = github.calls
    .filter((call) => call.path.includes('/comments') && call.method !== 'GET')
    .map((call) => (call.body as { body: string }).body)
  const statuses = github.deployments.flatMap((deployment) => deployment.statuses)
  return {
    run,
    controlPlane,
    deploymentId: seeded.id,
    comment: github.comments.at(-1)?.body ?? '',
    bodies,
    status: statuses.at(-1)
  }
}

describe('the first line of a red run', () => {
  it('is the headline and the one reason line, short ids, within 300 characters; the long account is in the log', async () => {
    const { run, controlPlane, deploymentId } = await failingRollback('run-error')
    expect(run.code).toBe(1)
    const errors = run.annotations.filter((annotation) => annotation.kind === 'error')
    const last = errors.at(-1)?.text ?? ''
    expect(last.length).toBeGreaterThan(20)
    expect(last.length).toBeLessThanOrEqual(300)
    expect(last).not.toMatch(UUID_TEXT)
    expect(last).not.toContain('\n')
    expect(last).toContain(NAME)
    expect(last).toContain('previous revision serves again')
    // The internal check name is not the reader's.
    expect(last).not.toMatch(/"run"/)
    // The developer paragraph, full ids and all, is still in the log, as information.
    const [, failed] = controlPlane.revisions(deploymentId)
    const infoLines = run.log.filter((line) => !line.startsWith('::'))
    expect(infoLines.some((line) => line.includes(String(failed?.id)))).toBe(true)
  }, 120_000)

  it('gives a wrong reply as what the agent replied and what agent.expect wants, without the HTTP path or status', async () => {
    const { run, comment } = await failingRollback('wrong-reply', {
      policy: { agent: { expect: 'echo: hello' } }
    })
    expect(run.code).toBe(1)
    for (const text of [run.summary, comment]) {
      expect(text).toContain('the agent replied')
      expect(text).toContain('This revision is broken.')
      expect(text).toContain('echo: hello')
      expect(text).not.toContain('/runs/wait')
      expect(text).not.toMatch(/answered 200/)
    }
    // The log still names the path and the status.
    expect(run.stdout).toMatch(/\/runs\/wait answered 200/)
  }, 120_000)
})

describe('the building comment', () => {
  it('keeps the link of the revision that serves, read from the deployment, on the first comment of a pull request', async () => {
    const { run, controlPlane, deploymentId, bodies } = await failingRollback('well')
    expect(run.code).toBe(0)
    const url = String(
      controlPlane.deployments().find((each) => each.id === deploymentId)?.source_config?.custom_url
    )
    expect(url).toMatch(/^http/)
    const [building] = bodies
    expect(building).toContain('building')
    expect(building).toContain(`**Still serving:** [open the preview ↗](${url})`)
    expect(building).not.toContain('no earlier preview')
  }, 120_000)
})

describe('a failed build', () => {
  it('keeps the environment_url of what still serves, and titles its ERROR lines without an ISO timestamp', async () => {
    const clock = new VirtualClock()
    closers.push(async () => clock.close())
    const services = await startServingAgent({
      serve: NAME,
      controlPlane: {
        now: clock.now,
        sleep: clock.sleep,
        stepMs: 5_000,
        outcome: ({ revisionNumber }) => (revisionNumber === 1 ? 'DEPLOYED' : 'BUILD_FAILED')
      }
    })
    const github = await startGitHubApi()
    closers.push(github.close, services.close)
    const seeded = services.controlPlane.seedDeployment({
      name: NAME,
      source_config: { integration_id: '123e4567-e89b-42d3-a456-426614174000' }
    })
    const run = await runInProcess(
      {
        ...gitHostStep(services.controlPlane.url, NAME),
        'api-key': 'emulator-key',
        'repo-ref': 'main',
        'poll-interval': '1',
        'github-token': 'ghs_first_read_token_7c1e2a',
        environment: 'production'
      },
      { githubApiUrl: github.url, clock }
    )
    expect(run.code).toBe(1)
    const url = String(seeded.source_config?.custom_url)
    expect(url).toMatch(/^http/)
    const final = github.deployments.flatMap((deployment) => deployment.statuses).at(-1)
    expect(final?.state).toBe('failure')
    const sent = github.calls
      .filter((call) => call.path.endsWith('/statuses'))
      .map((call) => call.body as { state?: string; environment_url?: string })
    expect(sent.at(-1)).toMatchObject({ state: 'failure', environment_url: url })
    const titled = run.annotations.filter(
      (annotation) => annotation.kind === 'error' && annotation.title !== undefined
    )
    expect(titled.length).toBeGreaterThan(0)
    for (const { title } of titled) expect(title).not.toMatch(/\d{4}-\d{2}-\d{2}T/)
  }, 120_000)
})
