import { beforeAll, describe, expect, it } from '@jest/globals'
import { all, children, gfmTree, text, type Element, type Node } from '../helpers/gfm-tree'
import { onFlowClock, viewOf, type FlowView } from '../../scripts/preview-report/kit'
import { threadsFlows } from '../../scripts/preview-report/threads-flows'

/**
 * Parked threads a release strands, as people read them: the preview report's threads flows (run
 * in this process on the flows' virtual clock), their summary and PR comment rendered as GFM. A
 * deploy in place renames the node users' threads wait at: rolled back (one thread answered while
 * the new code served), and kept under `on-incompatible: warn`; a node dropped with two canaries,
 * one of which fails, rolled back.
 */
const top = (markdown = '') => children(gfmTree(markdown))
/** The 8-character ids a node shows as code. */
const shortIds = (node: Element | undefined) =>
  node === undefined
    ? []
    : all(node, 'code')
        .map((code) => text(code))
        .filter((each) => /^[0-9a-f]{8}$/.test(each))

let flows: Record<string, FlowView & { outputs: Record<string, string> }> = {}
beforeAll(async () => {
  const closers: (() => Promise<void>)[] = []
  const named = await onFlowClock(async () => {
    try {
      return await threadsFlows(closers)
    } finally {
      for (const close of closers.reverse()) await close()
    }
  })
  flows = Object.fromEntries(
    named.map((flow) => [
      flow.id,
      { ...viewOf(flow.id, flow.title, flow.result), outputs: flow.result.run.outputs }
    ])
  )
}, 120_000)

const parked = (id: string) =>
  JSON.parse(flows[id]?.outputs['parked-threads'] ?? 'null') as {
    incompatible: { thread: string; node?: string; key?: string }[]
    verdict: string
  }

describe('parked threads a release strands, as people read them', () => {
  it('ran each flow to its outcome: rolled back, and kept under warn', () => {
    expect(flows['threads-stranded-rolled-back']).toMatchObject({
      code: 1,
      outputs: { 'rolled-back': 'true' }
    })
    expect(parked('threads-stranded-rolled-back').verdict).toBe('fail')
    expect(flows['threads-stranded-warn']).toMatchObject({
      code: 0,
      outputs: { 'rolled-back': 'false' }
    })
    expect(parked('threads-stranded-warn').verdict).toBe('warn')
  })

  it('puts one ⚠️ line under the headline, before the facts, naming one thread', () => {
    for (const id of ['threads-stranded-rolled-back', 'threads-stranded-warn'])
      for (const kind of ['summary', 'comment'] as const) {
        const nodes = top(flows[id]?.[kind])
        const risk = nodes.findIndex((node) => text(node).startsWith('⚠️'))
        const facts = nodes.findIndex((node) => node.tagName === 'ul')
        expect([id, kind, risk > 0 && risk < facts]).toEqual([id, kind, true])
        const named = shortIds(nodes[risk])
        expect([id, kind, named.length]).toEqual([id, kind, 1])
        const incompatible = parked(id).incompatible.map((entry) => entry.thread)
        expect(incompatible).toContain(named[0])
      }
  })

  it("says in the comment's one line the node the threads waited at", () => {
    for (const id of ['threads-stranded-rolled-back', 'threads-stranded-warn']) {
      const lines = top(flows[id]?.comment).filter((node) => /^Parked threads/.test(text(node)))
      expect([id, lines.length]).toEqual([id, 1])
      expect(all(lines[0] as Element, 'code').map((code) => text(code))).toEqual(
        expect.arrayContaining(['agent', 'approval'])
      )
    }
  })

  it('after a rollback: names the thread answered meanwhile, and repeats no table', () => {
    const id = 'threads-stranded-rolled-back'
    const nodes = top(flows[id]?.summary)
    const [answered] = shortIds(nodes.find((node) => text(node).startsWith('⚠️')))
    // The comment names it once, in its ⚠️ line.
    const comment = top(flows[id]?.comment)
    expect(shortIds(comment.find((node) => text(node).startsWith('⚠️')))).toEqual([answered])
    expect(shortIds(comment.find((node) => /^Parked threads/.test(text(node))))).toEqual([])
    const heading = (words: RegExp) =>
      nodes.findIndex((node) => node.tagName === 'h3' && words.test(text(node)))
    const block = (from: number) => {
      const next = nodes.findIndex((node, index) => index > from && node.tagName === 'h3')
      return nodes.slice(from + 1, next === -1 ? undefined : next)
    }
    const before = heading(/^Parked threads$/)
    const after = heading(/^Parked threads after the rollback$/)
    expect([before > 0, after > before]).toEqual([true, true])
    expect(block(before).filter((node) => node.tagName === 'table')).toHaveLength(2)
    expect(block(after).filter((node) => node.tagName === 'table')).toHaveLength(0)
    expect(block(after).flatMap(shortIds)).toEqual([answered])
  })

  it('counts the stranded threads in the headline and says the check once in the reason', () => {
    const id = 'threads-stranded-rolled-back'
    const stranded = new Set(parked(id).incompatible.map((entry) => entry.thread)).size
    for (const kind of ['summary', 'comment'] as const) {
      const [headline, reason] = top(flows[id]?.[kind])
      expect(text(headline as Node)).toContain(String(stranded))
      const said = text(reason as Node).match(/parked threads/gi) ?? []
      expect([kind, said.length]).toEqual([kind, 1])
    }
  })
})

describe('the checks table beside the ⚠️ line', () => {
  /** The verdict cell of the parked threads' row in the summary's checks table. */
  const verdictOf = (id: string) => {
    const table = top(flows[id]?.summary)
      .filter((node) => node.tagName === 'table')
      .find((node) => all(node, 'th').some((cell) => text(cell) === 'Check'))
    const cells = all(table as Element, 'tr').map((row) => all(row, 'td').map(text))
    return cells.find(([check]) => check === 'parked threads')?.[1]
  }

  it('marks a pass under on-incompatible: warn as a warning, never a clean pass', () => {
    expect(verdictOf('threads-stranded-warn')).toMatch(/^⚠️/)
    expect(verdictOf('threads-stranded-rolled-back')).toMatch(/^❌/)
  })
})

describe('the canaries in the rendered report', () => {
  const canaryFlow = () => flows['parked-threads-canary']
  const html = (markdown = '') => gfmTree(markdown)

  it('lists the canaries in the summary, each with its verdict and reply, this run only', () => {
    expect(canaryFlow()?.code).toBe(1)
    const canaries = all(html(canaryFlow()?.summary), 'table').filter((table) =>
      all(table, 'th').some((cell) => text(cell) === 'canary')
    )
    // The block after the rollback has none: the canaries ran on this run's revision.
    expect(canaries).toHaveLength(1)
    const rows = all(canaries[0] as Element, 'tbody')
      .flatMap((body) => all(body, 'tr'))
      .map((row) => all(row, 'td').map((cell) => text(cell)))
    expect(rows.map((row) => row.slice(0, 2))).toEqual([
      ['approve', 'pass'],
      ['reject', 'fail']
    ])
    expect(rows.every((row) => (row[2] ?? '').startsWith('approved:'))).toBe(true)
  })

  it('says the check once in the reason, naming the stranded thread and the failed canary', () => {
    const [thread] = parked('parked-threads-canary').incompatible.map((entry) => entry.thread)
    for (const kind of ['summary', 'comment'] as const) {
      const [, reason] = top(canaryFlow()?.[kind])
      const said = text(reason as Node)
      expect([kind, said.match(/parked threads/gi)?.length]).toEqual([kind, 1])
      expect([kind, said.includes('reject'), said.includes(thread ?? '?')]).toEqual([
        kind,
        true,
        true
      ])
    }
  })

  it('shows the stranded thread in the summary, and names the failed canary in the comment', () => {
    const stranded = all(html(canaryFlow()?.summary), 'table').find((table) =>
      all(table, 'th').some((cell) => text(cell) === 'thread')
    )
    expect(stranded && all(stranded, 'td').map((cell) => text(cell))).toContain('escalation')
    const line = all(html(canaryFlow()?.comment), 'p').find((paragraph) =>
      text(paragraph).startsWith('Parked threads:')
    )
    expect(line && all(line, 'code').map((code) => text(code))).toEqual(
      expect.arrayContaining(['escalation', 'reject'])
    )
  })
})
