import { showControlCharacters } from './control-characters'
import type { Redactor } from './redact'
import { checkHttpUrl } from '../lib/url'

/** The runner refuses a step summary of 1 MiB or more; this leaves room to spare. */
export const MAX_SUMMARY_BYTES = 900 * 1_024
/** Characters of one table cell, fenced line or paragraph line at the most. */
export const MAX_MARKDOWN_LINE = 1_000
/** Lines of one fence or paragraph at the most. */
export const MAX_MARKDOWN_LINES = 200

/**
 * Text for the job summary, the pull-request comment and the GitHub deployment: every piece is
 * redacted first, then escaped for where it goes, so that no text from the service can add
 * markup, close a comment or fence, or link anywhere but http(s).
 */
export interface Markdown {
  /** One line: a table cell or a heading. */
  cell(text: string): string
  /** A paragraph, its line breaks kept. */
  paragraph(text: string): string
  /** Lines in a fence none of them can close. */
  fence(lines: readonly string[]): string
  /** A link when the URL is http(s) without credentials or secrets, else its text. */
  link(url: string): string
  /** Plain text of at most `max` characters on one line (a GitHub deployment's description). */
  plain(text: string, max: number): string
}

/** Escapes one line so that markdown and HTML read it as plain characters. */
function escapeInline(line: string): string {
  return showControlCharacters(line)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/[\\`*_[\]|#!~@]/g, (character) => `\\${character}`)
}

/** A URL as a link target: characters that would end it or open markup are percent-encoded. */
function linkTarget(url: string): string {
  return url.replace(
    /[()<>\\`[\]"' ]/g,
    (character) => `%${character.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`
  )
}

function capLines(lines: readonly string[]): string[] {
  if (lines.length <= MAX_MARKDOWN_LINES) return [...lines]
  const left = lines.length - MAX_MARKDOWN_LINES
  return [...lines.slice(0, MAX_MARKDOWN_LINES), `… ${left} more lines not shown`]
}

export function markdownFor(redact: Redactor): Markdown {
  const line = (text: string) => escapeInline(redact.cut(text, MAX_MARKDOWN_LINE))
  const lines = (text: string) => capLines(redact(text).split(/\r?\n/))
  return {
    cell: (text) => line(redact(text).replace(/\r?\n/g, ' ')),
    paragraph: (text) => lines(text).map(line).join('  \n'),
    fence: (fenced) => {
      const shown = capLines(fenced.flatMap((text) => redact(text).split(/\r?\n/))).map((text) =>
        showControlCharacters(redact.cut(text, MAX_MARKDOWN_LINE))
      )
      const longestRun = Math.max(
        0,
        ...shown.flatMap((text) => (text.match(/`+/g) ?? []).map((run) => run.length))
      )
      const fence = '`'.repeat(Math.max(3, longestRun + 1))
      return [`${fence}text`, ...shown, fence].join('\n')
    },
    link: (url) => {
      const checked = checkHttpUrl(url)
      if (!('url' in checked) || redact(url) !== url) return line(url)
      return `[${line(url)}](${linkTarget(url)})`
    },
    plain: (text, max) =>
      redact.cut(showControlCharacters(redact(text).replace(/\r?\n/g, ' ')), max)
  }
}

/**
 * The hidden line that finds this action's comment for a deployment. The name is percent-encoded,
 * so that no name can close the comment (`-->`, `--!>`) and show what follows.
 */
export function commentMarker(deploymentName: string): string {
  return `<!-- deploy-agent-action:deployment=${encodeURIComponent(deploymentName)} -->`
}

/**
 * Keeps a markdown text under `maxBytes` of UTF-8: cut at a line, a fence left open closed, and
 * a note that says so.
 */
export function capMarkdown(markdown: string, maxBytes = MAX_SUMMARY_BYTES): string {
  if (Buffer.byteLength(markdown) <= maxBytes) return markdown
  const note =
    '\n\n_The summary was cut here to stay under the size GitHub shows; the step log has all of it._\n'
  const room = Buffer.from(markdown).subarray(0, maxBytes - Buffer.byteLength(note) - 64)
  const text = room.toString('utf8').replace(/\ufffd$/, '')
  const kept = text.slice(0, Math.max(0, text.lastIndexOf('\n'))).split('\n')
  let open: string | undefined
  for (const keptLine of kept) {
    if (open === undefined) open = /^(`{3,})(?:text|mermaid)$/.exec(keptLine)?.[1]
    else if (keptLine === open) open = undefined
  }
  return [...kept, ...(open ? [open] : []), ''].join('\n') + note
}
