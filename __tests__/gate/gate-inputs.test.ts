import { describe, expect, it } from '@jest/globals'
import { InputError, parseInputs } from '../../src/inputs/parse'
import type { RawInputs } from '../../src/inputs/contract'
import { parseThresholds } from '../../src/inputs/eval'
import { outputProblem } from '../../src/report/outputs'
import { createRedactor } from '../../src/report/redact'
import { rawInputs } from '../helpers/action-yml'

const ENV = {
  GITHUB_REF: 'refs/heads/main',
  GITHUB_EVENT_NAME: 'push',
  GITHUB_SERVER_URL: 'https://github.com',
  GITHUB_REPOSITORY: 'acme/support-agent'
}

const gated = (given: Partial<RawInputs> = {}) =>
  rawInputs({
    'api-url': 'https://control.example.com',
    'api-key': 'key-123',
    name: 'support-agent',
    source: 'external_image',
    'image-uri': 'registry.example.com/agent:1',
    'verify-assistant': 'agent',
    'eval-dataset': 'support-questions',
    'tracing-url': 'https://tracing.example.com/api/v1/',
    'eval-min-scores': 'correctness=0.8\nhelpfulness = 0.5',
    ...given
  })

async function problemsOf(raw: RawInputs): Promise<string[]> {
  try {
    await parseInputs(raw, ENV)
  } catch (error) {
    expect(error).toBeInstanceOf(InputError)
    return (error as InputError).problems.map((p) => `${p.input}: ${p.message}`)
  }
  throw new Error('the inputs were accepted')
}

describe('the evaluation gate inputs', () => {
  it('become the gate config with the defaults of action.yml', async () => {
    const config = await parseInputs(
      gated({ 'eval-max-regression': '*=0.05\ncorrectness=0.1' }),
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

  it('is undefined without eval-dataset', async () => {
    expect(
      (
        await parseInputs(
          gated({ 'eval-dataset': '', 'tracing-url': '', 'eval-min-scores': '' }),
          ENV
        )
      ).gate
    ).toBeUndefined()
  })

  it('refuses every bad gate input at once, each by name', async () => {
    const problems = await problemsOf(
      gated({
        'eval-min-scores': 'correctness\n*=0.5\nbad key=1\nhelpfulness=high',
        'eval-max-regression': 'correctness=-0.1',
        'eval-repetitions': '6',
        'eval-concurrency': '0',
        'eval-max-examples': 'many',
        'eval-max-error-rate': '150%',
        'eval-baseline': 'yesterday',
        'eval-timeout': 'soon',
        'eval-splits': 'a,,b',
        'tracing-url': 'ftp://tracing.example.com'
      })
    )
    expect(problems.map((p) => p.split(':')[0]).sort()).toEqual(
      [
        'eval-baseline',
        'eval-concurrency',
        'eval-max-error-rate',
        'eval-max-examples',
        'eval-max-regression',
        'eval-min-scores',
        'eval-min-scores',
        'eval-min-scores',
        'eval-min-scores',
        'eval-repetitions',
        'eval-splits',
        'eval-timeout',
        'tracing-url'
      ].sort()
    )
    expect(problems).toContain('eval-min-scores: line 1 is not key=number')
    expect(problems).toContain('eval-repetitions: must be at most 5 (runs per example)')
  })

  it('refuses eval-dataset without verify-assistant or tracing-url, or with wait: false', async () => {
    const problems = await problemsOf(
      gated({ 'verify-assistant': '', 'tracing-url': '', wait: 'false' })
    )
    expect(problems).toEqual([
      "eval-dataset: needs verify-assistant (the assistant each example's inputs are sent to)",
      'eval-dataset: needs tracing-url (the tracing service that keeps the dataset)',
      'eval-dataset: needs wait: true (the gate evaluates the revision once it is DEPLOYED)'
    ])
  })

  it('refuses a gate that names no key, and a regression bound with no baseline', async () => {
    expect(
      await problemsOf(
        gated({ 'eval-min-scores': '', 'eval-max-regression': '*=0.1', 'eval-baseline': 'none' })
      )
    ).toEqual([
      'eval-min-scores: or eval-max-regression must name a feedback key (key=number): the gate judges the scores of the keys named',
      'eval-max-regression: has nothing to compare with: eval-baseline is none (use previous, dataset or an experiment id)'
    ])
  })

  it('refuses gate inputs without eval-dataset, and with operation delete', async () => {
    expect(await problemsOf(gated({ 'eval-dataset': '', 'eval-repetitions': '3' }))).toEqual([
      'tracing-url: needs eval-dataset (the dataset the evaluation gate runs)',
      'eval-repetitions: needs eval-dataset (the dataset the evaluation gate runs)',
      'eval-min-scores: needs eval-dataset (the dataset the evaluation gate runs)'
    ])
    const deleting = await problemsOf(
      rawInputs({
        'api-url': 'https://control.example.com',
        'api-key': 'k',
        name: 'support-agent',
        operation: 'delete',
        'eval-dataset': 'd'
      })
    )
    expect(deleting).toEqual(['eval-dataset: is for operation deploy, not delete'])
  })

  it('warns of an http:// tracing-url to another host, not of loopback', async () => {
    const remote = await parseInputs(gated({ 'tracing-url': 'http://tracing.example.com' }), ENV)
    expect(remote.warnings).toEqual([
      'tracing-url is http:// to tracing.example.com, not this machine: the api-key travels in clear text. Use https://.'
    ])
    const local = await parseInputs(gated({ 'tracing-url': 'http://127.0.0.1:9000' }), ENV)
    expect(local.warnings).toEqual([])
  })

  it('reads threshold lines with comments, and says which line is wrong without quoting values', () => {
    expect(
      parseThresholds('# gate\ncorrectness=0.8\n\nlatency:p50 = 1e3', {
        allowEvery: false,
        allowNegative: true
      })
    ).toEqual({ problems: ['line 4: latency:p50 must be given a number (key=number)'] })
    expect(
      parseThresholds('a=1\na=2', { allowEvery: true, allowNegative: false }).problems
    ).toEqual(['line 2: a is given twice'])
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
