/**
 * Start-up of the built action: whole-process time of `node dist/index.js` from spawn to its
 * first request (to a server that answers 401 at once), and to its exit when a required input is
 * missing; bare `node -e 0` beside them. Also the size of what dist/ ships as JavaScript.
 */
import { spawn } from 'node:child_process'
import { readdirSync, statSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { inputEnv } from '../__tests__/helpers/action-yml'
import { median } from './measure'

const DIST = fileURLToPath(new URL('../dist/', import.meta.url))

export interface StartupFigures {
  bareNodeMs: number
  toFirstRequestMs: number
  toMissingInputErrorMs: number
  bundleBytes: number
  /** dist/index.js alone: what every run loads; the other files load when a run needs them. */
  entryBytes: number
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
  const bundleBytes = readdirSync(DIST)
    .filter((file) => file.endsWith('.js') || file.endsWith('.mjs') || file.endsWith('.cjs'))
    .reduce((sum, file) => sum + statSync(join(DIST, file)).size, 0)
  return {
    bareNodeMs: median(bare),
    toFirstRequestMs: median(toRequest),
    toMissingInputErrorMs: median(toError),
    bundleBytes,
    entryBytes: statSync(index).size
  }
}
