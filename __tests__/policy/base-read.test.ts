import { afterEach, describe, expect, it } from '@jest/globals'
import { readBasePolicy } from '../../src/github/policy-base'
import type { GitHubTarget } from '../../src/github/client'
import { NO_SECRETS } from '../../src/report/redact'
import { startGitHubApi } from '../helpers/github-api'
import type { RepositoryFiles } from '../helpers/github-contents'

/**
 * A pull request's base branch's release policy, read through GitHub's contents API at the base
 * commit (the stand-in answers as GitHub's description does) with the case files it names: read,
 * absent (new in the pull request), or not read with the reason, never a throw.
 */
const BASE = 'b'.repeat(40)
let github: Awaited<ReturnType<typeof startGitHubApi>> | undefined
afterEach(async () => {
  await github?.close()
  github = undefined
})

async function baseOf(
  files: RepositoryFiles,
  options: { failWith?: number; path?: string; hidden?: boolean } = {}
) {
  github = await startGitHubApi({
    files,
    contentsFailWith: options.failWith,
    repositoryHidden: options.hidden
  })
  const target: GitHubTarget = {
    owner: 'acme',
    repo: 'support-agent',
    sha: 'a'.repeat(40),
    pullRequest: 7,
    baseSha: BASE,
    runUrl: '',
    apiUrl: github.url
  }
  return readBasePolicy(
    {
      token: 'ghs_workflow_token',
      redact: NO_SECRETS,
      path: options.path ?? '.github/release-policy.yml',
      environment: 'production',
      deadline: Date.now() + 60_000,
      now: Date.now,
      warn: () => undefined
    },
    target
  )
}

const POLICY = [
  'version: 1',
  'agent:',
  '  assistant: agent',
  'smoke:',
  '  cases: .github/smoke.yml',
  'environments:',
  '  production:',
  '    smoke:',
  '      min-pass: 90%'
].join('\n')

describe('the release policy at the base commit', () => {
  it('is read at the base commit with the case file it names, the same entry in effect', async () => {
    const base = await baseOf({
      [BASE]: {
        '.github/release-policy.yml': POLICY,
        '.github/smoke.yml': '- name: hello\n  message: hi\n'
      }
    })
    expect(base?.kind).toBe('read')
    if (base?.kind !== 'read') return
    expect(base.baseSha).toBe(BASE)
    expect(base.side.policy.smoke?.['min-pass']).toEqual({ share: 0.9 })
    expect(base.side.files?.['smoke.cases']?.written).toEqual([{ name: 'hello', message: 'hi' }])
    const reads = github?.calls.filter((call) => /\/contents\//.test(call.path)) ?? []
    expect(reads.map((call) => decodeURIComponent(call.path))).toEqual([
      '/repos/acme/support-agent/contents/.github/release-policy.yml',
      '/repos/acme/support-agent/contents/.github/smoke.yml'
    ])
  })

  it('absent at the base commit is new; the path as written (./) is the repository path', async () => {
    const base = await baseOf(
      { main: { 'release-policy.yml': POLICY }, [BASE]: {} },
      {
        path: './release-policy.yml'
      }
    )
    expect(base).toEqual({ kind: 'new', baseSha: BASE })
    // New only once the base commit itself is read: a 404 alone may be a repository out of sight.
    expect(github?.calls.map((call) => decodeURIComponent(call.path))).toEqual([
      '/repos/acme/support-agent/contents/release-policy.yml',
      `/repos/acme/support-agent/commits/${BASE}`
    ])
  })

  it('answered 404 for a repository the token cannot see is not read, never new', async () => {
    const base = await baseOf(
      { [BASE]: { '.github/release-policy.yml': POLICY } },
      { hidden: true }
    )
    expect(base?.kind).toBe('failed')
    expect(base?.kind === 'failed' && base.why).toMatch(
      /^\.github\/release-policy\.yml was not found at the base commit, and the base commit could not be read either \(HTTP 404: Not Found/
    )
  })

  it('absent, at a base commit the repository does not hold, is not read', async () => {
    const base = await baseOf({ main: { '.github/release-policy.yml': POLICY } })
    expect(base?.kind === 'failed' && base.why).toContain(
      `HTTP 422: No commit found for SHA: ${BASE}`
    )
  })

  it('that GitHub refuses is not read, with the status said', async () => {
    const base = await baseOf({}, { failWith: 500 })
    expect(base?.kind).toBe('failed')
    expect(base?.kind === 'failed' && base.why).toMatch(/^\.github\/release-policy\.yml: HTTP 500/)
  })

  it('with problems at the base commit is not compared, the first problem said', async () => {
    const base = await baseOf({
      [BASE]: { '.github/release-policy.yml': 'version: 1\nagent:\n  asistant: agent\n' }
    })
    expect(base?.kind).toBe('failed')
    expect(base?.kind === 'failed' && base.why).toContain('did you mean')
  })

  it('naming a case file missing at the base commit is not compared', async () => {
    const base = await baseOf({ [BASE]: { '.github/release-policy.yml': POLICY } })
    expect(base?.kind === 'failed' && base.why).toContain(
      '.github/smoke.yml is not at the base commit'
    )
  })
})
