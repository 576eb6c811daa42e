/**
 * `npm run emulator`: the control plane and an agent server on 127.0.0.1, for trying the action
 * by hand. Options: --port N (control plane; default a free port), --step-ms N (default 1000).
 */
import { parseArgs } from 'node:util'
import { startAgentServer, startControlPlane } from './index'

const { values } = parseArgs({
  options: { port: { type: 'string' }, 'step-ms': { type: 'string' } }
})
const port = Number(values.port ?? process.env.PORT ?? 0)
const stepMs = Number(values['step-ms'] ?? 1000)

const agent = await startAgentServer()
const controlPlane = await startControlPlane({ port, stepMs, agentUrl: agent.url })
console.log(`control plane: ${controlPlane.url}`)
console.log(`agent server:  ${agent.url}`)
console.log(`api key:       emulator-key`)
console.log(`revision step: ${stepMs} ms per status`)
console.log('Ctrl-C stops it.')

const stop = () => {
  void Promise.all([controlPlane.close(), agent.close()]).then(() => process.exit(0))
}
process.once('SIGINT', stop)
process.once('SIGTERM', stop)
