import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'

/** The real agent server (@langchain/langgraph-api) with the echo graphs, on a free port. */
export async function startEchoAgent(): Promise<{ url: string; close(): Promise<void> }> {
  const script = fileURLToPath(new URL('../fixtures/echo-agent/serve.mjs', import.meta.url))
  const stateDir = mkdtempSync(join(tmpdir(), 'echo-agent-'))
  const server = spawn(process.execPath, [script, stateDir], {
    env: { ...process.env, LANGGRAPH_CLI_NO_ANALYTICS: '1', NODE_OPTIONS: '' },
    stdio: ['ignore', 'pipe', 'pipe']
  })
  const close = async () => {
    if (server.exitCode === null && server.signalCode === null) {
      const exited = new Promise((resolve) => server.once('close', resolve))
      server.kill()
      await exited
    }
    rmSync(stateDir, { recursive: true, force: true })
  }
  let stderr = ''
  server.stderr?.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4_000)))
  let url = ''
  for await (const line of createInterface({ input: server.stdout as NodeJS.ReadableStream })) {
    if (line.startsWith('{"url"')) {
      url = (JSON.parse(line) as { url: string }).url
      break
    }
  }
  // Keep reading what the server logs, so that a full pipe never blocks it.
  server.stdout?.resume()
  if (!url) {
    await close()
    throw new Error(`the agent server did not start:\n${stderr}`)
  }
  return { url, close }
}
