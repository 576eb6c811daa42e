import type { Step } from '../helpers/policy-file'
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { startHostileAgentServer } from '../helpers/hostile/agent-server'
import { startGitHubApi } from '../helpers/github-api'
import {
  base64At,
  hiddenLeaks,
  htmlReferences,
  lowerPercent,
  splitOverLines,
  zeroWidthInside
} from '../helpers/hostile/secret-forms'
import {
  DEPLOYMENT_ID,
  startHostileControlPlane,
  type ControlPlaneScript,
  type HostileControlPlane
} from '../helpers/hostile/control-plane'
import {
  AGENT_KEY,
  API_KEY,
  GITHUB_TOKEN,
  leaksOf,
  SECRET_VALUE,
  SECRETS,
  visibleLog
} from '../helpers/hostile/secrets'
import { hostileStep } from '../helpers/hostile/step'
import { runnerOn, VirtualClock, type WorldRun } from '../helpers/action-world'

/** The runs' and the emulators' one clock: virtual, it moves when all of them wait. */
const clock = new VirtualClock()
const runInProcess = runnerOn(clock)
afterAll(() => clock.close())

/**
 * A server that echoes a secret, raw, JSON-escaped, URL-encoded or cut short, must not get it
 * into stdout, stderr, the summary or the outputs, in any of those forms.
 */
const jsonEscaped = (value: string) => JSON.stringify(value).slice(1, -1)
const SETUP_MS = 90_000
/** Every secret the action can hold is given, so each is one it must hide. */
const allSecrets: Step = { 'agent-api-key': AGENT_KEY, 'github-token': GITHUB_TOKEN }

function scenario(
  title: string,
  script: ControlPlaneScript,
  check: (run: WorldRun, cp: HostileControlPlane) => void,
  extra: Step = {}
) {
  describe(title, () => {
    let cp: HostileControlPlane
    let run: WorldRun
    beforeAll(async () => {
      cp = await startHostileControlPlane(script)
      run = await runInProcess(hostileStep(cp.url, { ...allSecrets, ...extra }))
    }, SETUP_MS)
    afterAll(() => cp.close())
    it('shows what the server said (the scenario happened)', () => check(run, cp))
    it('leaves no secret, in any form, in stdout, stderr, the summary or the outputs', () => {
      expect(leaksOf(run)).toEqual([])
    })
  })
}

scenario(
  'log lines that echo secrets raw, JSON-escaped and URL-encoded',
  {
    statuses: ['BUILD_FAILED'],
    logs: [
      { level: 'INFO', message: `env API_KEY=${API_KEY}` },
      { level: 'INFO', message: `{"OPENAI_API_KEY": "${jsonEscaped(SECRET_VALUE)}"}` },
      {
        level: 'INFO',
        message: `GET https://x.example/?token=${encodeURIComponent(GITHUB_TOKEN)}`
      },
      { stage: 'env', env: { AGENT: AGENT_KEY } },
      { level: 'ERROR', message: `auth failed for ${API_KEY}` }
    ]
  },
  (run) => expect(visibleLog(run)).toContain('GET https://x.example/?token=')
)

scenario(
  'a 422 whose detail echoes the GitHub token, raw and URL-encoded',
  {
    answer: (route) =>
      route === 'create-deployment'
        ? {
            status: 422,
            json: {
              detail: [
                {
                  loc: ['body', 'secrets', 0, 'value'],
                  msg: `value ${GITHUB_TOKEN} is not allowed`,
                  type: 'value_error'
                },
                {
                  loc: ['body', 'name'],
                  msg: `see https://x.example/?t=${encodeURIComponent(GITHUB_TOKEN)}`,
                  type: 'value_error'
                }
              ]
            }
          }
        : undefined
  },
  (run) => {
    expect(run.code).toBe(1)
    expect(visibleLog(run)).toContain('body.secrets.0.value')
  }
)

scenario(
  'a 500 body of 600 characters with the API key across character 500',
  {
    answer: (route) =>
      route === 'create-deployment'
        ? { status: 500, text: `${'e'.repeat(490)}${API_KEY}`.padEnd(600, 'f') }
        : undefined
  },
  (run) => {
    expect(run.code).toBe(1)
    expect(visibleLog(run)).toContain('eeeeeeeeee')
  }
)

scenario(
  'a deployment URL that carries the API key, URL-encoded, in its query',
  {
    deployment: {
      source_config: {
        custom_url: `https://agent.example.com/?key=${encodeURIComponent(API_KEY)}`
      }
    }
  },
  (run) => expect(run.code).toBe(0)
)

describe('agent replies that echo the agent key, JSON-escaped and URL-encoded', () => {
  let cp: HostileControlPlane
  let agent: Awaited<ReturnType<typeof startHostileAgentServer>>
  let run: WorldRun
  beforeAll(async () => {
    agent = await startHostileAgentServer({
      reply: `Your key is "${jsonEscaped(AGENT_KEY)}"`,
      a2aReply: `key=${encodeURIComponent(AGENT_KEY)}`
    })
    cp = await startHostileControlPlane({
      deployment: { source_config: { custom_url: agent.url } }
    })
    run = await runInProcess(
      hostileStep(cp.url, {
        ...allSecrets,
        policy: { agent: { assistant: 'agent', message: 'Say hello', a2a: true, timeout: '20s' } }
      }),
      {}
    )
  }, SETUP_MS)
  afterAll(async () => {
    await cp.close()
    await agent.close()
  })
  it('shows what the agent said (the scenario happened)', () => {
    expect(run.code).toBe(0)
    expect(visibleLog(run)).toContain('Your key is')
  })
  it('leaves no secret, in any form, in stdout, stderr, the summary or the outputs', () => {
    expect(leaksOf(run)).toEqual([])
  })
})

/**
 * The forms a plain search misses: lower-case percent-encoding, base64 at each byte offset, HTML
 * character references, zero-width and bidi characters inside, a secret split over two lines.
 */
describe('secrets in the forms a plain search misses', () => {
  const forms = (secret: string) => [
    `q=${lowerPercent(secret)}`,
    `b0=${base64At(secret, 0)} b1=${base64At(secret, 1)} b2=${base64At(secret, 2)}`,
    `<v>${htmlReferences(secret)}</v>`,
    `zw=${zeroWidthInside(secret)}`,
    `split=${splitOverLines(secret)}`
  ]
  let cp: HostileControlPlane
  let github: Awaited<ReturnType<typeof startGitHubApi>>
  let logged: WorldRun
  let recorded: WorldRun
  beforeAll(async () => {
    cp = await startHostileControlPlane({
      statuses: ['BUILD_FAILED'],
      logs: SECRETS.flatMap(forms).map((message) => ({ level: 'INFO', message }))
    })
    logged = await runInProcess(hostileStep(cp.url, allSecrets))
    await cp.close()
    // The name comes from the service (the step gives deployment-id): it reaches the comment's
    // marker and heading, the GitHub deployment's description; the URL reaches the outputs.
    cp = await startHostileControlPlane({
      deployment: {
        name: `agent ${lowerPercent(API_KEY)} ${base64At(GITHUB_TOKEN, 1)} ${htmlReferences(SECRET_VALUE)} ${zeroWidthInside(AGENT_KEY)}`,
        source_config: { custom_url: `https://agent.example.com/?k=${lowerPercent(API_KEY)}` }
      }
    })
    github = await startGitHubApi()
    recorded = await runInProcess(
      hostileStep(cp.url, {
        ...allSecrets,
        name: '',
        'deployment-id': DEPLOYMENT_ID,
        environment: 'preview',
        'pr-comment': 'true'
      }),
      { pullRequest: { number: 42 }, githubApiUrl: github.url }
    )
  }, 2 * SETUP_MS)
  afterAll(async () => {
    await cp.close()
    await github.close()
  })

  const everywhere = (run: WorldRun, payloads: string[] = []) => [
    ...hiddenLeaks('stdout', visibleLog(run)),
    ...hiddenLeaks('stderr', run.stderr),
    ...hiddenLeaks('summary', run.summary),
    ...hiddenLeaks('outputs', Object.values(run.outputs).join('\n')),
    ...payloads.flatMap((text, index) => hiddenLeaks(`GitHub payload ${index + 1}`, text))
  ]

  it('shows the log lines (the scenario happened)', () => {
    expect(logged.code).toBe(1)
    expect(visibleLog(logged)).toContain('split=')
    expect(visibleLog(logged)).toContain('b1=')
  })
  it('leaves none of them in the log, the summary or the outputs', () => {
    expect(everywhere(logged)).toEqual([])
  })
  it('writes the comment and the GitHub deployment (the scenario happened)', () => {
    expect(recorded.code).toBe(0)
    expect(github.comments.length).toBe(1)
    expect(github.payloadTexts().length).toBeGreaterThan(2)
  })
  it('leaves none of them in the PR comment, its marker, the GitHub payloads or the outputs', () => {
    expect(everywhere(recorded, github.payloadTexts())).toEqual([])
    expect(recorded.outputs['deployment-url']).toBe('')
  })
})
