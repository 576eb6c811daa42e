import { afterEach, describe, expect, it } from '@jest/globals'
import {
  startAgentServer,
  type AgentServerEmulator,
  type AgentServerOptions,
  type ControlPlaneOptions
} from '../../emulator'
import { checksRollBack, type StepRow } from '../../src/after-deploy/check-runner'
import { defineStep } from '../../src/step-kit/define'
import type { StepOutcome } from '../../src/step-kit/step'
import { loadChecks } from '../../src/after-deploy/checks'
import { CancelledError } from '../../src/operations/deps'
import { OUTCOMES } from '../../src/outcomes'
import type { CheckVerdictKind, DeployResult } from '../../src/result'
import type { CheckName } from '../../src/step-payloads'
import { checkRevision, clock, runDelivery } from '../helpers/deploy-harness'
import { configFor, gitHostConfig } from '../helpers/config-fixture'
import { seedServing, servingAgentPerTest } from '../helpers/serving-agent'

const CHECKS = await loadChecks()

const DEPLOYED: DeployResult = {
  outcome: 'deployed',
  created: false,
  statusesSeen: ['DEPLOYED'],
  elapsedMs: 0,
  message: 'Deployed.',
  deploymentId: 'deployment',
  revisionId: 'revision',
  deploymentUrl: 'http://127.0.0.1:9'
}

/**
 * The runner's own list (its order, its stop and rollback columns), each check asked for and
 * answering `verdicts[check]` (passed when not named); `ran` records the order they ran in.
 */
function scripted(
  verdicts: Partial<Record<CheckName, CheckVerdictKind | (() => Promise<StepOutcome>)>>
) {
  const ran: CheckName[] = []
  const list: StepRow[] = CHECKS.map((row) =>
    defineStep({
      name: row.name,
      needs: () => ({}),
      run: async () => {
        ran.push(row.name)
        const scriptedVerdict = verdicts[row.name] ?? 'passed'
        if (typeof scriptedVerdict === 'function') return scriptedVerdict()
        return { verdict: scriptedVerdict, why: `${row.name}: ${scriptedVerdict}` }
      },
      broughtBack: 'again',
      inconclusiveRollsBack: row.inconclusiveRollsBack,
      stopsLaterOn: row.stopsLaterOn,
      onlyAfterPasses: row.onlyAfterPasses
    })
  )
  return { list, ran }
}

/** The steps of `list` on DEPLOYED, as deliver() runs them. */
async function runChecks(list: readonly StepRow[], signal?: AbortSignal) {
  const config = configFor({ ...gitHostConfig('http://127.0.0.1:9'), agent: { assistantId: 'a' } })
  return (await checkRevision(list, config, DEPLOYED, { signal })).checks
}

describe('the check runner', () => {
  it('runs the checks in the listed order: commit, serving, /info, assistants, threads, assistant, run, A2A, suite, gate, bake', async () => {
    const { list, ran } = scripted({})
    const checks = await runChecks(list)
    expect(ran).toEqual([
      'commit',
      'serving',
      'info',
      'assistants',
      'threads',
      'assistant',
      'run',
      'a2a',
      'suite',
      'gate',
      'bake'
    ])
    expect(checks.verdicts.map(({ check, verdict }) => [check, verdict])).toEqual(
      ran.map((check) => [check, 'passed'])
    )
  })

  it.each<[CheckName, CheckVerdictKind, CheckName[]]>([
    ['commit', 'failed', ['commit']],
    ['commit', 'inconclusive', ['commit']],
    ['serving', 'failed', ['commit', 'serving']],
    ['serving', 'inconclusive', ['commit', 'serving']],
    ['info', 'failed', ['commit', 'serving', 'info']],
    ['assistants', 'failed', ['commit', 'serving', 'info', 'assistants']],
    ['threads', 'failed', ['commit', 'serving', 'info', 'assistants', 'threads']],
    ['assistant', 'failed', ['commit', 'serving', 'info', 'assistants', 'threads', 'assistant']],
    [
      'assistant',
      'inconclusive',
      ['commit', 'serving', 'info', 'assistants', 'threads', 'assistant']
    ],
    ['run', 'failed', ['commit', 'serving', 'info', 'assistants', 'threads', 'assistant', 'run']],
    [
      'a2a',
      'failed',
      ['commit', 'serving', 'info', 'assistants', 'threads', 'assistant', 'run', 'a2a']
    ],
    [
      'suite',
      'failed',
      ['commit', 'serving', 'info', 'assistants', 'threads', 'assistant', 'run', 'a2a', 'suite']
    ]
  ])('stops the later checks when %s is %s', async (check, verdict, expected) => {
    const { list, ran } = scripted({ [check]: verdict })
    const checks = await runChecks(list)
    expect(ran).toEqual(expected)
    expect(checks.verdicts.at(-1)).toEqual({ check, verdict, why: `${check}: ${verdict}` })
  })

  it.each<[CheckName, CheckVerdictKind, CheckName[]]>([
    // The bake watches for long: not once a check could not conclude.
    ['info', 'inconclusive', []],
    ['info', 'skipped', ['bake']],
    ['serving', 'skipped', ['bake']]
  ])(
    'goes on when %s is %s: the agent checks still give a verdict',
    async (check, verdict, after) => {
      const { list, ran } = scripted({ [check]: verdict })
      await runChecks(list)
      expect(ran).toEqual([
        'commit',
        'serving',
        'info',
        'assistants',
        'threads',
        'assistant',
        'run',
        'a2a',
        'suite',
        'gate',
        ...after
      ])
    }
  )

  it('gives no verdict to a check not asked for', async () => {
    const config = configFor({
      ...gitHostConfig('http://127.0.0.1:9'),
      agent: { assistantId: 'a' }
    })
    const revision = { result: DEPLOYED, deploymentId: 'deployment', revisionId: 'revision' }
    const asked = CHECKS.filter((row) => row.asks(config, revision))
    // No agent.message, no agent.a2a, no smoke.cases, no promote, no gate.
    expect(asked.map(({ name }) => name)).toEqual(['serving', 'info', 'assistant'])
  })

  it('takes a check that throws for one that could not conclude', async () => {
    const { list } = scripted({
      assistant: () => Promise.reject(new Error('socket hang up'))
    })
    const checks = await runChecks(list)
    expect(checks.verdicts.at(-1)).toEqual({
      check: 'assistant',
      verdict: 'inconclusive',
      why: 'The assistant check could not be made: socket hang up'
    })
  })

  it('never turns a cancellation into a verdict, even one a check made of the abort', async () => {
    const controller = new AbortController()
    const cancel = new CancelledError('SIGTERM')
    const { list, ran } = scripted({
      run: async () => {
        controller.abort(cancel)
        return { verdict: 'failed', why: 'the run was cancelled (SIGTERM)' }
      }
    })
    await expect(runChecks(list, controller.signal)).rejects.toBe(cancel)
    expect(ran).toEqual(['commit', 'serving', 'info', 'assistants', 'threads', 'assistant', 'run'])
  })

  it('rejects with the CancelledError when a check throws because of the abort', async () => {
    const controller = new AbortController()
    const cancel = new CancelledError('SIGINT')
    const { list } = scripted({
      assistant: async () => {
        controller.abort(cancel)
        throw cancel
      }
    })
    await expect(runChecks(list, controller.signal)).rejects.toBe(cancel)
  })
})

describe("the run's timeout ending during a check", () => {
  let agent: AgentServerEmulator | undefined
  afterEach(async () => {
    await agent?.close()
    agent = undefined
  })

  it('makes an agent check that got no answer one that could not conclude, rolled back per its row', async () => {
    agent = await startAgentServer()
    const config = configFor({ ...gitHostConfig('http://127.0.0.1:9'), agent: { message: 'hi' } })
    // The run's deadline has passed: nothing more is sent, and no answer comes.
    const assistantOnly = CHECKS.filter(({ name }) => name === 'assistant')
    const { checks } = await checkRevision(
      assistantOnly,
      config,
      { ...DEPLOYED, deploymentUrl: agent.url },
      { deadline: clock.now() - 1 }
    )
    expect(checks.verdicts).toEqual([
      {
        check: 'assistant',
        verdict: 'inconclusive',
        why: expect.stringContaining("The run's timeout ended during the check"),
        // For people: what it saw, without the check's name or the log's note on outputs.
        saw: "/assistants/agent got no answer: the time allowed ran out before it was sent. The run's timeout ended during the check, so it could not conclude."
      }
    ])
    expect(checksRollBack(CHECKS, checks)).toBe(true)
    expect(agent.requests).toEqual([])
  })
})

describe("the runner's list: the spec's table of checks that cannot conclude", () => {
  it('rolls back on "could not conclude" only for checks of the new revision\'s own behaviour', () => {
    expect(CHECKS.map(({ name, inconclusiveRollsBack }) => [name, inconclusiveRollsBack])).toEqual([
      ['commit', false],
      ['serving', false],
      ['info', true],
      ['assistants', true],
      ['threads', true],
      ['assistant', true],
      ['run', true],
      ['a2a', true],
      ['suite', true],
      ['gate', true],
      ['bake', true]
    ])
  })

  it.each<[CheckName, CheckVerdictKind, boolean]>([
    ['serving', 'failed', true],
    ['serving', 'inconclusive', false],
    ['commit', 'inconclusive', false],
    ['commit', 'failed', true],
    ['info', 'inconclusive', true],
    ['info', 'skipped', false],
    ['run', 'inconclusive', true],
    ['suite', 'inconclusive', true],
    ['gate', 'inconclusive', true],
    ['gate', 'failed', true],
    ['bake', 'inconclusive', true],
    ['bake', 'failed', true]
  ])('%s %s is ground for a rollback: %s', (check, verdict, expected) => {
    expect(checksRollBack(CHECKS, { verdicts: [{ check, verdict }] })).toBe(expected)
  })

  it('reads the outcome table for the rest: no rollback on a timeout, a cancel or SKIPPED', () => {
    expect(OUTCOMES.timeout.rollback).toBe('no')
    expect(OUTCOMES.cancelled.rollback).toBe('no')
    expect(OUTCOMES.superseded.rollback).toBe('no')
    expect(OUTCOMES.failed.rollback).toBe('yes')
    expect(OUTCOMES['checks-failed'].rollback).toBe('by-checks')
  })
})

describe('the checks after DEPLOYED, against the emulator', () => {
  const NAME = 'support-agent'
  const serving = servingAgentPerTest(NAME)

  async function start(options: ControlPlaneOptions = {}, agentOptions: AgentServerOptions = {}) {
    const { controlPlane } = await serving(options, agentOptions)
    return { controlPlane, ...seedServing(controlPlane, NAME) }
  }

  it('fails the step when /info names the revision as a number: could not confirm, never a skip', async () => {
    const { controlPlane } = await start({}, { infoHost: 'malformed' })
    const run = await runDelivery({
      ...gitHostConfig(controlPlane.url, NAME),
      agent: { timeoutMs: 2_000 }
    })
    expect(run.result.outcome).toBe('checks-failed')
    expect(OUTCOMES[run.result.outcome].exitCode).toBe(1)
    expect(run.checks?.verdicts).toEqual([
      { check: 'serving', verdict: 'passed' },
      {
        check: 'info',
        verdict: 'inconclusive',
        why: expect.stringContaining('(host.host_revision_id: ')
      },
      // /info that could not confirm lets the agent checks give a verdict of their own.
      { check: 'assistant', verdict: 'passed' }
    ])
    expect(run.log.join('\n')).not.toContain('The /info check was skipped')
  })

  it('ends cancelled when the run is cancelled while the run check waits for its reply: no verdict, no rollback', async () => {
    const controller = new AbortController()
    let release: () => void = () => undefined
    const { controlPlane, first } = await start(
      {},
      {
        // The run arrives, the job is cancelled, and the agent never answers before it.
        beforeRun: () => {
          controller.abort(new CancelledError('SIGTERM'))
          return new Promise((resolve) => (release = () => resolve(undefined)))
        }
      }
    )
    const run = await runDelivery(
      {
        ...gitHostConfig(controlPlane.url, NAME),
        agent: { message: 'hi', timeoutMs: 30_000 },
        rollback: { onFailure: true }
      },
      undefined,
      { signal: controller.signal }
    )
    release()
    expect(run.result.outcome).toBe('cancelled')
    expect(OUTCOMES.cancelled.exitCode).toBe(1)
    expect(run.checks).toBeUndefined()
    expect(run.rollback).toBeUndefined()
    expect(controlPlane.redeploys()).toEqual([])
    expect(run.outputs['rolled-back']).toBe('false')
    expect(run.outputs['previous-revision-id']).toBe(first)
    expect(run.log.join('\n')).not.toMatch(/check "run" failed|Rolling back/)
  })
})
