/**
 * operation validate: the inputs and the release policy were checked while they were read (the
 * policy as written, each environments entry merged over it, the files it names); what is left
 * is to say so, which ../report/ does (the log and the job summary). Its row in
 * ./operations.ts needs nothing: it is given no connection, so it sends nothing, GitHub
 * included, and a pull request from a fork can run it.
 */
import type { ValidateConfig } from '../inputs/parse'
import type { OfflineReport } from '../report/job-summary'
import type { Log } from '../report/log'
import { reportValidated } from '../report/validate-summary'

/** The policy checked, as the report says it: in effect for `environment`, else as written. */
export async function validate(
  config: ValidateConfig,
  log: Log,
  report: OfflineReport
): Promise<void> {
  const policy = config.releasePolicy
  // The rules require release-policy with validate; parseInputs refuses a policy with problems.
  if (policy === undefined) throw new Error('operation validate ran without a release policy.')
  await reportValidated(
    {
      path: policy.path,
      inEffect: policy.inEffect,
      entriesChecked: policy.entries.length,
      entryEffects: policy.entryEffects ?? []
    },
    log,
    report
  )
}
