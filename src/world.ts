import type { Dispatcher } from 'undici'

/**
 * Everything a run takes from outside the code: the runner's environment, time, the cancel
 * signal, the network and the runner's log, outputs and summary. `src/index.ts` builds the real
 * one (./real-world.ts); a test builds a recording one on a virtual clock and calls `run(world)`
 * in its own process. On the run's path, the inputs, time, the cancel, the network and the sink
 * come only from here. Local work is the exception: packing source-dir waits in real time (a
 * virtual clock cannot see git or the disk) in the process's RUNNER_TEMP.
 */
export interface World {
  /** The runner's environment: the inputs, `GITHUB_*`, `RUNNER_TEMP`, the proxy variables. */
  env: Readonly<Record<string, string | undefined>>
  clock: Clock
  /** Aborted with a CancelledError when the runner cancels the job (SIGINT/SIGTERM). */
  signal: AbortSignal
  connections: Connections
  sink: Sink
}

/** The clock every deadline, sleep and request timeout of a run is measured on. */
export interface Clock {
  /** Epoch milliseconds. */
  now(): number
  /** Resolves after `ms` on this clock, or rejects with the signal's reason once it aborts. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>
}

/** The signature of a sleep on a world's clock (what deps and options take). */
export type Sleep = Clock['sleep']

/** A fetch as Octokit takes it. */
export type Fetch = (
  input: Parameters<typeof fetch>[0],
  init?: Parameters<typeof fetch>[1]
) => Promise<Response>

/** How a run reaches the network. */
export interface Connections {
  /** Every request to the control plane, the upload URL and the agent server goes through it. */
  dispatcher: Dispatcher
  /** The fetch GitHub's client sends with (the runner's proxy settings honoured). */
  githubFetch: Fetch
}

/** What an annotation takes (as @actions/core's): a title, and the place in a file it is on. */
export interface AnnotationProperties {
  title?: string
  /** The file, relative to the workspace. */
  file?: string
  /** 1-based. */
  startLine?: number
  /** 1-based. */
  startColumn?: number
}

/**
 * Where a run's texts go, as a runner sees them: log lines and workflow commands (annotations,
 * groups, masks), the step's outputs, its job summary and the step's failure. Every text that
 * reaches it was made safe by ./report/ first.
 */
export interface Sink {
  info(text: string): void
  notice(text: string, properties?: AnnotationProperties): void
  warning(text: string, properties?: AnnotationProperties): void
  error(text: string, properties?: AnnotationProperties): void
  debug(text: string): void
  isDebug(): boolean
  startGroup(title: string): void
  endGroup(): void
  /** An error annotation, and the step's exit code becomes 1. */
  setFailed(text: string): void
  setOutput(name: string, value: string): void
  /** The runner masks `value` in every later line of the log. */
  setSecret(value: string): void
  /**
   * Appends markdown to the job summary; resolves false when the runner gives no summary to
   * write (a local run), rejects when it could not be written.
   */
  appendSummary(markdown: string): Promise<boolean>
}
