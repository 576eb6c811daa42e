/**
 * The release policy in the job summary and the PR comment, rendered from the report model:
 * the summary's collapsed block (the file linked at the commit, the digest's first 8 characters,
 * the entry applied, one line per section) and a pull request's changes listed; the comment's one
 * line with the list collapsed. The policy's text is the repository's (a pull request's author
 * wrote it): every piece goes through ./markdown.ts.
 */
import type { PolicyChange } from '../policy/compare'
import type { ChangeScope, ScopedChanges } from '../policy/compare-environments'
import type { Markdown } from './markdown'
import type { PolicyChanges, PolicyGiven, PolicyInWords } from './policy-types'

/** The digest as the text shows it: its first 8 characters. */
export const shortDigest = (digest: string) => digest.slice(0, 8).replace(/[^0-9a-f]/g, '')

/** The summary's lines: the changes a pull request makes (shown), then the block (collapsed). */
export function policySummary(policy: PolicyInWords | undefined, md: Markdown): string[] {
  if (policy === undefined) return []
  if (!policy.given)
    return ['**Release policy:** none given (`release-policy`): only the serving check runs.', '']
  return [...changesSummary(policy.changes, md), ...policyBlock(policy, md)]
}

function policyBlock(policy: PolicyGiven, md: Markdown): string[] {
  const file = md.linkAs(policy.path, policy.link)
  return [
    // Inside <summary> markdown is not read: the digest (hex, made here) as HTML code.
    `<details><summary>Release policy <code>${shortDigest(policy.digest)}</code></summary>`,
    '',
    `- **File:** ${file}`,
    `- **Digest:** ${md.code(shortDigest(policy.digest))}`,
    ...policyInEffectLines(policy, md),
    '',
    '</details>',
    ''
  ]
}

/** The entry applied and one line per section, as a list: the block's, and validate's summary. */
export function policyInEffectLines(policy: PolicyGiven, md: Markdown): string[] {
  return [
    `- **Entry applied:** ${md.cell(entryWords(policy))}`,
    ...(policy.sections.length === 0
      ? ['- no sections: only the serving check runs']
      : policy.sections.map((line) => `- ${md.cell(line)}`)),
    // A section the entry removed is said: a reader must not take its silence for the default.
    ...(policy.rollbackOff && !policy.sections.some((line) => line.startsWith('rollback:'))
      ? [`- rollback: off under ${md.code(`environments.${policy.entry ?? ''}`)}`]
      : [])
  ]
}

function entryWords(policy: PolicyGiven): string {
  if (policy.entry !== null) return `environments.${policy.entry}`
  // The environment is known when it reached the run's config; else only that none applied.
  return policy.environment === undefined
    ? 'no entry applied'
    : `no entry matched environment ${policy.environment}`
}

/** What the pull request changes, one line per setting, by where it applies; none: nothing. */
function changesSummary(changes: PolicyChanges | undefined, md: Markdown): string[] {
  if (changes === undefined) return []
  if (!changes.read)
    return [
      "**Release policy changes:** not shown: the base branch's policy could not be read.",
      '',
      // The reader acts on the line above; why (a status, GitHub's words) is there when wanted.
      `<details><summary>Why</summary>\n\n${md.cell(changes.why)}\n\n</details>`,
      ''
    ]
  // No change, no heading: the collapsed block below still shows the policy.
  if (!changes.isNew && changes.list.length === 0) return []
  const title = changes.isNew
    ? 'the file is new in this pull request'
    : changes.counts.replace(/^policy: /, '')
  const lines = groupLines(changes.groups, md)
  return [
    `### Release policy changes: ${md.cell(title)}`,
    '',
    `Against the base commit ${md.code(changes.baseSha.slice(0, 7))}.`,
    '',
    // A weaker policy is said under the headline; the whole list follows here, collapsed.
    ...(changes.weaker.length > 0
      ? ['<details><summary>Every change</summary>', '', ...lines, '</details>', '']
      : lines)
  ]
}

/** Where a group of changes applies, in words. */
function scopeWords(scope: ChangeScope, md: Markdown): string {
  if (scope.kind === 'every') return 'every environment'
  if (scope.kind === 'rest') return 'an environment no entry matches'
  return md.code(`environments.${scope.name}`)
}

/** Each group under its environment (all of them under "every environment" when alone). */
function groupLines(groups: readonly ScopedChanges[], md: Markdown): string[] {
  return groups.flatMap(({ scope, list }) => [
    `**${scopeWords(scope, md)}:**`,
    '',
    ...list.map((change) => `- ${changeMarkdown(change, md)}`),
    ''
  ])
}

/** "`section.key.name` 0.8 → 0.6, weaker", each piece escaped. */
function changeMarkdown(change: PolicyChange, md: Markdown): string {
  if (change.paths !== undefined && change.paths.length > 0)
    return `${md.code(change.keyPath)}: ${change.paths.map((path) => md.code(path)).join(', ')}, **${change.word}**`
  const values = `${change.base ?? '(none)'} → ${change.head ?? '(none)'}`
  const word = change.note === undefined ? change.word : `${change.word} (${change.note})`
  return `${md.code(change.keyPath)} ${md.cell(values)}, **${word}**`
}

/**
 * The ⚠️ line under the headline when the pull request makes the policy weaker (summary and
 * comment): the worst change named, the rest counted. Nothing otherwise.
 */
export function policyRiskLine(
  policy: PolicyInWords | undefined,
  md: Markdown
): string | undefined {
  if (policy === undefined || !policy.given || !policy.changes?.read) return undefined
  const [worst, ...rest] = policy.changes.weaker
  if (worst === undefined) return undefined
  const where = worst.scope.kind === 'every' ? '' : `${scopeWords(worst.scope, md)}: `
  const { change } = worst
  const values = `${change.base ?? '(none)'} → ${change.head ?? '(none)'}`
  const more = rest.length > 0 ? `, and ${rest.length} more` : ''
  return `⚠️ weakens the release policy: ${where}${md.code(change.keyPath)} ${md.cell(values)}${more}`
}

/** The comment's one line ("policy: 2 weaker, 1 stronger") with the list collapsed. */
export function policyComment(policy: PolicyInWords | undefined, md: Markdown): string[] {
  if (policy === undefined || !policy.given || policy.changes === undefined) return []
  const { changes } = policy
  if (!changes.read)
    return ['- **Release policy:** policy: base not read (the summary says why)', '']
  if (changes.list.length === 0) return []
  const counts = changes.isNew ? 'policy: new in this pull request' : changes.counts
  return [
    `<details><summary>${md.cell(counts)}</summary>`,
    '',
    ...groupLines(changes.groups, md),
    '</details>',
    ''
  ]
}
