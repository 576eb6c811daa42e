import { describe, expect, it } from '@jest/globals'
import { InputError } from '../../src/inputs/parse'
import { outputProblem } from '../../src/report/outputs'
import { createRedactor } from '../../src/report/redact'
import { configOfStep, overStep, type Step } from '../helpers/policy-file'

const ENV = {
  GITHUB_REF: 'refs/heads/main',
  GITHUB_EVENT_NAME: 'push',
  GITHUB_SERVER_URL: 'https://github.com',
  GITHUB_REPOSITORY: 'acme/support-agent'
}

/** An image deploy gated by its policy (`given` merged over it). */
const gated = (given: Step = {}): Step =>
  overStep(
    {
      'api-url': 'https://control.example.com',
      'api-key': 'key-123',
      name: 'support-agent',
      source: 'external_image',
      'image-uri': 'registry.example.com/agent:1',
      'tracing-url': 'https://tracing.example.com/api/v1/',
      policy: {
        agent: { assistant: 'agent' },
        gate: {
          dataset: 'support-questions',
          'min-scores': { correctness: 0.8, helpfulness: 0.5 }
        }
      }
    },
    given
  )

/** Every problem: the inputs' as `input: message`, the policy's as `key path: message`. */
async function problemsOf(step: Step): Promise<string[]> {
  try {
    await configOfStep(step, ENV)
  } catch (error) {
    expect(error).toBeInstanceOf(InputError)
    const { problems, policyProblems } = error as InputError
    return [
      ...problems.map((p) => `${p.input}: ${p.message}`),
      ...policyProblems.map((p) => `${p.keyPath}: ${p.message}`)
    ]
  }
  throw new Error('the step was accepted')
}

describe('the evaluation gate of the release policy', () => {
  it('becomes the gate config with the defaults of the policy', async () => {
    const config = await configOfStep(
      gated({ policy: { gate: { 'max-regression': { '*': 0.05, correctness: 0.1 } } } }),
      ENV
    )
    expect(config.gate).toEqual({
      dataset: 'support-questions',
      tracingUrl: 'https://tracing.example.com/api/v1',
      tracingWebUrl: undefined,
      assistantId: 'agent',
      splits: undefined,
      datasetVersion: undefined,
      maxExamples: 100,
      repetitions: 1,
      concurrency: 4,
      minScores: new Map([
        ['correctness', 0.8],
        ['helpfulness', 0.5]
      ]),
      maxRegression: new Map([
        ['*', 0.05],
        ['correctness', 0.1]
      ]),
      keys: ['correctness', 'helpfulness'],
      maxErrorRate: 0,
      baseline: { kind: 'previous' },
      timeoutMs: 600_000
    })
  })

  it('is undefined without gate.dataset; tracing-url alone is no gate and no problem', async () => {
    const config = await configOfStep(
      { ...gated(), policy: { agent: { assistant: 'agent' } } },
      ENV
    )
    expect(config.gate).toBeUndefined()
  })

  it('refuses gate.dataset without tracing-url, or with wait: false, on the key that needs it', async () => {
    const problems = await problemsOf(gated({ 'tracing-url': '', wait: 'false' }))
    expect(problems.map((p) => p.split(':')[0])).toEqual([
      'agent.assistant',
      'gate.dataset',
      'gate.dataset'
    ])
    expect(problems).toContain(
      'gate.dataset: gate.dataset needs the tracing-url input (the tracing service that keeps the dataset)'
    )
  })

  it('refuses release-policy with operation delete, by name', async () => {
    const deleting = await problemsOf({
      'api-url': 'https://control.example.com',
      'api-key': 'k',
      name: 'support-agent',
      operation: 'delete',
      policy: { gate: { dataset: 'd' } }
    })
    expect(deleting).toEqual([
      'release-policy: is not used with operation delete (the release policy says what must hold before a new revision stays; delete deploys none)'
    ])
  })

  it('warns of an http:// tracing-url to another host, not of loopback', async () => {
    const remote = await configOfStep(gated({ 'tracing-url': 'http://tracing.example.com' }), ENV)
    expect(remote.warnings).toEqual([
      'tracing-url is http:// to tracing.example.com, not this machine: the api-key travels in clear text. Use https://.'
    ])
    const local = await configOfStep(gated({ 'tracing-url': 'http://127.0.0.1:9000' }), ENV)
    expect(local.warnings).toEqual([])
  })
})

describe('the gate outputs', () => {
  const redact = createRedactor([])
  it('sets eval-scores only as JSON of keys, numbers, null and the fixed words', () => {
    const good = JSON.stringify({
      correctness: {
        mean: 0.8,
        n: 10,
        baseline: null,
        delta: null,
        compared: null,
        verdict: 'pass'
      }
    })
    expect(outputProblem('eval-scores', good, redact)).toBeUndefined()
    const hostile = [
      JSON.stringify({
        'a$(id)': { mean: 1, n: 1, baseline: null, delta: null, compared: null, verdict: 'pass' }
      }),
      JSON.stringify({
        a: { mean: '$(id)', n: 1, baseline: null, delta: null, compared: null, verdict: 'pass' }
      }),
      JSON.stringify({
        a: { mean: 1, n: 1, baseline: null, delta: null, compared: null, verdict: 'ok' }
      }),
      JSON.stringify({
        a: { mean: 1, n: 1, baseline: null, delta: null, compared: null, verdict: 'pass', x: 1 }
      }),
      JSON.stringify({
        a: { mean: 1, n: 1.5, baseline: null, delta: null, compared: null, verdict: 'pass' }
      }),
      JSON.stringify({
        a: { mean: null, n: 1, baseline: null, delta: null, compared: null, verdict: 'pass' }
      }),
      JSON.stringify({
        a: { mean: 1, n: 1, baseline: 1, delta: 0, compared: 0.5, verdict: 'pass' }
      }),
      JSON.stringify({ a: { mean: 1, n: 1, baseline: null, delta: null, verdict: 'pass' } }),
      '[]',
      'not json'
    ]
    for (const value of hostile) expect(outputProblem('eval-scores', value, redact)).toBeDefined()
  })

  it('sets the experiment ids only as UUIDs and eval-passed only as true/false', () => {
    expect(outputProblem('experiment-id', 'x; rm -rf', redact)).toBe('it is not a UUID')
    expect(outputProblem('baseline-experiment-id', 'not', redact)).toBe('it is not a UUID')
    expect(outputProblem('eval-passed', 'yes', redact)).toBe('it is not true or false')
    expect(outputProblem('eval-passed', 'false', redact)).toBeUndefined()
  })
})
