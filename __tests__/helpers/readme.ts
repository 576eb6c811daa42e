import { marked, type Token } from 'marked'
import { readdirSync, readFileSync } from 'node:fs'

const ROOT = new URL('../../', import.meta.url)
/** Where the recipe pages live, relative to the repository's root. */
export const RECIPES = 'docs/recipes'

/** A markdown page a workflow author reads: its path from the repository's root, and its text. */
export interface Page {
  path: string
  text: string
}

const read = (path: string): Page => ({ path, text: readFileSync(new URL(path, ROOT), 'utf8') })

/** The README as the repository holds it. */
export const README = read('README.md').text

/** The recipe pages, each a `.md` file of docs/recipes/. */
export const RECIPE_PAGES: Page[] = readdirSync(new URL(RECIPES, ROOT))
  .filter((name) => name.endsWith('.md'))
  .sort()
  .map((name) => read(`${RECIPES}/${name}`))

/** Every page whose examples are held to what the README promises: the README and its recipes. */
export const PAGES: Page[] = [{ path: 'README.md', text: README }, ...RECIPE_PAGES]

/** A fenced code block as a CommonMark parser reads it (GitHub's reading, for fences). */
export interface CodeBlock {
  /** The info string's first word (`yaml`, `sh`), empty when none. */
  lang: string
  /** The block's text, the fence's indentation taken off as CommonMark does. */
  text: string
  /** The line of its opening fence, from 1. */
  line: number
  /** Its last line (the closing fence, or the document's last line when unclosed), from 1. */
  lastLine: number
  /** Whether a closing fence ends it (unclosed, it runs to the end of the document). */
  closed: boolean
}

export interface Heading {
  level: number
  text: string
  line: number
}

/** A GFM table's lines, from 1: its header row to its last row. */
export interface Table {
  line: number
  lastLine: number
}

export interface ParsedMarkdown {
  blocks: CodeBlock[]
  headings: Heading[]
  tables: Table[]
}

/**
 * Reads markdown with marked's lexer (GFM, the reading the preview report renders with): a fence
 * closes only with the same character, at least as many of them, and nothing after them but
 * spaces. What a regular expression over the text would take for a block is not what GitHub shows.
 * The lexer gives no line numbers; each token's `raw` is the source it consumed, so counting its
 * line breaks in order places every token, inside list items and block quotes too.
 */
export function parseMarkdown(text: string): ParsedMarkdown {
  const parsed: ParsedMarkdown = { blocks: [], headings: [], tables: [] }
  place(marked.lexer(text.replace(/\r\n?/g, '\n'), { gfm: true }), 1, parsed)
  return parsed
}

/** Records the headings, fenced blocks and tables among `tokens`, the first starting at `line`. */
function place(tokens: Token[], line: number, parsed: ParsedMarkdown): void {
  let cursor = line
  for (const token of tokens) {
    const lines = token.raw.replace(/\n$/, '').split('\n')
    const lastLine = cursor + lines.length - 1
    if (token.type === 'heading')
      parsed.headings.push({ level: token.depth, text: token.text, line: cursor })
    if (token.type === 'code' && token.codeBlockStyle !== 'indented')
      parsed.blocks.push(fenced(lines, cursor, lastLine))
    if (token.type === 'table') parsed.tables.push({ line: cursor, lastLine })
    if (token.type === 'blockquote') place(token.tokens ?? [], cursor, parsed)
    if (token.type === 'list') {
      let itemLine = cursor
      for (const item of token.items) {
        place(item.tokens, itemLine, parsed)
        itemLine += lineBreaks(item.raw)
      }
    }
    cursor += lineBreaks(token.raw)
  }
}

/** A fenced block from its source lines: the opening fence, its content, a closing fence if any. */
function fenced(lines: string[], line: number, lastLine: number): CodeBlock {
  const [, indent = '', fence = '```', info = ''] =
    /^( {0,3})(`{3,}|~{3,})(.*)$/.exec(lines[0] ?? '') ?? []
  const closing = new RegExp(`^ {0,3}${fence[0] === '~' ? '~' : '`'}{${fence.length},} *$`)
  const closed = lines.length > 1 && closing.test(lines[lines.length - 1] ?? '')
  const content = lines.slice(1, closed ? -1 : undefined)
  const unindent = new RegExp(`^ {0,${indent.length}}`)
  return {
    lang: info.trim().split(/\s+/)[0] ?? '',
    text: content.map((text) => `${text.replace(unindent, '')}\n`).join(''),
    line,
    lastLine,
    closed
  }
}

function lineBreaks(text: string): number {
  return text.split('\n').length - 1
}
