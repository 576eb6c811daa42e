import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals'
import { startGitHubApi } from '../helpers/github-api'
import { recordFigure } from '../helpers/hostile/figures'
import { startRecordingServer, send, type HugeStats } from '../helpers/hostile/http'
import {
  DEPLOYMENT_ID,
  startHostileControlPlane,
  type HostileControlPlane
} from '../helpers/hostile/control-plane'
import { GITHUB_TOKEN } from '../helpers/hostile/secrets'
import { hostileStep } from '../helpers/hostile/step'
import { runAction, type ActionRun } from '../helpers/run-action'
import { runInProcess, type WorldRun } from '../helpers/action-world'
import { REAL_WORK_TEST_MS } from '../helpers/real-time'

jest.setTimeout(REAL_WORK_TEST_MS)

/**
 * What the service names reaches the pull-request comment and the summary: invisible characters
 * are shown, a URL is no link, a name of any length keeps the comment under GitHub's 65,536
 * characters. And what the GitHub API answers is read up to a cap, like the service's.
 */
const SETUP_MS = 90_000
const MIB = 1024 * 1024
const RECORDS = { 'github-token': GITHUB_TOKEN, environment: 'preview', 'pr-comment': 'true' }
/** The step names the deployment by id, so its name is the service's. */
const BY_ID = { ...RECORDS, name: '', 'deployment-id': DEPLOYMENT_ID }

describe.each([
  ['bidi and zero-width characters', 'agent\u202egnp.exe\u200b\u2066x\u2069'],
  ['a URL', 'https://evil.example/login www.evil.example'],
  ['70,000 characters', `agent-${'x'.repeat(70_000)}`]
])('a deployment name of %s', (what, name) => {
  let cp: HostileControlPlane
  let github: Awaited<ReturnType<typeof startGitHubApi>>
  let run: WorldRun
  beforeAll(async () => {
    cp = await startHostileControlPlane({ deployment: { name } })
    github = await startGitHubApi()
    run = await runInProcess(hostileStep(cp.url, BY_ID), {
      pullRequest: { number: 42 },
      githubApiUrl: github.url
    })
  }, SETUP_MS)
  afterAll(async () => {
    await cp.close()
    await github.close()
  })
  const comment = () => github.comments[0]?.body ?? ''

  it('deploys and writes the comment', () => {
    expect(run.code).toBe(0)
    expect(comment()).toContain('agent')
  })
  it('keeps the comment under GitHub’s 65,536 characters', () => {
    expect(comment().length).toBeLessThan(65_536)
  })
  it('shows no bidi or zero-width character as it is in the summary or the comment', () => {
    const invisible = /[\u200b-\u200f\u202a-\u202e\u2060-\u2069]/
    expect(invisible.test(run.summary)).toBe(false)
    expect(invisible.test(comment())).toBe(false)
    // A bidi override is shown escaped, where it was.
    expect(comment().includes('\\u202e')).toBe(what.startsWith('bidi'))
  })
  it('makes no link, nor text GitHub would make a link, of the name', () => {
    // The marker's HTML comment is not rendered: the rest of the comment is.
    const shown = comment().split('\n').slice(1).join('\n')
    for (const text of [run.summary, shown]) {
      expect(text).not.toMatch(/https?:\/\/evil|www\.evil/)
      expect(text).not.toMatch(/\]\(https?:\/\/evil/)
    }
  })
})

describe('a GitHub API whose page of comments is 250 MB', () => {
  const huge: HugeStats = { requests: 0, bytesSent: 0 }
  let cp: HostileControlPlane
  let github: Awaited<ReturnType<typeof startRecordingServer>>
  let run: ActionRun
  beforeAll(async () => {
    github = await startRecordingServer((seen, res) => {
      if (seen.method === 'GET' && seen.path.endsWith('/comments'))
        return send(res, { huge: { bytes: 250 * MIB, prefix: '[{"id":1,"body":"' } }, huge)
      if (seen.method === 'POST' && seen.path === '/graphql')
        return send(res, { json: { data: { viewer: { login: 'github-actions[bot]' } } } }, huge)
      send(
        res,
        { status: 201, json: { id: 7, node_id: 'x', url: 'https://api.github.example/x' } },
        huge
      )
    })
    cp = await startHostileControlPlane()
    run = await runAction(hostileStep(cp.url, RECORDS), {
      pullRequest: { number: 42 },
      githubApiUrl: github.url,
      killAfterMs: 60_000
    })
    recordFigure('a 250 MB page of comments from the GitHub API', {
      peakRssMb: (run.peakRssBytes ?? NaN) / MIB,
      bytesSentMb: huge.bytesSent / MIB
    })
  }, SETUP_MS)
  afterAll(async () => {
    await cp.close()
    await github.close()
  })

  it('deploys, and says the comment was not recorded', () => {
    expect(run.code).toBe(0)
    expect(run.stdout).toMatch(/^::warning::.*comment.*not recorded.*over 10\.0 MB/m)
  })
  it('keeps the peak memory under 200 MB', () => {
    expect(run.peakRssBytes).toBeDefined()
    expect(run.peakRssBytes ?? Infinity).toBeLessThan(200 * MIB)
  })
})
