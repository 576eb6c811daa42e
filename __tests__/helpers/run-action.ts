import { spawn } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { inputEnv } from './action-yml'
import { writeStepPolicy, type PolicyFixture, type Step } from './policy-file'
import { runnerEventEnv, type RunnerEventOptions } from './runner-event'

export const DIST = fileURLToPath(new URL('../../dist/index.js', import.meta.url))

export interface ActionRun {
  code: number | null
  stdout: string
  stderr: string
  outputs: Record<string, string>
  summary: string
  durationMs: number
  /** The child's peak resident memory (`process.resourceUsage().maxRSS`), read as it exits. */
  peakRssBytes?: number
  /** The child outlived `killAfterMs` and was killed: the run hung. */
  killed: boolean
}

/**
 * Reads a GITHUB_OUTPUT file as the runner does: `name<<delimiter`, the value's lines,
 * `delimiter`; or a single line `name=value`.
 */
export function parseOutputFile(text: string): Record<string, string> {
  const outputs: Record<string, string> = {}
  const lines = text.split('\n')
  for (let i = 0; i < lines.length; i++) {
    const header = /^([^<=]+)<<(.+)$/.exec(lines[i] ?? '')
    const single = /^([^<=]+)=(.*)$/.exec(lines[i] ?? '')
    if (!header && single) outputs[single[1] ?? ''] = single[2] ?? ''
    if (!header) continue
    const [, name, delimiter] = header
    const value: string[] = []
    for (i++; i < lines.length && lines[i] !== delimiter; i++) value.push(lines[i] ?? '')
    outputs[name ?? ''] = value.join('\n')
  }
  return outputs
}

/** A preload that writes the process's peak resident memory (in KiB) to a file as it exits. */
function peakMemoryPreload(dir: string): { preload: string; file: string } {
  const file = join(dir, 'max-rss')
  const preload = join(dir, 'peak-rss.cjs')
  writeFileSync(
    preload,
    `process.on('exit', () => require('node:fs').writeFileSync(${JSON.stringify(file)}, String(process.resourceUsage().maxRSS)))\n`
  )
  return { preload, file }
}

export interface RunActionOptions extends RunnerEventOptions {
  env?: Record<string, string>
  /** Called with each chunk, all the output so far, and a way to signal the process. */
  onStdout?: (chunk: string, all: string, kill: (signal: NodeJS.Signals) => void) => void
  /** A guard against hangs: past this the child is killed (SIGKILL) and `killed` is true. */
  killAfterMs?: number
  /** The working directory (the checkout), when not this one. */
  cwd?: string
  /** The release policy, written into the workspace (GITHUB_WORKSPACE) and named in `release-policy`. */
  policy?: PolicyFixture
}

/**
 * Runs the built action the way a runner does: `node dist/index.js` with INPUT_* variables (the
 * defaults of action.yml filled in) and GITHUB_OUTPUT / GITHUB_STEP_SUMMARY files, in a temp
 * folder removed once they are read. Nothing of the test process's own environment reaches it but
 * PATH and TMPDIR (the test file's temp folder, so what the child leaves there is found).
 */
export function runAction(step: Step, options: RunActionOptions = {}): Promise<ActionRun> {
  const dir = mkdtempSync(join(tmpdir(), 'action-run-'))
  const policy = options.policy ?? step.policy
  const workspace = options.env?.GITHUB_WORKSPACE ?? options.cwd ?? join(dir, 'workspace')
  mkdirSync(workspace, { recursive: true })
  const inputs = writeStepPolicy({ ...step, policy }, workspace)
  const outputFile = join(dir, 'output')
  const summaryFile = join(dir, 'summary')
  writeFileSync(outputFile, '')
  writeFileSync(summaryFile, '')
  const memory = peakMemoryPreload(dir)
  const event = runnerEventEnv(dir, options)
  const started = Date.now()
  const child = spawn(process.execPath, ['--require', memory.preload, DIST], {
    env: {
      PATH: process.env.PATH ?? '',
      TMPDIR: tmpdir(),
      GITHUB_OUTPUT: outputFile,
      GITHUB_STEP_SUMMARY: summaryFile,
      GITHUB_EVENT_NAME: 'push',
      GITHUB_REF: 'refs/heads/main',
      GITHUB_SERVER_URL: 'https://github.com',
      GITHUB_REPOSITORY: 'acme/support-agent',
      ...(policy !== undefined && { GITHUB_WORKSPACE: workspace }),
      ...event,
      ...inputEnv(inputs),
      ...options.env
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    cwd: options.cwd
  })
  let stdout = ''
  let stderr = ''
  let killed = false
  const guard =
    options.killAfterMs === undefined
      ? undefined
      : setTimeout(() => {
          killed = true
          child.kill('SIGKILL')
        }, options.killAfterMs)
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString()
    options.onStdout?.(chunk.toString(), stdout, (signal) => child.kill(signal))
  })
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  return new Promise((resolve, reject) => {
    child.on('error', reject)
    child.on('close', (code) => {
      clearTimeout(guard)
      const maxRssKiB = existsSync(memory.file)
        ? Number(readFileSync(memory.file, 'utf8'))
        : undefined
      const outputs = parseOutputFile(readFileSync(outputFile, 'utf8'))
      const summary = readFileSync(summaryFile, 'utf8')
      rmSync(dir, { recursive: true, force: true })
      resolve({
        code,
        stdout,
        stderr,
        outputs,
        summary,
        durationMs: Date.now() - started,
        peakRssBytes: maxRssKiB === undefined ? undefined : maxRssKiB * 1024,
        killed
      })
    })
  })
}
