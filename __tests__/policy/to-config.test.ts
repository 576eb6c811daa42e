import { afterAll, describe, expect, it } from '@jest/globals'
import type { DeployConfig } from '../../src/inputs/parse'
import { parseServiceInputs } from '../helpers/service-config'
import { configFromPolicy } from '../../src/policy/to-config'
import { rawInputs } from '../helpers/action-yml'
import { lines, PolicyWorkspace } from './workspace'

const workspace = new PolicyWorkspace()
afterAll(() => workspace.remove())

type PolicyFields = Pick<DeployConfig, 'agent' | 'smoke' | 'gate' | 'rollback'>

const connection = {
  'api-url': 'https://control.example.com',
  'api-key': 'key-123',
  name: 'support-agent',
  'integration-id': '123e4567-e89b-42d3-a456-426614174000',
  'graph-config-path': 'graph.json',
  'agent-api-key': 'agent-key',
  'agent-auth-scheme': 'service-api-key'
}
const tracing = {
  'tracing-url': 'https://tracing.example.com',
  'tracing-web-url': 'https://smith.example.com'
}
const env = () => ({
  GITHUB_REF: 'refs/heads/main',
  GITHUB_EVENT_NAME: 'push',
  GITHUB_WORKSPACE: workspace.root
})
const inputs = {
  apiKey: connection['api-key'],
  agentApiKey: connection['agent-api-key'],
  agentAuthScheme: connection['agent-auth-scheme'],
  tracingUrl: tracing['tracing-url'],
  tracingWebUrl: tracing['tracing-web-url']
}

/** The Config a step builds from `policyLines` named in release-policy, and configFromPolicy's. */
async function both(policyLines: string[], given: Record<string, string> = {}) {
  const path = workspace.write(`policy-${policyLines.length}.yml`, lines(...policyLines))
  const config = await parseServiceInputs(
    rawInputs({ ...connection, ...given, 'release-policy': path }),
    env()
  )
  if (config.operation !== 'deploy') throw new Error('not a deploy')
  const fromStep: PolicyFields = {
    agent: config.agent,
    smoke: config.smoke,
    gate: config.gate,
    rollback: config.rollback
  }
  const fromPolicy: PolicyFields = configFromPolicy(
    (await workspace.load(path)).inEffect(undefined),
    inputs
  )
  return { config, fromStep, fromPolicy }
}

describe("release policy: the settings today's Config carries", () => {
  it('come from the policy a step names: agent checks, smoke suite, gate, rollback', async () => {
    workspace.write('cases.yml', lines('- name: greets', '  message: hi', '  expect: /hel+o/i'))
    const { fromStep, fromPolicy } = await both(
      [
        'version: 1',
        'agent: {assistant: agent, message: hello, expect: hi, a2a: true, timeout: 120}',
        'smoke: {cases: cases.yml, min-pass: 80%, concurrency: 2}',
        'gate:',
        '  dataset: support-golden',
        '  splits: [test, smoke]',
        '  dataset-version: v3',
        '  max-examples: 60',
        '  repetitions: 2',
        '  concurrency: 3',
        '  min-scores: {correctness: 0.8, tone: 0.5}',
        '  max-regression: {"*": 0.05}',
        '  max-error-rate: 10%',
        '  baseline: dataset',
        '  timeout: 20m',
        'rollback: {on-failure: true, timeout: 1h}'
      ],
      tracing
    )
    expect(fromStep).toEqual(fromPolicy)
    expect(fromStep.agent).toMatchObject({
      assistantId: 'agent',
      message: 'hello',
      expect: { kind: 'text', text: 'hi' },
      a2a: true,
      timeoutMs: 120_000,
      apiKey: 'agent-key',
      authScheme: 'service-api-key'
    })
    expect(fromStep.smoke).toMatchObject({
      minPass: { kind: 'percent', percent: 80 },
      concurrency: 2
    })
    expect(fromStep.smoke?.cases).toHaveLength(1)
    expect(fromStep.gate).toMatchObject({
      dataset: 'support-golden',
      tracingUrl: tracing['tracing-url'],
      tracingWebUrl: tracing['tracing-web-url'],
      assistantId: 'agent',
      splits: ['test', 'smoke'],
      datasetVersion: 'v3',
      maxExamples: 60,
      repetitions: 2,
      concurrency: 3,
      keys: ['correctness', 'tone'],
      maxErrorRate: 0.1,
      baseline: { kind: 'dataset' },
      timeoutMs: 20 * 60_000
    })
    expect([...(fromStep.gate?.minScores ?? [])]).toEqual([
      ['correctness', 0.8],
      ['tone', 0.5]
    ])
    expect([...(fromStep.gate?.maxRegression ?? [])]).toEqual([['*', 0.05]])
    expect(fromStep.rollback.onFailure).toBe(true)
    expect(fromStep.rollback.timeoutMs).toBe(3_600_000)
  })

  it('fills the defaults, and without a policy runs no check and no rollback', async () => {
    const { fromStep } = await both(['version: 1', 'agent: {assistant: agent}'])
    expect(fromStep.agent).toMatchObject({
      a2a: false,
      timeoutMs: 5 * 60_000,
      apiKey: 'agent-key'
    })
    expect(fromStep.smoke).toBeUndefined()
    const none = await parseServiceInputs(rawInputs(connection), env())
    const fields = {
      agent: none.agent,
      smoke: none.smoke,
      gate: none.gate,
      rollback: none.rollback
    }
    expect(fields).toEqual(configFromPolicy(undefined, inputs))
    expect(fields).toEqual({
      agent: undefined,
      smoke: undefined,
      gate: undefined,
      rollback: { onFailure: false, timeoutMs: 15 * 60_000 }
    })
  })
})
