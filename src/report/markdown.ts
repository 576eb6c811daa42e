import { showControlCharacters } from './control-characters'
import { NO_SECRETS, type Redactor } from './redact'
import { checkHttpUrl } from '../lib/url'

/** The runner refuses a step summary of 1 MiB or more; this leaves room to spare. */
export const MAX_SUMMARY_BYTES = 900 * 1_024
/**
 * GitHub refuses a comment of more than 65,536 characters; bytes are never fewer than
 * characters, so this many bytes keeps a comment under it.
 */
export const MAX_COMMENT_BYTES = 60_000

/** A pull-request comment kept under GitHub's limit, its marker (first line) kept. */
export function capComment(markdown: string): string {
  return capMarkdown(
    markdown,
    MAX_COMMENT_BYTES,
    '\n\n_The comment was cut here to stay under the size GitHub takes; the job summary has more._\n'
  )
}

/** Characters of one table cell, fenced line or paragraph line at the most. */
export const MAX_MARKDOWN_LINE = 1_000
/** Characters of the deployment name in the comment's marker at the most. */
const MAX_MARKER_NAME = 200
/** Lines of one fence or paragraph at the most. */
export const MAX_MARKDOWN_LINES = 200

export type { Markdown } from '../report-kit/render'
import type { Markdown } from '../report-kit/render'

/**
 * Escapes one line so that markdown and HTML read it as plain characters, and GitHub finds no
 * link in it: its autolinks (`https://…`, `www.…`) are broken by a character reference, which
 * shows the same character.
 */
function escapeInline(line: string): string {
  return escapeMarkup(line)
    .replace(/:(?=\/\/)/g, '&#58;')
    .replace(/(\bwww)\./gi, '$1&#46;')
}

/** Escapes markdown and HTML in one line (a link's own text, where GitHub adds no link). */
function escapeMarkup(line: string): string {
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

/** What may stand in inline code as it is: ids, names, short commits. */
// Inside a code span `*` and brackets are literal: a key path (`assistants.entries[support]`)
// or an entry's name (`pr-*`) reads as code.
const CODE_SAFE = /^[A-Za-z0-9._:/*[\]-]{1,80}$/

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
      return `[${escapeMarkup(redact.cut(url, MAX_MARKDOWN_LINE))}](${linkTarget(url)})`
    },
    linkAs: (text, url) => {
      const shown = line(redact(text).replace(/\r?\n/g, ' '))
      if (url === undefined) return shown
      const checked = checkHttpUrl(url)
      if (!('url' in checked) || redact(url) !== url) return shown
      return `[${shown}](${linkTarget(url)})`
    },
    linkWords: (text, url) => {
      const checked = checkHttpUrl(url)
      if (!('url' in checked) || redact(url) !== url) return line(url)
      return `[${line(redact(text).replace(/\r?\n/g, ' '))}](${linkTarget(url)})`
    },
    code: (text) =>
      CODE_SAFE.test(text) && redact(text) === text
        ? `\`${text}\``
        : line(redact(text).replace(/\r?\n/g, ' ')),
    plain: (text, max) =>
      redact.cut(showControlCharacters(redact(text).replace(/\r?\n/g, ' ')), max),
    label: (text, allowed, fallback) =>
      allowed.test(text) && redact(text) === text ? text : fallback,
    marker: (deploymentName) => commentMarker(deploymentName, redact)
  }
}

/**
 * The hidden line that finds this action's comment for a deployment. The name (from the service
 * when the step gives deployment-id) is redacted, then percent-encoded, so that no name can
 * close the comment (`-->`, `--!>`) and show what follows, nor hide a secret in it.
 */
export function commentMarker(deploymentName: string, redact: Redactor = NO_SECRETS): string {
  return `<!-- deploy-agent-action:deployment=${encodeURIComponent(redact.cut(deploymentName, MAX_MARKER_NAME))} -->`
}

/**
 * Keeps a markdown text under `maxBytes` of UTF-8: cut at a line, a fence left open closed, and
 * a note that says so.
 */
export function capMarkdown(
  markdown: string,
  maxBytes = MAX_SUMMARY_BYTES,
  note = '\n\n_The summary was cut here to stay under the size GitHub shows; the step log has all of it._\n'
): string {
  if (Buffer.byteLength(markdown) <= maxBytes) return markdown
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
