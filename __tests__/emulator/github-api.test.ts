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

describe("GitHub API stand-in: GitHub's REST description", () => {
  it('refuses with 422 what the description does not allow, and close() reports it', async () => {
    const strict = await startGitHubApi()
    const client = getOctokit('ghs_test', { baseUrl: strict.url, request: { retries: 0 } })
    await expect(
      client.request('POST /repos/{owner}/{repo}/deployments/{deployment_id}/statuses', {
        ...repo,
        deployment_id: 1,
        // What GitHub's description refuses: a state it does not know, a misspelt field.
        ...({ state: 'done', auto_inactiv: true } as unknown as { state: 'success' })
      })
    ).rejects.toMatchObject({ status: 422 })
    await expect(
      client.request('GET /repos/{owner}/{repo}/issues/{issue_number}/comments', {
        ...repo,
        issue_number: 5,
        per_pagee: 100
      })
    ).rejects.toMatchObject({ status: 422 })
    expect(strict.calls.flatMap((call) => call.problems)).toEqual([
      'POST /repos/{owner}/{repo}/deployments/{deployment_id}/statuses: body/state must be equal to one of the allowed values',
      'POST /repos/{owner}/{repo}/deployments/{deployment_id}/statuses: unknown body field auto_inactiv',
      'GET /repos/{owner}/{repo}/issues/{issue_number}/comments: unknown query parameter per_pagee'
    ])
    await expect(strict.close()).rejects.toThrow(
      "Requests GitHub's REST description does not allow"
    )
  })

  it('answers the workflow token 403 on GET /user, and a listed token its user; ids past 2^31', async () => {
    const me = { login: 'octo', id: 1, type: 'User' as const }
    const api = await startGitHubApi({ users: { ghp_mine: me } })
    try {
      const workflow = getOctokit('ghs_workflow', { baseUrl: api.url, request: { retries: 0 } })
      await expect(workflow.rest.users.getAuthenticated()).rejects.toMatchObject({ status: 403 })
      const mine = getOctokit('ghp_mine', { baseUrl: api.url })
      expect((await mine.rest.users.getAuthenticated()).data).toMatchObject(me)
      const created = await workflow.rest.issues.createComment({
        ...repo,
        issue_number: 5,
        body: 'x'
      })
      expect(created.data.id).toBeGreaterThan(2 ** 31)
      expect(created.data.user).toMatchObject({ login: 'github-actions[bot]', type: 'Bot' })
      const listed = await mine.rest.issues.listComments({ ...repo, issue_number: 5 })
      expect(listed.data.map((comment) => comment.user?.type)).toEqual(['Bot'])
    } finally {
      await api.close()
    }
  })

  it("answers GraphQL's viewer with the token's login, as GitHub does; graphqlFailWith makes it fail", async () => {
    const me = { login: 'octo', id: 1, type: 'User' as const }
    const app = { login: 'deployer[bot]', id: 2, type: 'Bot' as const }
    const api = await startGitHubApi({ users: { ghp_mine: me }, appTokens: { ghs_app: app } })
    const failing = await startGitHubApi({ graphqlFailWith: 401 })
    const viewer = (token: string, url: string) =>
      getOctokit(token, { baseUrl: url }).graphql<{ viewer: { login: string } }>(
        'query { viewer { login } }'
      )
    try {
      expect(await viewer('ghs_workflow', api.url)).toEqual({
        viewer: { login: 'github-actions[bot]' }
      })
      expect(await viewer('ghp_mine', api.url)).toEqual({ viewer: { login: 'octo' } })
      expect(await viewer('ghs_app', api.url)).toEqual({ viewer: { login: 'deployer[bot]' } })
      const created = await getOctokit('ghs_app', { baseUrl: api.url }).rest.issues.createComment({
        ...repo,
        issue_number: 5,
        body: 'x'
      })
      expect(created.data.user).toMatchObject(app)
      await expect(viewer('ghs_workflow', failing.url)).rejects.toMatchObject({
        status: 401,
        message: expect.stringContaining('Bad credentials')
      })
    } finally {
      await Promise.all([api.close(), failing.close()])
    }
  })
})
