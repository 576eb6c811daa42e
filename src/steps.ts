import { a2aRender, assistantRender, runRender } from './agent-checks/report'
import { assistantsRender } from './assistants/report'
import { bakeRender } from './bake/report'
import { gateRender } from './evaluation/report'
import type { StepRender } from './report-kit/render'
import type { OutputShape } from './report-kit/shapes'
import { suiteRender } from './smoke/report'
import type { StepRow } from './step-kit/define'
import { threadsRender } from './threads/report'

// The step folders' steps by name, in the order they run after the frame's own: each with its
// renderer row, which every run loads with the report, and its row, which the runner loads when a
// run deploys (../after-deploy/checks.ts). The report's rows, the outputs' shapes, the payloads by
// step name and the runner's rows are all made from this list. A new step is its folder and a
// line here.

/** A listed step: its renderer row (one that sets outputs gives each one's shape), its row. */
const listed = <Name extends string, Payload, Out extends string, Facts>(
  render: StepRender<Payload, Out> &
    ([Out] extends [never] ? object : { shapes: Record<Out, OutputShape> }),
  row: () => Promise<StepRow<Name, Payload, Facts>>
) => ({ render, row })

// The rows load in the chunk of the run's execution (../main.ts names it so), which loads them: in
// a chunk of their own they would carry copies of the step kit and the clients it shares.
const agentChecks = () => import(/* webpackChunkName: "execute" */ './agent-checks/step')

export const STEPS = {
  assistants: listed(assistantsRender, () =>
    import(/* webpackChunkName: "execute" */ './assistants/step').then((m) => m.assistantsStep)
  ),
  threads: listed(threadsRender, () =>
    import(/* webpackChunkName: "execute" */ './threads/step').then((m) => m.threadsStep)
  ),
  assistant: listed(assistantRender, () => agentChecks().then((m) => m.assistantStep)),
  run: listed(runRender, () => agentChecks().then((m) => m.runStep)),
  a2a: listed(a2aRender, () => agentChecks().then((m) => m.a2aStep)),
  suite: listed(suiteRender, () =>
    import(/* webpackChunkName: "execute" */ './smoke/step').then((m) => m.suiteStep)
  ),
  gate: listed(gateRender, () =>
    import(/* webpackChunkName: "execute" */ './evaluation/step').then((m) => m.gateStep)
  ),
  bake: listed(bakeRender, () =>
    import(/* webpackChunkName: "execute" */ './bake/step').then((m) => m.bakeStep)
  )
}

type Listed = typeof STEPS

/** What each step of the list hands the report beyond its verdict, by the step's name. */
export type ListedPayloads = {
  [Name in keyof Listed]: Listed[Name]['render'] extends StepRender<infer P, string> ? P : never
}

/** Each listed step's renderer row, by its name. */
export const LISTED_RENDERS = Object.fromEntries(
  Object.entries(STEPS).map(([name, step]) => [name, step.render])
) as { [Name in keyof Listed]: Listed[Name]['render'] }
