import { describe, expect, it } from '@jest/globals'
import { configOfStep, type Step } from '../helpers/policy-file'
import { configFor, type ConfigPartial } from '../helpers/config-fixture'
import { BRANCH_ENV } from '../helpers/step-inputs'

/** The tests' Config fixture says in Config's words what these inputs say. */
const pairs: [string, ConfigPartial, Step][] = [
  ['a bare deploy', {}, { name: 'support-agent' }],
  [
    'a git_host deploy with secrets, a timeout and a trailing slash',
    {
      apiUrl: 'https://control.example.com/',
      integrationId: '123e4567-e89b-42d3-a456-426614174000',
      graphConfigPath: 'graph.json',
      secrets: [{ name: 'A', value: '1' }],
      timeoutMs: 90_000,
      wait: false
    },
    {
      'api-url': 'https://control.example.com/',
      name: 'support-agent',
      'integration-id': '123e4567-e89b-42d3-a456-426614174000',
      'graph-config-path': 'graph.json',
      secrets: 'A=1',
      timeout: '90',
      wait: 'false'
    }
  ],
  [
    'agent checks and a gate',
    {
      agent: { timeoutMs: 5_000, message: 'hi' },
      gate: { maxRegression: new Map([['correctness', 0.1]]), repetitions: 2 }
    },
    {
      name: 'support-agent',
      'tracing-url': 'https://tracing.example.com',
      policy: {
        agent: { assistant: 'agent', timeout: 5, message: 'hi' },
        gate: { dataset: 'gate-dataset', 'max-regression': { correctness: 0.1 }, repetitions: 2 }
      }
    }
  ],
  [
    'a promote with GitHub records',
    { operation: 'promote', name: 'prod', github: { environment: 'production' } },
    {
      operation: 'promote',
      name: 'prod',
      'from-deployment': 'staging',
      'github-token': 'ghs_test-token',
      environment: 'production'
    }
  ],
  [
    'a prune',
    { operation: 'prune', prune: { prefix: 'preview-', olderThanMs: 3_600_000 } },
    { operation: 'prune', 'prune-prefix': 'preview-', 'prune-older-than': '1h' }
  ]
]

describe('configFor', () => {
  it.each(pairs)('gives what the inputs and the policy give: %s', async (_, partial, step) => {
    const parsed = await configOfStep(
      { 'api-url': 'https://control.example.com', 'api-key': 'emulator-key', ...step },
      BRANCH_ENV
    )
    expect(configFor(partial)).toEqual(parsed)
  })

  it('lays over what no input can say, and refuses an input name', () => {
    expect(configFor({ pollIntervalMs: 20 }).pollIntervalMs).toBe(20)
    expect(() => configFor({ 'api-url': 'x' } as ConfigPartial)).toThrow(
      "configFor takes Config's fields: api-url is not one of them"
    )
  })

  it('refuses a step the rules refuse', () => {
    expect(() => configFor({ gate: { baseline: undefined, maxRegression: new Map() } })).toThrow()
  })
})
