import { afterAll, describe, expect, it } from '@jest/globals'
import { parseInputs, type DeployConfig } from '../../src/inputs/parse'
import { configFromPolicy } from '../../src/policy/to-config'
import { rawInputs } from '../helpers/action-yml'
import { lines, PolicyWorkspace } from './workspace'

const workspace = new PolicyWorkspace()
afterAll(() => workspace.remove())

type PolicyFields = Pick<
  DeployConfig,
  'verify' | 'gate' | 'rollbackOnFailure' | 'rollbackTimeoutMs'
>

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

/** Today's Config fields from inputs, and the same fields from a policy that says the same. */
async function both(given: Record<string, string>, policyLines: string[]) {
  const config = await parseInputs(rawInputs({ ...connection, ...given }), env())
  if (config.operation !== 'deploy') throw new Error('not a deploy')
  const fromInputs: PolicyFields = {
    verify: config.verify,
    gate: config.gate,
    rollbackOnFailure: config.rollbackOnFailure,
    rollbackTimeoutMs: config.rollbackTimeoutMs
  }
  const path = workspace.write(`policy-${Object.keys(given).length}.yml`, lines(...policyLines))
  const fromPolicy: PolicyFields = configFromPolicy(
    (await workspace.load(path)).inEffect(undefined),
    inputs
  )
  return { fromInputs, fromPolicy }
}

describe("release policy: the settings today's Config carries", () => {
  it('are the same from a policy as from the inputs it replaces: agent checks, smoke suite, gate, rollback', async () => {
    workspace.write('cases.yml', lines('- name: greets', '  message: hi', '  expect: /hel+o/i'))
    const { fromInputs, fromPolicy } = await both(
      {
        ...tracing,
        'verify-assistant': 'agent',
        'verify-message': 'hello',
        'verify-expect': 'hi',
        'verify-a2a': 'true',
        'verify-timeout': '2m',
        'verify-cases': 'cases.yml',
        'verify-min-pass': '80%',
        'verify-concurrency': '2',
        'eval-dataset': 'support-golden',
        'eval-splits': 'test, smoke',
        'eval-dataset-version': 'v3',
        'eval-max-examples': '60',
        'eval-repetitions': '2',
        'eval-concurrency': '3',
        'eval-min-scores': 'correctness=0.8\ntone=0.5',
        'eval-max-regression': '*=0.05',
        'eval-max-error-rate': '10%',
        'eval-baseline': 'dataset',
        'eval-timeout': '20m',
        'rollback-on-failure': 'true',
        'rollback-timeout': '1h'
      },
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
      ]
    )
    expect(fromPolicy.gate?.keys).toEqual(['correctness', 'tone'])
    expect(fromPolicy.verify?.suite?.cases).toHaveLength(1)
    expect(fromPolicy).toEqual(fromInputs)
  })

  it('fills the defaults as the inputs do, and without a policy runs no check and no rollback', async () => {
    const { fromInputs, fromPolicy } = await both({ 'verify-assistant': 'agent' }, [
      'version: 1',
      'agent: {assistant: agent}'
    ])
    expect(fromPolicy).toEqual(fromInputs)
    const none = await both({}, ['version: 1'])
    expect(none.fromPolicy).toEqual(none.fromInputs)
    expect(configFromPolicy(undefined, inputs)).toEqual(none.fromInputs)
  })
})
