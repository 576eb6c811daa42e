import { afterEach, describe, expect, it, jest } from '@jest/globals'
import { startControlPlane } from '../../emulator'
import { startGitHubApi } from '../helpers/github-api'
import { runAction } from '../helpers/run-action'
import { runInProcess } from '../helpers/action-world'
import { REAL_WORK_TEST_MS } from '../helpers/real-time'

jest.setTimeout(REAL_WORK_TEST_MS)

/**
 * The built action promotes staging to production as a runner starts it: a ref that moved
 * between the two builds fails the step naming both commits, rolls production back, and the job
 * summary and the GitHub deployment record say so (a child run of the bundle: run `npm run build`
 * first). The refusal runs in this process.
 */
const INTEGRATION = { integration_id: '123e4567-e89b-42d3-a456-426614174000' }
const closers: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const close of closers.splice(0)) await close()
})

describe('operation promote, the built action', () => {
  it('fails on a moved ref naming both commits, rolls back, and records it on GitHub', async () => {
    const controlPlane = await startControlPlane({ stepMs: 0 })
    const github = await startGitHubApi()
    closers.push(github.close, controlPlane.close)
    const staging = controlPlane.seedDeployment({ name: 'staging', source_config: INTEGRATION })
    const prod = controlPlane.seedDeployment({ name: 'prod', source_config: INTEGRATION })
    const verified = controlPlane.commitOf('main')
    const pushed = controlPlane.moveRef('main')

    const run = await runAction(
      {
        'api-url': controlPlane.url,
        'api-key': 'emulator-key',
        operation: 'promote',
        name: 'prod',
        'from-deployment': 'staging',
        'poll-interval': '1',
        policy: { rollback: { 'on-failure': true } },
        'github-token': 'ghs_promote_token_7c1d2e',
        environment: 'production'
      },
      { githubApiUrl: github.url, killAfterMs: 90_000 }
    )

    const [rollbackRevision, promoted] = controlPlane.revisions(prod.id)
    expect(run.code).toBe(1)
    expect(run.stdout).toMatch(
      new RegExp(`^::error::.*built from commit ${pushed}.*built from commit ${verified}`, 'm')
    )
    expect(run.outputs).toMatchObject({
      'promoted-from': String(staging.active_revision_id),
      'revision-id': promoted?.id,
      'previous-revision-id': String(prod.active_revision_id),
      'rolled-back': 'true',
      'rollback-revision-id': rollbackRevision?.id
    })
    expect(run.summary.split('\n')[0]).toBe(
      '## ❌ prod: commit match failed; the previous revision serves again'
    )
    expect(run.summary).toContain(
      `**Promoted from:** staging, revision \`${String(staging.active_revision_id).slice(0, 8)}\``
    )
    // What was built, linked; and the commit the source had been verified at.
    expect(run.summary).toContain(
      `**Commit:** [\`${pushed.slice(0, 7)}\`](https://github.com/acme/support-agent/commit/${pushed})`
    )
    expect(run.summary).toContain(`verified at commit \`${verified.slice(0, 7)}\``)
    expect(run.summary).toContain(`| Commit | \`${pushed}\` |`)
    expect(github.deployments.map((deployment) => deployment.environment)).toEqual(['production'])
    expect(github.deployments[0]?.statuses.at(-1)?.state).toBe('failure')
  }, 120_000)

  it('warns in the log that an image promoted by tag may move', async () => {
    const controlPlane = await startControlPlane({ stepMs: 0 })
    closers.push(controlPlane.close)
    const tagged = 'registry.example.com/acme/agent:1.4'
    controlPlane.seedDeployment({
      name: 'staging',
      source: 'external_image',
      source_revision_config: { image_uri: tagged }
    })
    controlPlane.seedDeployment({ name: 'prod', source: 'external_image' })
    const run = await runAction(
      {
        'api-url': controlPlane.url,
        'api-key': 'emulator-key',
        operation: 'promote',
        name: 'prod',
        'from-deployment': 'staging',
        'poll-interval': '1'
      },
      { killAfterMs: 60_000 }
    )
    expect(run.code).toBe(0)
    expect(run.stdout).toMatch(
      new RegExp(
        `^::warning::staging serves image ${tagged.replace(/[.]/g, '\\.')}, named by a tag: the tag may have moved`,
        'm'
      )
    )
  }, 90_000)

  it('refuses a promote to itself by name, writing nothing, and the summary claims no source', async () => {
    const controlPlane = await startControlPlane({ stepMs: 0 })
    closers.push(controlPlane.close)
    controlPlane.seedDeployment({ name: 'prod', source: 'internal_image' })
    const run = await runInProcess({
      'api-url': controlPlane.url,
      'api-key': 'emulator-key',
      operation: 'promote',
      name: 'prod',
      'from-deployment': 'prod'
    })
    expect(run.code).toBe(1)
    expect(controlPlane.requests.filter((request) => request.method !== 'GET')).toEqual([])
    expect(run.stdout).toMatch(/- from-deployment: prod \(.*\) is the deployment promoted to/)
    expect(run.outputs['promoted-from']).toBeUndefined()
    // The source is the deployments' own: a refused promote claims none.
    expect(run.summary).not.toContain('**Source:**')
  }, 90_000)
})
