/**
 * The evaluation gate (`gate.dataset`), in the order a deploy uses it:
 * 1. `planGate` before the deployment is touched: reads and refusals (nothing written);
 *    `describeGatePlan` for the log and `dry-run`.
 * 2. `runServingBaseline` before the write, when the plan found no baseline on the same examples.
 * 3. `runGate` after DEPLOYED and the other checks: the experiment, the scores, the verdict.
 */
export { describeGatePlan, planGate } from './plan'
export { runGate, runServingBaseline, type AgentCredentials, type GatedRevision } from './gate'
export { TracingClient, type TracingClientOptions } from '../tracing/client'
export type { ExperimentRuns } from './experiment'
export type { GateForCheck, PreparedGate } from './prepared'
export type {
  CheckVerdict,
  GateDeps,
  GatePlan,
  GatePlanResult,
  GateProblem,
  GateReport,
  GateSettings,
  GateTarget
} from './types'
export type { ExampleRow, KeyRow } from './verdict'
