import type { AssistantsReport } from './assistants/types'
import type { BakeReport } from './bake/report-types'
import type { GateReport } from './evaluation/types'
import type { ParkedThreadsPayload } from './threads/payload'
import type { AfterDeployChecks, RollbackReport, SuiteReport } from './result'

// The steps after DEPLOYED by name, and what each hands the report beyond its verdict (undefined
// for a step with nothing more): one member per step. The step's run returns it
// (./after-deploy/checks.ts lists the steps), the result carries it, and the report renders it
// from one row keyed by the same name (./report/step-rows.ts). Below all three.

export interface StepPayloads {
  commit: undefined
  serving: undefined
  info: undefined
  assistant: undefined
  /** The reply to `agent.message`. */
  run: string
  /** The reply over A2A. */
  a2a: string
  /** `smoke.cases`: the smoke suite's cases and verdict. */
  suite: SuiteReport
  /** `gate.dataset`: the evaluation gate's report. */
  gate: GateReport
  /** `bake.duration`: the bake window's reads and verdict. */
  bake: BakeReport
  /** `assistants.entries`: each assistant and what was done to it. */
  assistants: AssistantsReport
  /** `threads.parked: check`: the parked threads read, judged, and read again. */
  threads: ParkedThreadsPayload
}

/** A step after DEPLOYED, by name. */
export type CheckName = keyof StepPayloads

/** The payload of the step named `name`; `undefined` for a step with nothing but its verdict. */
export type PayloadOf<Name extends CheckName> = StepPayloads[Name]

/** The checks after DEPLOYED of one revision, with the steps' payloads. */
export type StepChecks = AfterDeployChecks<StepPayloads>

/** A rollback's report, the checks of the revision it brought back included. */
export type StepRollback = RollbackReport<StepPayloads>
