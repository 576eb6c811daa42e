import { afterEach, beforeEach, describe, expect, it } from '@jest/globals'
import { getOctokit } from '@actions/github'
import { startGitHubApi } from '../helpers/github-api'

let github: Awaited<ReturnType<typeof startGitHubApi>>
let octokit: ReturnType<typeof getOctokit>
const repo = { owner: 'acme', repo: 'agent' }
beforeEach(async () => {
  github = await startGitHubApi()
  octokit = getOctokit('ghs_test', { baseUrl: github.url })
})
afterEach(async () => {
  await github.close()
})

describe('GitHub API stand-in: the preview lifecycle', () => {
  it('lists deployments of an environment, newest first, over pages', async () => {
    const seeded = Array.from({ length: 35 }, (_, index) =>
      github.seedDeployment({ environment: index % 5 === 0 ? 'production' : 'preview-pr-12' })
    )
    const created = await octokit.rest.repos.createDeployment({
      ...repo,
      ref: 'main',
      environment: 'preview-pr-12'
    })
    expect(created.status).toBe(201)
    const listed = await octokit.paginate(octokit.rest.repos.listDeployments, {
      ...repo,
      environment: 'preview-pr-12',
      per_page: 10
    })
    const previews = [...seeded.filter((d) => d.environment === 'preview-pr-12')].reverse()
    expect(listed.map((deployment) => deployment.id)).toEqual([
      (created.data as { id: number }).id,
      ...previews.map((deployment) => deployment.id)
    ])
    // 29 in pages of ten: the first two link to the next.
    expect(github.calls.map((call) => call.method)).toEqual(['POST', 'GET', 'GET', 'GET'])
  })

  it('records statuses, so a test can tell which deployments ended inactive', async () => {
    const first = github.seedDeployment({ environment: 'preview-pr-3', state: 'success' })
    const second = github.seedDeployment({ environment: 'preview-pr-3', state: 'success' })
    const other = github.seedDeployment({ environment: 'preview-pr-4', state: 'success' })
    expect(first.id).toBe(2 ** 31 + 7)
    for (const deployment of [first, second]) {
      await octokit.rest.repos.createDeploymentStatus({
        ...repo,
        deployment_id: deployment.id,
        state: 'inactive'
      })
    }
    expect(github.inactive()).toEqual([first.id, second.id])
    expect(other.statuses.map((status) => status.state)).toEqual(['success'])
    const statuses = await octokit.rest.repos.listDeploymentStatuses({
      ...repo,
      deployment_id: first.id
    })
    expect(statuses.data.map((status) => status.state)).toEqual(['inactive', 'success'])
    await expect(
      octokit.rest.repos.createDeploymentStatus({ ...repo, deployment_id: 999, state: 'inactive' })
    ).rejects.toMatchObject({ status: 404 })
  })

  it('answers pull requests one by one and listed by state, over pages', async () => {
    for (let number = 1; number <= 25; number += 1)
      github.seedPull(number, number % 3 === 0 ? 'open' : 'closed')
    const one = await octokit.rest.pulls.get({ ...repo, pull_number: 4 })
    expect(one.data).toMatchObject({ number: 4, state: 'closed', head: { ref: 'pr-4' } })
    await expect(octokit.rest.pulls.get({ ...repo, pull_number: 99 })).rejects.toMatchObject({
      status: 404
    })
    const closed = await octokit.paginate(octokit.rest.pulls.list, {
      ...repo,
      state: 'closed',
      per_page: 5
    })
    expect(closed.map((pull) => pull.number)).toEqual(
      Array.from({ length: 25 }, (_, index) => 25 - index).filter((number) => number % 3 !== 0)
    )
    const open = await octokit.rest.pulls.list({ ...repo })
    expect(open.data.map((pull) => pull.number)).toEqual([24, 21, 18, 15, 12, 9, 6, 3])
  })
})
