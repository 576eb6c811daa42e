import type { InputName } from './contract'
import type { WorkflowRefEnv } from './git-ref'
import { problemLine, type PolicyProblem } from '../policy-kit/problems'

/** The parts of the runner's environment the inputs' defaults come from. */
export interface InputEnv extends WorkflowRefEnv {
  GITHUB_SERVER_URL?: string
  GITHUB_REPOSITORY?: string
  /** Where `release-policy` (and the files it names) is read from; the working directory if unset. */
  GITHUB_WORKSPACE?: string
}

export interface InputProblem {
  input: InputName
  message: string
}

/** Every problem of the inputs and of the release policy, found before anything is sent. */
export class InputError extends Error {
  constructor(
    readonly problems: InputProblem[],
    readonly policyProblems: PolicyProblem[] = []
  ) {
    const count = problems.length + policyProblems.length
    const what = policyProblems.length === 0 ? "The action's inputs have" : policyHeading(problems)
    super(
      `${what} ${count} problem${count === 1 ? '' : 's'}; nothing was sent:\n` +
        [
          ...problems.map((p) => `  - ${p.input}: ${p.message}`),
          ...policyProblems.map((p) => `  - ${problemLine(p)}`)
        ].join('\n')
    )
    this.name = 'InputError'
  }
}

function policyHeading(problems: InputProblem[]): string {
  return problems.length === 0
    ? 'The release policy has'
    : "The action's inputs and release policy have"
}
