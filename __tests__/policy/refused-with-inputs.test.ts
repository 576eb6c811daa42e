import { afterEach, describe, expect, it } from '@jest/globals'
import { startServices, type Services } from '../../emulator'
import { clock, gitHostStep } from '../helpers/deploy-harness'
import { runInProcess, type WorldRun } from '../helpers/action-world'
import { POLICY_PATH, type Step } from '../helpers/policy-file'

/**
 * The release policy refused with the step's inputs, through the built action: the rules between
 * the policy and the inputs are said in the same run as the file's own problems, and a policy is
 * refused with delete and prune by its input. Nothing reaches any service.
 */
const NAME = 'support-agent'
let services: Services | undefined
afterEach(async () => {
  await services?.close()
  services = undefined
})

async function deployStep(): Promise<Step> {
  services = await startServices({ now: clock.now })
  return { ...gitHostStep(services.controlPlane.url, NAME), 'api-key': 'emulator-key' }
}

const sent = () =>
  [services?.controlPlane, services?.agent, services?.tracing].flatMap(
    (service) => service?.requests ?? []
  )

const policyErrors = (result: WorldRun) =>
  result.annotations
    .filter((annotation) => annotation.file === POLICY_PATH)
    .map(({ line, title, text }) => ({ line, title, text }))

describe('the rules with the inputs, beside the problems of the file', () => {
  it('says a typo and the checks that wait: false leaves no time for, each on its key', async () => {
    const step = await deployStep()
    const result = await runInProcess(
      {
        ...step,
        wait: 'false',
        policy: [
          'version: 1',
          'agent:',
          '  assistant: agent',
          '  mesage: hello',
          'gate: {dataset: golden, min-scores: {correctness: 0.8}}'
        ].join('\n')
      },
      { clock }
    )
    expect(result.exitCode).toBe(1)
    expect(policyErrors(result)).toEqual([
      {
        line: 3,
        title: 'release policy: agent.assistant',
        text: expect.stringMatching(/^agent\.assistant needs wait: true/)
      },
      {
        line: 4,
        title: 'release policy: agent.mesage',
        text: expect.stringMatching(/did you mean .*message/)
      },
      {
        line: 5,
        title: 'release policy: gate.dataset',
        text: expect.stringMatching(/^gate\.dataset needs wait: true/)
      },
      {
        line: 5,
        title: 'release policy: gate.dataset',
        text: expect.stringMatching(/^gate\.dataset needs the tracing-url input/)
      }
    ])
    expect(result.annotations.find((each) => each.kind === 'error')?.text).toMatch(
      /The release policy has 4 problems/
    )
    expect(sent()).toEqual([])
  })

  it("judges the entry the environment picks, though another key's value is wrong", async () => {
    const step = await deployStep()
    const result = await runInProcess(
      {
        ...step,
        wait: 'false',
        environment: 'production',
        policy: [
          'version: 1',
          'smoke: {min-pass: most}',
          'environments:',
          '  production:',
          '    rollback: {on-failure: true}'
        ].join('\n')
      },
      { clock }
    )
    expect(result.exitCode).toBe(1)
    expect(policyErrors(result).map(({ line, title }) => ({ line, title }))).toEqual([
      { line: 2, title: 'release policy: smoke.min-pass' },
      { line: 5, title: 'release policy: rollback.on-failure' }
    ])
    expect(policyErrors(result)[1]?.text).toBe(
      'with environments.production merged: rollback.on-failure needs wait: true (it acts once the revision is DEPLOYED)'
    )
    expect(sent()).toEqual([])
  })
})

describe('release-policy with an operation that deploys nothing', () => {
  it.each([
    ['delete', { name: NAME }],
    ['prune', { 'prune-prefix': 'pr-', 'prune-older-than': '7d' }]
  ])('is refused with operation %s by its input, the file unread', async (operation, inputs) => {
    const step = await deployStep()
    const result = await runInProcess(
      {
        'api-url': step['api-url'],
        'api-key': 'emulator-key',
        operation,
        ...inputs,
        // Not a policy at all: it is not read.
        policy: 'version: [\n'
      },
      { clock }
    )
    expect(result.exitCode).toBe(1)
    expect(policyErrors(result)).toEqual([])
    const failure = result.annotations.find((each) => each.kind === 'error')?.text ?? ''
    expect(failure).toMatch(/The action's inputs have 1 problem;/)
    expect(failure).toContain(
      `  - release-policy: is not used with operation ${operation} (the release policy says what must hold before a new revision stays; ${operation} deploys none)`
    )
    expect(sent()).toEqual([])
  })
})
