import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { EOL, tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Dispatcher } from 'undici'
import { VirtualClock } from '../../emulator/virtual-clock'
import { createDispatcher } from '../../src/control-plane/transport'
import { run } from '../../src/main'
import { CancelledError } from '../../src/operations/deps'
import type { AnnotationProperties, Fetch, Sink, World } from '../../src/world'
import { inputEnv } from './action-yml'
import { writeStepPolicy, type PolicyFixture, type Step } from './policy-file'
import { runnerEventEnv, type RunnerEventOptions } from './runner-event'

export { VirtualClock }

/** An annotation as the runner shows it: its kind, title, place and text (command unescaped). */
export interface Annotation {
  kind: 'error' | 'warning' | 'notice'
  title?: string
  file?: string
  line?: number
  col?: number
  text: string
}

/** What a run in this process left, as a runner would see it (run-action.ts's fields). */
export interface WorldRun {
  /** The step's exit code: 1 when it failed (or run() threw), else 0. */
  exitCode: number
  /** The same as exitCode, named as run-action.ts names it. */
  code: number
  /** Every line the step printed (workflow commands included), joined as stdout is. */
  stdout: string
  /** The same, line by line. */
  log: string[]
  /** What run() threw, as Node would print it on stderr; '' when it threw nothing. */
  stderr: string
  outputs: Record<string, string>
  summary: string
  annotations: Annotation[]
  /** Values the step asked the runner to mask. */
  masks: string[]
  /** The virtual time the run took. */
  durationMs: number
}

export interface RunInProcessOptions extends RunnerEventOptions {
  env?: Record<string, string>
  /** The clock of the run; share it with the emulators (their `now`). A new one when not given. */
  clock?: VirtualClock
  /** GITHUB_WORKSPACE (the checkout), when not a new empty folder. */
  cwd?: string
  /** The release policy, written into the workspace and named in `release-policy`. */
  policy?: PolicyFixture
  /** Called with each line printed, all lines so far, and the runner's cancel (SIGINT/SIGTERM). */
  onStdout?: (line: string, all: string, cancel: (signal: NodeJS.Signals) => void) => void
}

/** Escapes of @actions/core's workflow commands. */
const escapeData = (text: string) =>
  text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A')
const escapeProperty = (text: string) => escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C')

/**
 * A sink that records what a runner sees of the step, in @actions/core's own words: each log
 * line and workflow command as printed on stdout, each output, the summary's text, the masks and
 * the step's failure.
 */
export function recordingSink(
  env: World['env'],
  print: (line: string) => void
): Sink & {
  outputs: Record<string, string>
  summary: string[]
  annotations: Annotation[]
  masks: string[]
  failed: boolean
} {
  const command = (name: string, properties: AnnotationProperties | undefined, text: string) => {
    // @actions/core's order and names: title, file, line, col.
    const named: [string, string | number | undefined][] = [
      ['title', properties?.title],
      ['file', properties?.file],
      ['line', properties?.startLine],
      ['col', properties?.startColumn]
    ]
    const props = named
      .filter(([, value]) => value !== undefined)
      .map(([key, value]) => `${key}=${escapeProperty(String(value))}`)
      .join(',')
    print(`::${name}${props === '' ? '' : ` ${props}`}::${escapeData(text)}`)
  }
  const annotate =
    (kind: Annotation['kind']) => (text: string, properties?: AnnotationProperties) => {
      sink.annotations.push({
        kind,
        text,
        ...(properties?.title !== undefined && { title: properties.title }),
        ...(properties?.file !== undefined && { file: properties.file }),
        ...(properties?.startLine !== undefined && { line: properties.startLine }),
        ...(properties?.startColumn !== undefined && { col: properties.startColumn })
      })
      command(kind, properties, text)
    }
  const sink = {
    outputs: {} as Record<string, string>,
    summary: [] as string[],
    annotations: [] as Annotation[],
    masks: [] as string[],
    failed: false,
    info: (text: string) => print(text),
    notice: annotate('notice'),
    warning: annotate('warning'),
    error: annotate('error'),
    debug: (text: string) => command('debug', undefined, text),
    isDebug: () => env.RUNNER_DEBUG === '1',
    startGroup: (title: string) => command('group', undefined, title),
    endGroup: () => command('endgroup', undefined, ''),
    setFailed: (text: string) => {
      sink.failed = true
      annotate('error')(text)
    },
    setOutput: (name: string, value: string) => {
      sink.outputs[name] = value
    },
    setSecret: (value: string) => {
      sink.masks.push(value)
      command('add-mask', undefined, value)
    },
    appendSummary: async (markdown: string) => {
      sink.summary.push(markdown)
      return true
    }
  }
  return sink
}

/**
 * A dispatcher (HTTP(S)_PROXY and NO_PROXY read from `env`) whose every request counts as in
 * flight on `clock`, and whose bytes coming in count as work: the clock gives it time to answer.
 */
export function trackedDispatcher(env: World['env'], clock: VirtualClock): Dispatcher {
  const base = createDispatcher({ env })
  return base.compose((dispatch) => (options, handler) => {
    const end = clock.begin()
    return dispatch(options, {
      onConnect: (...args) => {
        clock.touch()
        handler.onConnect?.(...args)
      },
      onUpgrade: (...args) => handler.onUpgrade?.(...args),
      onResponseStarted: () => handler.onResponseStarted?.(),
      onHeaders: (...args) => {
        clock.touch()
        return handler.onHeaders?.(...args) ?? true
      },
      onData: (...args) => {
        clock.touch()
        return handler.onData?.(...args) ?? true
      },
      onBodySent: (...args) => handler.onBodySent?.(...args),
      onError: (error) => {
        end()
        handler.onError?.(error)
      },
      onComplete: (trailers) => {
        end()
        handler.onComplete?.(trailers)
      }
    })
  })
}

/**
 * run(world) in this process, as a runner would start the step: the inputs as INPUT_* variables
 * (action.yml's defaults filled in), a runner's GITHUB_* variables, GITHUB_WORKSPACE and
 * RUNNER_TEMP in a temp folder removed afterwards, the clock virtual and the servers real on
 * 127.0.0.1. Nothing of the test process's environment reaches the run.
 */
export async function runInProcess(
  step: Step,
  options: RunInProcessOptions = {}
): Promise<WorldRun> {
  const dir = mkdtempSync(join(tmpdir(), 'action-world-'))
  const ownClock = options.clock === undefined
  const clock = options.clock ?? new VirtualClock()
  const workspace = options.cwd ?? join(dir, 'workspace')
  mkdirSync(join(dir, 'workspace'))
  const inputs = writeStepPolicy({ ...step, policy: options.policy ?? step.policy }, workspace)
  mkdirSync(join(dir, 'runner-temp'))
  const event = runnerEventEnv(dir, options)
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    GITHUB_WORKSPACE: workspace,
    RUNNER_TEMP: join(dir, 'runner-temp'),
    GITHUB_EVENT_NAME: 'push',
    GITHUB_REF: 'refs/heads/main',
    GITHUB_SERVER_URL: 'https://github.com',
    GITHUB_REPOSITORY: 'acme/support-agent',
    ...event,
    ...inputEnv(inputs),
    ...options.env
  }
  const controller = new AbortController()
  const cancel = (signal: NodeJS.Signals) => controller.abort(new CancelledError(signal))
  const log: string[] = []
  const sink = recordingSink(env, (text) => {
    for (const line of text.split(EOL)) {
      log.push(line)
      options.onStdout?.(line, log.join('\n'), cancel)
    }
  })
  const dispatcher = trackedDispatcher(env, clock)
  const githubFetch: Fetch = (input, init) => clock.track(fetch(input, init))
  const world: World = {
    env,
    clock: { now: clock.now, sleep: clock.sleep },
    signal: controller.signal,
    connections: { dispatcher, githubFetch },
    sink
  }
  const startedAt = clock.now()
  let threw: unknown
  try {
    await run(world)
  } catch (error) {
    // Node prints what a run throws on stderr, and the step fails.
    threw = error ?? 'undefined'
  } finally {
    await dispatcher.destroy().catch(() => undefined)
    if (ownClock) clock.close()
    rmSync(dir, { recursive: true, force: true })
  }
  const exitCode = sink.failed || threw !== undefined ? 1 : 0
  return {
    exitCode,
    code: exitCode,
    stdout: log.map((line) => line + '\n').join(''),
    log,
    stderr:
      threw === undefined
        ? ''
        : threw instanceof Error
          ? (threw.stack ?? threw.message)
          : String(threw),
    outputs: sink.outputs,
    summary: sink.summary.join(''),
    annotations: sink.annotations,
    masks: sink.masks,
    durationMs: clock.now() - startedAt
  }
}

/** runInProcess with `clock` as the runs' clock: one clock for a file's runs and emulators. */
export function runnerOn(
  clock: VirtualClock
): (inputs: Step, options?: RunInProcessOptions) => Promise<WorldRun> {
  return (inputs, options = {}) => runInProcess(inputs, { clock, ...options })
}
