/**
 * operation validate: the inputs and the release policy were checked while they were read (the
 * policy as written, each environments entry merged over it, the files it names); what is left
 * is to say so, in the log and in the job summary. Its row in ./operations.ts needs nothing: it
 * is given no connection, so it sends nothing, GitHub included, and a pull request from a fork
 * can run it.
 */
import type { ValidateConfig } from '../inputs/parse'
import { describePolicy } from '../policy/describe'
import type { OfflineReport } from '../report/job-summary'
import type { Log } from '../report/log'
import { renderValidateSummary } from '../report/validate-summary'

/**
 * Prints the policy in effect (for `environment`, else as written) and its digest, and writes
 * them to the job summary, which is written in every case.
 */
export async function validate(
  config: ValidateConfig,
  log: Log,
  report: OfflineReport
): Promise<void> {
  const policy = config.releasePolicy
  // The rules require release-policy with validate; parseInputs refuses a policy with problems.
  if (policy === undefined) throw new Error('operation validate ran without a release policy.')
  const { entry, digest, policy: inEffect } = policy.inEffect
  const entries = policy.entries
  log.info(
    `Release policy ${policy.path}: no problems (checked as written${
      entries.length === 0 ? '' : ` and with each of ${entries.length} environments entries merged`
    }).`
  )
  log.info(
    `Policy in effect${entry === null ? '' : ` with environments.${entry}`}: digest ${digest}`
  )
  for (const line of describePolicy(inEffect)) log.info(`  ${line}`)
  log.startGroup('The policy in effect, as JSON')
  log.info(JSON.stringify(inEffect, null, 2))
  log.endGroup()
  await report.summary(
    renderValidateSummary(
      {
        path: policy.path,
        inEffect: policy.inEffect,
        entriesChecked: entries.length,
        entryEffects: policy.entryEffects ?? []
      },
      report.redact,
      report.links
    )
  )
}
