import { afterEach, describe, expect, it, jest } from '@jest/globals'
import {
  startServingAgent,
  VirtualClock,
  type AgentServerOptions,
  type ControlPlaneOptions
} from '../../emulator'
import { startGitHubApi } from '../helpers/github-api'
import { gitHostStep } from '../helpers/deploy-harness'
import { runInProcess } from '../helpers/action-world'
import { runAction } from '../helpers/run-action'
import { REAL_WORK_TEST_MS } from '../helpers/real-time'

jest.setTimeout(REAL_WORK_TEST_MS)

/**
 * The built action, as a runner starts it on a pull request: what a person sees when a check
 * fails and the rollback fails too (the redeploy ends DEPLOY_FAILED), and when the job is
 * cancelled while the agent check waits for its reply.
 */
const NAME = 'support-agent'
const closers: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const close of closers.splice(0)) await close()
})

async function start(options: ControlPlaneOptions = {}, agentOptions: AgentServerOptions = {}) {
  const services = await startServingAgent({
    serve: NAME,
    agent: agentOptions,
    controlPlane: { stepMs: 0, ...options }
  })
  const controlPlane = services.controlPlane
  const github = await startGitHubApi()
  closers.push(github.close, services.close)
  const seeded = controlPlane.seedDeployment({
    name: NAME,
    source_config: { integration_id: '123e4567-e89b-42d3-a456-426614174000' }
  })
  return { controlPlane, github, id: seeded.id, previous: String(seeded.latest_revision_id) }
}

const inputs = (apiUrl: string) => ({
  ...gitHostStep(apiUrl, NAME),
  'api-key': 'emulator-key',
  'repo-ref': 'main',
  'poll-interval': '1',
  policy: {
    agent: { assistant: 'agent', message: 'hi', timeout: '20s' },
    rollback: { 'on-failure': true }
  },
  'github-token': 'ghs_rollback_token_5f2a9c',
  environment: 'production',
  'pr-comment': 'true'
})

describe('a rollback that fails, as the records tell it', () => {
  it('is a failure everywhere: rolled-back false, what serves read from the service, no claim of a rollback', async () => {
    // This run's revision fails its run check; the redeploy of the earlier one ends DEPLOY_FAILED.
    const { controlPlane, github, id, previous } = await start({
      agent: ({ revisionNumber }) => (revisionNumber === 1 ? 'well' : 'run-error'),
      outcome: ({ redeployOf }) => (redeployOf === undefined ? 'DEPLOYED' : 'DEPLOY_FAILED')
    })
    const run = await runAction(inputs(controlPlane.url), {
      pullRequest: { number: 5 },
      githubApiUrl: github.url,
      killAfterMs: 90_000
    })

    const [rollbackRevision, failed] = controlPlane.revisions(id)
    expect(rollbackRevision?.status).toBe('DEPLOY_FAILED')
    expect(controlPlane.redeploys()).toHaveLength(1)
    // What the service names active after the rollback: the broken revision still serves.
    const servingNow = controlPlane.serving(NAME)?.revisionId
    expect(servingNow).toBe(failed?.id)

    expect(run.code).toBe(1)
    expect(run.outputs).toMatchObject({
      'previous-revision-id': previous,
      'revision-id': failed?.id,
      'rolled-back': 'false',
      'rollback-revision-id': rollbackRevision?.id
    })
    expect(run.summary.split('\n')[0]).not.toContain('(rolled back)')

    const comment = github.comments.at(-1)?.body ?? ''
    // What serves is what the service names active: the failed revision, not the redeploy's.
    const servingLine = comment.split('\n').find((line) => line.startsWith('- **Serving now:**'))
    expect(servingLine).toContain(`\`${servingNow?.slice(0, 8)}\``)
    expect(servingLine).not.toContain(`${rollbackRevision?.id.slice(0, 8)}`)

    const final = github.deployments.flatMap((deployment) => deployment.statuses).at(-1)
    expect(final?.state).toBe('failure')
    expect(final?.description).not.toContain(`rolled back to ${previous}`)
  }, 120_000)
})

describe('a cancel during the checks, through the built action', () => {
  it('ends cancelled (exit 1) while the run check waits for its reply: no failed check, no rollback', async () => {
    let kill: ((signal: NodeJS.Signals) => void) | undefined
    let release: () => void = () => undefined
    let cancelled = false
    const { controlPlane, github } = await start(
      {},
      {
        // The run check's request has arrived: the job is cancelled while it waits.
        beforeRun: () => {
          cancelled = true
          kill?.('SIGTERM')
          return new Promise((resolve) => (release = () => resolve(undefined)))
        }
      }
    )
    closers.unshift(async () => release())
    const run = await runAction(inputs(controlPlane.url), {
      pullRequest: { number: 5 },
      githubApiUrl: github.url,
      killAfterMs: 90_000,
      onStdout: (_chunk, _all, signal) => (kill = signal)
    })
    expect(cancelled).toBe(true)
    expect(run.killed).toBe(false)
    expect(run.code).toBe(1)
    expect(controlPlane.redeploys()).toEqual([])
    expect(run.outputs['rolled-back']).toBe('false')
    expect(run.stdout).not.toMatch(
      /check "run" failed|Rolling back|\(rolled back\)|did not complete/
    )
    expect(run.summary.split('\n')[0]).not.toMatch(/check failed|\(rolled back\)/)
    // The process has 2 s of real time after the signal: on a busy machine the final status may
    // not be written in it (the in-process run below holds that it is 'error'). Whatever was
    // written is never a verdict on the revision.
    const states = github.deployments
      .flatMap((deployment) => deployment.statuses)
      .map((s) => s.state)
    expect(states).not.toContain('failure')
    expect(states).not.toContain('success')
  }, 120_000)

  it('in process, on the run clock: the final GitHub status is error, not a verdict', async () => {
    const clock = new VirtualClock()
    let cancel: ((signal: NodeJS.Signals) => void) | undefined
    let release: () => void = () => undefined
    const services = await startServingAgent({
      serve: NAME,
      agent: {
        now: clock.now,
        // The run check's request has arrived: the job is cancelled while it waits.
        beforeRun: () => {
          cancel?.('SIGTERM')
          return new Promise((resolve) => (release = () => resolve(undefined)))
        }
      },
      controlPlane: { stepMs: 5, now: clock.now }
    })
    const github = await startGitHubApi()
    closers.push(github.close, services.close, async () => clock.close())
    closers.unshift(async () => release())
    services.controlPlane.seedDeployment({
      name: NAME,
      source_config: { integration_id: '123e4567-e89b-42d3-a456-426614174000' }
    })
    const run = await runInProcess(inputs(services.controlPlane.url), {
      clock,
      pullRequest: { number: 5 },
      githubApiUrl: github.url,
      onStdout: (_line, _all, runnerCancel) => (cancel = runnerCancel)
    })
    expect(run.exitCode).toBe(1)
    expect(run.stdout).toContain('Received SIGTERM')
    expect(services.controlPlane.redeploys()).toEqual([])
    const final = github.deployments.flatMap((deployment) => deployment.statuses).at(-1)
    expect(final?.state).toBe('error')
  }, 120_000)
})
