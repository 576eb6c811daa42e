import { afterEach, describe, expect, it } from '@jest/globals'
import { seedGate } from '../../emulator'
import { startGitHubApi } from '../helpers/github-api'
import { NAME, gateFile, gateStep } from './gate-harness'

/**
 * The gate's verdict where people see it on GitHub (the pull-request comment and the deployment
 * status), and a cancel during the gate: no verdict, no rollback.
 */
const { clock, runInProcess, start } = gateFile()
const closers: (() => Promise<void>)[] = []
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()))
})

describe('the gate on GitHub', () => {
  it('puts its table in the PR comment and its verdict in the status, within 140 characters', async () => {
    const services = await start()
    const github = await startGitHubApi()
    closers.push(github.close)
    services.controlPlane.seedDeployment({ name: NAME })
    seedGate(services.tracing, { examples: 3 })
    services.controlPlane.setAgent('wrong-reply')
    const run = await runInProcess(
      gateStep(services, {
        policy: { gate: { 'min-scores': { correctness: 0.8 } } },
        'github-token': 'ghs_gate_token_7c1d',
        environment: 'production',
        'pr-comment': 'true'
      }),
      { pullRequest: { number: 7 }, githubApiUrl: github.url }
    )
    expect(run.exitCode).toBe(1)
    const comment = github.comments.at(-1)?.body ?? ''
    // One line in words, the table and the cost collapsed beneath it.
    const gateLine = comment.split('\n').find((line) => line.startsWith('**Evaluation gate:**'))
    expect(gateLine).toContain('correctness 0')
    expect(gateLine).toContain('≥ 0.8')
    const collapsed = comment.slice(comment.indexOf('<details><summary>The gate'))
    expect(collapsed).toMatch(/\| correctness \| 0, mean of 3 \| ≥ 0\.8 \| ❌ fail \|/)
    expect(collapsed).toContain('3 agent calls, 3 evaluator scores')
    expect(comment.indexOf('| correctness |')).toBeGreaterThan(comment.indexOf('<details>'))
    expect(comment).not.toContain('### Evaluation gate')
    const final = github.deployments.flatMap((deployment) => deployment.statuses).at(-1)
    expect(final?.state).toBe('failure')
    expect(final?.description).toContain('gate failed on correctness')
    // Each fact once: the gate's verdict is not said twice.
    expect(final?.description?.match(/gate failed/g)).toHaveLength(1)
    expect(final?.description?.length).toBeLessThanOrEqual(140)
  }, 120_000)
})

describe('the gate while it runs, on GitHub', () => {
  it('says how far it is in the in_progress status and the PR comment, at most once a minute', async () => {
    const services = await start()
    const sent: { at: number; path: string; body: Record<string, unknown> }[] = []
    const github = await startGitHubApi({
      onCall: (call) => {
        if (call.method === 'GET' || call.path === '/graphql') return
        sent.push({ at: clock.now(), path: call.path, body: call.body as Record<string, unknown> })
      }
    })
    closers.push(github.close)
    services.controlPlane.seedDeployment({ name: NAME })
    // The evaluators take five minutes to score: the gate waits for them, polling.
    seedGate(services.tracing, { examples: 4, delayMs: 5 * 60_000 })
    const run = await runInProcess(
      gateStep(services, {
        policy: { gate: { 'min-scores': { correctness: 0.5 } } },
        'github-token': 'ghs_gate_token_7c1d',
        environment: 'production',
        'pr-comment': 'true'
      }),
      { pullRequest: { number: 7 }, githubApiUrl: github.url }
    )
    expect(run.exitCode).toBe(0)
    const progressing = sent.filter(
      ({ body }) =>
        (body.state === 'in_progress' && /^(evaluating|waiting)/.test(String(body.description))) ||
        String(body.body ?? '').includes('**Now:**')
    )
    const statuses = progressing.filter(({ body }) => body.state === 'in_progress')
    const comments = progressing.filter(({ body }) => typeof body.body === 'string')
    expect(statuses.map(({ body }) => body.description)).toContain(
      'waiting for evaluators: 0 of 4 scores'
    )
    expect(statuses.length).toBeGreaterThanOrEqual(4)
    expect(comments).toHaveLength(statuses.length)
    const url = services.controlPlane.deployments()[0]?.source_config?.custom_url
    for (const { body } of comments) {
      expect(body.body).toMatch(
        /\*\*Now:\*\* (evaluating: \d+ of 4 runs|waiting for evaluators: \d+ of 4 scores)/
      )
      expect(body.body).toContain(`**Serving, being checked:** [open the preview ↗](${url})`)
      expect(body.body).toContain('### 🔄 support-agent: checking')
    }
    // At most one report a minute, on the run's clock.
    const times = statuses.map(({ at }) => at)
    times
      .slice(1)
      .forEach((at, index) => expect(at - (times[index] ?? 0)).toBeGreaterThanOrEqual(60_000))
    // The final status and comment come after them all.
    const final = github.deployments.flatMap((deployment) => deployment.statuses).at(-1)
    expect(final?.state).toBe('success')
    expect(github.comments.at(-1)?.body).not.toContain('**Now:**')
  }, 120_000)
})

describe('a cancel during the gate', () => {
  it('passes through untouched: the run ends cancelled, no verdict, nothing rolled back', async () => {
    const services = await start()
    services.controlPlane.seedDeployment({ name: NAME })
    seedGate(services.tracing, { examples: 3, delayMs: 60_000 })
    const run = await runInProcess(
      gateStep(services, {
        policy: { gate: { 'min-scores': { correctness: 0.8 } }, rollback: { 'on-failure': true } }
      }),
      {
        onStdout: (line, _all, cancel) => {
          if (/^Evaluation gate: \d+ runs recorded/.test(line)) cancel('SIGTERM')
        }
      }
    )
    expect(run.exitCode).toBe(1)
    expect(run.stdout).toContain('Received SIGTERM')
    expect(run.outputs['eval-passed']).toBeUndefined()
    expect(run.outputs['rolled-back']).toBe('false')
    expect(services.controlPlane.redeploys()).toEqual([])
    // The cancelled outcome: no verdict was made of the cancel, no rollback tried.
    expect(run.summary).toMatch(/^## ❌ support-agent: cancelled/)
    expect(run.summary).not.toContain('### Rollback')
  }, 120_000)
})
