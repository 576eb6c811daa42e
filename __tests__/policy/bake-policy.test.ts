import { afterAll, describe, expect, it } from '@jest/globals'
import { comparePolicies, changeLine } from '../../src/policy/compare'
import { describePolicy } from '../../src/policy/describe'
import { policyInputRules } from '../../src/policy/rules'
import { configFromPolicy } from '../../src/policy/to-config'
import { lines, PolicyWorkspace } from './workspace'

const workspace = new PolicyWorkspace()
afterAll(() => workspace.remove())

const TRACING = 'https://tracing.example.com'

describe('release policy: the bake section', () => {
  it('refuses bad durations, ranges, latency keys, shares without % and a revision key outside the pattern', async () => {
    const path = workspace.write(
      'bad.yml',
      lines(
        'version: 1', // 1
        'bake:', // 2
        '  duration: 6h', // 3
        '  interval: 0.5', // 4
        '  min-runs: -1', // 5
        '  max-error-rate: 5', // 6
        '  max-latency: {p90: 2s, p99: soon}', // 7
        '  max-regression: {error-rate: 50%, p50: 20}', // 8
        '  failure-limit: 11', // 9
        "  revision-key: 'a\"b'" // 10
      )
    )
    expect(await workspace.problems(path)).toEqual([
      '3:13 bake.duration must be at most 5h (the runner ends a job after 6 hours)',
      '4:13 bake.interval must be at least 1s',
      '5:13 bake.min-runs must be a whole number from 0 to 1000000',
      '6:19 bake.max-error-rate must be a share written with %, from 0% to 100% (for example 5%); a bare number is not a share',
      '7:17 bake.max-latency.p90: the key must be p50 or p99',
      '7:31 bake.max-latency.p99 must be a duration: seconds (900) or text like 15m, 1h30m, 45s',
      '8:42 bake.max-regression.p50 must be a share written with %, from 0% to 1000% (for example 20%); a bare number is not a share',
      '9:18 bake.failure-limit must be at most 10',
      "10:17 bake.revision-key must be 1–64 letters, digits and _ . - (it is written into the service's filter)"
    ])
  })

  it('refuses an interval longer than the duration, keys without a duration, and a bake with no bound', async () => {
    const path = workspace.write(
      'rules.yml',
      lines(
        'version: 1',
        'bake: {duration: 10m, interval: 15m}',
        'environments:',
        '  prod:',
        '    bake: {duration: null, min-runs: 50}'
      )
    )
    expect(await workspace.problems(path)).toEqual([
      '2:1 bake needs a bound: bake.max-error-rate, bake.max-latency or bake.max-regression (a bake with nothing to judge would only wait)',
      '2:23 bake.interval (15m) is longer than bake.duration (10m): the window would never be read before it ends',
      "2:23 with environments.prod merged: bake.interval needs bake.duration (how long the new revision's traffic is watched)",
      "5:28 with environments.prod merged: bake.min-runs needs bake.duration (how long the new revision's traffic is watched)"
    ])
    const over = workspace.write(
      'over.yml',
      lines('version: 1', 'bake: {duration: 10m, max-regression: {error-rate: 150%}}')
    )
    expect(await workspace.problems(over)).toEqual([
      '2:40 bake.max-regression.error-rate must be a share written with %, from 0% to 100% (points above the previous rate)'
    ])
    const empty = workspace.write(
      'empty-maps.yml',
      lines('version: 1', 'bake: {duration: 10m, max-latency: {}, max-regression: {}}')
    )
    expect((await workspace.problems(empty)).join('\n')).toMatch(/bake needs a bound/)
  })

  it('refuses a bake without tracing-url and with wait: false, naming bake.duration', async () => {
    const path = workspace.write(
      'good.yml',
      lines('version: 1', 'bake: {duration: 15m, max-error-rate: 2%}')
    )
    const { policy } = (await workspace.load(path)).inEffect(undefined)
    const messages = (step: Parameters<typeof policyInputRules>[1]) =>
      policyInputRules(policy, step).map(
        (problem) => `${problem.path.join('.')}: ${problem.message}`
      )
    expect(messages({ wait: false })).toEqual([
      'bake.duration: bake.duration needs wait: true (it acts once the revision is DEPLOYED)',
      "bake.duration: bake.duration needs the tracing-url input (the tracing service that holds the deployment's runs)"
    ])
    expect(messages({ wait: true, tracingUrl: TRACING })).toEqual([])
  })

  it('fills the defaults, cuts the default interval to a shorter bake, and reads as words', async () => {
    const path = workspace.write(
      'full.yml',
      lines(
        'version: 1',
        'bake:',
        '  duration: 30s',
        '  max-error-rate: 2%',
        '  max-latency: {p99: 8s}',
        '  max-regression: {error-rate: 1%, p50: 20%}',
        '  revision-key: revision_id'
      )
    )
    const inEffect = (await workspace.load(path)).inEffect(undefined)
    expect(inEffect.policy.bake).toEqual({
      duration: 30_000,
      interval: 60_000,
      'min-runs': 20,
      'failure-limit': 2,
      'max-error-rate': 0.02,
      'max-latency': { p99: 8000 },
      'max-regression': { 'error-rate': 0.01, p50: 0.2 },
      'revision-key': 'revision_id'
    })
    expect(configFromPolicy(inEffect, { apiKey: 'k', tracingUrl: TRACING }).bake).toEqual({
      durationMs: 30_000,
      intervalMs: 30_000,
      minRuns: 20,
      maxErrorRate: 0.02,
      maxLatencyMs: { p99: 8000 },
      maxRegression: { 'error-rate': 0.01, p50: 0.2 },
      failureLimit: 2,
      revisionKey: 'revision_id',
      tracingUrl: TRACING
    })
    expect(describePolicy(inEffect.policy)).toEqual([
      "bake: 30s of traffic, read every 1m, at least 20 runs, errors ≤ 2%, p99 ≤ 8s, error rate at most 1% above the previous revision's, p50 at most 20% above the previous revision's, 2 breaching reads in a row end it, runs whose metadata revision_id names the revision"
    ])
    // 15m and 900 digest alike.
    const a = workspace.write(
      'a.yml',
      lines('version: 1', 'bake: {duration: 15m, max-error-rate: 1%}')
    )
    const b = workspace.write(
      'b.yml',
      lines('version: 1', 'bake: {duration: 900, max-error-rate: 1%}')
    )
    expect((await workspace.load(a)).inEffect(undefined).digest).toBe(
      (await workspace.load(b)).inEffect(undefined).digest
    )
  })

  it('calls a lower duration or min-runs and a higher bound or failure-limit weaker, a removed bound weaker', async () => {
    const base = workspace.write(
      'base.yml',
      lines(
        'version: 1',
        'bake: {duration: 30m, min-runs: 50, max-error-rate: 1%, max-latency: {p99: 5s, p50: 1s}, failure-limit: 2}'
      )
    )
    const head = workspace.write(
      'head.yml',
      lines(
        'version: 1',
        'bake: {duration: 10m, min-runs: 100, max-error-rate: 5%, max-latency: {p99: 4s}, failure-limit: 3, max-regression: {p99: 20%}}'
      )
    )
    const side = async (path: string) => ({
      policy: (await workspace.load(path)).inEffect(undefined).policy
    })
    const changes = comparePolicies(await side(base), await side(head)).map(changeLine)
    expect(changes).toEqual([
      '`bake.duration` 30m → 10m, weaker',
      '`bake.min-runs` 50 → 100, stronger',
      '`bake.max-error-rate` 1% → 5%, weaker',
      '`bake.max-latency.p99` 5s → 4s, stronger',
      '`bake.max-latency.p50` 1s → (none), weaker (removed)',
      '`bake.failure-limit` 2 → 3, weaker',
      '`bake.max-regression.p99` (none) → 20%, stronger (added)'
    ])
  })
})
