import { a2aRender, assistantRender, runRender } from './agent-checks/report'
import { assistantsRender } from './assistants/report'
import { bakeRender } from './bake/report'
import { gateRender } from './evaluation/report'
import type { StepRender } from './report-kit/render'
import type { OutputShape } from './report-kit/shapes'
import { suiteRender } from './smoke/report'
import { threadsRender } from './threads/report'

// The step folders' steps by name, in the order they run after the frame's own, each with its
// renderer row: the report's rows and the payloads by step name are made from it. The runner's
// list (./after-deploy/checks.ts) holds their rows, which only a run that deploys loads.

/** A renderer row of the list; one that sets outputs gives the shape of each. */
const render = <Payload, Out extends string>(
  row: StepRender<Payload, Out> &
    ([Out] extends [never] ? object : { shapes: Record<Out, OutputShape> })
) => row

export const STEPS = {
  assistants: render(assistantsRender),
  threads: render(threadsRender),
  assistant: render(assistantRender),
  run: render(runRender),
  a2a: render(a2aRender),
  suite: render(suiteRender),
  gate: render(gateRender),
  bake: render(bakeRender)
}

/** What each step of the list hands the report beyond its verdict, by the step's name. */
export type ListedPayloads = {
  [Name in keyof typeof STEPS]: (typeof STEPS)[Name] extends StepRender<infer P, string> ? P : never
}

export const LISTED_RENDERS = STEPS
