import { afterEach, describe, expect, it, jest } from '@jest/globals'
import { startServingAgent, type ControlPlaneOptions, type SeedRevision } from '../../emulator'
import { startGitHubApi } from '../helpers/github-api'
import type { RepositoryFiles } from '../helpers/github-contents'
import { gitHostStep } from '../helpers/deploy-harness'
import { overStep, POLICY_PATH, policyText, type Step } from '../helpers/policy-file'
import { VirtualClock, runInProcess } from '../helpers/action-world'
import { REAL_WORK_TEST_MS } from '../helpers/real-time'
import { BASE_SHA } from '../helpers/runner-event'

jest.setTimeout(REAL_WORK_TEST_MS)

/**
 * The words people read, through the action in process on a virtual clock: checks named by what
 * they proved, sources in a user's words, short ids outside the collapsed block, no empty log
 * block, a rollback that says how the revision it brought back fared, the time table collapsed
 * when the failure is not about time, no policy noise, a preview entry that turns rollback off.
 */
const NAME = 'support-agent'
const PUSHED = 'b7e9f2c4d1a3b5c7e9f1a3b5c7d9e1f3a5b7c9d1'
const closers: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const close of closers.splice(0)) await close()
})

const CHECKED = { agent: { assistant: 'agent', message: 'hello', expect: 'echo: hello' } }
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i

async function deploy(
  extra: Step = {},
  options: {
    controlPlane?: ControlPlaneOptions
    history?: SeedRevision[]
    files?: RepositoryFiles
    before?: (services: Awaited<ReturnType<typeof startServingAgent>>) => void
  } = {}
) {
  const clock = new VirtualClock()
  closers.push(async () => clock.close())
  const services = await startServingAgent({
    serve: NAME,
    controlPlane: { now: clock.now, sleep: clock.sleep, stepMs: 5_000, ...options.controlPlane }
  })
  const github = await startGitHubApi({ files: { [BASE_SHA]: {}, ...options.files } })
  closers.push(github.close, services.close)
  services.controlPlane.seedDeployment({
    name: NAME,
    source_config: { integration_id: '123e4567-e89b-42d3-a456-426614174000' },
    history: options.history ?? [{}]
  })
  options.before?.(services)
  const run = await runInProcess(
    overStep(
      {
        ...gitHostStep(services.controlPlane.url, NAME),
        'api-key': 'emulator-key',
        'repo-ref': 'main',
        'poll-interval': '1',
        'github-token': 'ghs_people_words_token_8c1f',
        'pr-comment': 'true'
      },
      extra
    ),
    { pullRequest: { number: 5, headSha: PUSHED }, githubApiUrl: github.url, clock }
  )
  return { run, comment: github.comments.at(-1)?.body ?? '', services }
}

/** The summary without its collapsed block of full ids. */
const outsideIds = (summary: string) =>
  summary.replace(/<details><summary>Full ids<\/summary>[\s\S]*?<\/details>/, '')

/** A failed check and a rollback that brings back a revision that passes its checks. */
const failedAndRolledBack = {
  before: (services: Awaited<ReturnType<typeof startServingAgent>>) =>
    services.controlPlane.setAgent(({ redeployOf }) => (redeployOf ? 'well' : 'wrong-reply'))
}

describe('words people read', () => {
  it('names checks by what they proved and the source in a user\'s words; "Updated" with its date', async () => {
    const { run, comment } = await deploy({ policy: CHECKED })
    expect(run.code).toBe(0)
    for (const text of [run.summary, comment]) {
      expect(text).not.toMatch(/serving check|agent \/info|\| test run \||git\\?_host|\| A2A \|/)
    }
    expect(run.summary).toMatch(/\*\*Source:\*\* from the repository's `main`/)
    expect(comment).toMatch(/\*\*Updated:\*\* \d{4}-\d{2}-\d{2} \d\d:\d\d:\d\d UTC/)
  })

  it('after a rollback: says the revision brought back passed its checks, the failure logged before them, full ids only in the collapsed block', async () => {
    const { run, comment } = await deploy(
      { policy: { ...CHECKED, rollback: { 'on-failure': true } } },
      failedAndRolledBack
    )
    expect(run.code).toBe(1)
    expect(run.outputs['rolled-back']).toBe('true')
    const rollbackLine = run.summary.split('\n').find((line) => line.includes('**The rollback:**'))
    expect(rollbackLine).toMatch(/passed its \d+ checks/)
    // The log: the check's failure first, then the checks of the revision brought back.
    const back = run.outputs['rollback-revision-id'] ?? ''
    const failure = run.log.findIndex((line) => line.includes('does not contain "echo: hello"'))
    const rollbackChecks = run.log.findIndex(
      (line) => line.includes(back) && /Agent check/.test(line)
    )
    expect(failure).toBeGreaterThanOrEqual(0)
    expect(rollbackChecks).toBeGreaterThan(failure)
    expect(outsideIds(run.summary)).not.toMatch(UUID)
    expect(comment).not.toMatch(UUID)
    for (const line of run.log.filter((each) => each.startsWith('::notice')))
      expect(line).not.toMatch(UUID)
    // Not about time: the time table is collapsed.
    expect(run.summary).not.toMatch(/^### Where the time went$/m)
  })

  it('a build that failed with an empty log: no empty block, no "Last 0 lines", its final status named', async () => {
    const { run } = await deploy(
      {},
      { controlPlane: { outcome: 'BUILD_FAILED', revisionLogs: () => [] } }
    )
    expect(run.code).toBe(1)
    expect(run.summary).toMatch(/BUILD\\?_FAILED/)
    expect(run.summary).not.toMatch(/```text\n```/)
    expect(run.summary).not.toMatch(/Last 0 lines/)
  })

  it('a long ERROR line of the build log wraps inside the comment; the reason does not point at an unlinked page', async () => {
    const long = `ERROR: failed to solve: process "/bin/sh -c pip install -r requirements.txt" did not complete successfully: exit code: 1 (${'x'.repeat(40)})`
    const { run, comment } = await deploy(
      {},
      {
        controlPlane: {
          outcome: 'BUILD_FAILED',
          revisionLogs: () => [{ timestamp: '2026-01-01T01:40:00Z', level: 'ERROR', message: long }]
        }
      }
    )
    expect(run.code).toBe(1)
    const fenced = [...comment.matchAll(/```text\n([\s\S]*?)\n(?:> )?```/g)].flatMap((match) =>
      (match[1] ?? '').split('\n').map((line) => line.replace(/^> /, ''))
    )
    expect(fenced.length).toBeGreaterThan(1)
    for (const line of fenced) expect(line.length).toBeLessThanOrEqual(100)
    for (const text of [run.summary, comment]) expect(text).not.toMatch(/logs on the service\./)
  })

  it('a pull request that leaves the policy as it was: no changes heading, no "unchanged" line, the block stays', async () => {
    const policy = CHECKED
    const { run, comment } = await deploy(
      { policy },
      { files: { [BASE_SHA]: { [POLICY_PATH]: policyText(policy) } } }
    )
    expect(run.code).toBe(0)
    expect(run.summary).not.toMatch(/Release policy changes/)
    expect(comment).not.toMatch(/unchanged/)
    expect(run.summary).toMatch(/<details><summary>Release policy <code>[0-9a-f]{8}<\/code>/)
  })

  it('a preview under an environments entry that turns rollback off: the comment and the block say so', async () => {
    const { run, comment } = await deploy({
      environment: 'pr-5',
      policy: {
        ...CHECKED,
        rollback: { 'on-failure': true },
        environments: { 'pr-*': { rollback: false } }
      }
    })
    expect(run.code).toBe(0)
    expect(comment.split('\n').find((line) => /rollback/i.test(line))).toMatch(/\boff\b/)
    const block = run.summary.slice(run.summary.indexOf('<details><summary>Release policy'))
    expect(block.split('</details>')[0]).toMatch(/rollback: off/)
  })

  it('the smoke headline gives the share smoke.min-pass asked for', async () => {
    const cases = [
      ...['one', 'two', 'three', 'four', 'five'].map((message) => ({
        name: message,
        message,
        expect: `echo: ${message}`
      })),
      { name: 'six', message: 'six', expect: 'nope' },
      { name: 'seven', message: 'seven', expect: 'nope' }
    ]
    const { run } = await deploy({
      policy: { agent: { assistant: 'agent' }, smoke: { cases, 'min-pass': '90%' } }
    })
    expect(run.code).toBe(1)
    expect(run.summary.split('\n')[0]).toMatch(/5\/7 \(needs 90%/)
  })

  it('a rollback that fails: the comment keeps the link to the deployment, which still serves', async () => {
    const { run, comment, services } = await deploy(
      { policy: { ...CHECKED, rollback: { 'on-failure': true } } },
      {
        before: (started) => {
          started.controlPlane.setAgent('wrong-reply')
          started.controlPlane.setOutcome(({ redeployOf }) =>
            redeployOf ? 'BUILD_FAILED' : 'DEPLOYED'
          )
        }
      }
    )
    expect(run.code).toBe(1)
    expect(run.outputs['rolled-back']).toBe('false')
    const url = services.controlPlane.deployments()[0]?.source_config?.custom_url
    expect(url).toMatch(/^https?:\/\//)
    expect([...comment.matchAll(/\]\(([^)\s]+)\)/g)].map((match) => match[1])).toContain(url)
  })

  it('a refused delete is headlined as a delete', async () => {
    const { run } = await deploy({
      operation: 'delete',
      policy: CHECKED,
      'integration-id': '',
      'graph-config-path': ''
    })
    expect(run.code).toBe(1)
    const headline = run.summary.split('\n')[0] ?? ''
    expect(headline).toMatch(/^## ❌ Delete/)
    expect(headline).not.toMatch(/Deploy/)
  })
})
