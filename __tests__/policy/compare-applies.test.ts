import { describe, expect, it } from '@jest/globals'
import { comparePolicies, type ComparedPolicy } from '../../src/policy/compare'
import type { EffectivePolicy } from '../../src/policy/effective'

/**
 * A pull request's diff judges each setting on the value that applies (spec: "What a pull request
 * changes"): a gated key's regression bound is its own line or else `*`; `smoke.min-pass` is the
 * failures it allows among that side's cases; cases are matched with their repeats counted; a
 * baseline of none, a drift overwritten and a removed message are weaker. The sides are policies
 * in effect as the loader makes them (defaults filled in the sections present).
 */
type Sections = Omit<EffectivePolicy, 'version'>

const side = (sections: Sections): ComparedPolicy => {
  const policy: EffectivePolicy = { version: 1, ...sections }
  const cases = policy.smoke?.cases
  return {
    policy,
    files: Array.isArray(cases) ? { 'smoke.cases': { written: cases, items: cases } } : {}
  }
}

/** Each change as facts: key path, the values as shown, the word and its note. */
const changes = (base: Sections, head: Sections) =>
  comparePolicies(side(base), side(head)).map(({ keyPath, base, head, word, note }) => ({
    keyPath,
    base,
    head,
    word,
    ...(note === undefined ? {} : { note })
  }))

const GATE = {
  dataset: 'support-golden',
  'max-examples': 100,
  repetitions: 1,
  concurrency: 4,
  'max-error-rate': 0,
  baseline: 'previous',
  timeout: 600_000
}
const gate = (more: Record<string, unknown>): Sections =>
  ({
    agent: { assistant: 'agent', a2a: false, timeout: 300_000 },
    gate: { ...GATE, ...more }
  }) as Sections

describe('a regression bound is judged for every gated key as its own line or else *', () => {
  it('a line added beside * that allows more is weaker, from the bound that applied', () => {
    const base = gate({ 'min-scores': { correctness: 0.8 }, 'max-regression': { '*': 0.02 } })
    const head = gate({
      'min-scores': { correctness: 0.8 },
      'max-regression': { '*': 0.02, correctness: 0.5 }
    })
    expect(changes(base, head)).toEqual([
      { keyPath: 'gate.max-regression.correctness', base: '0.02', head: '0.5', word: 'weaker' }
    ])
    expect(changes(head, base)).toEqual([
      { keyPath: 'gate.max-regression.correctness', base: '0.5', head: '0.02', word: 'stronger' }
    ])
  })

  it('* raised over a key without its own line is weaker; over keys that all have their own, only changed', () => {
    const written = { 'min-scores': { correctness: 0.8, tone: 0.5 } }
    expect(
      changes(
        gate({ ...written, 'max-regression': { '*': 0.02, correctness: 0.01 } }),
        gate({ ...written, 'max-regression': { '*': 0.05, correctness: 0.01 } })
      )
    ).toEqual([{ keyPath: 'gate.max-regression.*', base: '0.02', head: '0.05', word: 'weaker' }])
    expect(
      changes(
        gate({ ...written, 'max-regression': { '*': 0.02, correctness: 0.01, tone: 0.01 } }),
        gate({ ...written, 'max-regression': { '*': 0.05, correctness: 0.01, tone: 0.01 } })
      )
    ).toEqual([{ keyPath: 'gate.max-regression.*', base: '0.02', head: '0.05', word: 'changed' }])
  })

  it('* removed under a key that had no line of its own is weaker (removed)', () => {
    expect(
      changes(
        gate({ 'min-scores': { correctness: 0.8 }, 'max-regression': { '*': 0.02 } }),
        gate({ 'min-scores': { correctness: 0.8 } })
      )
    ).toEqual([{ keyPath: 'gate.max-regression.*', base: '0.02', word: 'weaker', note: 'removed' }])
  })
})

describe('smoke.min-pass is judged on the failures it allows', () => {
  const cases = (count: number) =>
    Array.from({ length: count }, (_, index) => ({ name: `case-${index}`, message: `m${index}` }))
  const smoke = (minPass: unknown, count: number) =>
    ({
      agent: { assistant: 'agent', a2a: false, timeout: 300_000 },
      smoke: { cases: cases(count), 'min-pass': minPass, concurrency: 4 }
    }) as Sections

  it('100% → 1 of 12 cases allows 0 → 11: weaker', () => {
    const [change] = changes(smoke({ share: 1 }, 12), smoke({ count: 1 }, 12))
    expect(change).toMatchObject({ keyPath: 'smoke.min-pass', word: 'weaker' })
    expect(change?.base).toMatch(/\b0 of 12\b/)
    expect(change?.head).toMatch(/\b11 of 12\b/)
  })

  it('a count of 5 kept while the cases go from 5 to 10 allows 0 → 5: weaker', () => {
    const found = changes(smoke({ count: 5 }, 5), smoke({ count: 5 }, 10))
    const minPass = found.filter((change) => change.keyPath === 'smoke.min-pass')
    expect(minPass).toEqual([expect.objectContaining({ word: 'weaker' })])
    expect(minPass[0]?.base).toMatch(/\b0 of 5\b/)
    expect(minPass[0]?.head).toMatch(/\b5 of 10\b/)
    // The five cases added are stronger each.
    expect(found.filter((change) => change.word === 'stronger')).toHaveLength(5)
  })

  it('a share that still requires every case, though written lower, is only changed', () => {
    const [change] = changes(smoke({ share: 1 }, 4), smoke({ share: 0.9 }, 4))
    expect(change).toMatchObject({ keyPath: 'smoke.min-pass', word: 'changed' })
  })
})

describe('cases are matched with their repeats counted', () => {
  it('removing one of two identical unnamed cases is weaker (removed)', () => {
    const smoke = (count: number) =>
      ({
        agent: { assistant: 'agent', a2a: false, timeout: 300_000 },
        smoke: {
          cases: Array.from({ length: count }, () => ({ message: 'hello', expect: 'echo' })),
          'min-pass': { share: 1 },
          concurrency: 4
        }
      }) as Sections
    const found = changes(smoke(2), smoke(1))
    expect(found).toEqual([
      expect.objectContaining({
        keyPath: expect.stringMatching(/^smoke\.cases\[sha256:/),
        word: 'weaker',
        note: 'removed'
      })
    ])
    expect(changes(smoke(1), smoke(2))).toEqual([
      expect.objectContaining({ word: 'stronger', note: 'added' })
    ])
  })
})

describe('the settings that take a check away', () => {
  it('gate.baseline set to none is weaker, and back stronger; another baseline only changed', () => {
    const bounds = { 'min-scores': { correctness: 0.8 } }
    const none = gate({ ...bounds, baseline: 'none' })
    expect(changes(gate(bounds), none)).toEqual([
      { keyPath: 'gate.baseline', base: '"previous"', head: '"none"', word: 'weaker' }
    ])
    expect(changes(none, gate(bounds))).toEqual([
      expect.objectContaining({ keyPath: 'gate.baseline', word: 'stronger' })
    ])
    expect(changes(gate(bounds), gate({ ...bounds, baseline: 'dataset' }))).toEqual([
      expect.objectContaining({ keyPath: 'gate.baseline', word: 'changed' })
    ])
  })

  it('gate.repetitions lowered is weaker', () => {
    const bounds = { 'min-scores': { correctness: 0.8 } }
    expect(changes(gate({ ...bounds, repetitions: 3 }), gate(bounds))).toEqual([
      { keyPath: 'gate.repetitions', base: '3', head: '1', word: 'weaker' }
    ])
  })

  it('assistants.on-drift from fail to overwrite is weaker', () => {
    const entries = [{ name: 'agent', 'graph-id': 'agent' }]
    const assistants = (onDrift: 'fail' | 'overwrite') =>
      ({ assistants: { entries, 'on-drift': onDrift } }) as Sections
    const sides = (onDrift: 'fail' | 'overwrite'): ComparedPolicy => ({
      ...side(assistants(onDrift)),
      files: { 'assistants.entries': { written: entries, items: entries } }
    })
    const word = (from: 'fail' | 'overwrite', to: 'fail' | 'overwrite') =>
      comparePolicies(sides(from), sides(to)).map(({ keyPath, word }) => ({ keyPath, word }))
    expect(word('fail', 'overwrite')).toEqual([{ keyPath: 'assistants.on-drift', word: 'weaker' }])
    expect(word('overwrite', 'fail')).toEqual([
      { keyPath: 'assistants.on-drift', word: 'stronger' }
    ])
  })

  it('agent.message removed is weaker (removed), and added stronger (added)', () => {
    const agent = (message?: string) =>
      ({
        agent: { assistant: 'agent', a2a: false, timeout: 300_000, ...(message && { message }) }
      }) as Sections
    expect(changes(agent('hello'), agent())).toEqual([
      { keyPath: 'agent.message', base: '"hello"', word: 'weaker', note: 'removed' }
    ])
    expect(changes(agent(), agent('hello'))).toEqual([
      { keyPath: 'agent.message', head: '"hello"', word: 'stronger', note: 'added' }
    ])
  })
})
