import type { GateReport } from './evaluation/types'
import type { AfterDeployChecks, RollbackReport, SuiteReport } from './result'

// What each step after DEPLOYED hands the report, keyed by the step's name: one member per step
// that has something to show beyond its verdict. The step's run returns it
// (./after-deploy/steps.ts), the result carries it, and the report renders it from one row keyed
// by the same name (./report/step-rows.ts). Below all three.

export interface StepPayloads {
  /** The reply to `verify-message`. */
  run: string
  /** The reply over A2A. */
  a2a: string
  /** `verify-cases`: the smoke suite's cases and verdict. */
  suite: SuiteReport
  /** `eval-dataset`: the evaluation gate's report. */
  gate: GateReport
}

/** The payload of the step named `name`; `undefined` for a step with nothing but its verdict. */
export type PayloadOf<Name extends string> = Name extends keyof StepPayloads
  ? StepPayloads[Name]
  : undefined

/** The checks after DEPLOYED of one revision, with the steps' payloads. */
export type StepChecks = AfterDeployChecks<StepPayloads>

/** A rollback's report, the checks of the revision it brought back included. */
export type StepRollback = RollbackReport<StepPayloads>
