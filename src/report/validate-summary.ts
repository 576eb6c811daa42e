/**
 * The job summary of `operation: validate` when the policy has no problem: the policy in effect
 * (its file, the entry applied, one line per section in words) and its full digest, so a reader
 * can match it with the digest a deploy records. The policy's text is the repository's (a pull
 * request's author wrote it): every piece goes through ./markdown.ts. When the inputs or the
 * policy have problems, the run never gets here: ./summary.ts's input-error summary lists them.
 */
import type { GitHubPlace } from '../lib/github-links'
import type { EffectivePolicy, PolicyInEffect } from '../policy/effective'
import { SECTIONS } from '../policy/schema'
import { describePolicy } from '../policy/describe'
import type { OfflineReport } from './job-summary'
import type { Log } from './log'
import { capMarkdown, markdownFor } from './markdown'
import { policyInWords } from './policy-model'
import { policyInEffectLines, shortDigest } from './policy-text'
import type { PolicyFacts } from './policy-types'
import type { Redactor } from './redact'

export interface ValidatedPolicy extends PolicyFacts {
  /** How many environments entries were each merged over the policy and checked. */
  entriesChecked: number
  /** The policy in effect under each entry, in file order: one line each. */
  entryEffects?: { name: string; inEffect: PolicyInEffect }[]
}

/** A policy under an entry in words, a section the entry removed said as off. */
function entryWords(written: EffectivePolicy, underEntry: EffectivePolicy): string {
  const removed = SECTIONS.filter(
    (section) => written[section] !== undefined && underEntry[section] === undefined
  ).map((section) => `${section}: off`)
  return [...describePolicy(underEntry), ...removed].join('; ') || 'only the serving check'
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
  await report.summary(renderValidateSummary(validated, report.redact, report.links))
}

export function renderValidateSummary(
  validated: ValidatedPolicy,
  redact: Redactor,
  links: { place?: GitHubPlace; commit?: string } = {}
): string {
  const md = markdownFor(redact)
  const policy = policyInWords(validated, true, links.place, links.commit)
  if (policy === undefined || !policy.given) throw new Error('validate ran without a policy.')
  const entries = validated.entryEffects ?? []
  const checked =
    entries.length === 0
      ? 'as written'
      : `as written and under each of its ${entries.length} environments entr${entries.length === 1 ? 'y' : 'ies'}`
  return capMarkdown(
    [
      `## ✅ Validate: no problems in the release policy ${md.code(policy.path)}`,
      '',
      md.paragraph(
        `Checked ${checked}. Nothing was sent: a deploy records the same digest for the same policy.`
      ),
      '',
      `- **File:** ${md.linkAs(policy.path, policy.link)}`,
      `- **Digest:** ${md.code(shortDigest(policy.digest))}`,
      // Each entry in one line: what a deploy under it checks, and its digest.
      ...(entries.length === 0
        ? policyInEffectLines(policy, md)
        : [
            `- **As written:** ${md.cell(describePolicy(validated.inEffect.policy).join('; ') || 'only the serving check')}`,
            ...entries.map(
              ({ name, inEffect }) =>
                `- ${md.code(`environments.${name}`)} (${md.code(shortDigest(inEffect.digest))}): ${md.cell(entryWords(validated.inEffect.policy, inEffect.policy))}`
            ),
            // The entry the job's `environment` picks, when it names one: what its deploy applies.
            ...(validated.inEffect.entry === null
              ? []
              : [`- **Entry applied:** ${md.cell(`environments.${validated.inEffect.entry}`)}`])
          ]),
      ''
    ].join('\n')
  )
}
