import { STEPS } from '../steps'
import type { StepRow } from './check-runner'
import { commitStep, infoStep, servingStep } from './revision-steps'

// The steps after DEPLOYED, in the order they run: the frame's own (./revision-steps.ts), then the
// list of steps (../steps.ts), each row defined in its step's folder (../step-kit/step.ts says
// what a row holds). Two of its columns hold the spec's decisions:
// - inconclusiveRollsBack: whether a step that could not conclude rolls back ("Checks that
//   cannot conclude": not when the control plane could not be read, since the same service
//   would carry the redeploy; yes when the new revision's own behaviour is unproven);
// - stopsLaterOn: the verdicts after which no later step runs (a revision that does not serve,
//   or a build nobody verified, is not worth asking; /info that could not confirm still lets
//   the agent checks give a verdict of their own).
// A new step is its folder and a line of the list (../steps.ts).

export const CHECKS: readonly StepRow[] = [
  commitStep,
  servingStep,
  infoStep,
  ...STEPS.map(({ row }): StepRow => row)
]
