// The run context lives in the step kit, below the steps that take it; the run's layers keep
// reaching it here.
export type { Deadline, RunContext, RunLog } from '../step-kit/run-context'
