import type { ControlPlaneEmulator } from '../../emulator'

export const KEY = 'emulator-key'
export const INTEGRATION = '123e4567-e89b-42d3-a456-426614174000'
export type Json = Record<string, unknown>

/** A JSON call to the emulator with the right key unless `headers` says otherwise. */
export async function call(
  emulator: ControlPlaneEmulator,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {}
): Promise<{ status: number; body: Json | undefined; headers: Headers }> {
  const response = await fetch(`${emulator.url}${path}`, {
    method,
    headers: { 'x-api-key': KEY, 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body)
  })
  const text = await response.text()
  return {
    status: response.status,
    body: text ? (JSON.parse(text) as Json) : undefined,
    headers: response.headers
  }
}

export const gitHostBody = (name = 'agent'): Json => ({
  name,
  source: 'git_host',
  source_config: { integration_id: INTEGRATION, repo_url: 'https://github.com/a/b' },
  source_revision_config: { repo_ref: 'main', graph_config_path: 'graph.json' },
  secrets: []
})

export const imageBody = (name = 'image-agent'): Json => ({
  name,
  source: 'external_image',
  source_config: { custom_url: 'https://agent.example.com' },
  source_revision_config: { image_uri: 'registry.example.com/agent:1' },
  secrets: []
})

/** A clock the test moves by hand. */
export function fakeClock(start = Date.parse('2026-01-01T00:00:00Z')) {
  let now = start
  return {
    now: () => now,
    advance: (ms: number) => {
      now += ms
    }
  }
}

/** Polls `read` until `done` holds, up to `timeoutMs`. */
export async function pollUntil<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs = 3000
): Promise<T[]> {
  const seen: T[] = []
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await read()
    seen.push(value)
    if (done(value)) return seen
    if (Date.now() > deadline) throw new Error(`still waiting after ${timeoutMs} ms`)
    await new Promise((resolve) => setTimeout(resolve, 5))
  }
}
