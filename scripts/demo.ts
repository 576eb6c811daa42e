/**
 * `npm run demo`: the built action (`npm run build` first), run as a runner runs it, against the
 * local emulators (control plane, agent server, tracing service). It creates a deployment, then
 * updates it behind the evaluation gate: the serving revision is evaluated first, the new one is
 * compared with it, and the gate passes. `npm run demo -- --regression` then deploys a revision
 * that answers wrongly: the gate catches the regression and the previous revision is rolled back.
 * `npm run demo -- --bake` shows the bake window instead (scripts/demo-bake.ts).
 */
import { seedGate, startServices } from '../emulator'
import { runAction } from '../__tests__/helpers/run-action'
import type { Step } from '../__tests__/helpers/policy-file'
import { demoBake } from './demo-bake'

if (process.argv.includes('--bake')) process.exit(await demoBake())

const STEP_MS = 600
const NAME = 'demo-agent'
const regression = process.argv.includes('--regression')

const services = await startServices({ serve: NAME, controlPlane: { stepMs: STEP_MS } })
const { controlPlane, agent, tracing } = services
seedGate(tracing, { name: 'demo-dataset', examples: 5 })
console.log(
  `Control plane at ${controlPlane.url}; agent server at ${agent.url}; tracing service at ${tracing.url}\n`
)

const inputs = {
  'api-url': controlPlane.url,
  'api-key': 'emulator-key',
  name: NAME,
  'integration-id': '123e4567-e89b-42d3-a456-426614174000',
  'graph-config-path': 'graph.json',
  secrets: 'OPENAI_API_KEY=sk-demo-not-a-real-key',
  'poll-interval': '1',
  timeout: '5m'
}
const gated = {
  ...inputs,
  policy: {
    agent: { assistant: 'agent' },
    gate: {
      dataset: 'demo-dataset',
      'min-scores': { correctness: 0.8 },
      'max-regression': { '*': 0.1 },
      timeout: '2m'
    },
    rollback: { 'on-failure': true }
  },
  'tracing-url': tracing.url,
  'tracing-web-url': 'https://tracing.example.com'
}

const runs: { title: string; inputs: Step; expectCode: number }[] = [
  { title: 'First run: the deployment does not exist yet', inputs, expectCode: 0 },
  {
    title:
      'Second run: an update behind the evaluation gate (the serving revision is evaluated first)',
    inputs: gated,
    expectCode: 0
  },
  ...(regression
    ? [
        {
          title: 'Third run: a revision that answers wrongly; the gate catches it and rolls back',
          inputs: gated,
          expectCode: 1
        }
      ]
    : [])
]

let unexpected = false
for (const [index, step] of runs.entries()) {
  console.log(`=== ${step.title}\n`)
  if (index === 2) controlPlane.setAgent('wrong-reply')
  // A runner hides its ::add-mask:: commands; so does the demo.
  const run = await runAction(step.inputs, {
    onStdout: (chunk) => process.stdout.write(chunk.replace(/^::add-mask::.*\n/gm, ''))
  })
  process.stderr.write(run.stderr)
  console.log(`\nexit code ${run.code} after ${(run.durationMs / 1000).toFixed(1)} s; outputs:`)
  for (const [name, value] of Object.entries(run.outputs)) console.log(`  ${name} = ${value}`)
  console.log(`job summary:\n${run.summary}`)
  unexpected ||= run.code !== step.expectCode
}

await services.close()
process.exit(unexpected ? 1 : 0)
