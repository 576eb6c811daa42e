import type { Step } from '../../__tests__/helpers/policy-file'
import {
  startAgentServer,
  startControlPlane,
  type ControlPlaneEmulator,
  type ControlPlaneOptions
} from '../../emulator'
import {
  runInProcess,
  VirtualClock,
  type RunInProcessOptions,
  type WorldRun
} from '../../__tests__/helpers/action-world'
import { startGitHubApi } from '../../__tests__/helpers/github-api'
import type { RepositoryFiles } from '../../__tests__/helpers/github-contents'
import { BASE_SHA } from '../../__tests__/helpers/runner-event'

/** What a person sees of one flow: the job summary and the PR comment, as markdown. */
export interface FlowView {
  id: string
  title: string
  code: number | null
  summary: string
  comment?: string
  /** The PR comment as it stood while the revision built (the first this run wrote). */
  building?: string
  /** The annotations of the run, as GitHub keeps them: at most 10 of each kind. */
  annotations?: string[]
}

/** What a flow ran: the run shown, and the PR comment it left (and wrote first), when any. */
export interface FlowRun {
  run: WorldRun
  comment?: string
  building?: string
}

export const NAME = 'agent-app'
export const INTEGRATION = { integration_id: '123e4567-e89b-42d3-a456-426614174000' }
/** Pushes to the pull request: the earlier ones deploy, the last is the flow shown. */
export const PUSHES = [
  'a1b2c3d4e5f6a7b8c9d0a1b2c3d4e5f6a7b8c9d0',
  'b7e9f2c4d1a3b5c7e9f1a3b5c7d9e1f3a5b7c9d1',
  'c3d5e7f9a1b3c5d7e9f1a3b5c7d9e1f3a5b7c9d2'
]
/** The pull request's token: the comment and the deployments are written as its owner. */
export const TOKEN = 'ghs_preview_token_5f2a9c'

let clock: VirtualClock | undefined

/**
 * The flows' one clock, made by `onFlowClock`: every run (in this process, through run(world))
 * and every emulator of the flows is on it, so a flow waits for no real time.
 */
export function flowClock(): VirtualClock {
  if (clock === undefined) throw new Error('flowClock() is read only inside onFlowClock()')
  return clock
}

/** Runs `body` with a new flowClock(), closed after it. */
export async function onFlowClock<T>(body: () => Promise<T>): Promise<T> {
  clock = new VirtualClock()
  try {
    return await body()
  } finally {
    clock.close()
    clock = undefined
  }
}

/** The step run as a runner starts it, in this process, on flowClock(). */
export function runStep(inputs: Step, options: RunInProcessOptions = {}): Promise<WorldRun> {
  return runInProcess(inputs, { clock: flowClock(), ...options })
}

/** A control plane and an agent server answering as the revision it serves. */
export async function world(
  closers: (() => Promise<void>)[],
  options: ControlPlaneOptions = {},
  /** A 'wrong-reply' revision answers this message wrongly and every other one well. */
  onlyWrongTo?: string
) {
  const holder: { controlPlane?: ControlPlaneEmulator } = {}
  const host = () => holder.controlPlane?.serving(NAME)
  const { now, sleep } = flowClock()
  const agent = await startAgentServer({
    now,
    sleep,
    host,
    beforeRun: (message) => {
      if (onlyWrongTo === undefined || host()?.agent !== 'wrong-reply') return undefined
      const reply = message === onlyWrongTo ? 'Sorry, I cannot help with that.' : `echo: ${message}`
      return {
        status: 200,
        body: {
          messages: [
            { type: 'human', content: message },
            { type: 'ai', content: reply }
          ]
        }
      }
    }
  })
  const controlPlane = await startControlPlane({
    now,
    sleep,
    stepMs: 5,
    agentUrl: agent.url,
    ...options
  })
  holder.controlPlane = controlPlane
  closers.push(controlPlane.close, agent.close)
  return controlPlane
}

/** A deployment with earlier revisions that took about two minutes each. */
export function seed(controlPlane: ControlPlaneEmulator, name = NAME) {
  return controlPlane.seedDeployment({
    name,
    source_config: INTEGRATION,
    history: [{ durationMs: 125_000 }, { durationMs: 131_000 }, { durationMs: 128_000 }]
  })
}

export function stepOf(controlPlane: ControlPlaneEmulator, more: Step = {}) {
  return {
    'api-url': controlPlane.url,
    'api-key': 'emulator-key',
    name: NAME,
    'integration-id': INTEGRATION.integration_id,
    'graph-config-path': 'graph.json',
    'repo-ref': 'main',
    'poll-interval': '1',
    'github-token': TOKEN,
    'pr-comment': 'true',
    ...more
  }
}

export interface PushOptions {
  env?: Record<string, string>
  cwd?: string
  /** The repository's files by commit: the pull request's base commit's release policy. */
  files?: RepositoryFiles
  /**
   * After the pushes, on the same pull request: the run shown instead of the last push, at the
   * last push's commit (a delete) or at a new one (`newPush`).
   */
  then?: { inputs: Step; before?: () => void | Promise<void>; newPush?: boolean }
}

/**
 * Runs the step once per entry of `befores` on one pull request, each push after its `before`,
 * as a runner would; the last run (or `then`) is the one shown, with the comment it left.
 */
export async function pushes(
  inputs: Step,
  /** Each push's change before it runs (a hand edit on the agent server may take a request). */
  befores: readonly (() => void | Promise<void>)[],
  options: PushOptions = {}
): Promise<FlowRun> {
  // The pull request's base commit exists, as on GitHub: its policy is then read or new.
  const github = await startGitHubApi({ files: { [BASE_SHA]: {}, ...options.files } })
  try {
    const { env = {}, cwd } = options
    const common = { githubApiUrl: github.url, cwd }
    let firstCall = 0
    let run: WorldRun | undefined
    const shown = options.then ? befores.length : befores.length - 1
    for (const [index, before] of befores.entries()) {
      await before()
      if (index === shown) firstCall = github.calls.length
      run = await runStep(inputs, {
        ...common,
        pullRequest: { number: 7, headSha: PUSHES[index] ?? PUSHES[0] },
        env: { GITHUB_RUN_ID: index === shown ? '4242' : String(4200 + index), ...env }
      })
    }
    if (options.then) {
      await options.then.before?.()
      firstCall = github.calls.length
      run = await runStep(options.then.inputs, {
        ...common,
        pullRequest: {
          number: 7,
          headSha: PUSHES[befores.length - (options.then.newPush ? 0 : 1)] ?? PUSHES[0]
        },
        env: { GITHUB_RUN_ID: '4242', ...env }
      })
    }
    if (!run) throw new Error('no push ran')
    const written = github.calls
      .slice(firstCall)
      .filter((call) => /\/comments(\/\d+)?$/.test(call.path) && call.method !== 'GET')
      .map((call) => (call.body as { body?: string }).body ?? '')
    // A run after the pushes (a delete) writes no building comment.
    const building = options.then ? undefined : written[0]
    return { run, comment: github.comments.at(-1)?.body, building }
  } finally {
    await github.close()
  }
}

/** GitHub keeps this many annotations of each kind per step, and drops the rest. */
const ANNOTATIONS_KEPT = 10

/**
 * The annotations of a run as GitHub lists them on the run's page: each workflow command's kind,
 * place and text (unescaped), the first 10 of each kind.
 */
export function annotationsOf(stdout: string): string[] {
  const unescape = (text: string) =>
    text
      .replace(/%0A/g, '\n')
      .replace(/%0D/g, '\r')
      .replace(/%3A/g, ':')
      .replace(/%2C/g, ',')
      .replace(/%25/g, '%')
  const kept: Record<string, number> = {}
  return stdout.split('\n').flatMap((line) => {
    const match = /^::(error|warning|notice)( [^:]*)?::(.*)$/.exec(line)
    if (!match) return []
    const [, kind = '', properties = '', text = ''] = match
    kept[kind] = (kept[kind] ?? 0) + 1
    if ((kept[kind] ?? 0) > ANNOTATIONS_KEPT) return []
    const fields = Object.fromEntries(
      properties
        .trim()
        .split(',')
        .filter((pair) => pair.includes('='))
        .map((pair) => [
          pair.slice(0, pair.indexOf('=')),
          unescape(pair.slice(pair.indexOf('=') + 1))
        ])
    )
    const place = fields.file ? ` ${fields.file}${fields.line ? `#L${fields.line}` : ''}` : ''
    const title = fields.title ? ` (${fields.title})` : ''
    return [`${kind}${place}${title}: ${unescape(text).split('\n')[0] ?? ''}`]
  })
}

/** A flow's view: its summary and the comment it left. */
export function viewOf(id: string, title: string, result: FlowRun): FlowView {
  return {
    id,
    title,
    code: result.run.code,
    summary: result.run.summary,
    comment: result.comment,
    building: result.building,
    annotations: annotationsOf(result.run.stdout)
  }
}
