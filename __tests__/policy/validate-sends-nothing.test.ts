import { afterEach, describe, expect, it } from '@jest/globals'
import { startServices, type Services } from '../../emulator'
import { clock } from '../helpers/deploy-harness'
import { runInProcess } from '../helpers/action-world'
import { startGitHubApi } from '../helpers/github-api'
import { BASE_SHA } from '../helpers/runner-event'
import { POLICY_PATH, policyText } from '../helpers/policy-file'

/**
 * operation validate through the built action, on a pull request with every service named in its
 * inputs (the control plane and its key, the tracing service, a GitHub token asking for a PR
 * comment): a row of the operation table that needs nothing, so not one request reaches any of
 * them, GitHub's base-branch read of the policy included.
 */
const closers: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const close of closers.splice(0)) await close()
})

async function listening() {
  const services: Services = await startServices({ now: clock.now })
  closers.push(services.close)
  const policy = {
    agent: { assistant: 'agent', message: 'hi' },
    smoke: { cases: [{ message: 'ping' }] },
    gate: { dataset: 'golden', 'min-scores': { correctness: 0.8 } },
    rollback: { 'on-failure': true },
    environments: { 'pr-*': { gate: { 'min-scores': { correctness: 0.7 } } } }
  }
  // The base branch holds a policy to compare with: a run that reached GitHub would read it.
  const github = await startGitHubApi({
    files: { [BASE_SHA]: { [POLICY_PATH]: policyText(policy) } }
  })
  closers.push(github.close)
  const requests = () => ({
    controlPlane: services.controlPlane.requests.length,
    agent: services.agent.requests.length,
    tracing: services.tracing.requests.length,
    github: github.calls.length
  })
  return { services, github, policy, requests }
}

describe('operation validate', () => {
  it('on a pull request, with every service named, sends not one request', async () => {
    const { services, github, policy, requests } = await listening()
    const result = await runInProcess(
      {
        operation: 'validate',
        'api-url': services.controlPlane.url,
        'api-key': 'emulator-key',
        'tracing-url': services.tracing.url,
        'github-token': 'ghs_unused',
        'pr-comment': 'true',
        environment: 'pr-7',
        policy
      },
      { clock, pullRequest: { number: 7 }, githubApiUrl: github.url }
    )
    expect(result.exitCode).toBe(0)
    expect(result.stdout).toMatch(/Release policy \S+: no problems/)
    expect(result.stdout).toMatch(/Policy in effect with environments\.pr-\*: digest [0-9a-f]{64}/)
    expect(requests()).toEqual({ controlPlane: 0, agent: 0, tracing: 0, github: 0 })
  })
})
