/**
 * `npm run demo`: the built action, run as a runner runs it, against the local emulator. It
 * deploys twice (a create, then an update) and prints the outputs and job summary of each.
 */
import { startAgentServer, startControlPlane } from '../emulator'
import { runAction } from '../__tests__/helpers/run-action'

const STEP_MS = 600

const agent = await startAgentServer()
const controlPlane = await startControlPlane({ stepMs: STEP_MS, agentUrl: agent.url })
console.log(`Control-plane emulator at ${controlPlane.url}; agent server at ${agent.url}\n`)

const inputs = {
  'api-url': controlPlane.url,
  'api-key': 'emulator-key',
  name: 'demo-agent',
  'integration-id': '123e4567-e89b-42d3-a456-426614174000',
  'graph-config-path': 'graph.json',
  secrets: 'OPENAI_API_KEY=sk-demo-not-a-real-key',
  'poll-interval': '1',
  timeout: '2m'
}

let failed = false
for (const title of [
  'First run: the deployment does not exist yet',
  'Second run: the same step again'
]) {
  console.log(`=== ${title}\n`)
  // A runner hides its ::add-mask:: commands; so does the demo.
  const run = await runAction(inputs, {
    onStdout: (chunk) => process.stdout.write(chunk.replace(/^::add-mask::.*\n/gm, ''))
  })
  process.stderr.write(run.stderr)
  console.log(`\nexit code ${run.code} after ${(run.durationMs / 1000).toFixed(1)} s; outputs:`)
  for (const [name, value] of Object.entries(run.outputs)) console.log(`  ${name} = ${value}`)
  console.log(`job summary:\n${run.summary}`)
  failed ||= run.code !== 0
}

await controlPlane.close()
await agent.close()
process.exit(failed ? 1 : 0)
