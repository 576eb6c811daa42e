import { beforeAll, describe, expect, it } from '@jest/globals'
import { parseFragment, type DefaultTreeAdapterMap } from 'parse5'
import { renderGfm } from '../../scripts/preview-report/html'
import { onFlowClock, viewOf, type FlowView } from '../../scripts/preview-report/kit'
import { threadsFlows } from '../../scripts/preview-report/threads-flows'

/**
 * The parked threads' flow of `npm run preview-report` (run in this process on the flows' virtual
 * clock), read from the HTML that GFM makes of its job summary and PR comment: the structure, not
 * the text. The checks every flow gets are in ./preview-report.test.ts.
 */
type Node = DefaultTreeAdapterMap['childNode']
type Element = DefaultTreeAdapterMap['element']

const isElement = (node: Node): node is Element => 'tagName' in node
function all(node: { childNodes: Node[] }, tag: string): Element[] {
  return node.childNodes
    .filter(isElement)
    .flatMap((child) => [...(child.tagName === tag ? [child] : []), ...all(child, tag)])
}
function text(node: Node): string {
  if ('value' in node && node.nodeName === '#text') return node.value
  return 'childNodes' in node ? node.childNodes.map(text).join('') : ''
}
const html = (markdown: string) => parseFragment(renderGfm(markdown))

let flow: FlowView | undefined
beforeAll(async () => {
  flow = await onFlowClock(async () => {
    const closers: (() => Promise<void>)[] = []
    try {
      const [only] = await threadsFlows(closers)
      return only && viewOf(only.id, only.title, only.result)
    } finally {
      for (const close of closers.reverse()) await close()
    }
  })
}, 600_000)

describe('the parked threads in the rendered report', () => {
  it('lists the canaries in the summary, each with its verdict and reply, this run only', () => {
    expect(flow?.code).toBe(1)
    const root = html(flow?.summary ?? '')
    const canaries = all(root, 'table').filter((table) =>
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

  it('shows the stranded thread in the summary, and names the failed canary in the comment', () => {
    const root = html(flow?.summary ?? '')
    const stranded = all(root, 'table').find((table) =>
      all(table, 'th').some((cell) => text(cell) === 'thread')
    )
    expect(stranded && all(stranded, 'td').map((cell) => text(cell))).toContain('escalation')
    const comment = html(flow?.comment ?? '')
    const line = all(comment, 'p').find((paragraph) =>
      text(paragraph).startsWith('Parked threads:')
    )
    expect(line && all(line, 'code').map((code) => text(code))).toEqual(
      expect.arrayContaining(['escalation', 'reject'])
    )
  })
})
