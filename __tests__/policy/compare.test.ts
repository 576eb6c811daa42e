import { afterAll, describe, expect, it } from '@jest/globals'
import { changeCounts, changeLine, comparePolicies } from '../../src/policy/compare'
import { describePolicy } from '../../src/policy/describe'
import { lines, PolicyWorkspace } from './workspace'

const workspace = new PolicyWorkspace()
afterAll(() => workspace.remove())

let count = 0
const inEffect = async (...text: string[]) =>
  (await workspace.load(workspace.write(`policy-${++count}.yml`, lines(...text)))).inEffect(
    undefined
  )

const BASE = [
  'version: 1',
  'agent: {assistant: agent, message: hello, expect: hi, a2a: true}',
  'smoke:',
  '  cases: [{name: greets, message: hi}, {message: bye}]',
  '  min-pass: 100%',
  'gate:',
  '  dataset: support-golden',
  '  repetitions: 2',
  '  max-examples: 50',
  '  min-scores: {correctness: 0.8, tone: 0.5}',
  '  max-regression: {"*": 0.05}',
  'rollback: {on-failure: true}'
]

describe('release policy: what a pull request changes', () => {
  it('says weaker, stronger and changed per setting, and weaker (removed) for a bound, a case or a section', async () => {
    const base = await inEffect(...BASE)
    const head = await inEffect(
      'version: 1',
      'agent: {assistant: other, message: hello, a2a: false}',
      'smoke:',
      '  cases: [{name: greets, message: hello}, {message: new one}]',
      '  min-pass: 90%',
      'gate:',
      '  dataset: support-golden',
      '  repetitions: 2',
      '  max-examples: 50',
      '  min-scores: {correctness: 0.6}',
      '  max-regression: {"*": 0.02}',
      '  max-error-rate: 5%'
    )
    const changes = comparePolicies(base, head).map(changeLine)
    expect(changes).toEqual([
      '`agent.assistant` "agent" → "other", changed',
      '`agent.expect` "hi" → (none), weaker (removed)',
      '`agent.a2a` true → false, weaker',
      '`smoke.cases[greets]` "hi" → "hello", changed',
      expect.stringMatching(
        /^`smoke\.cases\[sha256:[0-9a-f]{12}\]` "bye" → \(none\), weaker \(removed\)$/
      ),
      // 90% of 2 cases still requires both: written otherwise, it allows no more failures.
      '`smoke.min-pass` 100% (0 of 2 may fail) → 90% (0 of 2 may fail), changed',
      expect.stringMatching(
        /^`smoke\.cases\[sha256:[0-9a-f]{12}\]` \(none\) → "new one", stronger \(added\)$/
      ),
      '`gate.min-scores.correctness` 0.8 → 0.6, weaker',
      '`gate.min-scores.tone` 0.5 → (none), weaker (removed)',
      '`gate.max-regression.*` 0.05 → 0.02, stronger',
      '`gate.max-error-rate` 0% → 5%, weaker',
      '`rollback` present → (none), weaker (removed)'
    ])
    expect(changeCounts(comparePolicies(base, head))).toBe(
      'policy: 7 weaker, 2 stronger, 3 changed'
    )
    expect(comparePolicies(base, base)).toEqual([])
  })

  it('reads the reverse as stronger, and every setting of a file new in the pull request as new', async () => {
    const weak = await inEffect(
      'version: 1',
      'gate: {dataset: d, min-scores: {correctness: 0.6}}',
      'agent: {assistant: a}'
    )
    const strong = await inEffect(
      'version: 1',
      'gate: {dataset: d, min-scores: {correctness: 0.8}}',
      'agent: {assistant: a}',
      'rollback: {on-failure: true}'
    )
    expect(comparePolicies(weak, strong).map(changeLine)).toEqual([
      '`gate.min-scores.correctness` 0.6 → 0.8, stronger',
      '`rollback` (none) → present, stronger (added)'
    ])
    const fresh = comparePolicies(undefined, weak)
    expect(fresh.every((change) => change.word === 'new')).toBe(true)
    expect(fresh.map((change) => change.keyPath)).toContain('gate.min-scores.correctness')
  })
})

describe('release policy: the sections in words', () => {
  it('says one line per section present', async () => {
    expect(describePolicy((await inEffect(...BASE)).policy)).toEqual([
      'agent: assistant agent, message "hello", the reply must hold "hi", A2A message/send, within 5m',
      'smoke: 2 cases inline, at least 100% pass, 4 at once',
      'gate: support-golden, each example × 2 (at most 50 runs), correctness ≥ 0.80, tone ≥ 0.50, at most 0.05 below the previous revision, no errors, scores awaited 10m',
      'rollback: on failure, within 15m'
    ])
  })
})
