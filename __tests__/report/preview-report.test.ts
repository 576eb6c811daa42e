import { beforeAll, describe, expect, it } from '@jest/globals'
import { all, children, gfmTree, text, type Element, type Node } from '../helpers/gfm-tree'
import { runFlows, type FlowView } from '../../scripts/preview-report/flows'

/**
 * What a person sees, read from the HTML that GFM makes of the job summary and the PR comment of
 * every flow people meet (each run in this process on a virtual clock, see
 * scripts/preview-report/kit.ts): the structure, not the text.
 */
const attr = (element: Element, name: string) =>
  element.attrs.find((attribute) => attribute.name === name)?.value
const classes = (element: Element) => (attr(element, 'class') ?? '').split(/\s+/)

/** The alert block (GitHub's `> [!CAUTION]`) of a page: where its reason stands. */
function alertOf(root: { childNodes: Node[] }): Element {
  const found = all(root, 'div').find((div) => classes(div).includes('markdown-alert'))
  expect(found).toBeDefined()
  return found as Element
}

/** The alert's paragraphs, its title ("Caution", "Warning") left out. */
function alertParagraphs(root: { childNodes: Node[] }): string[] {
  return all(alertOf(root), 'p')
    .filter((paragraph) => !classes(paragraph).includes('markdown-alert-title'))
    .map((paragraph) => text(paragraph))
}

function html(markdown: string) {
  return gfmTree(markdown)
}

let flows: Record<string, FlowView> = {}
beforeAll(async () => {
  flows = Object.fromEntries((await runFlows()).map((flow) => [flow.id, flow]))
}, 600_000)

/** Every flow, with the exit code it should have. */
const EXIT_CODES: Record<string, number> = {
  ...Object.fromEntries(
    ['deploy-ok', 'promote', 'gate-passed', 'dry-run-gate', 'three-pushes', 'delete'].map((id) => [
      id,
      0
    ])
  ),
  ...Object.fromEntries(
    [
      'assistants-hand-edit',
      'preview-entry',
      'validate-good',
      'bake-passed',
      'threads-stranded-warn'
    ].map((id) => [id, 0])
  ),
  ...Object.fromEntries(
    [
      'build-failed',
      'check-failed-rolled-back',
      'rollback-failed',
      'smoke-suite-below',
      'gate-failed-rolled-back',
      'gate-refused',
      'rollback-checks-failed',
      'assistants-restored',
      'validate-bad',
      'bake-breached-rolled-back',
      'parked-threads-canary',
      'threads-stranded-rolled-back'
    ].map((id) => [id, 1])
  )
}

/** Every rendered page of the flows: each summary, and each comment there is. */
const pages = () =>
  Object.values(flows).flatMap((flow) => [
    { flow, kind: 'summary', root: html(flow.summary) },
    ...(flow.comment ? [{ flow, kind: 'comment', root: html(flow.comment) }] : [])
  ])

describe('the rendered report of every flow', () => {
  it('ran every flow, with the exit code each should have', () => {
    expect(Object.keys(flows).sort()).toEqual(Object.keys(EXIT_CODES).sort())
    for (const [id, code] of Object.entries(EXIT_CODES))
      expect([id, flows[id]?.code]).toEqual([id, code])
  })

  it('shows no markdown as text: every HTML block is followed by a blank line, no literal ** survives', () => {
    for (const { flow, kind, root } of pages())
      expect([flow.id, kind, text(root as unknown as Node).includes('**')]).toEqual([
        flow.id,
        kind,
        false
      ])
  })

  it('lists at most 10 annotations of each kind, as GitHub keeps them', () => {
    const bad = flows['validate-bad']?.annotations ?? []
    expect(bad.filter((each) => each.startsWith('error')).length).toBeLessThanOrEqual(10)
    // The failure's line first, then the problems on their lines of the file.
    expect(bad[0]).toMatch(/^error: /)
    expect(
      bad.slice(1, 9).every((each) => /^error \.github\/release-policy\.yml#L\d+/.test(each))
    ).toBe(true)
  })

  it('opens with one headline whose mark matches the exit code and holds no id beyond 8 characters', () => {
    for (const { flow, kind, root } of pages()) {
      const [first] = children(root)
      expect([flow.id, kind, first?.tagName]).toEqual([
        flow.id,
        kind,
        kind === 'summary' ? 'h2' : 'h3'
      ])
      const headline = text(first as Node)
      // A deleted preview's comment is marked as deleted, not as a run's verdict.
      const mark = flow.id === 'delete' && kind === 'comment' ? '🗑️' : flow.code === 0 ? '✅' : '❌'
      expect([flow.id, headline.slice(0, mark.length)]).toEqual([flow.id, mark])
      expect(headline).not.toMatch(/[0-9a-f]{9,}/)
      expect(headline).not.toContain('\n')
    }
  })

  it('puts the reason right under the headline when the step failed', () => {
    for (const { flow, kind, root } of pages()) {
      if (flow.code === 0 || kind !== 'summary') continue
      const second = children(root)[1] as Element
      expect([flow.id, classes(second)]).toEqual([
        flow.id,
        expect.arrayContaining(['markdown-alert'])
      ])
    }
  })

  it('gives every table a header of named cells, and no column empty in every row', () => {
    for (const { flow, root } of pages()) {
      for (const table of all(root, 'table')) {
        const headers = all(table, 'th').map((cell) => text(cell).trim())
        expect(headers.length).toBeGreaterThan(0)
        expect([flow.id, headers.filter((header) => header === '')]).toEqual([flow.id, []])
        const rows = all(table, 'tbody').flatMap((body) => all(body, 'tr'))
        headers.forEach((header, column) => {
          const cells = rows.map((row) => text(all(row, 'td')[column] as Node).trim())
          const empty = cells.every((cell) => cell === '' || cell === '—')
          expect([flow.id, header, rows.length > 0 && empty]).toEqual([flow.id, header, false])
        })
      }
    }
  })

  it('links only to http(s), each link with words for its text', () => {
    for (const { flow, kind, root } of pages())
      for (const link of all(root, 'a')) {
        expect(attr(link, 'href')).toMatch(/^https?:\/\//)
        expect([flow.id, kind, text(link)]).not.toEqual([
          flow.id,
          kind,
          expect.stringMatching(/:\/\//)
        ])
      }
  })

  it('keeps the history of pushes: three pushes, and after a delete', () => {
    for (const id of ['three-pushes', 'delete']) {
      const root = html(flows[id]?.comment ?? '')
      const history = all(root, 'details').find((details) => /Earlier pushes/.test(text(details)))
      const verdicts = all(history as Element, 'tbody')
        .flatMap((body) => all(body, 'tr'))
        .map((row) => text(all(row, 'td')[2] as Node))
      expect([id, verdicts.length]).toEqual([id, 2])
    }
    const three = html(flows['three-pushes']?.comment ?? '')
    expect(text(three as unknown as Node)).toMatch(/failed, rolled back/)
    expect(flows.delete?.comment).toMatch(/deleted on \d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC/)
  })

  it('shows the gate: its verdict in the comment in one line, its table in the summary', () => {
    for (const id of ['gate-passed', 'gate-failed-rolled-back']) {
      const summary = html(flows[id]?.summary ?? '')
      expect(all(summary, 'th').map((cell) => text(cell))).toContain('Bound')
      const comment = html(flows[id]?.comment ?? '')
      // The comment's tables are collapsed: none stands open.
      const open = all(comment, 'table').filter(
        (table) => !all(comment, 'details').some((details) => all(details, 'table').includes(table))
      )
      expect([id, open.length]).toEqual([id, 0])
    }
  })

  it('collapses the chart under the phase table, in elapsed time, never the viewer clock', () => {
    for (const { flow, root } of pages()) {
      const charts = all(root, 'pre').filter((pre) => classes(pre).includes('mermaid'))
      for (const chart of charts) {
        expect(text(chart)).not.toContain('dateFormat x')
        const inDetails = all(root, 'details').some((details) =>
          all(details, 'pre').includes(chart)
        )
        expect([flow.id, inDetails]).toEqual([flow.id, true])
      }
    }
    expect(flows['deploy-ok']?.summary).toContain('```mermaid')
    // poll-interval 1 s: the history is read all the same, to compare with.
    expect(flows['deploy-ok']?.summary).toMatch(/\| Earlier revisions: median of \d+ \| \| /)
    expect(flows['deploy-ok']?.summary).not.toContain('no earlier revision')
  })

  it("shows a failed build's ERROR lines first, without dates, the full tail collapsed", () => {
    const root = html(flows['build-failed']?.summary ?? '')
    const top = children(root)
    const errorsAt = top.findIndex((node) => node.tagName === 'h3' && /errors/.test(text(node)))
    expect(errorsAt).toBe(2)
    const errorLines = text(top[errorsAt + 1] as Node)
      .trim()
      .split('\n')
    expect(errorLines.length).toBeGreaterThan(0)
    for (const line of errorLines) {
      expect(line).toMatch(/^\d\d:\d\d:\d\d ERROR /)
      expect(line).not.toMatch(/\d{4}-\d\d-\d\d/)
    }
    const tail = top[errorsAt + 2] as Element
    expect(tail.tagName).toBe('details')
  })

  it('sorts the failed smoke cases first', () => {
    const root = html(flows['smoke-suite-below']?.summary ?? '')
    const suite = all(root, 'table').find((table) =>
      all(table, 'th').some((cell) => text(cell) === 'Case')
    ) as Element
    const verdicts = all(suite, 'tbody')
      .flatMap((body) => all(body, 'tr'))
      .map((row) => text(all(row, 'td')[1] as Node))
    expect(verdicts[0]).toMatch(/^❌/)
    expect(verdicts.slice(1).every((verdict) => verdict.startsWith('✅'))).toBe(true)
    expect(text(children(root)[0] as Node)).toContain(
      'smoke suite 5/6 (needs all 6); the previous revision serves again'
    )
  })

  it('names the failed smoke case in the PR comment, inside the reason block', () => {
    const root = html(flows['smoke-suite-below']?.comment ?? '')
    const reason = all(root, 'div').find((div) => classes(div).includes('markdown-alert'))
    expect(reason && text(reason)).toContain(
      'escalation: the reply does not contain "echo: I want a human"'
    )
  })

  it('PR comment: the preview link first, the run, the commit and its compare view, an updated time, the earlier pushes', () => {
    for (const id of ['deploy-ok', 'build-failed', 'check-failed-rolled-back']) {
      const root = html(flows[id]?.comment ?? '')
      const links = all(root, 'a').map((link) => attr(link, 'href') ?? '')
      expect([id, links[0]]).toEqual([id, expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+/)])
      expect(links.some((link) => /\/actions\/runs\/4242$/.test(link))).toBe(true)
      expect(links.some((link) => /\/commit\/[0-9a-f]{40}$/.test(link))).toBe(true)
      expect(links.some((link) => /\/compare\/[0-9a-f]{40}\.\.\.[0-9a-f]{40}$/.test(link))).toBe(
        true
      )
      expect(text(root as unknown as Node)).toMatch(/Updated: \d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC/)
      const history = all(root, 'details').find((details) => /Earlier pushes/.test(text(details)))
      expect(history && all(history, 'th').map((cell) => text(cell))).toEqual([
        'Commit',
        'Revision',
        'Verdict',
        'Ended'
      ])
    }
  })

  it("shows the release policy's block, and what the pull request makes weaker in it", () => {
    const summary = html(flows['deploy-ok']?.summary ?? '')
    const block = all(summary, 'details').find((details) =>
      text(all(details, 'summary')[0] as Node).startsWith('Release policy ')
    )
    expect(block && all(block, 'li').map((item) => text(item).split(':')[0])).toEqual([
      'File',
      'Digest',
      'Entry applied',
      'agent'
    ])
    const changes = all(summary, 'li').map((item) => text(item))
    expect(changes).toContain('agent.expect "echo: hello" → (none), weaker (removed)')
    expect(changes).toContain('rollback present → (none), weaker (removed)')
    const comment = html(flows['deploy-ok']?.comment ?? '')
    expect(all(comment, 'summary').map((item) => text(item))).toContain('policy: 2 weaker')
  })

  it('PR comment while building: what builds, the link to what still serves, the run', () => {
    for (const id of ['deploy-ok', 'build-failed', 'smoke-suite-below']) {
      const root = html(flows[id]?.building ?? '')
      const [first] = children(root)
      expect([id, first?.tagName, text(first as Node)]).toEqual([
        id,
        'h3',
        expect.stringMatching(/^🔄 agent-app: building `?b7e9f2c`?/)
      ])
      const links = all(root, 'a').map((link) => attr(link, 'href') ?? '')
      expect([id, links[0]]).toEqual([id, expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+/)])
      expect(links.some((link) => /\/actions\/runs\/4242$/.test(link))).toBe(true)
    }
  })

  it('headlines say what happened, by operation and outcome', () => {
    const headline = (id: string) => text(children(html(flows[id]?.summary ?? ''))[0] as Node)
    expect(headline('deploy-ok')).toMatch(/^✅ agent-app deployed in \d/)
    expect(headline('build-failed')).toBe('❌ agent-app: build failed')
    expect(headline('promote')).toMatch(
      /^✅ agent-prod promoted from agent-staging \(commit [0-9a-f]{7}\)$/
    )
    expect(headline('check-failed-rolled-back')).toBe(
      '❌ agent-app: reply to a test message failed; the previous revision serves again'
    )
    expect(headline('rollback-failed')).toBe(
      '❌ agent-app: reply to a test message failed and the rollback failed; the broken revision still serves'
    )
  })

  it("says the failure's reason once: no internal check name, no note on outputs", () => {
    for (const id of ['check-failed-rolled-back', 'rollback-failed', 'smoke-suite-below']) {
      for (const markdown of [flows[id]?.summary, flows[id]?.comment]) {
        const paragraphs = alertParagraphs(html(markdown ?? ''))
        const [first] = paragraphs
        expect([id, first]).toEqual([
          id,
          expect.stringMatching(/^(Reply to a test message|Smoke suite) failed: /)
        ])
        expect([id, first]).not.toEqual([id, expect.stringMatching(/Agent check|Smoke suite:/)])
        expect([id, paragraphs.join('\n')]).not.toEqual([
          id,
          expect.stringContaining('outputs are set')
        ])
      }
    }
  })

  it('says the rollback once after its label', () => {
    for (const id of ['check-failed-rolled-back', 'rollback-failed', 'smoke-suite-below']) {
      for (const markdown of [flows[id]?.summary, flows[id]?.comment]) {
        const line = alertParagraphs(html(markdown ?? '')).find((paragraph) =>
          paragraph.startsWith('The rollback:')
        )
        expect([id, line]).toEqual([id, expect.any(String)])
        expect([id, line?.slice('The rollback:'.length)]).not.toEqual([
          id,
          expect.stringMatching(/roll(ed)? ?back/i)
        ])
      }
    }
  })

  it("says this run's revision no longer serves when the rollback put the earlier one back", () => {
    const item = (id: string, label: string) =>
      all(html(flows[id]?.summary ?? ''), 'li')
        .map((li) => text(li))
        .find((words) => words.startsWith(label))
    for (const id of ['check-failed-rolled-back', 'smoke-suite-below'])
      expect([id, item(id, "This run's revision:")]).toEqual([
        id,
        expect.stringMatching(/DEPLOYED, then replaced by the rollback/)
      ])
    expect(item('rollback-failed', "This run's revision:")).not.toContain('replaced')
    expect(item('deploy-ok', "This run's revision:")).not.toContain('replaced')
  })

  it("labels the phase table's total as the wait's, apart from the step's time", () => {
    for (const { flow, root } of pages()) {
      const phases = all(root, 'table').filter((table) =>
        all(table, 'th').some((cell) => text(cell) === 'First seen')
      )
      for (const table of phases) {
        const totals = all(table, 'tr')
          .map((row) => text(all(row, 'td')[0] ?? row).trim())
          .filter((first) => /in all/i.test(first))
        expect([flow.id, totals]).toEqual([flow.id, ['The wait in all']])
      }
    }
  })

  it('links what serves after a failed build, as the comment does', () => {
    const root = html(flows['build-failed']?.summary ?? '')
    const serving = all(root, 'li').find((li) => text(li).startsWith('Serving now:'))
    expect(text(serving as Node)).toMatch(/the revision from before this run/)
    expect(all(serving as Element, 'a').map((link) => attr(link, 'href'))).toEqual([
      expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+/)
    ])
  })
})
