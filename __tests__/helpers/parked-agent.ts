import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'

/** The versions of the parked graph the fixture serves as `agent` (fixtures/parked-agent). */
export type ParkedVersion = 'v1' | 'renamed' | 'tiered' | 'retyped' | 'compatible'

export interface ParkedAgent {
  /** The server's URL now (a restart takes another port). */
  readonly url: string
  /** Stops the server (SIGTERM: it writes its threads) and starts it on `version`, same folder. */
  restart(version: ParkedVersion): Promise<void>
  /** A new thread of `graph` (default `agent`) run until it parks at its interrupt; its id. */
  park(message: string, graph?: 'agent' | 'fanout'): Promise<string>
  /** Resumes a thread with `resume`: the run's answer. */
  resume(id: string, resume: unknown): Promise<Record<string, unknown>>
  close(): Promise<void>
}

const SCRIPT = fileURLToPath(new URL('../fixtures/parked-agent/serve.mjs', import.meta.url))

/**
 * The real agent server (@langchain/langgraph-api) serving a graph that parks at an interrupt(),
 * its threads kept in a temporary folder across restarts, as a deployment keeps them across
 * revisions.
 */
export async function startParkedAgent(version: ParkedVersion = 'v1'): Promise<ParkedAgent> {
  const stateDir = mkdtempSync(join(tmpdir(), 'parked-agent-'))
  let running = await launch(stateDir, version)
  const call = async (path: string, body: unknown) => {
    const response = await fetch(`${running.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body)
    })
    if (!response.ok) throw new Error(`${path} answered ${response.status}`)
    return (await response.json()) as Record<string, unknown>
  }
  return {
    get url() {
      return running.url
    },
    restart: async (next) => {
      await stop(running.server)
      running = await launch(stateDir, next)
    },
    park: async (message, graph = 'agent') => {
      const thread = await call('/threads', {})
      const id = String(thread.thread_id)
      const answer = await call(`/threads/${id}/runs/wait`, {
        assistant_id: graph,
        input: { messages: [{ role: 'human', content: message }], topic: 'refund' }
      })
      if (!('__interrupt__' in answer)) throw new Error('the thread did not park')
      return id
    },
    resume: (id, resume) =>
      call(`/threads/${id}/runs/wait`, { assistant_id: 'agent', command: { resume } }),
    close: async () => {
      await stop(running.server)
      rmSync(stateDir, { recursive: true, force: true })
    }
  }
}

async function stop(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null || server.signalCode !== null) return
  const exited = new Promise((resolve) => server.once('close', resolve))
  server.kill('SIGTERM')
  await exited
}

async function launch(
  stateDir: string,
  version: ParkedVersion
): Promise<{ url: string; server: ChildProcess }> {
  const server = spawn(process.execPath, [SCRIPT, stateDir, version], {
    env: { ...process.env, LANGGRAPH_CLI_NO_ANALYTICS: '1', NODE_OPTIONS: '' },
    stdio: ['ignore', 'pipe', 'pipe']
  })
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
    await stop(server)
    throw new Error(`the agent server did not start:\n${stderr}`)
  }
  return { url, server }
}
