import { afterEach, describe, expect, it, jest } from '@jest/globals'
import { startServingAgent, type ControlPlaneOptions, type SeedRevision } from '../../emulator'
import { startGitHubApi } from '../helpers/github-api'
import { gitHostStep } from '../helpers/deploy-harness'
import { VirtualClock, runInProcess } from '../helpers/action-world'
import { REAL_WORK_TEST_MS } from '../helpers/real-time'

jest.setTimeout(REAL_WORK_TEST_MS)

/**
 * A rollback that did not bring the earlier revision back, through the built action: the
 * headline agrees with the body on what serves, and a redeploy that failed says so in its own
 * words, with its revision's log lines, as a failed build does.
 */
const NAME = 'support-agent'
const closers: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const close of closers.splice(0)) await close()
})

/** This run's revision fails its test run; the rollback goes as `options` and `history` say. */
async function failedRollback(options: ControlPlaneOptions, history?: SeedRevision[]) {
  const clock = new VirtualClock()
  closers.push(async () => clock.close())
  const services = await startServingAgent({
    serve: NAME,
    controlPlane: { now: clock.now, sleep: clock.sleep, stepMs: 5_000, ...options }
  })
  const github = await startGitHubApi()
  closers.push(github.close, services.close)
  const { controlPlane } = services
  const seeded = controlPlane.seedDeployment({
    name: NAME,
    source_config: { integration_id: '123e4567-e89b-42d3-a456-426614174000' },
    ...(history && { history })
  })
  const run = await runInProcess(
    {
      ...gitHostStep(controlPlane.url, NAME),
      'api-key': 'emulator-key',
      'repo-ref': 'main',
      'poll-interval': '1',
      'github-token': 'ghs_rollback_words_token_8d2f',
      environment: 'production',
      'pr-comment': 'true',
      policy: {
        agent: { assistant: 'agent', message: 'hello', timeout: '20s' },
        rollback: { 'on-failure': true }
      }
    },
    { pullRequest: { number: 5 }, githubApiUrl: github.url, clock }
  )
  const status = github.deployments.flatMap((deployment) => deployment.statuses).at(-1)
  const [rollbackRevision, failed] = controlPlane.revisions(seeded.id)
  return {
    run,
    comment: github.comments.at(-1)?.body ?? '',
    status,
    serving: controlPlane.serving(NAME)?.revisionId,
    rollbackRevision: String(rollbackRevision?.id),
    failed: String(failed?.id)
  }
}

const line = (text: string, start: string) =>
  text.split('\n').find((each) => each.startsWith(start)) ?? ''

describe('a rollback that deploys but fails its own checks', () => {
  it('is headlined as the body tells it: its revision serves, and its checks failed', async () => {
    // The revision brought back answers 500 as well: the redeploy keeps its behaviour.
    const { run, comment, status, serving, rollbackRevision } = await failedRollback(
      { agent: 'run-error' },
      [{ status: 'DEPLOYED', agent: 'run-error' }]
    )
    expect(run.code).toBe(1)
    expect(run.outputs['rolled-back']).toBe('false')
    expect(serving).toBe(rollbackRevision)
    const short = rollbackRevision.slice(0, 8)
    const headlines = [
      line(run.summary, '## '),
      line(comment, '### '),
      status?.description ?? '',
      run.annotations.filter((each) => each.kind === 'error').at(-1)?.text ?? ''
    ]
    for (const headline of headlines) {
      expect(headline).toContain(short)
      expect(headline).toMatch(/rollback failed/)
      expect(headline).toMatch(/checks/)
      expect(headline).not.toMatch(/unknown/)
    }
    // The body names the same revision as serving.
    expect(line(run.summary, '- **Serving now:**')).toContain(`\`${short}\``)
    expect(line(comment, '- **Serving now:**')).toContain(`\`${short}\``)
    // Its failed check in words, not the internal name nor the note on outputs.
    const rollbackWords = line(run.summary, '> **The rollback:**')
    expect(rollbackWords).toContain('reply to a test message')
    expect(rollbackWords).not.toMatch(/"run"|outputs are set/)
  }, 120_000)
})

describe('a rollback whose redeploy fails', () => {
  it('says how it ended in one message, not as a timeout, and shows its revision’s log lines', async () => {
    const { run, comment, rollbackRevision, failed, serving } = await failedRollback({
      agent: ({ revisionNumber }) => (revisionNumber === 1 ? 'well' : 'run-error'),
      outcome: ({ redeployOf }) => (redeployOf === undefined ? 'DEPLOYED' : 'DEPLOY_FAILED')
    })
    expect(run.code).toBe(1)
    expect(serving).toBe(failed)
    for (const text of [run.summary, comment]) {
      const words = line(text, '> **The rollback:**')
      expect(words).toContain(rollbackRevision.slice(0, 8))
      expect(words).toContain('DEPLOY\\_FAILED')
      expect(words).not.toMatch(/did not complete|time/)
      // One message: the redeploy's own paragraph is not nested inside it.
      expect(words).not.toMatch(/: Revision [0-9a-f]{8}/)
      expect(words).not.toMatch(/See the revision/)
    }
    // The rollback revision's ERROR lines, as a failed build's are shown, its tail collapsed.
    const logs = run.summary.slice(run.summary.indexOf("### The rollback revision's deploy log"))
    expect(logs.length).toBeGreaterThan(0)
    expect(run.summary).toContain("### The rollback revision's deploy log")
    expect(logs).toContain('ERROR deploy failed: exit code 1')
    expect(logs).toContain(`<details><summary>Last `)
    expect(logs).toContain(`for revision ${rollbackRevision}`)
    // The comment's reason block carries the same ERROR lines, as it does a failed build's.
    expect(comment).toContain('ERROR deploy failed: exit code 1')
  }, 120_000)
})
