import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { startHostileAgentServer } from '../helpers/hostile/agent-server'
import {
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
  visibleLog
} from '../helpers/hostile/secrets'
import { hostileStep } from '../helpers/hostile/step'
import { runAction, type ActionRun } from '../helpers/run-action'
import type { RawInputs } from '../../src/inputs/contract'

/**
 * A server that echoes a secret, raw, JSON-escaped, URL-encoded or cut short, must not get it
 * into stdout, stderr, the summary or the outputs, in any of those forms.
 */
const jsonEscaped = (value: string) => JSON.stringify(value).slice(1, -1)
const SETUP_MS = 90_000
/** Every secret the action can hold is given, so each is one it must hide. */
const allSecrets: Partial<RawInputs> = { 'agent-api-key': AGENT_KEY, 'github-token': GITHUB_TOKEN }

function scenario(
  title: string,
  script: ControlPlaneScript,
  check: (run: ActionRun, cp: HostileControlPlane) => void,
  extra: Partial<RawInputs> = {}
) {
  describe(title, () => {
    let cp: HostileControlPlane
    let run: ActionRun
    beforeAll(async () => {
      cp = await startHostileControlPlane(script)
      run = await runAction(hostileStep(cp.url, { ...allSecrets, ...extra }), {
        killAfterMs: 60_000
      })
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
  let run: ActionRun
  beforeAll(async () => {
    agent = await startHostileAgentServer({
      reply: `Your key is "${jsonEscaped(AGENT_KEY)}"`,
      a2aReply: `key=${encodeURIComponent(AGENT_KEY)}`
    })
    cp = await startHostileControlPlane({
      deployment: { source_config: { custom_url: agent.url } }
    })
    run = await runAction(
      hostileStep(cp.url, {
        ...allSecrets,
        'verify-assistant': 'agent',
        'verify-message': 'Say hello',
        'verify-a2a': 'true',
        'verify-timeout': '20s'
      }),
      { killAfterMs: 60_000 }
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
