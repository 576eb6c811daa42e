/**
 * The README and its recipe pages as GitHub shows them: parsed by a GFM parser (marked's lexer),
 * every section is a heading, every code block ends where its author meant it to, every table is a
 * table, every link leads to a page and a heading that exist, and every recipe page is linked from
 * the README with a line saying what it is for. A fence opened with four backticks and closed with
 * three runs to the end of the file, and everything below it is shown as one code block; a regular
 * expression over the text does not see that, a parser does.
 */
import { describe, expect, it } from '@jest/globals'
import { existsSync, readFileSync } from 'node:fs'
import { posix } from 'node:path'
import { PAGES, parseMarkdown, README, RECIPE_PAGES, RECIPES, type Page } from '../helpers/readme'

/** The sections, in order: a quick start first, the reference last. */
const SECTIONS = [
  'Quick start',
  'Try it from a clone',
  'Recipes',
  'Release policy',
  'Safe delivery: prove the new revision serves, roll back when it does not',
  'Versions and pinning',
  'Things to know',
  'Troubleshooting',
  'Inputs',
  'Outputs',
  'Outcomes'
]
/** Someone deploying for the first time reads the README whole: recipes and contributing live apart. */
const MOST_LINES = 500

const ROOT = new URL('../../', import.meta.url)
/** Every page a link may lead to: the README, the recipes, CONTRIBUTING.md. */
const LINKED_PAGES: Page[] = [
  ...PAGES,
  { path: 'CONTRIBUTING.md', text: readFileSync(new URL('CONTRIBUTING.md', ROOT), 'utf8') }
]

describe.each(LINKED_PAGES.map((page) => [page.path, page] as const))(
  '%s, parsed as GitHub parses it',
  (_, { path, text }) => {
    const { blocks, headings, tables } = parseMarkdown(text)
    const lines = text.split('\n')
    /** Whether a line (from 1) is inside a code block, its fences included. */
    const insideBlock = (line: number) =>
      blocks.some((block) => line >= block.line && line <= block.lastLine)

    it('shows every line written as a heading as a heading (no code block swallows one)', () => {
      const written = lines.flatMap((line, index) =>
        /^#{1,6} /.test(line) && !insideBlock(index + 1) ? [index + 1] : []
      )
      const swallowed = lines.flatMap((line, index) =>
        /^#{2,6} \S/.test(line) && insideBlock(index + 1) ? [`line ${index + 1}: ${line}`] : []
      )
      expect(swallowed).toEqual([])
      expect(headings.map((heading) => heading.line)).toEqual(written)
      expect(headings[0]).toMatchObject({ level: 1, line: 1 })
    })

    it('closes every code block with its own fence, and no block holds another fence', () => {
      expect(unclosedOrNested(text)).toEqual({ unclosed: [], nested: [] })
    })

    it('links only to pages and headings that exist', () => {
      expect(brokenLinks(path, text)).toEqual([])
    })

    // A table squeezes a column to its longest unbreakable piece when the rows are wide, and the
    // browser breaks `delete-tracing-project` after a hyphen: names stand in lists and prose.
    it('holds no hyphenated name in code in a table cell (GitHub would break it at a hyphen)', () => {
      expect(namesInTables(text)).toEqual([])
    })

    it('renders every table row as part of a table', () => {
      const rows = lines.flatMap((line, index) =>
        line.startsWith('|') && !insideBlock(index + 1) ? [index + 1] : []
      )
      expect(
        rows.filter((row) => !tables.some((table) => row >= table.line && row <= table.lastLine))
      ).toEqual([])
    })
  }
)

describe('the README', () => {
  it('has its sections as headings, the quick start first', () => {
    const { headings } = parseMarkdown(README)
    expect(headings.filter((heading) => heading.level === 2).map((h) => h.text)).toEqual(SECTIONS)
  })

  it(`is short enough to read before a first deploy (under ${MOST_LINES} lines)`, () => {
    expect(README.split('\n').length).toBeLessThan(MOST_LINES)
  })

  it('links every recipe page from its Recipes section, each with a line saying what it is for', () => {
    expect(RECIPE_PAGES.length).toBeGreaterThanOrEqual(10)
    expect(unlinkedRecipes(README)).toEqual([])
  })

  it("says a fork's pull request shows no policy changes, so its policy file is reviewed by hand", () => {
    const said = README.split(/\n(?=- )/).filter(
      (item) => /fork/.test(item) && /polic/.test(item) && /by\s+hand/.test(item)
    )
    expect(said.length).toBeGreaterThanOrEqual(1)
  })

  it("links to headings of its own, and to the contributors' page", () => {
    expect([...README.matchAll(/\]\(#([^)]+)\)/g)].length).toBeGreaterThanOrEqual(1)
    expect(README).toContain('](CONTRIBUTING.md)')
  })
})

describe('the checks on the pages (they can fail)', () => {
  const first = RECIPE_PAGES[0]?.path ?? ''
  const item = new RegExp(`^- \\[[^\\]]+\\]\\(${first}\\):.*(\\n  .*)*`, 'm')

  it('see a recipe page the README does not link, or links without saying what it is for', () => {
    expect(item.test(README)).toBe(true)
    expect(unlinkedRecipes(README.replace(item, ''))).toEqual([first])
    expect(unlinkedRecipes(README.replace(item, `- [a recipe](${first})`))).toEqual([first])
  })

  it('see a name in a table cell, in any column', () => {
    const table = ['| case | step |', '|---|---|', '| `dry-run` | prints `gate.min-scores` |', '']
    expect(namesInTables(table.join('\n'))).toEqual(['dry-run', 'gate.min-scores'])
    expect(namesInTables('- `dry-run`: in a list\n')).toEqual([])
  })

  it('see a fence left open, and a link to a page or a heading that is not there', () => {
    const open = ['# Page', '', '````yaml', 'a: 1', '```', '', '## After', ''].join('\n')
    expect(unclosedOrNested(open)).toEqual({ unclosed: [3], nested: [3] })
    const links =
      '# Page\n\n[a](#nowhere) [b](nope.md) [c](../../README.md#quick-start) [d](#page)\n'
    expect(brokenLinks(`${RECIPES}/x.md`, links)).toEqual(['#nowhere', 'nope.md'])
    expect(brokenLinks(`${RECIPES}/x.md`, '# P\n\n[c](../../README.md#no-such-heading)\n')).toEqual(
      ['../../README.md#no-such-heading']
    )
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

/** The anchors GitHub gives a page's headings (a repeated one gets -1, -2, …). */
function anchorsOf(text: string): Set<string> {
  const slugs = new Set<string>()
  for (const heading of parseMarkdown(text).headings) {
    const slug = slugOf(heading.text)
    let unique = slug
    for (let n = 1; slugs.has(unique); n++) unique = `${slug}-${n}`
    slugs.add(unique)
  }
  return slugs
}

/** The relative links of a page, outside its code blocks, that lead to no file or no heading. */
function brokenLinks(path: string, text: string): string[] {
  const lines = text.split('\n')
  const prose = parseMarkdown(text)
    .blocks.reduceRight(
      (kept, block) => [...kept.slice(0, block.line - 1), ...kept.slice(block.lastLine)],
      lines
    )
    .join('\n')
  const targets = [...prose.matchAll(/\]\(([^)\s]+)\)/g)].map((match) => match[1] ?? '')
  return targets.filter((target) => {
    if (/^[a-z]+:/.test(target)) return false
    const [file = '', anchor] = target.split('#')
    const linked = file === '' ? path : posix.normalize(posix.join(posix.dirname(path), file))
    const page = file === '' ? { path, text } : LINKED_PAGES.find((known) => known.path === linked)
    if (page === undefined) return !existsSync(new URL(linked, ROOT)) || anchor !== undefined
    return anchor !== undefined && !anchorsOf(page.text).has(anchor)
  })
}

/** The lines of fences left open, and of blocks that hold another fence. */
function unclosedOrNested(text: string): { unclosed: number[]; nested: number[] } {
  const { blocks } = parseMarkdown(text)
  return {
    unclosed: blocks.filter((block) => !block.closed).map((block) => block.line),
    nested: blocks.filter((block) => /^\s*(```|~~~)/m.test(block.text)).map((block) => block.line)
  }
}

/** The recipe pages the README's Recipes section does not link as `- [title](page): what for`. */
function unlinkedRecipes(readme: string): string[] {
  const section = readme.split('\n## Recipes\n')[1]?.split('\n## ')[0] ?? ''
  const items = section.split(/\n(?=- )/)
  return RECIPE_PAGES.map((recipe) => recipe.path).filter(
    (path) =>
      !items.some(
        (item) => item.startsWith('- [') && new RegExp(`\\]\\(${path}\\):\\s+\\S`).test(item)
      )
  )
}

/** The code spans of a page's table cells that hold a hyphen between letters (a name). */
function namesInTables(text: string): string[] {
  const lines = text.split('\n')
  return parseMarkdown(text).tables.flatMap((table) =>
    lines
      .slice(table.line - 1, table.lastLine)
      .flatMap((row) => [...row.matchAll(/`([^`]+)`/g)].map((match) => match[1] ?? ''))
      .filter((code) => /[a-z]-[a-z]/.test(code))
  )
}
