/**
 * scripts/releasable.sh, as the release workflow runs it: in a clone whose origin has a default
 * branch and a side branch, against the GitHub stand-in's check runs and commit statuses (as
 * GitHub answers them). A tag is released only when its commit is on the default branch and its
 * CI passed there; each refusal is an ::error:: that says why, and exits 1.
 */
import { afterAll, afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals'
import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { commit, git, tempFolders } from '../helpers/git-repo'
import { startGitHubApi } from '../helpers/github-api'
import { REAL_WORK_TEST_MS } from '../helpers/real-time'

jest.setTimeout(REAL_WORK_TEST_MS)

const SCRIPT = fileURLToPath(new URL('../../scripts/releasable.sh', import.meta.url))
const TOKEN = 'ghs_release_check_token_4b7e1a'
const REQUIRED = ['ci', 'check-dist']

const { folder, remove } = tempFolders('releasable-')
afterAll(remove)

let github: Awaited<ReturnType<typeof startGitHubApi>>
beforeEach(async () => {
  github = await startGitHubApi()
})
afterEach(async () => {
  await github.close()
})

/**
 * A clone as the workflow's checkout leaves it (every branch and tag fetched): main has two
 * commits and a side branch one more; `onMain` is main's tip, `offMain` the side branch's, each
 * tagged (v1.2.3 and v1.2.4). Each test gets a clone of its own, of the one origin made for all.
 */
function setUp() {
  origin ??= makeOrigin()
  const clone = folder()
  git(clone, 'clone', '-q', '--no-checkout', origin.path, '.')
  return { clone, onMain: origin.onMain, offMain: origin.offMain }
}
let origin: { path: string; onMain: string; offMain: string } | undefined

function makeOrigin() {
  const origin = folder()
  git(origin, 'init', '-q', '--bare')
  const work = folder()
  git(work, 'init', '-q')
  commit(work, 'file', 'one')
  const onMain = commit(work, 'file', 'two')
  git(work, 'checkout', '-q', '-b', 'side')
  const offMain = commit(work, 'file', 'not reviewed')
  git(work, 'tag', '-a', 'v1.2.3', '-m', 'v1.2.3', onMain)
  git(work, 'tag', 'v1.2.4', offMain)
  git(work, 'remote', 'add', 'origin', origin)
  git(work, 'push', '-q', 'origin', 'main', 'side', '--tags')
  return { path: origin, onMain, offMain }
}

/** Every required check passed on `sha`, as CI on the default branch leaves it. */
function passed(sha: string) {
  for (const name of REQUIRED)
    github.seedCheckRun(sha, { name, status: 'completed', conclusion: 'success' })
}

/** Runs the script as the workflow's step does (bash), with the step's variables. */
function releasable(cwd: string, tag: string, env: Record<string, string> = {}) {
  return new Promise<{ code: number | null; out: string }>((resolve) => {
    const child = spawn('bash', ['--noprofile', '--norc', '-eo', 'pipefail', SCRIPT], {
      cwd,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: cwd,
        TAG: tag,
        DEFAULT_BRANCH: 'main',
        REQUIRED_CHECKS: REQUIRED.join(' '),
        GITHUB_REPOSITORY: 'acme/deploy-agent-action',
        GITHUB_API_URL: github.url,
        GITHUB_TOKEN: TOKEN,
        ...env
      }
    })
    let out = ''
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()))
    child.on('close', (code) => resolve({ code, out }))
  })
}

/** The calls the script made to the stand-in: the path, with the query, and the token it sent. */
const reads = () =>
  github.calls.map((call) => ({
    method: call.method,
    path: call.path,
    authorization: call.authorization
  }))

describe('the releasable check', () => {
  it('accepts a tag on the default branch whose CI passed', async () => {
    const { clone, onMain } = setUp()
    passed(onMain)
    const run = await releasable(clone, 'v1.2.3')
    expect(run).toEqual({
      code: 0,
      out: `v1.2.3 (${onMain}) is on main, and its checks passed: ci check-dist.\n`
    })
    expect(reads()).toEqual([
      ...REQUIRED.map(() => ({
        method: 'GET',
        path: `/repos/acme/deploy-agent-action/commits/${onMain}/check-runs`,
        authorization: `Bearer ${TOKEN}`
      })),
      {
        method: 'GET',
        path: `/repos/acme/deploy-agent-action/commits/${onMain}/status`,
        authorization: `Bearer ${TOKEN}`
      }
    ])
  })

  it('accepts a check that failed and then passed on a re-run, and commit statuses that passed last', async () => {
    const { clone, onMain } = setUp()
    github.seedCheckRun(onMain, { name: 'ci', status: 'completed', conclusion: 'failure' })
    passed(onMain)
    // A check no release waits for is left to its own workflow.
    github.seedCheckRun(onMain, { name: 'nightly', status: 'in_progress', conclusion: null })
    github.seedCommitStatus(onMain, { context: 'ci/other', state: 'failure' })
    github.seedCommitStatus(onMain, { context: 'ci/other', state: 'success' })
    const run = await releasable(clone, 'v1.2.3')
    expect(run.code).toBe(0)
  })

  it('refuses a tag whose commit is not on the default branch, before asking GitHub', async () => {
    const { clone, offMain } = setUp()
    passed(offMain)
    const run = await releasable(clone, 'v1.2.4')
    expect(run.code).toBe(1)
    expect(run.out).toBe(
      `::error::v1.2.4 cannot be released: its commit ${offMain} is not on the default branch main. Tag a commit of main.\n`
    )
    expect(github.calls).toEqual([])
  })

  it.each([
    ['failed', 'completed', 'failure', '(completed (failure))'],
    ['was cancelled', 'completed', 'cancelled', '(completed (cancelled))'],
    ['is still running', 'in_progress', null, '(in_progress)']
  ] as const)('refuses a tag whose CI %s', async (_, status, conclusion, words) => {
    const { clone, onMain } = setUp()
    github.seedCheckRun(onMain, { name: 'ci', status: 'completed', conclusion: 'success' })
    github.seedCheckRun(onMain, { name: 'check-dist', status, conclusion })
    const run = await releasable(clone, 'v1.2.3')
    expect(run.code).toBe(1)
    expect(run.out).toBe(
      `::error::v1.2.3 cannot be released: the check check-dist on ${onMain} did not pass ${words}. Release only a commit whose CI passed: re-run this workflow once it has.\n`
    )
  })

  it('refuses a tag whose CI has not run', async () => {
    const { clone, onMain } = setUp()
    github.seedCheckRun(onMain, { name: 'ci', status: 'completed', conclusion: 'success' })
    const run = await releasable(clone, 'v1.2.3')
    expect(run.code).toBe(1)
    expect(run.out).toContain(
      `::error::v1.2.3 cannot be released: the check check-dist has not run on ${onMain}: wait for CI on main, then re-run this workflow.`
    )
  })

  it('refuses a tag whose commit statuses failed, though its check runs passed', async () => {
    const { clone, onMain } = setUp()
    passed(onMain)
    github.seedCommitStatus(onMain, { context: 'ci/external', state: 'success' })
    github.seedCommitStatus(onMain, { context: 'ci/other', state: 'error' })
    const run = await releasable(clone, 'v1.2.3')
    expect(run.code).toBe(1)
    expect(run.out).toBe(
      `::error::v1.2.3 cannot be released: the commit statuses of ${onMain} are failure: ci/other (error).\n`
    )
  })

  it('refuses when GitHub does not answer, saying which call', async () => {
    const { clone, onMain } = setUp()
    passed(onMain)
    const run = await releasable(clone, 'v1.2.3', { GITHUB_API_URL: 'http://127.0.0.1:9' })
    expect(run.code).toBe(1)
    expect(run.out).toMatch(
      new RegExp(
        `^::error::v1\\.2\\.3 cannot be released: GitHub did not answer GET /repos/acme/deploy-agent-action/commits/${onMain}/check-runs: `
      )
    )
  })

  it('refuses a tag that does not exist, and a clone without the default branch', async () => {
    const { clone } = setUp()
    expect((await releasable(clone, 'v9.9.9')).out).toBe(
      '::error::v9.9.9 cannot be released: there is no tag v9.9.9 in this clone.\n'
    )
    expect((await releasable(clone, 'v1.2.3', { DEFAULT_BRANCH: 'trunk' })).out).toBe(
      '::error::v1.2.3 cannot be released: the default branch trunk was not fetched (check out with fetch-depth: 0).\n'
    )
  })
})
