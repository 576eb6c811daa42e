import { afterAll, describe, expect, it } from '@jest/globals'
import { selectEntry } from '../../src/policy/environments'
import type { SmokeCase } from '../../src/smoke/cases'
import { lines, PolicyWorkspace } from './workspace'

const workspace = new PolicyWorkspace()
afterAll(() => workspace.remove())

describe('release policy: the environments entry applied', () => {
  it('an exact name beats any prefix, and the longest prefix wins', () => {
    const names = ['pr-*', 'pr-1*', 'pr-12', 'prod']
    expect(selectEntry(names, 'pr-12')).toBe('pr-12')
    expect(selectEntry(names, 'pr-123')).toBe('pr-1*')
    expect(selectEntry(names, 'pr-9')).toBe('pr-*')
    expect(selectEntry(names, 'prod')).toBe('prod')
    expect(selectEntry(names, 'production')).toBeUndefined()
    expect(selectEntry(names, undefined)).toBeUndefined()
  })

  it('merges the entry over the rest: maps key by key, scalars and lists replace, null removes a key, false a section', async () => {
    const path = workspace.write(
      'environments.yml',
      lines(
        'version: 1',
        'agent: {assistant: agent, message: hello, expect: hi}',
        'smoke:',
        '  cases: [{message: one}, {message: two}]',
        'gate:',
        '  dataset: golden',
        '  splits: [a, b]',
        '  min-scores: {correctness: 0.8, tone: 0.5}',
        'rollback: {on-failure: true}',
        'environments:',
        '  production:',
        '    gate: {splits: [c], min-scores: {correctness: 0.9, tone: null}}',
        '  pr-*:',
        '    gate: false',
        '    smoke: {cases: [{message: three}]}',
        '    agent: {expect: null, message: null}'
      )
    )
    const policy = await workspace.load(path)
    const none = policy.inEffect(undefined)
    expect(none.entry).toBeNull()
    expect(none.policy.gate?.['min-scores']).toEqual({ correctness: 0.8, tone: 0.5 })
    expect(policy.inEffect('staging').entry).toBeNull()

    const production = policy.inEffect('production')
    expect(production.entry).toBe('production')
    expect(production.policy.gate?.splits).toEqual(['c'])
    expect(production.policy.gate?.['min-scores']).toEqual({ correctness: 0.9 })
    expect(production.policy.agent?.expect).toBe('hi')

    const preview = policy.inEffect('pr-42')
    expect(preview.entry).toBe('pr-*')
    expect(preview.policy.gate).toBeUndefined()
    expect(preview.policy.agent).toEqual({ assistant: 'agent', a2a: false, timeout: 300_000 })
    expect(preview.files['smoke.cases']?.items.map((c) => (c as SmokeCase).input)).toEqual([
      { messages: [{ role: 'human', content: 'three' }] }
    ])
    expect(preview.policy.rollback).toEqual({ 'on-failure': true, timeout: 900_000 })
  })
})

describe('release policy: the digest of the policy in effect', () => {
  it('is 64 lower-case hex, alike for 15m and 900 and for 5% and 5.0%, apart for another value', async () => {
    const policyWith = (timeout: string, rate: string) =>
      workspace.write(
        `digest-${timeout}-${rate}.yml`,
        lines(
          'version: 1',
          'agent: {assistant: agent}',
          'gate:',
          '  dataset: golden',
          '  min-scores: {correctness: 0.8}',
          `  timeout: ${timeout}`,
          `  max-error-rate: ${rate}`
        )
      )
    const digest = async (timeout: string, rate: string) =>
      (await workspace.load(policyWith(timeout, rate))).inEffect(undefined).digest
    const minutes = await digest('15m', '5%')
    expect(minutes).toMatch(/^[0-9a-f]{64}$/)
    expect(await digest('900', '5.0%')).toBe(minutes)
    expect(await digest('16m', '5%')).not.toBe(minutes)
  })

  it('leaves out environments, fills defaults only in the sections present, and follows the entry applied', async () => {
    const bare = workspace.write('bare.yml', lines('version: 1', 'rollback: {on-failure: true}'))
    const withEntries = workspace.write(
      'with-entries.yml',
      lines(
        'version: 1',
        'rollback: {on-failure: true, timeout: 15m}',
        'environments:',
        '  prod: {rollback: {timeout: 20m}}'
      )
    )
    const bareEffect = (await workspace.load(bare)).inEffect(undefined)
    expect(bareEffect.policy).toEqual({
      version: 1,
      rollback: { 'on-failure': true, timeout: 900_000 }
    })
    const loaded = await workspace.load(withEntries)
    expect(loaded.inEffect('staging').digest).toBe(bareEffect.digest)
    expect(loaded.inEffect('prod').digest).not.toBe(bareEffect.digest)
  })

  it('holds a case file as its path and the SHA-256 of its bytes: editing the file changes the digest', async () => {
    workspace.write('suite/cases.yml', lines('- message: hello', '  expect: hi'))
    const path = workspace.write(
      'cases-by-path.yml',
      lines('version: 1', 'agent: {assistant: agent}', 'smoke: {cases: suite/cases.yml}')
    )
    const before = (await workspace.load(path)).inEffect(undefined)
    expect(before.policy.smoke?.cases).toEqual({
      path: 'suite/cases.yml',
      sha256: expect.stringMatching(/^[0-9a-f]{64}$/)
    })
    expect(before.files['smoke.cases']?.items).toHaveLength(1)
    workspace.write('suite/cases.yml', lines('- message: hello', '  expect: hello'))
    const after = (await workspace.load(path)).inEffect(undefined)
    expect(after.digest).not.toBe(before.digest)
  })
})
