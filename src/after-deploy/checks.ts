import type { Config } from '../inputs/parse'
import type { StepRow as DefinedRow } from '../step-kit/define'
import { STEPS, type ListedPayloads } from '../steps'
import type { StepRow } from './check-runner'
import { commitStep, infoStep, servingStep } from './revision-steps'

// The steps after DEPLOYED, in the order they run: the frame's own (./revision-steps.ts), then
// each step of the list (../steps.ts) by its row from its folder (../step-kit/step.ts says what a
// row holds). Two of its columns hold the spec's decisions:
// - inconclusiveRollsBack: whether a step that could not conclude rolls back ("Checks that
//   cannot conclude": not when the control plane could not be read, since the same service
//   would carry the redeploy; yes when the new revision's own behaviour is unproven);
// - stopsLaterOn: the verdicts after which no later step runs (a revision that does not serve,
//   or a build nobody verified, is not worth asking; /info that could not confirm still lets
//   the agent checks give a verdict of their own).

/** Each listed step's row as the runner takes it: named as listed, its payload the one the list
 * names, and what it reads of the run the config's. */
const LISTED: {
  [Name in keyof ListedPayloads]: {
    row: () => Promise<DefinedRow<Name, ListedPayloads[Name], Config>>
  }
} = STEPS

/** The frame's steps, then the listed steps' rows (loaded when a run deploys). */
export async function loadChecks(): Promise<readonly StepRow[]> {
  const listed: readonly StepRow[] = await Promise.all(
    Object.values(LISTED).map((step: { row: () => Promise<StepRow> }) => step.row())
  )
  return [commitStep, servingStep, infoStep, ...listed]
}
