import { describe, expect, it } from '@jest/globals'
import { checkPolicy } from '../../src/policy/load'
import { clock, gitHostStep } from '../helpers/deploy-harness'
import { runnerOn } from '../helpers/action-world'
import { startGitHubApi } from '../helpers/github-api'
import { POLICY_PATH, policyText, type PolicyFixture } from '../helpers/policy-file'
import { BASE_SHA } from '../helpers/runner-event'
import { seedServing, servingAgentPerTest } from '../helpers/serving-agent'

/**
 * What the run shows of its release policy, through the built action: the summary's collapsed
 * block (the file linked at the workflow's commit, the digest's first 8 characters, the entry
 * applied, one line per section), one line without a policy, and on a pull request what the
 * change does to the base branch's policy, in the summary and counted in the PR comment. A base
 * that cannot be read is said, and the step stands.
 */
const NAME = 'support-agent'
const HEAD_SHA = 'a1b2c3d4e5f6a7b8c9d0a1b2c3d4e5f6a7b8c9d0'
const runInProcess = runnerOn(clock)
const servingAgent = servingAgentPerTest(NAME)

const CASES = [
  { name: 'hello', message: 'hello', expect: 'echo: hello' },
  { name: 'bye', message: 'bye', expect: 'echo' }
]
const POLICY = {
  agent: { assistant: 'agent', message: 'hello', expect: 'echo: hello' },
  smoke: { cases: CASES, 'min-pass': '100%' },
  rollback: { 'on-failure': true },
  environments: { 'pr-*': { smoke: { 'min-pass': '50%' } } }
}

async function deployed(policy: PolicyFixture | undefined, environment?: string) {
  const { controlPlane } = await servingAgent()
  seedServing(controlPlane, NAME)
  return runInProcess(
    {
      ...gitHostStep(controlPlane.url),
      'api-key': 'emulator-key',
      'poll-interval': '1',
      ...(environment === undefined ? {} : { environment }),
      ...(policy === undefined ? {} : { policy })
    },
    { env: { GITHUB_SHA: HEAD_SHA } }
  )
}

/** The digest of a policy's text in effect for `environment`, as the loader computes it. */
async function digestOf(policy: PolicyFixture, environment?: string): Promise<string> {
  const load = await checkPolicy(policyText(policy), POLICY_PATH, () => {
    throw new Error('no named files')
  })
  if (load.policy === undefined) throw new Error(JSON.stringify(load.problems))
  return load.policy.inEffect(environment).digest
}

/** The summary's collapsed "Release policy" block, as written. */
function policyBlock(summary: string): string {
  const block = /<details><summary>Release policy[\s\S]*?<\/details>/.exec(summary)?.[0]
  expect(block).toBeDefined()
  return block ?? ''
}

describe('the release policy in the summary', () => {
  it('is a collapsed block: the file at the commit, the digest prefix, the entry, a line per section', async () => {
    const run = await deployed(POLICY, 'pr-7')
    expect(run.code).toBe(0)
    const block = policyBlock(run.summary)
    expect(block).toContain(
      `(https://github.com/acme/support-agent/blob/${HEAD_SHA}/.github/release-policy.yml)`
    )
    const digest = await digestOf(POLICY, 'pr-7')
    expect(block).toContain(`\`${digest.slice(0, 8)}\``)
    expect(block).not.toContain(digest.slice(0, 9))
    expect(block).toContain('environments.pr-\\*')
    const sections = block
      .split('\n')
      .filter((line) => /^- (agent|smoke|gate|rollback):/.test(line))
    expect(sections.map((line) => line.split(':')[0])).toEqual(['- agent', '- smoke', '- rollback'])
    expect(sections[1]).toContain('at least 50% pass')
  })

  it('says when no entry matched the environment', async () => {
    const run = await deployed(POLICY, 'production')
    expect(policyBlock(run.summary)).toContain('no entry matched environment production')
    expect(policyBlock(run.summary)).toContain(`\`${(await digestOf(POLICY)).slice(0, 8)}\``)
  })

  it('without release-policy, one line: only the serving check runs', async () => {
    const run = await deployed(undefined)
    expect(run.code).toBe(0)
    expect(run.summary).not.toContain('<summary>Release policy')
    expect(run.summary.split('\n').filter((line) => line.includes('Release policy'))).toEqual([
      '**Release policy:** none given (`release-policy`): only the serving check runs.'
    ])
  })
})

describe("a pull request's changes to the release policy", () => {
  const lowered = { ...POLICY, environments: {}, smoke: { cases: CASES, 'min-pass': '50%' } }
  const atBase = { ...POLICY, environments: {} }

  async function pullRequestRun(
    files: Record<string, Record<string, string>>,
    options: { contentsFailWith?: number; repositoryHidden?: boolean } = {}
  ) {
    const github = await startGitHubApi({ files, ...options })
    try {
      const { controlPlane } = await servingAgent()
      seedServing(controlPlane, NAME)
      const run = await runInProcess(
        {
          ...gitHostStep(controlPlane.url),
          'api-key': 'emulator-key',
          'poll-interval': '1',
          'github-token': 'ghs_workflow_token',
          'pr-comment': 'true',
          policy: lowered
        },
        { pullRequest: { number: 7, headSha: HEAD_SHA }, githubApiUrl: github.url }
      )
      return { run, github }
    } finally {
      await github.close()
    }
  }

  it('lists a lowered bound as weaker in the summary and counts it in the comment', async () => {
    const { run, github } = await pullRequestRun({
      [BASE_SHA]: { [POLICY_PATH]: policyText(atBase) }
    })
    expect(run.code).toBe(0)
    expect(run.summary).toContain(
      '- `smoke.min-pass` 100% (0 of 2 may fail) → 50% (1 of 2 may fail), **weaker**'
    )
    const comment = github.comments.at(-1)?.body ?? ''
    expect(comment).toContain('<details><summary>policy: 1 weaker</summary>')
    expect(comment).toContain(
      '- `smoke.min-pass` 100% (0 of 2 may fail) → 50% (1 of 2 may fail), **weaker**'
    )
    const reads = github.calls.filter((call) => call.path.includes('/contents/'))
    expect(reads).toHaveLength(1)
  })

  it('calls every setting new when the file is new in the pull request', async () => {
    const { run, github } = await pullRequestRun({ [BASE_SHA]: {} })
    expect(run.code).toBe(0)
    expect(run.summary).toContain(
      '### Release policy changes: the file is new in this pull request'
    )
    expect(run.summary).toContain('- `smoke.min-pass` (none) → 50% (1 of 2 may fail), **new**')
    expect(github.comments.at(-1)?.body).toContain('policy: new in this pull request')
  })

  it('never calls the file new on a 404 from a repository the token cannot see', async () => {
    const { run, github } = await pullRequestRun(
      { [BASE_SHA]: { [POLICY_PATH]: policyText(atBase) } },
      { repositoryHidden: true }
    )
    expect(run.code).toBe(0)
    expect(run.summary).not.toContain('new in this pull request')
    expect(run.summary).toContain(
      "**Release policy changes:** not shown: the base branch's policy could not be read."
    )
    expect(run.summary).toMatch(
      /<details><summary>Why<\/summary>\n\n.*the base commit could not be read either \(HTTP 404/
    )
    // The comment says it in one short line; GitHub's words stay in the summary and the log.
    const comment = github.comments.at(-1)?.body ?? ''
    expect(comment).toContain('policy: base not read')
    expect(comment).not.toContain('HTTP 404')
  })

  it('says a base that cannot be read, and the step stands', async () => {
    const { run, github } = await pullRequestRun({}, { contentsFailWith: 500 })
    expect(run.code).toBe(0)
    expect(run.summary).toMatch(/<details><summary>Why<\/summary>\n\n.*HTTP 500/)
    expect(run.annotations.filter((a) => a.kind === 'warning').map((a) => a.text)).toEqual([
      expect.stringContaining("The release policy at the pull request's base commit was not read")
    ])
    expect(github.comments.at(-1)?.body).toContain('policy: base not read')
    expect(policyBlock(run.summary)).toContain('- smoke:')
  })
})
