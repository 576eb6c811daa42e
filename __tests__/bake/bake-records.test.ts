import { afterEach, describe, expect, it } from '@jest/globals'
import { startGitHubApi } from '../helpers/github-api'
import { bakeFile, bakeStep, MINUTE, NAME, seeded } from './bake-harness'

/**
 * The bake window where people see it on GitHub, through the action in process on the virtual
 * clock: while it bakes, the deployment's in_progress status and the PR comment say how far it
 * is (at most once a minute, the preview link kept); at the end, the verdict in a few words and
 * one line in the comment. A long bake followed by a rollback still gets its final records.
 */
const { runInProcess, start, clock } = bakeFile()
const closers: (() => Promise<void>)[] = []
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()))
})

const HEALTHY = { runsPerMinute: 30, errorShare: 0, latency: { p50: 1, p99: 2 } }
const GITHUB = { 'github-token': 'ghs_bake_token_5e2a', environment: 'production' }

/** A GitHub stand-in that keeps every write with the run's time it was sent at. */
async function recordingGitHub() {
  const sent: { at: number; path: string; body: Record<string, unknown> }[] = []
  const github = await startGitHubApi({
    onCall: (call) => {
      if (call.method === 'GET' || call.path === '/graphql') return
      sent.push({ at: clock.now(), path: call.path, body: call.body as Record<string, unknown> })
    }
  })
  closers.push(github.close)
  return { github, sent }
}

describe('the bake window on GitHub', () => {
  it('says "baking: N of 15 min" in the in_progress status and the comment, at most once a minute, then its verdict', async () => {
    const services = await start()
    seeded(services, { profile: HEALTHY })
    const { github, sent } = await recordingGitHub()
    const run = await runInProcess(bakeStep(services, {}, { ...GITHUB, 'pr-comment': 'true' }), {
      pullRequest: { number: 7 },
      githubApiUrl: github.url
    })
    expect(run.exitCode).toBe(0)
    const baking = sent.filter(({ body }) => /^baking: /.test(String(body.description)))
    const comments = sent.filter(({ body }) => /\*\*Now:\*\* baking: /.test(String(body.body)))
    // A 15-minute bake reported about once a minute: never silent, never flooding.
    expect(baking.length).toBeGreaterThanOrEqual(10)
    expect(baking.length).toBeLessThanOrEqual(16)
    expect(comments).toHaveLength(baking.length)
    for (const { body } of baking) {
      expect(body.state).toBe('in_progress')
      expect(body.description).toMatch(/^baking: \d+ of 15 min$/)
    }
    const times = baking.map(({ at }) => at)
    times
      .slice(1)
      .forEach((at, index) => expect(at - (times[index] ?? 0)).toBeGreaterThanOrEqual(MINUTE))
    expect((times.at(-1) ?? 0) - (times[0] ?? 0)).toBeGreaterThanOrEqual(10 * MINUTE)
    const url = services.controlPlane.deployments()[0]?.source_config?.custom_url
    expect(url).toMatch(/^https?:\/\//)
    for (const { body } of comments) {
      expect(body.body).toContain(`**Serving, being checked:** [open the preview ↗](${url})`)
      expect(body.body).toMatch(/\*\*Now:\*\* baking: \d+ of 15 min/)
    }
    // The final status and comment come after every progress report, and give the verdict.
    const statuses = github.deployments.flatMap((deployment) => deployment.statuses)
    const final = statuses.at(-1)
    expect(final?.state).toBe('success')
    expect(final?.description).toMatch(/bake passed \(15m, \d+ runs\)/)
    const lastProgress = sent.findIndex((write) => write === baking.at(-1))
    const finalWrite = sent.findIndex(({ body }) => body.state === 'success')
    expect(finalWrite).toBeGreaterThan(lastProgress)
    expect(sent[finalWrite]?.at).toBeGreaterThanOrEqual(times.at(-1) ?? Infinity)
    const comment = github.comments.at(-1)?.body ?? ''
    expect(comment).not.toContain('**Now:**')
    const bakeLines = comment.split('\n').filter((line) => line.startsWith('Bake window:'))
    expect(bakeLines).toEqual([expect.stringMatching(/^Bake window: passed \(15m, \d+ runs\)$/)])
    // The table collapsed beneath its line.
    const details = comment.indexOf('<details><summary>The bake window</summary>')
    expect(details).toBeGreaterThan(comment.indexOf('Bake window: passed'))
    expect(comment.indexOf('| error rate |')).toBeGreaterThan(details)
    expect(comment).not.toContain('### Bake window')
  }, 120_000)

  it('records the final status after a bake that ran to its end and a long rollback after it', async () => {
    const services = await start()
    // Too few runs at the end of the window: could not conclude, and that rolls back.
    seeded(services, { profile: { runsPerMinute: 1 } })
    const { github } = await recordingGitHub()
    const run = await runInProcess(
      bakeStep(
        services,
        {},
        { ...GITHUB, timeout: '2m' },
        { rollback: { 'on-failure': true, timeout: '30m' } }
      ),
      {
        githubApiUrl: github.url,
        // The revision brought back takes ten minutes to build: the rollback outlives the bake's
        // budget and the run's `timeout` by far, within its own `rollback.timeout`.
        onStdout: (line) => {
          if (line.startsWith('Bake read 15 of 15')) services.controlPlane.setStepMs(2 * MINUTE)
        }
      }
    )
    expect(run.exitCode).toBe(1)
    expect(run.outputs['rolled-back']).toBe('true')
    expect(run.durationMs).toBeGreaterThan(2 * MINUTE + 16 * MINUTE + 5 * MINUTE)
    expect(run.stdout).not.toContain('timeout had passed')
    const final = github.deployments.flatMap((deployment) => deployment.statuses).at(-1)
    expect(final?.state).toBe('failure')
    expect(final?.description).toContain('bake window could not conclude')
    expect(services.controlPlane.serving(NAME, clock.now())?.revisionId).toBe(
      run.outputs['rollback-revision-id']
    )
  }, 120_000)
})
