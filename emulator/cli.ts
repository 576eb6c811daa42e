/**
 * `npm run emulator`: the control plane and an agent server on 127.0.0.1, for trying the action
 * by hand. Options: --port N (control plane; also PORT; default 0, a free port), --step-ms N
 * (time per revision status; default 1000). Runs until Ctrl-C.
 */
import { parseArgs } from 'node:util'
import { startAgentServer, startControlPlane } from './index'

const API_KEY = 'emulator-key'

function wholeNumber(name: string, text: string): number {
  const value = Number(text)
  if (!Number.isInteger(value) || value < 0) {
    console.error(`${name} must be a whole number of 0 or more, not "${text}"`)
    process.exit(2)
  }
  return value
}

const { values } = parseArgs({
  options: { port: { type: 'string' }, 'step-ms': { type: 'string' } }
})
const port = wholeNumber('--port', values.port ?? process.env.PORT ?? '0')
const stepMs = wholeNumber('--step-ms', values['step-ms'] ?? '1000')

const agent = await startAgentServer({ apiKey: API_KEY })
const controlPlane = await startControlPlane({ port, stepMs, apiKey: API_KEY, agentUrl: agent.url })
console.log(`control plane: ${controlPlane.url}`)
console.log(`agent server:  ${agent.url}`)
console.log(`api key:       ${API_KEY}`)
console.log(`stepMs:        ${stepMs} (time per revision status)`)
console.log('Ctrl-C stops it.')

const stop = () => {
  void Promise.all([controlPlane.close(), agent.close()]).then(() => process.exit(0))
}
process.once('SIGINT', stop)
process.once('SIGTERM', stop)
