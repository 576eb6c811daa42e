import { afterEach, beforeEach, describe, expect, it, afterAll } from '@jest/globals'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import {
  startAgentServer,
  startControlPlane,
  type AgentServerEmulator,
  type ControlPlaneEmulator
} from '../../emulator'
import { gitHostStep } from '../helpers/deploy-harness'
import { startGitHubApi } from '../helpers/github-api'
import { runnerOn, VirtualClock } from '../helpers/action-world'

/** The runs' and the emulators' one clock: virtual, it moves when all of them wait. */
const clock = new VirtualClock()
const runInProcess = runnerOn(clock)
afterAll(() => clock.close())

const SHA = '0123456789abcdef0123456789abcdef01234567'
const HEAD_SHA = 'fedcba9876543210fedcba9876543210fedcba98'
const TOKEN = 'ghs_test_token_5f2a9c'

let agent: AgentServerEmulator
let emulator: ControlPlaneEmulator
let github: Awaited<ReturnType<typeof startGitHubApi>>
beforeEach(async () => {
  agent = await startAgentServer()
  emulator = await startControlPlane({
    now: clock.now,
    sleep: clock.sleep,
    stepMs: 10,
    agentUrl: agent.url
  })
  github = await startGitHubApi()
})
const eventDirs: string[] = []
afterEach(async () => {
  await Promise.all([agent.close(), emulator.close(), github.close()])
  for (const dir of eventDirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

const inputs = () => ({
  ...gitHostStep(emulator.url),
  'api-key': 'emulator-key',
  'poll-interval': '1'
})

function githubEnv(event: 'push' | 'pull_request', api = github.url): Record<string, string> {
  const dir = mkdtempSync(join(tmpdir(), 'event-'))
  eventDirs.push(dir)
  const eventPath = join(dir, 'event.json')
  writeFileSync(
    eventPath,
    JSON.stringify(
      event === 'pull_request'
        ? { pull_request: { number: 7, head: { sha: HEAD_SHA, ref: 'feature' } } }
        : {}
    )
  )
  return {
    GITHUB_API_URL: api,
    GITHUB_EVENT_NAME: event,
    GITHUB_EVENT_PATH: eventPath,
    GITHUB_SHA: SHA,
    GITHUB_RUN_ID: '4242',
    ...(event === 'pull_request'
      ? { GITHUB_REF: 'refs/pull/7/merge', GITHUB_HEAD_REF: 'feature' }
      : {})
  }
}

describe('after DEPLOYED, as the runner runs the action', () => {
  it('checks the agent, prints its reply and puts it in the summary', async () => {
    const run = await runInProcess({
      ...inputs(),
      policy: { agent: { assistant: 'agent', message: 'ping', a2a: true } }
    })
    expect(run.code).toBe(0)
    expect(run.stdout).toContain('Agent check: assistant agent answers.')
    expect(run.stdout).toContain('Agent check: the run answered: echo: ping')
    expect(run.summary).toContain(
      "| serving the new revision | ✅ passed |  |\n| agent server health | ⏭️ skipped | the agent server's GET /info names no host.host\\_revision\\_id (older and local servers send none) |\n| default assistant lookup | ✅ passed |  |\n| reply to a test message | ✅ passed |  |\n| reply over A2A | ✅ passed |  |"
    )
    // The local server names no host revision: the skip is listed beside what passed.
    expect(run.summary).toContain(
      "| agent server health | ⏭️ skipped | the agent server's GET /info names no host.host\\_revision\\_id (older and local servers send none) |"
    )
    expect(run.summary).toContain('### The agent replied\n\n```text\necho: ping\n```')
    expect(agent.requests.map((r) => r.path)).toEqual([
      '/info',
      '/assistants/agent',
      '/runs/wait',
      '/.well-known/agent-card.json',
      '/a2a/agent'
    ])
    // agent-api-key defaults to api-key.
    expect(agent.requests[0]?.headers['x-api-key']).toBe('emulator-key')
  })

  it('fails the step after DEPLOYED when a check fails, outputs still set', async () => {
    const run = await runInProcess({
      ...inputs(),
      policy: { agent: { assistant: 'agent', timeout: '4s' } },
      'agent-api-key': 'not-the-owners-key'
      // A 404 is retried until agent.timeout (the server may still be coming up): long enough
      // for /info and a first answer on a busy machine, short enough to end the test soon.
    })
    expect(run.code).toBe(1)
    expect(run.outputs['revision-status']).toBe('DEPLOYED')
    expect(run.outputs['deployment-url']).toBe(agent.url)
    // The whole account is in the log; the annotation is the headline and the reason.
    expect(run.stdout).toMatch(
      /^Agent check "assistant" failed: \/assistants\/agent answered 404: .*check agent-api-key.*The revision is DEPLOYED; outputs are set\./m
    )
    expect(run.stdout).toMatch(
      /^::error::support-agent: default assistant lookup failed\. .*check agent-api-key/m
    )
    expect(run.stdout).not.toMatch(/^[^:].*not-the-owners-key/m)
    expect(run.summary).toContain('| serving the new revision | ✅ passed |')
    // The headline names the failure: the step failed, whatever the revision's status.
    expect(run.summary.split('\n')[0]).toBe('## ❌ support-agent: default assistant lookup failed')
    // The reason right under it: the failed check and what it saw.
    expect(run.summary.split('\n').slice(2, 4)).toEqual([
      '> [!CAUTION]',
      expect.stringMatching(
        /^> \*\*Default assistant lookup failed:\*\* \/assistants\/agent answered 404: /
      )
    ])
    expect(run.summary).toContain('| default assistant lookup | ❌ failed |')
  })

  it('records a GitHub deployment: in_progress when the wait starts, then success with the URL and the run', async () => {
    // What the control plane had seen when each GitHub call came in.
    const seenBy: string[][] = []
    const recording = await startGitHubApi({
      onCall: () => seenBy.push(emulator.requests.map((r) => r.method))
    })
    await github.close()
    github = recording
    const run = await runInProcess(
      { ...inputs(), 'github-token': TOKEN, environment: 'staging' },
      { env: githubEnv('push') }
    )
    expect(seenBy[0]).not.toContain('POST')
    expect(seenBy[1]).toContain('POST')
    expect(run.code).toBe(0)
    expect(github.calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'POST /repos/acme/support-agent/deployments',
      `POST /repos/acme/support-agent/deployments/${github.deployments[0]?.id}/statuses`,
      `POST /repos/acme/support-agent/deployments/${github.deployments[0]?.id}/statuses`
    ])
    expect(github.calls[0]?.authorization).toBe(`token ${TOKEN}`)
    expect(github.calls[0]?.body).toEqual({
      ref: SHA,
      environment: 'staging',
      auto_merge: false,
      required_contexts: [],
      transient_environment: false,
      description: 'Deploy support-agent'
    })
    const runUrl = 'https://github.com/acme/support-agent/actions/runs/4242'
    expect(github.calls[1]?.body).toEqual({
      state: 'in_progress',
      log_url: runUrl,
      description: 'Waiting for the revision'
    })
    expect(github.calls[2]?.body).toEqual({
      state: 'success',
      environment_url: agent.url,
      log_url: runUrl,
      auto_inactive: true,
      description: expect.stringMatching(/^support-agent deployed in \d+s$/)
    })
    expect(run.stdout).not.toMatch(new RegExp(`^(?!::add-mask::).*${TOKEN}`, 'm'))
  })

  it('keeps one pull-request comment, updated in place', async () => {
    const env = githubEnv('pull_request')
    const first = await runInProcess(
      { ...inputs(), 'github-token': TOKEN, 'pr-comment': 'true' },
      { env }
    )
    expect(first.code).toBe(0)
    expect(github.comments).toHaveLength(1)
    const firstBody = github.comments[0]?.body ?? ''
    expect(firstBody.split('\n')[0]).toBe('<!-- deploy-agent-action:deployment=support-agent -->')
    expect(firstBody).toMatch(/^### ✅ support-agent deployed in \d+s$/m)
    expect(firstBody).toContain(
      `**Commit:** [\`${HEAD_SHA.slice(0, 7)}\`](https://github.com/acme/support-agent/commit/${HEAD_SHA})`
    )
    expect(firstBody).toContain(`**Preview:** [open the preview ↗](${agent.url})`)

    emulator.setOutcome('BUILD_FAILED')
    const second = await runInProcess(
      { ...inputs(), 'github-token': TOKEN, 'pr-comment': 'true' },
      { env }
    )
    expect(second.code).toBe(1)
    expect(github.comments).toHaveLength(1)
    expect(github.comments[0]?.body).toContain('### ❌ support-agent: build failed')
    // Each run asks who its token writes as (GraphQL's viewer: github-actions[bot]), says what
    // builds when the wait starts, then the result: one comment throughout, edited in place.
    const patch = `PATCH /repos/acme/support-agent/issues/comments/${github.comments[0]?.id}`
    const list = 'GET /repos/acme/support-agent/issues/7/comments'
    expect(github.calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'POST /graphql',
      list,
      'POST /repos/acme/support-agent/issues/7/comments',
      patch,
      'POST /graphql',
      list,
      patch,
      patch
    ])
  })

  it('lets the deploy pass when GitHub refuses, with warnings that say what was not recorded', async () => {
    const refusing = await startGitHubApi({ failWith: 403 })
    try {
      const run = await runInProcess(
        { ...inputs(), 'github-token': TOKEN, environment: 'preview', 'pr-comment': 'true' },
        { env: githubEnv('pull_request', refusing.url) }
      )
      expect(run.code).toBe(0)
      expect(run.stdout).toMatch(
        /::warning::The GitHub deployment for preview was not recorded: HTTP 403/
      )
      expect(run.stdout).toMatch(
        /::warning::the comment on pull request #7 was not recorded: HTTP 403/
      )
      expect(run.outputs['revision-status']).toBe('DEPLOYED')
    } finally {
      await refusing.close()
    }
  })
})
