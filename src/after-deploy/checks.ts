import { a2aStep, assistantStep, runStep } from '../agent-checks/step'
import { assistantsStep } from '../assistants/step'
import { bakeStep } from '../bake/step'
import { gateStep } from '../evaluation/step'
import type { Config } from '../inputs/parse'
import { suiteStep } from '../smoke/step'
import type { StepRow as DefinedRow } from '../step-kit/define'
import type { ListedPayloads } from '../steps'
import { threadsStep } from '../threads/step'
import type { StepRow } from './check-runner'
import { commitStep, infoStep, servingStep } from './revision-steps'

// The steps after DEPLOYED, in the order they run: the frame's own (./revision-steps.ts), then
// each step of the list (../steps.ts, which names its payload) by its row from its folder
// (../step-kit/step.ts says what a row holds). Two of its columns hold the spec's decisions:
// - inconclusiveRollsBack: whether a step that could not conclude rolls back ("Checks that
//   cannot conclude": not when the control plane could not be read, since the same service
//   would carry the redeploy; yes when the new revision's own behaviour is unproven);
// - stopsLaterOn: the verdicts after which no later step runs (a revision that does not serve,
//   or a build nobody verified, is not worth asking; /info that could not confirm still lets
//   the agent checks give a verdict of their own).
// A new step is its folder, a line of the list (../steps.ts) and its row here.

/** A listed step's row: its payload the one the list names, what it reads the config's. */
const listed = <Name extends keyof ListedPayloads>(
  row: DefinedRow<Name, ListedPayloads[Name], Config>
): StepRow => row

export const CHECKS: readonly StepRow[] = [
  commitStep,
  servingStep,
  infoStep,
  listed(assistantsStep),
  listed(threadsStep),
  listed(assistantStep),
  listed(runStep),
  listed(a2aStep),
  listed(suiteStep),
  listed(gateStep),
  listed(bakeStep)
]
