import { a2aRender, assistantRender, runRender } from './agent-checks/report'
import { a2aStep, assistantStep, runStep } from './agent-checks/step'
import { assistantsRender } from './assistants/report'
import { assistantsStep } from './assistants/step'
import { bakeRender } from './bake/report'
import { bakeStep } from './bake/step'
import { gateRender } from './evaluation/report'
import { gateStep } from './evaluation/step'
import type { StepRender } from './report-kit/render'
import type { OutputShape } from './report-kit/shapes'
import { suiteRender } from './smoke/report'
import { suiteStep } from './smoke/step'
import type { StepRow } from './step-kit/define'
import { threadsRender } from './threads/report'
import { threadsStep } from './threads/step'

// The steps of the step folders, in the order they run after the frame's own (the commit, the
// serving revision, the agent server's /info: ./after-deploy/revision-steps.ts): each its row
// (what it does) and its renderer row (how its payload reads), both from its folder. The runner's
// list (./after-deploy/checks.ts), the report's rows (./report/step-rows.ts) and the payloads by
// step name (./step-payloads.ts) are made from this list. A new step is its folder and a line
// here (and its section's declaration in ./policy/sections.ts).

/**
 * A step of the list: its row and its renderer row, of the same payload; a renderer row that
 * sets outputs gives the shape of each.
 */
const step = <Name extends string, Payload, Facts, Out extends string>(
  row: StepRow<Name, Payload, Facts>,
  render: StepRender<Payload, Out> &
    ([Out] extends [never] ? object : { shapes: Record<Out, OutputShape> })
) => ({ row, render })

export const STEPS = [
  step(assistantsStep, assistantsRender),
  step(threadsStep, threadsRender),
  step(assistantStep, assistantRender),
  step(runStep, runRender),
  step(a2aStep, a2aRender),
  step(suiteStep, suiteRender),
  step(gateStep, gateRender),
  step(bakeStep, bakeRender)
] as const

type Listed = (typeof STEPS)[number]

/** What each step of the list hands the report beyond its verdict, by the step's name. */
export type ListedPayloads = {
  [Each in Listed as Each['row']['name']]: Each['render'] extends StepRender<infer P, string>
    ? P
    : never
}

/** Each step's renderer row, by the step's name, in the list's order. */
export const LISTED_RENDERS = Object.fromEntries(
  STEPS.map(({ row, render }) => [row.name, render])
) as { [Each in Listed as Each['row']['name']]: Each['render'] }
