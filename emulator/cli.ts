/**
 * `npm run emulator`: the control plane, an agent server and the tracing service on 127.0.0.1,
 * for trying the action by hand. Runs until Ctrl-C. Options:
 *   --port N            control plane port (also PORT; default 0, a free port)
 *   --step-ms N         time per revision status (default 1000)
 *   --building-ms N     time in BUILDING instead (default: --step-ms), for a slow build
 *   --active-lag-ms N   time from DEPLOYED until active_revision_id moves (default 0)
 *   --serve NAME        the agent server runs as deployment NAME's active revision: its /info
 *                       names it as host.host_revision_id (default: no host, like a local server)
 *   --info-host MODE    with --serve: serving (default), absent (no host) or stale (the revision
 *                       that served before)
 *   --eval-examples N   the tracing service holds a dataset "gate-dataset" of N examples with an
 *                       evaluator rule writing "correctness" (default 5; 0: no dataset)
 */
import { parseArgs } from 'node:util'
import { seedGate, startAgentServer, startControlPlane, startTracing } from './index'

const API_KEY = 'emulator-key'
const INFO_HOSTS = ['serving', 'absent', 'stale', 'malformed'] as const

function fail(message: string): never {
  console.error(message)
  process.exit(2)
}

function wholeNumber(name: string, text: string): number {
  const value = Number(text)
  if (!Number.isInteger(value) || value < 0)
    fail(`${name} must be a whole number of 0 or more, not "${text}"`)
  return value
}

const { values } = parseArgs({
  options: {
    port: { type: 'string' },
    'step-ms': { type: 'string' },
    'building-ms': { type: 'string' },
    'active-lag-ms': { type: 'string' },
    serve: { type: 'string' },
    'info-host': { type: 'string' },
    'eval-examples': { type: 'string' }
  }
})
const port = wholeNumber('--port', values.port ?? process.env.PORT ?? '0')
const stepMs = wholeNumber('--step-ms', values['step-ms'] ?? '1000')
const buildingMs = values['building-ms']
const activeLagMs = wholeNumber('--active-lag-ms', values['active-lag-ms'] ?? '0')
const infoHost = INFO_HOSTS.find((mode) => mode === (values['info-host'] ?? 'serving'))
if (infoHost === undefined)
  fail(`--info-host must be one of ${INFO_HOSTS.join(', ')}, not "${values['info-host']}"`)
const served = values.serve

// The agent server asks the control plane only when a request comes, once both run.
const agent = await startAgentServer({
  apiKey: API_KEY,
  infoHost,
  ...(served === undefined ? {} : { host: () => controlPlane.serving(served) })
})
const controlPlane = await startControlPlane({
  port,
  stepMs,
  activeLagMs,
  ...(buildingMs === undefined
    ? {}
    : { phaseMs: { BUILDING: wholeNumber('--building-ms', buildingMs) } }),
  apiKey: API_KEY,
  agentUrl: agent.url
})
const tracing = await startTracing({ apiKey: API_KEY })
const evalExamples = wholeNumber('--eval-examples', values['eval-examples'] ?? '5')
if (evalExamples > 0) seedGate(tracing, { examples: evalExamples })
console.log(`control plane: ${controlPlane.url}`)
console.log(`agent server:  ${agent.url}${served === undefined ? '' : ` (runs as ${served})`}`)
console.log(`tracing:       ${tracing.url}${evalExamples > 0 ? ' (dataset gate-dataset)' : ''}`)
console.log(`api key:       ${API_KEY}`)
console.log(`stepMs:        ${stepMs} (time per revision status)`)
console.log('Ctrl-C stops it.')

const stop = () => {
  void Promise.all([controlPlane.close(), agent.close(), tracing.close()]).then(() =>
    process.exit(0)
  )
}
process.once('SIGINT', stop)
process.once('SIGTERM', stop)
