import { describe, expect, it } from '@jest/globals'
import { z } from 'zod'
import {
  actsOnDeployed,
  keys,
  rollbackWarning,
  rules,
  settings,
  words,
  type ThreadsSection
} from '../../src/threads/section'

// The `threads` section's declaration on its own, before the policy lists it: its keys parse
// as the spec's table says, its rules refuse what the spec refuses, its settings are typed.

const section = z.strictObject(keys((schema) => schema.optional()))
const parse = (value: unknown) => section.safeParse(value)
const ok = (value: unknown): ThreadsSection => {
  const parsed = parse(value)
  if (!parsed.success) throw new Error(JSON.stringify(parsed.error.issues))
  return parsed.data
}
const given = () => true

describe('the threads section', () => {
  it('takes the keys of the table and refuses others, a sample outside 1–1000 or not whole', () => {
    expect(ok({ parked: 'check', sample: 1000, 'on-incompatible': 'warn' })).toEqual({
      parked: 'check',
      sample: 1000,
      'on-incompatible': 'warn'
    })
    for (const bad of [
      { sample: 0 },
      { sample: 1001 },
      { sample: 2.5 },
      { parked: 'yes' },
      { other: 1 }
    ])
      expect(parse(bad).success).toBe(false)
  })

  it('refuses a canary without resume, with a bad name, or more than 20', () => {
    const canary = { name: 'approve', message: 'refund order 1', resume: { approved: true } }
    expect(ok({ parked: 'check', canary: [canary] }).canary).toHaveLength(1)
    // null is a resume like any other JSON value.
    expect(parse({ canary: [{ ...canary, resume: null }] }).success).toBe(true)
    const missing = parse({ canary: [{ name: 'approve', message: 'refund order 1' }] })
    expect(missing.success).toBe(false)
    expect(missing.error?.issues[0]?.path).toEqual(['canary', 0, 'resume'])
    expect(parse({ canary: [{ ...canary, name: 'Approve!' }] }).success).toBe(false)
    expect(
      parse({ canary: Array.from({ length: 21 }, (_, i) => ({ ...canary, name: `c${i}` })) })
        .success
    ).toBe(false)
  })

  it('rules: a canary needs parked: check, one of message or input, an assistant, a name of its own', () => {
    const canary = { name: 'approve', message: 'hi', resume: true }
    expect(
      rules(ok({ parked: 'check', canary: [canary] }), { agentAssistant: 'agent', given })
    ).toEqual([])
    const problems = rules(
      ok({
        canary: [
          canary,
          { name: 'approve', resume: true },
          { name: 'both', message: 'hi', input: {}, resume: 1 }
        ]
      }),
      { given }
    )
    expect(problems.map((problem) => problem.path)).toEqual([
      ['threads', 'canary'],
      ['threads', 'canary', 0, 'assistant'],
      ['threads', 'canary', 1, 'name'],
      ['threads', 'canary', 1],
      ['threads', 'canary', 1, 'assistant'],
      ['threads', 'canary', 2],
      ['threads', 'canary', 2, 'assistant']
    ])
  })

  it('maps to typed settings only with parked: check, defaults filled in', () => {
    expect(settings(ok({ sample: 5 }), {})).toBeUndefined()
    expect(settings(ok({ parked: 'check' }), {})).toEqual({
      sample: 100,
      onIncompatible: 'fail',
      canaries: []
    })
    const made = settings(
      ok({
        parked: 'check',
        canary: [
          {
            name: 'approve',
            message: 'hi',
            resume: { ok: 1 },
            expect: 'approved',
            'max-latency': '30s'
          }
        ]
      }),
      { agentAssistant: 'agent' }
    )
    expect(made?.canaries).toEqual([
      expect.objectContaining({
        name: 'approve',
        input: { messages: [{ role: 'human', content: 'hi' }] },
        resume: { ok: 1 },
        assistant: 'agent',
        expect: expect.anything(),
        maxLatencyMs: 30_000
      })
    ])
  })

  it('asks for its step with parked: check, and warns without a rollback', () => {
    expect(actsOnDeployed.asks('check')).toBe(true)
    expect(actsOnDeployed.asks('off')).toBe(false)
    expect(rollbackWarning(ok({ parked: 'check' }), false)).toContain('rollback.on-failure')
    expect(rollbackWarning(ok({ parked: 'check' }), true)).toBeUndefined()
    expect(words(ok({ parked: 'check', sample: 40 })).length).toBeGreaterThan(0)
  })
})
