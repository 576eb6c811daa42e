import { checkHttpUrl } from '../lib/url'
import { markOf, shortCommit } from './headline'
import type { Markdown } from './markdown'
import type { ReportModel } from './report-model'

/** The headline as markdown: the mark, the words escaped, short ids as code. */
export function headlineMarkdown(model: Pick<ReportModel, 'headline' | 'succeeded'>, md: Markdown) {
  const words = model.headline
    .map((part) => (typeof part === 'string' ? md.cell(part) : md.code(part.code)))
    .join('')
  return `${markOf(model)} ${words}`
}

/** A GitHub alert block (`> [!CAUTION]`): every line quoted, a blank one quoted too. */
export function alert(kind: 'CAUTION' | 'WARNING' | 'NOTE', lines: readonly string[]): string[] {
  return [
    `> [!${kind}]`,
    ...lines.flatMap((line) => line.split('\n')).map((line) => (line === '' ? '>' : `> ${line}`))
  ]
}

/** A commit as its short id in code, linked to its page when the link is http(s). */
export function linkedCommit(sha: string, url: string | undefined, md: Markdown): string {
  const code = md.code(shortCommit(sha))
  return url !== undefined && 'url' in checkHttpUrl(url) ? `[${code}](${url})` : code
}
