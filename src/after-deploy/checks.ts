import { a2aStep, assistantStep, runStep } from '../agent-checks/step'
import { assistantsStep } from '../assistants/step'
import { bakeStep } from '../bake/step'
import { gateStep } from '../evaluation/step'
import { suiteStep } from '../smoke/step'
import type { StepRow } from './check-runner'
import { commitStep, infoStep, servingStep } from './revision-steps'
import { threadsStep } from '../threads/step'

// The steps after DEPLOYED, in the order they run: each row is defined in its step's file
// (./step.ts says what a row holds). Two of its columns hold the spec's decisions:
// - inconclusiveRollsBack: whether a step that could not conclude rolls back ("Checks that
//   cannot conclude": not when the control plane could not be read, since the same service
//   would carry the redeploy; yes when the new revision's own behaviour is unproven);
// - stopsLaterOn: the verdicts after which no later step runs (a revision that does not serve,
//   or a build nobody verified, is not worth asking; /info that could not confirm still lets
//   the agent checks give a verdict of their own).
// A new step is its own file, one row here, its payload (../step-payloads.ts) and its renderer
// row (../report/step-rows.ts).

export const CHECKS: readonly StepRow[] = [
  commitStep,
  servingStep,
  infoStep,
  assistantsStep,
  threadsStep,
  assistantStep,
  runStep,
  a2aStep,
  suiteStep,
  gateStep,
  bakeStep
]
