/**
 * The README as GitHub shows it: parsed by a GFM parser (marked's lexer), every section is a heading, every
 * code block ends where its author meant it to, and every table is a table. A fence opened with
 * four backticks and closed with three runs to the end of the file, and everything below it is
 * shown as one code block; a regular expression over the text does not see that, a parser does.
 */
import { describe, expect, it } from '@jest/globals'
import { parseMarkdown, README } from './helpers/readme'

/** The sections, in order: a quick start first, the reference last. */
const SECTIONS = [
  'Quick start',
  'Recipes',
  'Safe delivery: prove the new revision serves, roll back when it does not',
  'Versions and pinning',
  'Things to know',
  'Troubleshooting',
  'Inputs',
  'Outputs',
  'Release policy keys',
  'Outcomes',
  'Development'
]

const { blocks, headings, tables } = parseMarkdown(README)
const lines = README.split('\n')

describe('the README, parsed as GitHub parses it', () => {
  it('has its sections as headings, the quick start first', () => {
    expect(headings.filter((heading) => heading.level === 2).map((h) => h.text)).toEqual(SECTIONS)
  })

  it('shows every line written as a heading as a heading (no code block swallows one)', () => {
    const written = lines.flatMap((line, index) =>
      /^#{1,6} /.test(line) && !insideBlock(index + 1) ? [index + 1] : []
    )
    const swallowed = lines.flatMap((line, index) =>
      /^#{2,6} \S/.test(line) && insideBlock(index + 1) ? [`line ${index + 1}: ${line}`] : []
    )
    expect(swallowed).toEqual([])
    expect(headings.map((heading) => heading.line)).toEqual(written)
  })

  it('closes every code block with its own fence, and no block holds another fence', () => {
    expect(blocks.length).toBeGreaterThanOrEqual(10)
    const unclosed = blocks.filter((block) => !block.closed).map((block) => block.line)
    const nested = blocks
      .filter((block) => /^\s*(```|~~~)/m.test(block.text))
      .map((block) => block.line)
    expect({ unclosed, nested }).toEqual({ unclosed: [], nested: [] })
  })

  it('links only to headings it has', () => {
    const slugs = new Set<string>()
    for (const heading of headings) {
      const slug = slugOf(heading.text)
      let unique = slug
      for (let n = 1; slugs.has(unique); n++) unique = `${slug}-${n}`
      slugs.add(unique)
    }
    const links = [...README.matchAll(/\]\(#([^)]+)\)/g)].map((match) => match[1] ?? '')
    expect(links.length).toBeGreaterThanOrEqual(3)
    expect(links.filter((link) => !slugs.has(link))).toEqual([])
  })

  it('renders every table row as part of a table', () => {
    const rows = lines.flatMap((line, index) =>
      line.startsWith('|') && !insideBlock(index + 1) ? [index + 1] : []
    )
    expect(rows.length).toBeGreaterThan(50)
    expect(
      rows.filter((row) => !tables.some((table) => row >= table.line && row <= table.lastLine))
    ).toEqual([])
  })
})

describe('the parser the README tests use', () => {
  it('reads fences as CommonMark does: a fence closes only with its own character, at least as long', () => {
    // The README's old rollback example: four backticks opened, three did not close.
    const swallowed = parseMarkdown(
      ['## Before', '````yaml', 'a: 1', '```', '## After', ''].join('\n')
    )
    expect(swallowed.headings.map((heading) => heading.text)).toEqual(['Before'])
    expect(swallowed.blocks).toEqual([
      { lang: 'yaml', text: 'a: 1\n```\n## After\n', line: 2, lastLine: 5, closed: false }
    ])
    const closed = parseMarkdown(
      [
        '````yaml',
        'a: 1',
        '```',
        '## Inside',
        '````',
        '## After',
        '~~~sh',
        'echo',
        '~~~~',
        ''
      ].join('\n')
    )
    expect(closed.headings.map((heading) => heading.text)).toEqual(['After'])
    expect(closed.blocks).toEqual([
      { lang: 'yaml', text: 'a: 1\n```\n## Inside\n', line: 1, lastLine: 5, closed: true },
      { lang: 'sh', text: 'echo\n', line: 7, lastLine: 9, closed: true }
    ])
    // A shorter fence as the document's last line does not close it either.
    const endsShort = parseMarkdown(['````yaml', 'a: 1', '```'].join('\n'))
    expect(endsShort.blocks).toEqual([
      { lang: 'yaml', text: 'a: 1\n```\n', line: 1, lastLine: 3, closed: false }
    ])
    const otherCharacter = parseMarkdown(['```', 'x', '~~~', '## H', ''].join('\n'))
    expect(otherCharacter.headings).toEqual([])
    expect(otherCharacter.blocks.map((block) => block.closed)).toEqual([false])
  })

  it('places blocks, headings and tables by their lines, inside list items too', () => {
    const parsed = parseMarkdown(
      [
        '# Title',
        '',
        '| a | b |',
        '|---|---|',
        '| 1 | 2 |',
        '',
        '1. Tag it:',
        '',
        '   ```sh',
        '   git tag v1',
        '     indented',
        '   ```',
        '',
        '2. Then:',
        '',
        '   ### Step',
        ''
      ].join('\n')
    )
    expect(parsed.headings).toEqual([
      { level: 1, text: 'Title', line: 1 },
      { level: 3, text: 'Step', line: 16 }
    ])
    expect(parsed.tables).toEqual([{ line: 3, lastLine: 5 }])
    expect(parsed.blocks).toEqual([
      { lang: 'sh', text: 'git tag v1\n  indented\n', line: 9, lastLine: 12, closed: true }
    ])
  })
})

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
function slugOf(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/ /g, '-')
}

/** Whether a line (from 1) is inside a code block, its fences included. */
function insideBlock(line: number): boolean {
  return blocks.some((block) => line >= block.line && line <= block.lastLine)
}
