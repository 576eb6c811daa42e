import type { Operation } from './fields'

// What each operation accepts of the inputs only some operations take: one row per operation,
// read by the rules that judge those inputs, so none of them compares operation names. It sits
// in inputs/ because the inputs are judged before (and below) operations/.

export interface OperationInputs {
  /**
   * Whether it deploys a revision, and so takes the inputs that judge one (the checks after
   * DEPLOYED, the evaluation gate). An operation that does not refuses them all by name.
   */
  deploysRevision: boolean
}

export const OPERATION_INPUTS: Record<Operation, OperationInputs> = {
  deploy: { deploysRevision: true },
  rollback: { deploysRevision: true },
  promote: { deploysRevision: true },
  delete: { deploysRevision: false },
  prune: { deploysRevision: false },
  // validate checks the inputs of any step that deploys, sending nothing.
  validate: { deploysRevision: true }
}
