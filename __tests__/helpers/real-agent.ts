import { afterAll, afterEach, beforeAll } from '@jest/globals'
import {
  startControlPlane,
  type ControlPlaneEmulator,
  type ControlPlaneOptions
} from '../../emulator'
import { onClock } from './deploy-harness'
import { startEchoAgent } from './echo-agent'
import { REAL_WORK_TEST_MS } from './real-time'

/**
 * Call at the top of a test file: the real agent server (@langchain/langgraph-api with the echo
 * graphs `agent`, `broken` and `silent`) is started once for the file, as it takes seconds; what
 * this returns starts, per test, a control plane on the runs' clock whose deployments' URL is
 * that server. The server keeps its assistants from one test to the next: each test names its own.
 * Its assistant routes answer in milliseconds; a run takes it about a second of real time with no
 * byte coming back, which the virtual clock takes for a hang (its timeout comes first): a check
 * with `agent.message` there belongs to a test in real time.
 */
export function realAgentPerFile(): (
  options?: ControlPlaneOptions
) => Promise<{ controlPlane: ControlPlaneEmulator; agentUrl: string }> {
  let agent: { url: string; close(): Promise<void> } | undefined
  let controlPlane: ControlPlaneEmulator | undefined
  beforeAll(async () => {
    agent = await startEchoAgent()
  }, REAL_WORK_TEST_MS)
  afterAll(async () => {
    await agent?.close()
  })
  afterEach(async () => {
    await controlPlane?.close()
    controlPlane = undefined
  })
  return async (options = {}) => {
    if (!agent) throw new Error('the real agent server did not start')
    controlPlane = await startControlPlane({
      ...onClock,
      stepMs: 5,
      ...options,
      agentUrl: agent.url
    })
    return { controlPlane, agentUrl: agent.url }
  }
}
