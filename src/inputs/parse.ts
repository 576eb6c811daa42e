import { INPUT_NAMES, type InputName, type RawInputs } from './contract'
import { InputError, type InputEnv, type InputProblem } from './problems'
import { readStepPolicy } from './release-policy'
import { configSchema, type Config, type StepConfig } from './schema'

export { InputError, type InputEnv, type InputProblem } from './problems'
export type {
  Config,
  DeleteConfig,
  DeployConfig,
  PromoteConfig,
  PruneConfig,
  RollbackConfig,
  StepConfig,
  Target,
  ValidateConfig
} from './schema'
export type { StepPolicy } from './release-policy'
export { DEPLOYMENT_TYPES, OPERATIONS, SOURCES, type DeploymentType, type Source } from './fields'
/** The operations that reach the services: every one whose config is a Config. */
export type Operation = Config['operation']

/**
 * Turns the raw action inputs into the step's config (one variant per operation), or throws an
 * InputError that lists every problem of the inputs (each with its input name) and of the release
 * policy (each with its key path and place in the file). Reads only its arguments, and the
 * `release-policy` file and the files it names (relative to GITHUB_WORKSPACE), so that a bad
 * policy is refused with the other inputs.
 */
export async function parseInputs(raw: RawInputs, env: InputEnv): Promise<StepConfig> {
  const policy = await readStepPolicy(raw, env)
  const result = await configSchema.safeParseAsync({ inputs: raw, env, policy: policy.policy })
  const inputProblems = result.success ? [] : result.error.issues.map(toProblem)
  if (result.success && policy.problems.length === 0) return result.data
  throw new InputError(inputProblems, policy.problems)
}

function toProblem(issue: { path: PropertyKey[]; message: string }): InputProblem {
  const input = INPUT_NAMES.find((name) => name === issue.path[1])
  // Every schema issue is about one input; one that is not would be a defect here, said plainly.
  if (input === undefined) throw new Error(`An input check went wrong at ${issue.path.join('.')}`)
  return { input: input satisfies InputName, message: issue.message }
}
