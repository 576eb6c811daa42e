import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { startHostileAgentServer } from '../helpers/hostile/agent-server'
import { controlCharacters, injectedCommands } from '../helpers/hostile/commands'
import {
  startHostileControlPlane,
  type HostileControlPlane
} from '../helpers/hostile/control-plane'
import { AGENT_KEY } from '../helpers/hostile/secrets'
import { HOSTILE_NAME, hostileStep } from '../helpers/hostile/step'
import { runnerOn, VirtualClock, type WorldRun } from '../helpers/action-world'

/** The runs' and the emulators' one clock: virtual, it moves when all of them wait. */
const clock = new VirtualClock()
const runInProcess = runnerOn(clock)
afterAll(() => clock.close())

/**
 * Server text printed to the log must never form a workflow command: no `::` at the start of a
 * line (a newline in the text must not start one), no `##[` anywhere, no raw control characters.
 */
const SETUP_MS = 90_000

function expectNoCommands(run: () => WorldRun) {
  it('no line of stdout issues a workflow command from server text', () => {
    expect(injectedCommands(run().stdout)).toEqual([])
  })
  it('no line of stderr issues a workflow command from server text', () => {
    expect(injectedCommands(run().stderr)).toEqual([])
  })
  it('no raw control character reaches the log', () => {
    expect(controlCharacters(run().stdout)).toEqual([])
  })
}

describe('ids that carry workflow commands', () => {
  let cp: HostileControlPlane
  let run: WorldRun
  beforeAll(async () => {
    cp = await startHostileControlPlane({
      deployment: { id: 'dep-1\n::error file=a::PWNED-id' },
      revisionId: 'rev-2\n::notice::PWNED-rev'
    })
    run = await runInProcess(hostileStep(cp.url))
  }, SETUP_MS)
  afterAll(() => cp.close())

  it('stops at the first id that is not a UUID, naming it, and puts it into no request', () => {
    expect(run.code).toBe(1)
    expect(run.stdout).toContain('where a UUID belongs')
    expect(cp.seen.filter((seen) => seen.path.includes('dep-1'))).toEqual([])
  })
  expectNoCommands(() => run)
})

describe('statuses, a name and a URL that carry workflow commands', () => {
  let cp: HostileControlPlane
  let run: WorldRun
  beforeAll(async () => {
    cp = await startHostileControlPlane({
      deployment: {
        name: HOSTILE_NAME,
        source_config: { custom_url: 'https://agent.example.com/\n::warning::PWNED-url' }
      },
      statuses: [
        'BUILDING\n::add-mask::PWNED-mask',
        '\n::stop-commands::PWNED-stop',
        'DEPLOYING ##[error]PWNED-hash \u001b[31m\u0007',
        'DEPLOYED'
      ]
    })
    run = await runInProcess(hostileStep(cp.url))
  }, SETUP_MS)
  afterAll(() => cp.close())

  it('runs to its end', () => {
    expect(cp.calls('get-revision').length).toBeGreaterThanOrEqual(4)
  })
  expectNoCommands(() => run)
})

describe('a failed revision whose log lines carry workflow commands', () => {
  let cp: HostileControlPlane
  let run: WorldRun
  beforeAll(async () => {
    cp = await startHostileControlPlane({
      statuses: ['BUILD_FAILED'],
      logs: [
        {
          timestamp: '2025-01-01T00:00:03Z',
          level: 'INFO',
          message: 'step\n::error file=a::PWNED-log'
        },
        { message: '::add-mask::PWNED-logmask' },
        { message: 'compiling ##[warning]PWNED-hash-log' },
        { level: 'ERROR', message: 'boom\n::warning::PWNED-annotation' },
        { text: '\n::stop-commands::PWNED-logstop' },
        { stage: '\n::error::PWNED-nomessage', code: 1 }
      ]
    })
    run = await runInProcess(hostileStep(cp.url))
  }, SETUP_MS)
  afterAll(() => cp.close())

  it('fails and reads the logs', () => {
    expect(run.code).toBe(1)
    expect(cp.calls('revision-logs').length).toBeGreaterThan(0)
  })
  expectNoCommands(() => run)
})

describe('agent replies that carry workflow commands', () => {
  let cp: HostileControlPlane
  let agent: Awaited<ReturnType<typeof startHostileAgentServer>>
  let run: WorldRun
  beforeAll(async () => {
    agent = await startHostileAgentServer({
      reply: 'Hello\n::warning::PWNED-reply\n##[error]PWNED-reply-hash',
      a2aReply: 'Hi\n::error file=x::PWNED-a2a'
    })
    cp = await startHostileControlPlane({
      deployment: { source_config: { custom_url: agent.url } }
    })
    run = await runInProcess(
      hostileStep(cp.url, {
        policy: { agent: { assistant: 'agent', message: 'Say hello', a2a: true, timeout: '20s' } },
        'agent-api-key': AGENT_KEY
      })
    )
  }, SETUP_MS)
  afterAll(async () => {
    await cp.close()
    await agent.close()
  })

  it('runs the checks', () => {
    expect(agent.calls('run')).toHaveLength(1)
    expect(agent.calls('a2a')).toHaveLength(1)
  })
  expectNoCommands(() => run)
})

describe('error bodies that carry workflow commands', () => {
  let cp: HostileControlPlane
  let run: WorldRun
  beforeAll(async () => {
    cp = await startHostileControlPlane({
      answer: (route) =>
        route === 'create-deployment'
          ? { status: 500, text: 'upstream failed\n::add-mask::PWNED-500\n##[error]PWNED-500-hash' }
          : undefined
    })
    run = await runInProcess(hostileStep(cp.url))
  }, SETUP_MS)
  afterAll(() => cp.close())

  it('fails on the 500', () => {
    expect(run.code).toBe(1)
    expect(cp.calls('create-deployment')).toHaveLength(1)
  })
  expectNoCommands(() => run)
})
