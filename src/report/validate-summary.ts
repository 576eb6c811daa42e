/**
 * The job summary of `operation: validate` when the policy has no problem: the policy in effect
 * (its file, the entry applied, one line per section in words) and its full digest, so a reader
 * can match it with the digest a deploy records. The policy's text is the repository's (a pull
 * request's author wrote it): every piece goes through ./markdown.ts. When the inputs or the
 * policy have problems, the run never gets here: ./summary.ts's input-error summary lists them.
 */
import type { GitHubPlace } from '../lib/github-links'
import { describePolicy } from '../policy/describe'
import type { OfflineReport } from './job-summary'
import type { Log } from './log'
import { capMarkdown, markdownFor } from './markdown'
import { policyInWords } from './policy-model'
import { policyInEffectLines } from './policy-text'
import type { PolicyFacts } from './policy-types'
import type { Redactor } from './redact'

export interface ValidatedPolicy extends PolicyFacts {
  /** How many environments entries were each merged over the policy and checked. */
  entriesChecked: number
}

/**
 * What operation validate says: that the policy has no problems and its digest, the policy in
 * effect in words and as JSON in the log, and the job summary (written in every case).
 */
export async function reportValidated(
  validated: ValidatedPolicy,
  log: Log,
  report: OfflineReport
): Promise<void> {
  const { path, entriesChecked: entries } = validated
  const { entry, digest, policy: inEffect } = validated.inEffect
  log.info(
    `Release policy ${path}: no problems (checked as written${
      entries === 0 ? '' : ` and with each of ${entries} environments entries merged`
    }).`
  )
  log.info(
    `Policy in effect${entry === null ? '' : ` with environments.${entry}`}: digest ${digest}`
  )
  for (const line of describePolicy(inEffect)) log.info(`  ${line}`)
  log.startGroup('The policy in effect, as JSON')
  log.info(JSON.stringify(inEffect, null, 2))
  log.endGroup()
  await report.summary(renderValidateSummary(validated, report.redact))
}

export function renderValidateSummary(
  validated: ValidatedPolicy,
  redact: Redactor,
  links: { place?: GitHubPlace; commit?: string } = {}
): string {
  const md = markdownFor(redact)
  const policy = policyInWords(validated, true, links.place, links.commit)
  if (policy === undefined || !policy.given) throw new Error('validate ran without a policy.')
  const entries = validated.entriesChecked
  const checked =
    entries === 0
      ? 'checked as written'
      : `checked as written and with each of its ${entries} environments entr${entries === 1 ? 'y' : 'ies'} merged`
  return capMarkdown(
    [
      '## ✅ Release policy: no problems',
      '',
      md.paragraph(`${checked}; nothing was sent.`),
      '',
      `- **File:** ${md.linkAs(policy.path, policy.link)}`,
      `- **Digest:** ${md.code(policy.digest)}`,
      ...policyInEffectLines(policy, md),
      ''
    ].join('\n')
  )
}
