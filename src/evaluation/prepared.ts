import type { ExperimentRuns } from './experiment'
import type { AgentCredentials } from './gate'
import type { GateDeps, GatePlan } from './types'

// The gate as a deploy carries it from before the write to the check after DEPLOYED: what the
// check runner is given, below both it and the delivery's wiring.

/** The gate as planned before the write, for the check after DEPLOYED. */
export interface PreparedGate {
  plan: GatePlan
  /** The serving revision's experiment, run before the write when the plan needed it. */
  servingBaseline?: ExperimentRuns
  deps: GateDeps
  agent: AgentCredentials
}

/** What the gate check of a revision is given: the plan, or why there is no gate to run. */
export type GateForCheck = PreparedGate | { skipped: string }
