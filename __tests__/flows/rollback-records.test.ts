import { afterEach, describe, expect, it, jest } from '@jest/globals'
import { startControlPlane, startServingAgent } from '../../emulator'
import { startGitHubApi } from '../helpers/github-api'
import { gitHostStep } from '../helpers/deploy-harness'
import { runAction } from '../helpers/run-action'
import { VirtualClock, runInProcess } from '../helpers/action-world'
import { REAL_WORK_TEST_MS } from '../helpers/real-time'

jest.setTimeout(REAL_WORK_TEST_MS)

/**
 * The built action, as a runner starts it on a pull request, rolls back a revision whose agent
 * fails its run check: the job summary, the pull-request comment and the GitHub deployment's
 * final status each name the failed revision and the one serving now. The first runs in this
 * process on a virtual clock; operation rollback is a child run of the bundle.
 */
const NAME = 'support-agent'
const closers: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const close of closers.splice(0)) await close()
})

describe('a rollback, as the records tell it', () => {
  it('names the failed revision and the one brought back in the summary, the comment and the status', async () => {
    const clock = new VirtualClock()
    closers.push(async () => clock.close())
    // The seeded revision's agent answers well; the revision this run makes answers 500.
    const services = await startServingAgent({
      serve: NAME,
      controlPlane: {
        now: clock.now,
        sleep: clock.sleep,
        stepMs: 5_000,
        agent: ({ revisionNumber }) => (revisionNumber === 1 ? 'well' : 'run-error')
      }
    })
    const controlPlane = services.controlPlane
    const github = await startGitHubApi()
    closers.push(github.close, services.close)
    const seeded = controlPlane.seedDeployment({
      name: NAME,
      source_config: { integration_id: '123e4567-e89b-42d3-a456-426614174000' }
    })
    const previous = String(seeded.latest_revision_id)

    const run = await runInProcess(
      {
        ...gitHostStep(controlPlane.url, NAME),
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
      },
      { pullRequest: { number: 5 }, githubApiUrl: github.url, clock }
    )

    const [rollbackRevision, failed] = controlPlane.revisions(seeded.id)
    expect(controlPlane.redeploys()).toHaveLength(1)
    expect(run.code).toBe(1)
    expect(run.outputs).toMatchObject({
      'previous-revision-id': previous,
      'revision-id': failed?.id,
      'rolled-back': 'true',
      'rollback-revision-id': rollbackRevision?.id
    })

    const short = (id: string | undefined) => `\`${(id ?? '?').slice(0, 8)}\``
    const headline =
      '❌ support-agent: reply to a test message failed; the previous revision serves again'
    expect(run.summary.split('\n')[0]).toBe(`## ${headline}`)
    // The full ids are collapsed; the text names them short.
    expect(run.summary).toContain(`| Revision | \`${failed?.id}\` |`)
    expect(run.summary).toContain(`| Rolled back to | \`${previous}\` |`)
    expect(run.summary).toContain(`| Rollback revision | \`${rollbackRevision?.id}\` |`)
    expect(run.summary).toContain(
      `**Serving now:** the revision from before this run, ${short(previous)}, redeployed as ${short(rollbackRevision?.id)}`
    )

    const comment = github.comments.at(-1)?.body ?? ''
    expect(comment).toContain(`### ${headline}`)
    expect(comment).toContain(`redeployed as ${short(rollbackRevision?.id)}`)
    expect(comment).toContain(`the failed revision ${failed?.id.slice(0, 8)}`)

    const statuses = github.deployments.flatMap((deployment) => deployment.statuses)
    const final = statuses.at(-1)
    expect(final?.state).toBe('failure')
    expect(final?.description).toBe(headline.slice(2))
    // A failure does not mark the environment's earlier deployments inactive.
    const statusBodies = github.calls
      .filter((call) => call.path.endsWith('/statuses'))
      .map((call) => call.body as { auto_inactive?: unknown })
    expect(statusBodies.map((body) => body.auto_inactive)).not.toContain(true)
  }, 120_000)

  it('operation rollback on a pull request: one GitHub deployment for the commit that serves, ending success, and a comment saying what serves', async () => {
    const controlPlane = await startControlPlane({ stepMs: 0 })
    const github = await startGitHubApi()
    closers.push(github.close, controlPlane.close)
    const seeded = controlPlane.seedDeployment({
      name: NAME,
      source_config: { integration_id: '123e4567-e89b-42d3-a456-426614174000' },
      // The earlier revision was built from another commit of the ref than the broken one.
      history: [{ source_revision_config: { repo_commit_sha: 'c0ffee'.padEnd(40, '0') } }, {}]
    })
    const [broken, good] = controlPlane.revisions(seeded.id)
    // The commit the earlier revision was built from: what serves once it is redeployed.
    const goodCommit = good?.source_revision_config?.repo_commit_sha
    expect(goodCommit).toMatch(/^[0-9a-f]{40}$/)
    expect(goodCommit).not.toBe(broken?.source_revision_config?.repo_commit_sha)
    expect(controlPlane.serving(seeded.id)?.revisionId).toBe(broken?.id)

    const run = await runAction(
      {
        'api-url': controlPlane.url,
        'api-key': 'emulator-key',
        name: NAME,
        operation: 'rollback',
        'poll-interval': '1',
        'github-token': 'ghs_rollback_token_5f2a9c',
        environment: 'production',
        'pr-comment': 'true'
      },
      { pullRequest: { number: 5 }, githubApiUrl: github.url, killAfterMs: 90_000 }
    )
    expect(run.code).toBe(0)
    const serving = run.outputs['revision-id']
    expect(controlPlane.serving(seeded.id)?.revisionId).toBe(serving)
    expect(controlPlane.redeploys().map((request) => request.path)).toEqual([
      `/v2/deployments/${seeded.id}/revisions/${good?.id}/redeploy`
    ])

    expect(github.deployments).toHaveLength(1)
    const [deployment] = github.deployments
    expect(deployment).toMatchObject({ environment: 'production', ref: goodCommit })
    expect(deployment?.statuses.map((status) => status.state)).toEqual(['in_progress', 'success'])
    expect(deployment?.statuses.at(-1)?.description).toMatch(
      new RegExp(`^support-agent rolled back to revision ${good?.id.slice(0, 8)} in \\d+s$`)
    )

    expect(github.comments).toHaveLength(1)
    const comment = github.comments[0]?.body ?? ''
    expect(comment).toMatch(
      new RegExp(
        `^### ✅ support-agent rolled back to revision \`${good?.id.slice(0, 8)}\` in \\d+s$`,
        'm'
      )
    )
    expect(comment).toContain(`**Serving now:** this run's revision \`${serving?.slice(0, 8)}\``)
    // What serves was built from the earlier commit: the comment links it.
    expect(comment).toContain(`/commit/${goodCommit}`)
  }, 120_000)
})
