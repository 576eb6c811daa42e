import { afterEach, describe, expect, it } from '@jest/globals'
import type { GitHubTarget } from '../../src/github/client'
import { openGitHubRecords, type RunRecord } from '../../src/github/records'
import { commentMarker } from '../../src/report/markdown'
import { renderBuildingComment, renderComment } from '../../src/report/pr-comment-text'
import { createRedactor } from '../../src/report/redact'
import { buildReport } from '../../src/report/report-model'
import { statusDescription } from '../../src/report/status-text'
import { expectedEndAt } from '../../src/wait/progress-text'
import { startGitHubApi } from '../helpers/github-api'

const TOKEN = 'ghp_abc_DEF_123456789'
const API_KEY = 'cp-key-"quoted"\\9f8e'
const redact = createRedactor([TOKEN, API_KEY])

let github: Awaited<ReturnType<typeof startGitHubApi>> | undefined
afterEach(async () => {
  await github?.close()
  github = undefined
})

const DEPLOYMENT_NAME = 'x --> <script>alert(1)</script> --!> @org/team'
const model = buildReport({
  operation: 'deploy',
  result: {
    outcome: 'deployed',
    deploymentName: DEPLOYMENT_NAME,
    deploymentUrl: `https://agent.example.com/?key=${encodeURIComponent(API_KEY)}`,
    revisionId: 'r-1\n::add-mask::x',
    revisionStatus: `DEPLOYED ${TOKEN}`,
    elapsedMs: 1_000,
    created: false,
    statusesSeen: [],
    message: `Deployed ${DEPLOYMENT_NAME}.`
  },
  now: Date.parse('2026-01-01T01:40:00Z')
})
const record: RunRecord = {
  outcome: 'deployed',
  deploymentUrl: model.links.deployment,
  description: statusDescription(model, redact),
  comment: (previousBody) => renderComment(model, previousBody, undefined, redact)
}

function target(apiUrl: string, pullRequest?: number): GitHubTarget {
  return {
    owner: 'acme',
    repo: 'agent',
    sha: 'a'.repeat(40),
    pullRequest,
    runUrl: 'https://github.com/acme/agent/actions/runs/1',
    apiUrl
  }
}

describe('the pull-request comment', () => {
  it('has a marker no name can close, and escapes and redacts the rest', () => {
    const body = renderComment(model, undefined, undefined, redact)
    const [marker, data, ...rest] = body.split('\n')
    expect(marker).toBe(commentMarker(DEPLOYMENT_NAME))
    // Two hidden lines (the marker, the history's data), each opened and closed once.
    expect(body.match(/<!--/g)).toHaveLength(2)
    expect(body.match(/--!?>/g)).toHaveLength(2)
    expect(marker?.endsWith(' -->')).toBe(true)
    expect(data).toMatch(/^<!-- deploy-agent-action:history=[A-Za-z0-9_-]+ -->$/)
    expect(rest.join('\n')).not.toMatch(/<script|<!--|-->/)
    expect(body).toContain('\\@org/team')
    expect(body).toContain('**Preview:** https&#58;//agent.example.com/?key=\\*\\*\\*')
    expect(body).not.toMatch(/ghp_abc|cp-key|9f8e/)
  })
})

describe('openGitHubRecords', () => {
  const options = (budgetMs: number, warnings: string[]) => ({
    token: TOKEN,
    environment: 'staging',
    prComment: true,
    deploymentName: DEPLOYMENT_NAME,
    redact,
    buildingComment: (
      expected: Parameters<typeof expectedEndAt>[0] | undefined,
      previousBody: string | undefined
    ) =>
      renderBuildingComment(
        {
          deploymentName: DEPLOYMENT_NAME,
          commit: 'a'.repeat(40),
          expectedAt: expected && expectedEndAt(expected),
          now: Date.parse('2020-01-01T12:00:00Z'),
          verb: 'building'
        },
        previousBody,
        undefined,
        redact
      ),
    deadline: Date.now() + 60_000,
    now: Date.now,
    callBudgetMs: budgetMs,
    warn: (message: string) => warnings.push(message),
    info: () => undefined
  })

  it('sends payloads redacted and escaped, and no URL that holds a secret', async () => {
    github = await startGitHubApi()
    const warnings: string[] = []
    const records = openGitHubRecords(options(30_000, warnings), target(github.url, 5))
    records.waitStarting()
    await records.finish(record)
    expect(warnings).toEqual([])
    const sent = JSON.stringify(github.calls.map((call) => call.body))
    expect(sent).not.toMatch(/ghp_abc|cp-key|9f8e/)
    // The comment is markdown: escaped. A description is plain text GitHub shows as such.
    expect(github.comments[0]?.body).not.toContain('<script')
    const final = github.calls.find(
      (call) => (call.body as { state?: string } | undefined)?.state === 'success'
    )?.body as { description: string; environment_url?: string }
    expect(final.environment_url).toBeUndefined()
    expect(final.description.length).toBeLessThanOrEqual(140)
    expect(github.comments[0]?.body.startsWith(commentMarker(DEPLOYMENT_NAME))).toBe(true)
  })

  it('says the expected end in the in_progress description and the comment while waiting', async () => {
    github = await startGitHubApi()
    const records = openGitHubRecords(options(30_000, []), target(github.url, 5))
    // Long past: the expected end is due, whatever today's date.
    const now = Date.parse('2020-01-01T12:00:00Z')
    records.waitStarting({
      startedAt: now,
      count: 3,
      shortestMs: 170_000,
      medianMs: 180_000,
      longestMs: 200_000
    })
    await records.finish(record)
    const inProgress = github.calls.find(
      (call) => (call.body as { state?: string } | undefined)?.state === 'in_progress'
    )?.body as { description: string }
    expect(inProgress.description).toBe(
      'Waiting for the revision; expected around 12:03:00 UTC (due now); earlier builds took 2m 50s–3m 20s'
    )
    // One comment: written while waiting with the expected end, then replaced by the result.
    const commentCalls = github.calls.filter((call) => call.path.includes('/comments'))
    expect(commentCalls.map((call) => call.method)).toEqual(['GET', 'POST', 'PATCH'])
    expect((commentCalls[1]?.body as { body: string }).body).toContain(
      'expected around 12:03:00 UTC'
    )
    expect(github.comments).toHaveLength(1)
  })

  it('sends an http(s) URL as the environment URL, and none other', async () => {
    github = await startGitHubApi()
    const records = openGitHubRecords(options(30_000, []), target(github.url))
    await records.finish({ ...record, deploymentUrl: 'https://agent.example.com/' })
    const records2 = openGitHubRecords(options(30_000, []), target(github.url))
    await records2.finish({ ...record, deploymentUrl: 'javascript:alert(1)' })
    const urls = github.calls
      .filter((call) => call.path.endsWith('/statuses'))
      .map((call) => (call.body as { environment_url?: string }).environment_url)
    expect(urls).toEqual(['https://agent.example.com/', undefined])
  })

  it('is not held by a GitHub API that accepts and never answers: each call warns and gives up', async () => {
    github = await startGitHubApi({ hang: true })
    const warnings: string[] = []
    const records = openGitHubRecords(options(1_000, warnings), target(github.url, 5))
    records.waitStarting()
    await records.finish(record)
    // The deployment and the building comment in flight at once, then the final comment (it
    // asks who the token is again, the first read having timed out): each bounded.
    expect(github.calls.map((call) => `${call.method} ${call.path}`).sort()).toEqual([
      'POST /graphql',
      'POST /graphql',
      'POST /repos/acme/agent/deployments'
    ])
    expect(warnings.sort()).toEqual([
      'The GitHub deployment for staging was not recorded: GitHub did not answer within 1s.',
      'the comment on pull request #5 was not recorded: GitHub did not answer within 1s.',
      'the comment on pull request #5 was not recorded: GitHub did not answer within 1s.'
    ])
  }, 20_000)

  it('sends auto_inactive with a success only: a failure leaves the serving deployment active', async () => {
    github = await startGitHubApi()
    for (const outcome of ['deployed', 'failed', 'checks-failed', 'timeout'] as const) {
      const records = openGitHubRecords(options(30_000, []), target(github.url))
      await records.finish({ ...record, outcome })
    }
    const finals = github.calls
      .filter((call) => call.path.endsWith('/statuses'))
      .map((call) => call.body as { state: string; auto_inactive?: boolean })
      .map(({ state, auto_inactive }) => [state, auto_inactive])
    expect(finals).toEqual([
      ['success', true],
      ['failure', undefined],
      ['failure', undefined],
      ['failure', undefined]
    ])
  })

  describe('edits only a comment of its own', () => {
    const marker = commentMarker(DEPLOYMENT_NAME)
    const mallory = { login: 'mallory', id: 66, type: 'User' as const }
    const ownBody = (comments: { id: number; body: string }[], id: number) =>
      comments.find((comment) => comment.id === id)?.body

    it('leaves a comment with the marker alone when someone else wrote it, and makes its own', async () => {
      github = await startGitHubApi({
        comments: [{ id: 1, body: `${marker}\nposted first by someone else`, user: mallory }]
      })
      const records = openGitHubRecords(options(30_000, []), target(github.url, 5))
      await records.finish(record)
      expect(ownBody(github.comments, 1)).toBe(`${marker}\nposted first by someone else`)
      expect(github.comments).toHaveLength(2)
      expect(github.comments[1]?.user.type).toBe('Bot')
      expect(github.comments[1]?.id).toBeGreaterThan(2 ** 31)
      // The workflow's token cannot read GET /user: it writes as a bot, and edits a bot's comment.
      const again = openGitHubRecords(options(30_000, []), target(github.url, 5))
      await again.finish({ ...record, outcome: 'failed' })
      expect(github.comments).toHaveLength(2)
      expect(
        github.calls.filter((call) => call.method === 'PATCH').map((call) => call.path)
      ).toEqual([`/repos/acme/agent/issues/comments/${github.comments[1]?.id}`])
    })

    it("with the workflow token, leaves another bot's planted comment alone and edits its own", async () => {
      const otherBot = { login: 'helpful-app[bot]', id: 99, type: 'Bot' as const }
      github = await startGitHubApi({
        comments: [
          { id: 1, body: `${marker}\nplanted by another app`, user: otherBot },
          { id: 2, body: `${marker}\nours, from the last run` }
        ]
      })
      const records = openGitHubRecords(options(30_000, []), target(github.url, 5))
      await records.finish(record)
      expect(github.comments).toHaveLength(2)
      expect(ownBody(github.comments, 1)).toBe(`${marker}\nplanted by another app`)
      expect(ownBody(github.comments, 2)).not.toContain('from the last run')
      expect(github.calls.filter((call) => call.method === 'PATCH').map((c) => c.path)).toEqual([
        '/repos/acme/agent/issues/comments/2'
      ])
    })

    it("with another app's token, edits that app's comment: a bot by login with or without [bot], a person of that name never", async () => {
      const app = { login: 'deployer[bot]', id: 12, type: 'Bot' as const }
      github = await startGitHubApi({
        appTokens: { [TOKEN]: app },
        comments: [
          { id: 1, body: `${marker}\nthe workflow bot's` },
          {
            id: 2,
            body: `${marker}\na person named deployer`,
            user: { login: 'deployer', id: 13, type: 'User' }
          },
          {
            id: 3,
            body: `${marker}\nthe app's, shown without the suffix`,
            user: { ...app, login: 'deployer' }
          }
        ]
      })
      const records = openGitHubRecords(options(30_000, []), target(github.url, 5))
      await records.finish(record)
      expect(github.comments).toHaveLength(3)
      expect(ownBody(github.comments, 1)).toBe(`${marker}\nthe workflow bot's`)
      expect(ownBody(github.comments, 2)).toBe(`${marker}\na person named deployer`)
      expect(ownBody(github.comments, 3)).not.toContain('without the suffix')
    })

    it('when the identity cannot be read, edits no earlier comment: makes one, and then edits only that one', async () => {
      github = await startGitHubApi({
        graphqlFailWith: 401,
        comments: [{ id: 1, body: `${marker}\nours, from the last run` }]
      })
      const warnings: string[] = []
      const records = openGitHubRecords(options(30_000, warnings), target(github.url, 5))
      records.waitStarting({
        startedAt: Date.now(),
        count: 1,
        shortestMs: 60_000,
        medianMs: 60_000,
        longestMs: 60_000
      })
      await records.finish(record)
      expect(ownBody(github.comments, 1)).toBe(`${marker}\nours, from the last run`)
      expect(github.comments).toHaveLength(2)
      const made = github.comments[1]
      expect(made?.body).toContain("- **Serving now:** this run's revision")
      expect(github.calls.filter((call) => call.method === 'PATCH').map((c) => c.path)).toEqual([
        `/repos/acme/agent/issues/comments/${made?.id}`
      ])
      expect(
        github.calls.filter((call) => call.path.endsWith('/comments')).map((c) => c.method)
      ).toEqual(['POST'])
      expect(warnings).toEqual([
        "The GitHub token's identity could not be read (HTTP 401: Bad credentials - https://docs.github.com/graphql): a new pull-request comment is made, and no earlier one is edited."
      ])
    })

    it("with a token that reads GET /user, edits only that login's comment", async () => {
      const me = { login: 'deploy-bot-user', id: 7, type: 'User' as const }
      github = await startGitHubApi({
        users: { [TOKEN]: me },
        comments: [
          { id: 1, body: `${marker}\nthe workflow bot's` },
          { id: 2, body: `${marker}\nmine`, user: me }
        ]
      })
      const records = openGitHubRecords(options(30_000, []), target(github.url, 5))
      await records.finish(record)
      expect(github.comments).toHaveLength(2)
      expect(ownBody(github.comments, 1)).toBe(`${marker}\nthe workflow bot's`)
      expect(ownBody(github.comments, 2)).not.toContain('mine')
    })
  })

  it('sends nothing once the run is past its deadline and the grace', async () => {
    github = await startGitHubApi()
    const warnings: string[] = []
    const records = openGitHubRecords(
      { ...options(30_000, warnings), deadline: Date.now() - 60_000 },
      target(github.url, 5)
    )
    await records.finish(record)
    expect(github.calls).toEqual([])
    expect(warnings).toHaveLength(2)
  })
})
