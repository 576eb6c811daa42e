import type { InputName } from './contract'
import type { WorkflowRefEnv } from './git-ref'

/** The parts of the runner's environment the inputs' defaults come from. */
export interface InputEnv extends WorkflowRefEnv {
  GITHUB_SERVER_URL?: string
  GITHUB_REPOSITORY?: string
  /** Where `verify-cases` is read from (the runner's checkout); the working directory if unset. */
  GITHUB_WORKSPACE?: string
}

export interface InputProblem {
  input: InputName
  message: string
}

export class InputError extends Error {
  constructor(readonly problems: InputProblem[]) {
    super(
      `The action's inputs have ${problems.length} problem${problems.length === 1 ? '' : 's'}; nothing was sent:\n` +
        problems.map((p) => `  - ${p.input}: ${p.message}`).join('\n')
    )
    this.name = 'InputError'
  }
}
