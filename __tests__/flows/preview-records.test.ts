import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals'
import { startControlPlane, type ControlPlaneEmulator } from '../../emulator'
import { commentMarker } from '../../src/report/markdown'
import { startGitHubApi } from '../helpers/github-api'
import { runAction } from '../helpers/run-action'
import { runInProcess } from '../helpers/action-world'
import { REAL_WORK_TEST_MS } from '../helpers/real-time'

jest.setTimeout(REAL_WORK_TEST_MS)

/**
 * Deleted previews leave no traces on GitHub: deployments inactive, the PR comment corrected.
 * Operations prune and delete are child runs of the bundle; the refusal runs in this process
 * (nothing in it waits on the emulator's clock).
 */
let emulator: ControlPlaneEmulator
let github: Awaited<ReturnType<typeof startGitHubApi>>
beforeEach(async () => {
  emulator = await startControlPlane({ stepMs: 0 })
  github = await startGitHubApi({
    comments: [
      { id: 1, body: `${commentMarker('pr-1')}\n### ✅ pr-1\n| URL | https://pr-1.example |` },
      { id: 2, body: `${commentMarker('pr-2')}\n### ✅ pr-2` },
      { id: 3, body: 'Looks good to me' }
    ]
  })
})
afterEach(async () => {
  await Promise.all([emulator.close(), github.close()])
})

const comment = (id: number) => github.comments.find((c) => c.id === id)?.body ?? ''

describe('GitHub records of deleted previews (the built action)', () => {
  it('prune: closed pull requests lose their previews, GitHub deployments end inactive, comments say deleted', async () => {
    github.seedPull(1, 'closed')
    github.seedPull(2, 'open')
    emulator.seedDeployment({ name: 'pr-1' })
    emulator.seedDeployment({ name: 'pr-2' })
    const closed = [
      github.seedDeployment({ environment: 'pr-1', state: 'inactive' }),
      github.seedDeployment({ environment: 'pr-1', state: 'success' })
    ]
    const open = github.seedDeployment({ environment: 'pr-2', state: 'success' })
    const other = github.seedDeployment({ environment: 'production', state: 'success' })
    const run = await runAction(
      {
        'api-url': emulator.url,
        'api-key': 'emulator-key',
        operation: 'prune',
        'prune-prefix': 'pr-',
        'prune-closed-prs': 'true',
        'github-token': 'ghs_prune'
      },
      { githubApiUrl: github.url, killAfterMs: 60_000 }
    )
    expect(run.code).toBe(0)
    expect(emulator.deployments().map((deployment) => deployment.name)).toEqual(['pr-2'])
    expect(run.outputs.pruned).toBe('["pr-1"]')
    expect(github.inactive().sort()).toEqual(closed.map((deployment) => deployment.id).sort())
    expect(open.statuses.map((status) => status.state)).toEqual(['success'])
    expect(other.statuses.map((status) => status.state)).toEqual(['success'])
    expect(comment(1)).toContain(commentMarker('pr-1'))
    expect(comment(1)).toContain('The preview was deleted')
    expect(comment(1)).not.toContain('https://pr-1.example')
    expect(comment(2)).toBe(`${commentMarker('pr-2')}\n### ✅ pr-2`)
    expect(comment(3)).toBe('Looks good to me')
    expect(run.summary).toContain('## ✅ pruned 1 preview')
    expect(run.summary).toContain('| pr-1 |')
    expect(run.summary).toContain('pull request \\#1 is closed | deleted |')
  })

  it('delete on a pull-request event: the environment ends inactive and the comment says deleted', async () => {
    emulator.seedDeployment({ name: 'pr-2' })
    const preview = github.seedDeployment({ environment: 'preview-2', state: 'success' })
    const run = await runAction(
      {
        'api-url': emulator.url,
        'api-key': 'emulator-key',
        operation: 'delete',
        name: 'pr-2',
        environment: 'preview-2',
        'github-token': 'ghs_delete'
      },
      { pullRequest: { number: 2 }, githubApiUrl: github.url, killAfterMs: 60_000 }
    )
    expect(run.code).toBe(0)
    expect(emulator.deployments()).toEqual([])
    expect(github.inactive()).toEqual([preview.id])
    expect(comment(2)).toContain('The preview was deleted')
    expect(comment(1)).toContain('https://pr-1.example')
  })

  it("delete with a token that cannot be named: changes no comment, since none can be told for the action's own", async () => {
    await github.close()
    github = await startGitHubApi({
      graphqlFailWith: 401,
      comments: [{ id: 2, body: `${commentMarker('pr-2')}\n### ✅ pr-2` }]
    })
    emulator.seedDeployment({ name: 'pr-2' })
    const run = await runAction(
      {
        'api-url': emulator.url,
        'api-key': 'emulator-key',
        operation: 'delete',
        name: 'pr-2',
        'github-token': 'ghs_unknown'
      },
      { pullRequest: { number: 2 }, githubApiUrl: github.url, killAfterMs: 60_000 }
    )
    expect(run.code).toBe(0)
    expect(emulator.deployments()).toEqual([])
    expect(comment(2)).toBe(`${commentMarker('pr-2')}\n### ✅ pr-2`)
    expect(run.stdout).toMatch(
      /^::warning::The GitHub token's identity could not be read \(HTTP 401: Bad credentials.*\): no pull-request comment is changed/m
    )
  })

  it('a GitHub API that refuses is a warning; the prune itself succeeds', async () => {
    await github.close()
    github = await startGitHubApi({ failWith: 403 })
    emulator.seedDeployment({ name: 'pr-9', updated_at: '2020-01-01T00:00:00Z' })
    const run = await runInProcess(
      {
        'api-url': emulator.url,
        'api-key': 'emulator-key',
        operation: 'prune',
        'prune-prefix': 'pr-',
        'prune-older-than': '30d',
        'github-token': 'ghs_refused'
      },
      { githubApiUrl: github.url }
    )
    expect(run.code).toBe(0)
    expect(emulator.deployments()).toEqual([])
    expect(run.stdout).toMatch(
      /::warning::The GitHub deployments of pr-9 .*was not recorded: HTTP 403/
    )
  })
})
