import { afterEach, beforeEach, describe, expect, it, afterAll } from '@jest/globals'
import { startControlPlane, type ControlPlaneEmulator } from '../../emulator'
import { gitHostStep } from '../helpers/deploy-harness'
import { runnerOn, VirtualClock } from '../helpers/action-world'

/** The runs' and the emulators' one clock: virtual, it moves when all of them wait. */
const clock = new VirtualClock()
const runInProcess = runnerOn(clock)
afterAll(() => clock.close())

const API_KEY = 'cp-key-leak-4f1d9e'
const SECRET = 'sk-live-leak-8c2b7a'
const OTHER = 'hunter2-leak-value'
const SECRETS = [API_KEY, SECRET, OTHER]

let emulator: ControlPlaneEmulator
beforeEach(async () => {
  emulator = await startControlPlane({
    now: clock.now,
    sleep: clock.sleep,
    stepMs: 10,
    apiKey: API_KEY
  })
})
afterEach(async () => {
  await emulator.close()
})

const inputs = () => ({
  ...gitHostStep(emulator.url),
  'api-key': API_KEY,
  'poll-interval': '1',
  secrets: `OPENAI_API_KEY=${SECRET}\nDB_PASSWORD=${OTHER}`
})

/** Each scenario sets the emulator up, and may change the inputs. */
const scenarios: [string, (e: ControlPlaneEmulator) => Record<string, string>][] = [
  ['a successful create', () => ({})],
  [
    'a build log that prints the environment',
    (e) => {
      e.setOutcome('BUILD_FAILED')
      e.setRevisionLogs(() => [
        {
          timestamp: 't',
          level: 'ERROR',
          message: `env: OPENAI_API_KEY=${SECRET} DB_PASSWORD=${OTHER}`
        }
      ])
      return {}
    }
  ],
  [
    'a 422 that echoes the input',
    (e) => {
      e.injectFault({
        method: 'POST',
        kind: 'status',
        status: 422,
        body: {
          detail: [
            {
              loc: ['body', 'secrets', 0, 'value'],
              msg: `value ${SECRET} is not allowed`,
              type: 'x'
            }
          ]
        }
      })
      return {}
    }
  ],
  [
    'a 400 with the secret in a string detail',
    (e) => {
      e.injectFault({
        method: 'POST',
        kind: 'status',
        status: 400,
        body: { detail: `bad key ${API_KEY} for ${OTHER}` }
      })
      return {}
    }
  ],
  [
    'a create whose answer is lost',
    (e) => {
      e.injectFault({ method: 'POST', kind: 'reset-after' })
      return {}
    }
  ],
  [
    'failing status checks',
    (e) => {
      e.injectFault({
        method: 'GET',
        path: /\/revisions\//,
        kind: 'status',
        status: 503,
        times: 1_000
      })
      return { timeout: '3s' }
    }
  ],
  [
    'a timeout',
    (e) => {
      e.setOutcome('HANG')
      return { timeout: '1s' }
    }
  ],
  ['invalid inputs next to valid secrets', () => ({ name: 'Not_Valid' })],
  ['a dry run', () => ({ 'dry-run': 'true' })]
]

describe('no secret reaches the log or the summary, with RUNNER_DEBUG=1', () => {
  it.each(scenarios)('in %s', async (_, setUp) => {
    const extra = setUp(emulator)
    const run = await runInProcess({ ...inputs(), ...extra }, { env: { RUNNER_DEBUG: '1' } })
    const printed = `${run.stdout}\n${run.stderr}`
    const visible = printed
      .split('\n')
      .filter((line) => !line.startsWith('::add-mask::'))
      .join('\n')
    for (const secret of SECRETS) {
      expect(printed).toContain(`::add-mask::${secret}`)
      expect(visible).not.toContain(secret)
      expect(run.summary).not.toContain(secret)
      expect(Object.values(run.outputs).join('\n')).not.toContain(secret)
    }
    expect(run.summary.length).toBeGreaterThan(0)
  })
})

describe('the agent key and the GitHub token', () => {
  it('are masked and never printed, also when the checks and the records fail', async () => {
    const agentKey = 'agent-key-leak-71c3e0'
    const token = 'ghs_leak_token_90ab12'
    const run = await runInProcess(
      {
        ...inputs(),
        policy: { agent: { assistant: 'agent', timeout: '1s' } },
        'agent-api-key': agentKey,
        'github-token': token,
        environment: 'staging'
      },
      {
        env: {
          RUNNER_DEBUG: '1',
          GITHUB_API_URL: 'http://127.0.0.1:9',
          GITHUB_REPOSITORY: 'acme/agent'
        }
      }
    )
    expect(run.code).toBe(1)
    const visible = `${run.stdout}\n${run.stderr}`
      .split('\n')
      .filter((line) => !line.startsWith('::add-mask::'))
      .join('\n')
    for (const secret of [agentKey, token]) {
      expect(run.stdout).toContain(`::add-mask::${secret}`)
      expect(visible).not.toContain(secret)
      expect(run.summary).not.toContain(secret)
    }
    expect(visible).toContain('::warning::The GitHub deployment for staging was not recorded')
  })
})
