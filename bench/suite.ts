/**
 * The test suite: `npm test` as a developer runs it (jest's workers as jest.config.js sets them,
 * its transform cache as found), its wall time and the CPU time of jest and of everything it
 * started (workers, child runs, the real agent server). Speed is measured here, never in a test.
 */
import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const ROOT = fileURLToPath(new URL('..', import.meta.url))

export interface SuiteFigures {
  wallMs: number
  /** NaN where /proc is not there to say (not Linux). */
  cpuMs: number
  files: number
  tests: number
  passed: boolean
}

/**
 * CPU milliseconds of the children this process waited for, their descendants included (jest
 * waits for its workers, they for what they start): cutime and cstime of proc(5), in clock ticks
 * of 10 ms.
 */
function childrenCpuMs(): number {
  try {
    const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]?.split(' ') ?? []
    return (Number(fields[13]) + Number(fields[14])) * 10
  } catch {
    return Number.NaN
  }
}

export async function benchSuite(): Promise<SuiteFigures> {
  const folder = mkdtempSync(join(tmpdir(), 'bench-suite-'))
  const results = join(folder, 'jest.json')
  try {
    const cpuBefore = childrenCpuMs()
    const started = performance.now()
    const child = spawn('npm', ['test', '--', '--json', `--outputFile=${results}`], {
      cwd: ROOT,
      stdio: 'ignore'
    })
    await new Promise((resolve) => child.once('close', resolve))
    const wallMs = performance.now() - started
    const cpuMs = childrenCpuMs() - cpuBefore
    const report = JSON.parse(readFileSync(results, 'utf8')) as {
      numTotalTestSuites: number
      numTotalTests: number
      success: boolean
    }
    return {
      wallMs,
      cpuMs,
      files: report.numTotalTestSuites,
      tests: report.numTotalTests,
      passed: report.success
    }
  } finally {
    rmSync(folder, { recursive: true, force: true })
  }
}
