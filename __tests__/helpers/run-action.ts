import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { RawInputs } from '../../src/inputs/contract'
import { inputEnv } from './action-yml'

export const DIST = fileURLToPath(new URL('../../dist/index.js', import.meta.url))

export interface ActionRun {
  code: number | null
  stdout: string
  stderr: string
  outputs: Record<string, string>
  summary: string
  durationMs: number
}

/** Reads a GITHUB_OUTPUT file: `name<<delimiter`, the value's lines, `delimiter`. */
export function parseOutputFile(text: string): Record<string, string> {
  const outputs: Record<string, string> = {}
  const lines = text.split('\n')
  for (let i = 0; i < lines.length; i++) {
    const header = /^([^<]+)<<(.+)$/.exec(lines[i] ?? '')
    if (!header) continue
    const [, name, delimiter] = header
    const value: string[] = []
    for (i++; i < lines.length && lines[i] !== delimiter; i++) value.push(lines[i] ?? '')
    outputs[name ?? ''] = value.join('\n')
  }
  return outputs
}

/**
 * Runs the built action the way a runner does: `node dist/index.js` with INPUT_* variables (the
 * defaults of action.yml filled in) and GITHUB_OUTPUT / GITHUB_STEP_SUMMARY files. Nothing of the
 * test process's own environment reaches it but PATH.
 */
export function runAction(
  inputs: Partial<RawInputs>,
  options: {
    env?: Record<string, string>
    /** Called with each chunk, all the output so far, and a way to signal the process. */
    onStdout?: (chunk: string, all: string, kill: (signal: NodeJS.Signals) => void) => void
  } = {}
): Promise<ActionRun> {
  const dir = mkdtempSync(join(tmpdir(), 'action-run-'))
  const outputFile = join(dir, 'output')
  const summaryFile = join(dir, 'summary')
  writeFileSync(outputFile, '')
  writeFileSync(summaryFile, '')
  const started = Date.now()
  const child = spawn(process.execPath, [DIST], {
    env: {
      PATH: process.env.PATH ?? '',
      GITHUB_OUTPUT: outputFile,
      GITHUB_STEP_SUMMARY: summaryFile,
      GITHUB_EVENT_NAME: 'push',
      GITHUB_REF: 'refs/heads/main',
      GITHUB_SERVER_URL: 'https://github.com',
      GITHUB_REPOSITORY: 'acme/support-agent',
      ...inputEnv(inputs),
      ...options.env
    },
    stdio: ['ignore', 'pipe', 'pipe']
  })
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString()
    options.onStdout?.(chunk.toString(), stdout, (signal) => child.kill(signal))
  })
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  return new Promise((resolve, reject) => {
    child.on('error', reject)
    child.on('close', (code) =>
      resolve({
        code,
        stdout,
        stderr,
        outputs: parseOutputFile(readFileSync(outputFile, 'utf8')),
        summary: readFileSync(summaryFile, 'utf8'),
        durationMs: Date.now() - started
      })
    )
  })
}
