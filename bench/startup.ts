/**
 * Start-up of the built action: whole-process time of `node dist/index.js` from spawn to its
 * first request (to a server that answers 401 at once), and to its exit when a required input is
 * missing; bare `node -e 0` beside them. Also the size of what dist/ ships as JavaScript, and of
 * what a plain deploy (no release policy) loads of it, recorded as it runs against the emulator.
 */
import { spawn } from 'node:child_process'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { startControlPlane } from '../emulator'
import { inputEnv } from '../__tests__/helpers/action-yml'
import { bytesOf, chunks, plainDeploy } from '../__tests__/helpers/dist-loads'
import { median } from './measure'

const DIST = fileURLToPath(new URL('../dist/', import.meta.url))

export interface StartupFigures {
  bareNodeMs: number
  toFirstRequestMs: number
  toMissingInputErrorMs: number
  /** Every file of JavaScript in dist/ (source maps not counted). */
  bundleBytes: number
  /** What a deploy without a release policy loads of dist/; the rest loads when a run needs it. */
  plainDeployBytes: number
}

const baseEnv = () => ({
  PATH: process.env.PATH ?? '',
  GITHUB_REF: 'refs/heads/main',
  GITHUB_SERVER_URL: 'https://github.com',
  GITHUB_REPOSITORY: 'acme/support-agent'
})

/** Milliseconds from spawn until `until` resolves (default: the process exits). */
async function timeProcess(
  args: string[],
  env: Record<string, string>,
  until?: Promise<number>
): Promise<number> {
  const started = performance.now()
  const child = spawn(process.execPath, args, { env, stdio: 'ignore', cwd: '/' })
  const exited = new Promise<number>((resolve, reject) => {
    child.on('error', reject)
    child.on('close', () => resolve(performance.now()))
  })
  const end = await (until ? Promise.race([until, exited]) : exited)
  await exited
  return end - started
}

export async function benchStartup(runs: number): Promise<StartupFigures> {
  let firstRequest: ((at: number) => void) | undefined
  const server = createServer((request, response) => {
    firstRequest?.(performance.now())
    firstRequest = undefined
    request.resume()
    response.writeHead(401, { 'content-type': 'application/json' })
    response.end(JSON.stringify({ detail: 'Invalid API key' }))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const index = join(DIST, 'index.js')
  const bare: number[] = []
  const toRequest: number[] = []
  const toError: number[] = []
  try {
    // One unmeasured round warms the file cache.
    for (let i = 0; i <= runs; i++) {
      const b = await timeProcess(['-e', '0'], baseEnv())
      const requested = new Promise<number>((resolve) => (firstRequest = resolve))
      const r = await timeProcess(
        [index],
        { ...baseEnv(), ...inputEnv({ 'api-url': apiUrl, 'api-key': 'k', name: 'agent' }) },
        requested
      )
      const e = await timeProcess([index], { ...baseEnv(), ...inputEnv({ name: 'agent' }) })
      if (i === 0) continue
      bare.push(b)
      toRequest.push(r)
      toError.push(e)
    }
  } finally {
    server.close()
  }
  const controlPlane = await startControlPlane({ stepMs: 25 })
  const deploy = await plainDeploy(controlPlane.url).finally(() => controlPlane.close())
  if (deploy.run.code !== 0) throw new Error(`The plain deploy failed: ${deploy.run.stdout}`)
  return {
    bareNodeMs: median(bare),
    toFirstRequestMs: median(toRequest),
    toMissingInputErrorMs: median(toError),
    bundleBytes: chunks().reduce((sum, { bytes }) => sum + bytes, 0),
    plainDeployBytes: bytesOf(deploy.loaded)
  }
}
