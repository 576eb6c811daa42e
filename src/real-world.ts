import * as core from '@actions/core'
import { sleep } from './control-plane/retry'
import { createDispatcher } from './control-plane/transport'
import { CancelledError } from './operations/deps'
import type { Fetch, Sink, World } from './world'

/** The job is cancelled: what is left must finish within this, the contract allows 2 s. */
const CANCEL_GRACE_MS = 1_500

/** The fetch @actions/github would use, loaded with it: only a run that records on GitHub does. */
const githubFetch: Fetch = async (input, init) => {
  const { githubFetch: proxiedFetch } = await import('./github/fetch')
  return proxiedFetch()(input, init)
}

/**
 * The runner's side of a run's texts: @actions/core's workflow commands on stdout, and its
 * GITHUB_OUTPUT and GITHUB_STEP_SUMMARY files.
 */
export const runnerSink: Sink = {
  info: core.info,
  notice: core.notice,
  warning: core.warning,
  error: core.error,
  debug: core.debug,
  isDebug: core.isDebug,
  startGroup: core.startGroup,
  endGroup: core.endGroup,
  setFailed: core.setFailed,
  setOutput: core.setOutput,
  setSecret: core.setSecret,
  appendSummary: async (markdown) => {
    // Without GITHUB_STEP_SUMMARY (a local run) there is nowhere to write: no failure.
    if (!process.env.GITHUB_STEP_SUMMARY) return false
    await core.summary.addRaw(markdown).write()
    return true
  }
}

/**
 * The world of a run on a runner: this process's environment and clock, SIGINT/SIGTERM as the
 * cancel (the process then exits within the contract's 2 s whatever is left), a dispatcher that
 * honours the proxy variables, and @actions/core's workflow commands and files. `close()` lets go
 * of the signal handlers and of every connection, so nothing keeps the process alive.
 */
export function createRealWorld(): World & { close(): Promise<void> } {
  const controller = new AbortController()
  const onSignal = (signalName: NodeJS.Signals) => {
    controller.abort(new CancelledError(signalName))
    setTimeout(() => process.exit(1), CANCEL_GRACE_MS).unref()
  }
  process.once('SIGINT', onSignal)
  process.once('SIGTERM', onSignal)
  const dispatcher = createDispatcher()
  return {
    env: process.env,
    clock: { now: Date.now, sleep },
    signal: controller.signal,
    connections: { dispatcher, githubFetch },
    sink: runnerSink,
    close: async () => {
      process.off('SIGINT', onSignal)
      process.off('SIGTERM', onSignal)
      // A request still queued (behind a proxy's CONNECT, say) and its connection attempts end.
      await dispatcher.destroy().catch(() => undefined)
    }
  }
}
