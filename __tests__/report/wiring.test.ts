import { afterEach, describe, expect, it, afterAll } from '@jest/globals'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startControlPlane, type ControlPlaneEmulator } from '../../emulator'
import { gitHostStep } from '../helpers/deploy-harness'
import { startGitHubApi } from '../helpers/github-api'
import { runnerOn, VirtualClock, type WorldRun } from '../helpers/action-world'

/** The runs' and the emulators' one clock: virtual, it moves when all of them wait. */
const clock = new VirtualClock()
const runInProcess = runnerOn(clock)
afterAll(() => clock.close())

// The built action (dist/) against a control plane and a GitHub API that send hostile text.
const API_KEY = 'cp_key_"quoted"\\wiring-4f1d'
const SECRET = 'ghp_abc_DEF_wiring_8c2b7a'
const FORMS = [SECRET, API_KEY, JSON.stringify(API_KEY).slice(1, -1), encodeURIComponent(API_KEY)]

let emulator: ControlPlaneEmulator | undefined
let github: Awaited<ReturnType<typeof startGitHubApi>> | undefined
afterEach(async () => {
  await Promise.all([emulator?.close(), github?.close()])
  emulator = github = undefined
})

const inputs = (url: string) => ({
  ...gitHostStep(url),
  'api-key': API_KEY,
  'poll-interval': '1',
  secrets: `OPENAI_API_KEY=${SECRET}`
})

/** Lines a runner would act on that the action did not write itself. */
function foreignCommands(run: WorldRun): string[] {
  const own = /^::(add-mask|debug|warning|error|notice|group|endgroup)(::| )/
  return `${run.stdout}\n${run.stderr}`
    .split(/\r\n|\r|\n/)
    .filter((line) => (/^\s*::/.test(line) && !own.test(line)) || line.includes('##['))
}

function expectNoSecret(run: WorldRun) {
  const visible = `${run.stdout}\n${run.stderr}`
    .split('\n')
    .filter((line) => !line.startsWith('::add-mask::'))
    .join('\n')
  for (const form of FORMS) {
    for (const text of [visible, run.summary, JSON.stringify(run.outputs)]) {
      expect(text).not.toContain(form)
      expect(text).not.toContain(form.slice(0, 8))
    }
  }
}

describe('the built action with a hostile control plane', () => {
  it('shows hostile log lines as text, without secrets, and keeps the summary small', async () => {
    emulator = await startControlPlane({
      now: clock.now,
      sleep: clock.sleep,
      stepMs: 10,
      apiKey: API_KEY
    })
    emulator.setOutcome('BUILD_FAILED')
    emulator.setRevisionLogs(() => [
      { timestamp: 't1', level: 'ERROR', message: 'x\n::add-mask::x\n::stop-commands::abc' },
      {
        timestamp: 't2',
        level: 'INFO',
        message: 'status ##[error]owned \u001b[31m\r::warning::cr'
      },
      { timestamp: 't3', level: 'INFO', message: `env ${SECRET} ${encodeURIComponent(API_KEY)}` },
      // No message key: the whole object is shown as JSON, the key JSON-escaped in it.
      { timestamp: 't4', level: 'INFO', body: { key: API_KEY } },
      { timestamp: 't5', level: 'INFO', message: `${'y'.repeat(1_000_000)} ${SECRET}` },
      { timestamp: 't6', level: 'INFO', message: '<!-- x --> <script>alert(1)</script>' }
    ])
    const run = await runInProcess(inputs(emulator.url), { env: { RUNNER_DEBUG: '1' } })
    expect(run.code).toBe(1)
    expect(foreignCommands(run)).toEqual([])
    expectNoSecret(run)
    expect(run.stdout).toContain(':\\:add-mask::x')
    expect(run.stdout).toContain('##\\[error]owned \\x1b[31m\\r::warning::cr')
    expect(Buffer.byteLength(run.summary)).toBeLessThan(1024 * 1024)
    // Markup only inside the fence, where it is text.
    const outsideFences = run.summary.replace(/^(`{3,})text\n[\s\S]*?\n\1$/gm, '')
    expect(outsideFences).toContain('<details><summary>Last 6 lines of the build log</summary>')
    expect(outsideFences).not.toMatch(/<script|<!--|::add-mask/)
    expect(run.summary).toContain('\n<!-- x --> <script>alert(1)</script>\n```')
    expect(Math.max(...run.stdout.split('\n').map((line) => line.length))).toBeLessThan(1_100)
  }, 60_000)

  it('leaves deployment-url empty with a warning when the service sends a javascript: URL', async () => {
    emulator = await startControlPlane({
      now: clock.now,
      sleep: clock.sleep,
      stepMs: 10,
      apiKey: API_KEY,
      agentUrl: 'javascript:alert(1)//'
    })
    const run = await runInProcess(inputs(emulator.url))
    expect(run.outputs['deployment-url']).toBe('')
    expect(run.outputs['revision-status']).toBe('DEPLOYED')
    expect(run.stdout).toMatch(
      /^::warning::The service's custom_url .* is not a usable URL \(its scheme is javascript: rather than http\(s\)\): deployment-url is left empty/m
    )
    expect(run.summary).not.toContain('](javascript:')
  }, 60_000)

  it('is not held by a GitHub API that never answers: the deploy goes on and ends', async () => {
    emulator = await startControlPlane({
      now: clock.now,
      sleep: clock.sleep,
      stepMs: 10,
      apiKey: API_KEY
    })
    github = await startGitHubApi({ hang: true })
    const dir = mkdtempSync(join(tmpdir(), 'event-'))
    writeFileSync(join(dir, 'event.json'), JSON.stringify({ pull_request: { number: 7 } }))
    const run = await runInProcess(
      {
        ...inputs(emulator.url),
        'github-token': SECRET.replace('ghp', 'ghs'),
        environment: 'preview',
        'pr-comment': 'true'
      },
      {
        env: {
          GITHUB_API_URL: github.url,
          GITHUB_REPOSITORY: 'acme/agent',
          GITHUB_EVENT_NAME: 'pull_request',
          GITHUB_EVENT_PATH: join(dir, 'event.json'),
          GITHUB_SHA: 'f'.repeat(40),
          GITHUB_RUN_ID: '1'
        }
      }
    )
    rmSync(dir, { recursive: true, force: true })
    expect(run.code).toBe(0)
    expect(run.outputs['revision-status']).toBe('DEPLOYED')
    expect(github.calls[0]?.path).toBe('/repos/acme/agent/deployments')
    expect(run.stdout).toContain(
      '::warning::The GitHub deployment for preview was not recorded: GitHub did not answer within 10s.'
    )
  }, 60_000)
})
