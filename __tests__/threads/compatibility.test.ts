import { describe, expect, it } from '@jest/globals'
import {
  admits,
  judge,
  type GraphSide,
  type ParkedThread,
  type Sides
} from '../../src/threads/compatibility'

// The judgement, rule by rule: a thread fails only through what the release changes.

const MESSAGES = { messages: { langgraph_type: 'messages' } }

function side(
  nodes: string[],
  properties: Record<string, unknown> = {},
  required: string[] = []
): GraphSide {
  return {
    kind: 'served',
    nodes: ['__start__', ...nodes, '__end__'],
    schema: { properties: { ...MESSAGES, ...properties }, required }
  }
}

const OLD = side(['draft', 'approval'], { topic: { type: 'string' } }, ['topic'])

function sides(after: GraphSide | undefined, before: GraphSide = OLD, newAnswers = true): Sides {
  return {
    old: new Map([['agent', before]]),
    new: new Map(after ? [['agent', after]] : []),
    newAnswers
  }
}

function thread(partial: Partial<ParkedThread> = {}): ParkedThread {
  return {
    id: 'aaaaaaaa-0000-4000-8000-000000000001',
    checkpoint: 'c1',
    graph: 'agent',
    nodes: ['approval'],
    keys: { messages: 'array', topic: 'string' },
    ...partial
  }
}

const all = { read: 1, total: 1 }

describe('the parked threads judgement', () => {
  it('passes the same graph and a compatible one (an optional key, a node after the interrupt)', () => {
    expect(judge([thread()], sides(OLD), all)).toMatchObject({ verdict: 'pass', incompatible: [] })
    const compatible = side(
      ['draft', 'approval', 'log'],
      { topic: { type: 'string' }, score: { type: 'number' } },
      ['topic']
    )
    expect(judge([thread()], sides(compatible), all)).toMatchObject({
      verdict: 'pass',
      notices: []
    })
  })

  it('fails a thread whose node the release removes, naming the node', () => {
    const renamed = side(['draft', 'review'], { topic: { type: 'string' } }, ['topic'])
    expect(judge([thread()], sides(renamed), all)).toMatchObject({
      verdict: 'fail',
      incompatible: [{ thread: thread().id, graph: 'agent', why: 'node', node: 'approval' }]
    })
  })

  it('fails only the branch whose node is gone when parallel branches each wait', () => {
    const before = side(['left', 'right'])
    const after = side(['left', 'right2'])
    const parallel = thread({ nodes: ['left', 'right'], keys: { messages: 'array' } })
    expect(judge([parallel], sides(after, before), all).incompatible).toEqual([
      { thread: parallel.id, graph: 'agent', why: 'node', node: 'right' }
    ])
  })

  it('fails a key newly required that the thread lacks, and not one required on both sides', () => {
    const tiered = side(
      ['draft', 'approval'],
      { topic: { type: 'string' }, tier: { type: 'string' } },
      ['topic', 'tier']
    )
    expect(judge([thread()], sides(tiered), all).incompatible).toEqual([
      { thread: thread().id, graph: 'agent', why: 'required', key: 'tier' }
    ])
    // `decision` is written after the interrupt: required before and after, the thread lacks it.
    const before = side(['approval'], { decision: { type: 'string' } }, ['decision'])
    expect(
      judge([thread({ keys: { messages: 'array' } })], sides(before, before), all).verdict
    ).toBe('pass')
    // Newly required, and the thread holds it: fine.
    expect(
      judge([thread({ keys: { tier: 'string', topic: 'string' } })], sides(tiered), all).verdict
    ).toBe('pass')
  })

  it('fails a value the new schema no longer admits', () => {
    const retyped = side(['draft', 'approval'], { topic: { type: 'number' } }, ['topic'])
    expect(judge([thread()], sides(retyped), all).incompatible).toEqual([
      { thread: thread().id, graph: 'agent', why: 'type', key: 'topic' }
    ])
  })

  it('fails a graph the release removes, and cannot conclude when the server answers nothing', () => {
    expect(judge([thread()], sides({ kind: 'not-served' }), all)).toMatchObject({
      verdict: 'fail',
      incompatible: [{ why: 'graph', graph: 'agent', node: 'approval' }]
    })
    const silent = judge([thread()], sides({ kind: 'not-served' }, OLD, false), all)
    expect(silent).toMatchObject({ verdict: 'inconclusive', incompatible: [] })
    expect(silent.inconclusive.join(' ')).toContain('agent-api-key')
  })

  it('takes what the old side already could not serve as a notice, never a failure', () => {
    const gone = side(['draft', 'review'], { topic: { type: 'number' } }, ['topic'])
    // Waits at a node the old graph lacks too, holds a value the old schema did not admit.
    const odd = thread({ nodes: ['elsewhere'], keys: { topic: 'boolean' } })
    const judged = judge([odd], sides(gone), all)
    expect(judged).toMatchObject({ verdict: 'pass', incompatible: [] })
    expect(judged.notices).toEqual([
      { thread: odd.id, kind: 'old-side-could-not-serve', graph: 'agent', node: 'elsewhere' },
      { thread: odd.id, kind: 'old-side-could-not-serve', graph: 'agent', key: 'topic' }
    ])
    // A thread that names no pending node before the write is stranded already.
    const stranded = judge([thread({ nodes: [] })], sides(gone), all)
    expect(stranded).toMatchObject({
      verdict: 'pass',
      notices: [{ kind: 'already-stranded', graph: 'agent' }]
    })
    // A graph the old server did not serve either.
    expect(judge([thread()], sides(OLD, { kind: 'not-served' }), all)).toMatchObject({
      verdict: 'pass',
      notices: [{ kind: 'old-side-could-not-serve', graph: 'agent' }]
    })
  })

  it('cannot pass a sample that missed a node the new graph lacks', () => {
    const before = side(['draft', 'approval', 'escalation'])
    const after = side(['draft', 'approval'])
    const judged = judge([thread({ keys: {} })], sides(after, before), { read: 1, total: 100 })
    expect(judged).toMatchObject({
      verdict: 'inconclusive',
      unread: [{ graph: 'agent', node: 'escalation' }]
    })
    // Every thread read: nobody waits there.
    expect(judge([thread({ keys: {} })], sides(after, before), all).verdict).toBe('pass')
  })

  it('admits by type, a list of types, branches, and an integer as a number', () => {
    expect(admits({ type: 'string' }, 'string')).toBe(true)
    expect(admits({ type: 'string' }, 'null')).toBe(false)
    expect(admits({ type: ['string', 'null'] }, 'null')).toBe(true)
    expect(admits({ anyOf: [{ type: 'string' }, { type: 'number' }] }, 'integer')).toBe(true)
    expect(admits({ oneOf: [{ type: 'string' }] }, 'array')).toBe(false)
    expect(admits({ type: 'number' }, 'integer')).toBe(true)
    expect(admits({ type: 'integer' }, 'number')).toBe(false)
    expect(admits({ langgraph_type: 'messages' }, 'array')).toBe(true)
    expect(admits(undefined, 'object')).toBe(true)
  })
})
