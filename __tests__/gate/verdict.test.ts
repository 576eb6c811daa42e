import { describe, expect, it } from '@jest/globals'
import { newestScores } from '../../src/evaluation/coverage'
import { runAnswer } from '../../src/agent-server/run'
import { dottedTime, judgeAnswer } from '../../src/evaluation/experiment'
import { examplesDigest, runIdOf, uuidV5 } from '../../src/evaluation/ids'
import {
  judgeGate,
  scoresOutput,
  type GateInputs,
  type RunOutcome
} from '../../src/evaluation/verdict'

const runs = (examples: number, repetitions = 1, failed: string[] = []): RunOutcome[] =>
  Array.from({ length: examples }, (_, e) =>
    Array.from({ length: repetitions }, (_, r) => ({
      runId: `run-${e}-${r + 1}`,
      exampleId: `ex-${e}`,
      repetition: r + 1,
      ...(failed.includes(`run-${e}-${r + 1}`) && { error: 'no answer' })
    }))
  ).flat()

const scored = (list: RunOutcome[], score: (run: RunOutcome) => number | undefined) =>
  new Map(
    list.flatMap((run) => {
      const value = score(run)
      return value === undefined ? [] : [[run.runId, value] as const]
    })
  )

const base = (given: Partial<GateInputs>): GateInputs => ({
  keys: ['correctness'],
  minScores: new Map([['correctness', 0.8]]),
  maxRegression: new Map(),
  maxErrorRate: 0,
  runs: [],
  scores: new Map(),
  baseline: { kind: 'none' },
  examplesRead: new Set((given.runs ?? []).map((run) => run.exampleId)).size,
  ...given
})

describe('uuidV5', () => {
  it('matches the RFC 9562 example (the DNS namespace, www.example.com)', () => {
    expect(uuidV5('www.example.com', '6ba7b810-9dad-11d1-80b4-00c04fd430c8')).toBe(
      '2ed6657d-e927-568b-95e1-2665a8aea6a2'
    )
  })

  it('gives each (experiment, example, repetition) its own stable id', () => {
    const experiment = '0f8fad5b-d9cb-469f-a165-70867728950e'
    const example = '7c9e6679-7425-40de-944b-e07fc1f90ae7'
    expect(runIdOf(experiment, example, 1)).toBe(runIdOf(experiment, example.toUpperCase(), 1))
    expect(new Set([1, 2, 3].map((r) => runIdOf(experiment, example, r))).size).toBe(3)
    expect(runIdOf(experiment, example, 1)).toMatch(/^[0-9a-f-]{14}5/)
  })
})

describe('examplesDigest', () => {
  it('is the same for the same examples in any order, and differs when the version does', () => {
    const a = examplesDigest(['b', 'a'], '2026-01-01T00:00:00Z')
    expect(examplesDigest(['a', 'b'], '2026-01-01T00:00:00Z')).toBe(a)
    expect(examplesDigest(['a', 'b'], '2026-01-02T00:00:00Z')).not.toBe(a)
    expect(examplesDigest(['a', 'c'], '2026-01-01T00:00:00Z')).not.toBe(a)
  })
})

describe('judgeGate', () => {
  it('passes when every run is scored and the mean meets gate.min-scores', () => {
    const list = runs(4, 2)
    const judgement = judgeGate(
      base({ runs: list, scores: new Map([['correctness', scored(list, () => 0.8)]]) })
    )
    expect(judgement.verdict).toBe('pass')
    expect(judgement.rows[0]).toMatchObject({ mean: 0.8, n: 8, verdict: 'pass' })
    expect(judgement.why).toEqual([])
  })

  it('averages the repetitions of an example first: the mean of example means', () => {
    // ex-0 has one scored repetition (1), its other failed; ex-1 two of 0: the mean is 0.5.
    const list = runs(2, 2, ['run-0-2'])
    const judgement = judgeGate(
      base({
        maxErrorRate: 0.5,
        runs: list,
        scores: new Map([
          ['correctness', scored(list, (run) => (run.exampleId === 'ex-0' ? 1 : 0))]
        ])
      })
    )
    expect(judgement.rows[0]).toMatchObject({ mean: 0.5, n: 3, expected: 3 })
  })

  it('fails a missed absolute threshold, naming the key and the mean', () => {
    const list = runs(3)
    const judgement = judgeGate(
      base({ runs: list, scores: new Map([['correctness', scored(list, () => 0.5)]]) })
    )
    expect(judgement.verdict).toBe('fail')
    expect(judgement.why).toEqual(['correctness: mean 0.5 is below gate.min-scores 0.8'])
  })

  it('cannot conclude when a run has no score, however good the others', () => {
    const list = runs(3)
    const judgement = judgeGate(
      base({
        runs: list,
        scores: new Map([
          ['correctness', scored(list, (run) => (run.runId === 'run-2-1' ? undefined : 1))]
        ])
      })
    )
    expect(judgement.verdict).toBe('inconclusive')
    expect(judgement.why).toEqual(['correctness: 1 of 3 runs have no score'])
  })

  it('fails when every run failed, named as such', () => {
    const list = runs(2, 1, ['run-0-1', 'run-1-1'])
    const judgement = judgeGate(base({ runs: list }))
    expect(judgement.verdict).toBe('fail')
    expect(judgement.why[0]).toBe('every run failed (2 of 2): the agent gave no answer to judge')
  })

  it('fails on errors over gate.max-error-rate, and ignores their scores', () => {
    const list = runs(4, 1, ['run-0-1'])
    const scores = new Map([['correctness', scored(list, () => 1)]])
    expect(judgeGate(base({ runs: list, scores, maxErrorRate: 0.2 })).verdict).toBe('fail')
    expect(judgeGate(base({ runs: list, scores, maxErrorRate: 0.25 })).verdict).toBe('pass')
  })

  it('judges a regression against a run-level baseline and lists the examples that regressed most', () => {
    const list = runs(12)
    const scores = new Map([
      ['correctness', scored(list, (run) => (run.exampleId === 'ex-0' ? 0 : 0.9))]
    ])
    const before = new Map([['correctness', new Map(list.map((run) => [run.exampleId, 0.9]))]])
    const judgement = judgeGate(
      base({
        minScores: new Map(),
        maxRegression: new Map([['*', 0.05]]),
        runs: list,
        scores,
        baseline: { kind: 'runs', experimentId: 'b', perExample: before }
      })
    )
    expect(judgement.verdict).toBe('fail')
    expect(judgement.rows[0]?.baseline).toBeCloseTo(0.9)
    expect(judgement.rows[0]?.delta).toBeCloseTo(-0.075)
    expect(judgement.examples).toEqual({
      kind: 'regressed',
      rows: [{ exampleId: 'ex-0', key: 'correctness', score: 0, baseline: 0.9, delta: -0.9 }]
    })
  })

  it('takes a drop equal to the bound as met (0.7 − 0.8 is not over 0.1)', () => {
    const list = runs(1)
    const judgement = judgeGate(
      base({
        minScores: new Map(),
        maxRegression: new Map([['correctness', 0.1]]),
        runs: list,
        scores: new Map([['correctness', scored(list, () => 0.7)]]),
        baseline: { kind: 'means', experimentId: 'b', means: new Map([['correctness', 0.8]]) }
      })
    )
    expect(judgement.verdict).toBe('pass')
    expect(judgement.examples.kind).toBe('lowest')
  })

  it('cannot conclude on a relative threshold whose baseline is missing; skips it on a first deploy', () => {
    const list = runs(1)
    const given = base({
      minScores: new Map(),
      maxRegression: new Map([['correctness', 0.1]]),
      runs: list,
      scores: new Map([['correctness', scored(list, () => 1)]])
    })
    const missing = judgeGate({
      ...given,
      baseline: { kind: 'missing', why: 'it has 3 runs, not 1' }
    })
    expect(missing.verdict).toBe('inconclusive')
    expect(missing.why).toEqual(['correctness: no baseline to compare with: it has 3 runs, not 1'])
    expect(judgeGate({ ...given, baseline: { kind: 'first-deploy' } }).verdict).toBe('pass')
  })

  it('writes eval-scores with the keys named, numbers and null only', () => {
    const list = runs(3)
    const judgement = judgeGate(
      base({ runs: list, scores: new Map([['correctness', scored(list, () => 1 / 3)]]) })
    )
    expect(JSON.parse(scoresOutput(judgement.rows))).toEqual({
      correctness: {
        mean: 0.333333,
        n: 3,
        baseline: null,
        delta: null,
        compared: null,
        verdict: 'fail'
      }
    })
  })
})

describe('newestScores', () => {
  const RUN = '7c9e6679-7425-40de-944b-e07fc1f90ae7'
  const item = (score: unknown, created_at: string, key = 'correctness') =>
    ({ id: created_at, run_id: RUN, key, score, created_at }) as Parameters<
      typeof newestScores
    >[0][number]
  it('counts a boolean as 1 or 0, ignores a null score and other keys, and takes the newest', () => {
    expect(newestScores([item(true, '2026-01-01T00:00:00Z')], 'correctness').get(RUN)).toBe(1)
    expect(newestScores([item(false, '2026-01-01T00:00:00Z')], 'correctness').get(RUN)).toBe(0)
    expect(newestScores([item(null, '2026-01-01T00:00:00Z')], 'correctness').has(RUN)).toBe(false)
    expect(newestScores([item(1, '2026-01-01T00:00:00Z', 'other')], 'correctness').size).toBe(0)
    expect(
      newestScores(
        [
          item(0.2, '2026-01-02T00:00:00Z'),
          item(0.9, '2026-01-01T00:00:00Z'),
          item(null, '2026-01-03T00:00:00Z')
        ],
        'correctness'
      ).get(RUN)
    ).toBe(0.2)
  })
})

describe('judgeAnswer', () => {
  const input = { messages: [{ role: 'user', content: 'hi' }] }
  const judged = (status: number, text: string, sent: unknown) =>
    judgeAnswer(runAnswer(status, text, sent))
  it('records the whole answer, with an error when the agent gave no reply or failed', () => {
    const reply = {
      messages: [
        { role: 'user', content: 'hi' },
        { type: 'ai', content: 'hello' }
      ]
    }
    expect(judged(200, JSON.stringify(reply), input)).toEqual({ outputs: reply })
    expect(judged(200, JSON.stringify({ answer: 42 }), {})).toEqual({
      outputs: { answer: 42 }
    })
    expect(judged(200, JSON.stringify({ messages: input.messages }), input)).toEqual({
      outputs: { messages: input.messages },
      error: 'the answer holds no reply from the agent'
    })
    expect(judged(200, JSON.stringify({ __error__: { message: 'boom' } }), input).error).toBe(
      'the graph failed: boom'
    )
    expect(judged(502, 'Bad Gateway', input)).toEqual({
      outputs: null,
      error: '/runs/wait answered HTTP 502'
    })
  })

  it("writes a root run's dotted_order time in microseconds", () => {
    expect(dottedTime(Date.parse('2026-01-02T03:04:05.678Z'))).toBe('20260102T030405678000Z')
  })
})
