import type { CheckVerdictKind } from '../result'
import type { DeployedRevision, RunFacts, Step } from './step'

// A step as a row of the list of steps: the columns the runner reads of every step, and the step
// with its own types kept inside, for the runner (../after-deploy/check-runner.ts) to open.

/** A row of the list with its types kept inside: what the runner reads of every step. */
export interface StepRow<Name extends string = string, Payload = unknown, Facts = RunFacts> {
  name: Name
  inconclusiveRollsBack: boolean
  stopsLaterOn: readonly CheckVerdictKind[]
  /** Step.onlyAfterPasses. */
  onlyAfterPasses: boolean
  /** Whether the run asks for it on `revision` (its needs are there). */
  asks(config: Facts, revision: DeployedRevision): boolean
  /** The step, handed to `use` with its own types (what it needs, what it prepared). */
  open<R>(use: <Need, P>(step: Step<Name, Need, P | undefined, Payload, Facts>) => R): R
}

/** A step as a row of the list: its types checked here, kept inside the row after. */
export function defineStep<
  Name extends string,
  Need,
  // None without a prepare (so naming it refuses).
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  P extends undefined = undefined,
  Payload = unknown,
  Facts = RunFacts
>(
  step: Step<Name, Need, undefined, Payload, Facts> & { prepare?: undefined }
): StepRow<Name, Payload, Facts>
/** A step that reads before the write: its run is given what its prepare read. */
export function defineStep<Name extends string, Need, P, Payload = unknown, Facts = RunFacts>(
  step: Step<Name, Need, P, Payload, Facts> &
    Required<Pick<Step<Name, Need, P, Payload, Facts>, 'prepare'>>
): StepRow<Name, Payload, Facts>
export function defineStep<Name extends string, Need, P, Payload, Facts>(
  step: Step<Name, Need, P | undefined, Payload, Facts>
): StepRow<Name, Payload, Facts> {
  return {
    name: step.name,
    inconclusiveRollsBack: step.inconclusiveRollsBack,
    stopsLaterOn: step.stopsLaterOn,
    onlyAfterPasses: step.onlyAfterPasses ?? false,
    asks: (config, revision) => step.needs(config, revision) !== undefined,
    open: (use) => use(step)
  }
}
