import { INPUT_NAMES, type InputName, type RawInputs } from './contract'
import { InputError, type InputEnv, type InputProblem } from './problems'
import { configSchema, type Config } from './schema'
import { readCaseFile } from './cases'

export { InputError, type InputEnv, type InputProblem } from './problems'
export type {
  Config,
  DeleteConfig,
  DeployConfig,
  PromoteConfig,
  PruneConfig,
  RollbackConfig,
  Target
} from './schema'
export {
  DEPLOYMENT_TYPES,
  OPERATIONS,
  SOURCES,
  type DeploymentType,
  type Operation,
  type Source
} from './fields'

/**
 * Turns the raw action inputs into one Config, or throws an InputError that lists every problem,
 * each with its input name. Reads only its arguments, and the `verify-cases` file they name
 * (relative to GITHUB_WORKSPACE), so that a bad case file is refused with the other inputs.
 */
export async function parseInputs(raw: RawInputs, env: InputEnv): Promise<Config> {
  const casePath = raw['verify-cases']?.trim()
  const caseFile = casePath ? await readCaseFile(casePath, env.GITHUB_WORKSPACE) : undefined
  const result = configSchema.safeParse({ inputs: raw, env, caseFile })
  if (result.success) return result.data
  throw new InputError(result.error.issues.map(toProblem))
}

function toProblem(issue: { path: PropertyKey[]; message: string }): InputProblem {
  const input = INPUT_NAMES.find((name) => name === issue.path[1])
  // Every schema issue is about one input; one that is not would be a defect here, said plainly.
  if (input === undefined) throw new Error(`An input check went wrong at ${issue.path.join('.')}`)
  return { input: input satisfies InputName, message: issue.message }
}
