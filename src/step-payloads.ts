import type { AfterDeployChecks, RollbackReport } from './result'
import type { ListedPayloads } from './steps'

// The steps after DEPLOYED by name, and what each hands the report beyond its verdict (undefined
// for a step with nothing more): the frame's own steps (./after-deploy/revision-steps.ts), then
// each step of the list (./steps.ts) with its renderer row's payload. The step's run returns it,
// the result carries it, and the report renders it from the row of the same name
// (./report/step-rows.ts).

/** The frame's own steps: the commit, the serving revision, the agent server's /info. */
interface FramePayloads {
  commit: undefined
  serving: undefined
  info: undefined
}

type Payloads = FramePayloads & ListedPayloads

/** Each step's payload, by the step's name. */
export type StepPayloads = { [Name in keyof Payloads]: Payloads[Name] }

/** A step after DEPLOYED, by name. */
export type CheckName = keyof StepPayloads

/** The payload of the step named `name`; `undefined` for a step with nothing but its verdict. */
export type PayloadOf<Name extends CheckName> = StepPayloads[Name]

/** The checks after DEPLOYED of one revision, with the steps' payloads. */
export type StepChecks = AfterDeployChecks<StepPayloads>

/** A rollback's report, the checks of the revision it brought back included. */
export type StepRollback = RollbackReport<StepPayloads>
