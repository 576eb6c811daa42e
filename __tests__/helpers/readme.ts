import MarkdownIt from 'markdown-it'
import { readFileSync } from 'node:fs'

/** The README as the repository holds it. */
export const README = readFileSync(new URL('../../README.md', import.meta.url), 'utf8')

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

export interface ParsedMarkdown {
  blocks: CodeBlock[]
  headings: Heading[]
}

/**
 * Reads markdown with markdown-it, a CommonMark parser with GitHub's tables: a fence closes only
 * with the same character, at least as many of them, and nothing after them but spaces. What a
 * regular expression over the text would take for a block is not what GitHub shows.
 */
export function parseMarkdown(text: string): ParsedMarkdown {
  const tokens = new MarkdownIt().parse(text, {})
  const lines = text.split('\n')
  const blocks: CodeBlock[] = []
  const headings: Heading[] = []
  tokens.forEach((token, index) => {
    const [start, end] = token.map ?? [0, 0]
    if (token.type === 'fence') {
      const last = (lines[end - 1] ?? '').trim()
      const marker = token.markup[0] ?? '`'
      const closing = new RegExp(`^\\${marker}{${token.markup.length},}$`)
      blocks.push({
        lang: token.info.trim().split(/\s+/)[0] ?? '',
        text: token.content,
        line: start + 1,
        lastLine: end,
        closed: end - 1 > start && closing.test(last)
      })
    }
    if (token.type === 'heading_open')
      headings.push({
        level: Number(token.tag.slice(1)),
        text: tokens[index + 1]?.content ?? '',
        line: start + 1
      })
  })
  return { blocks, headings }
}
