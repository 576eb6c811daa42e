import { randomUUID } from 'node:crypto'
import { startTracing, type TracingEmulator, type TracingOptions } from '../../emulator'
import { KEY } from './client'

export type Json = Record<string, unknown>
let tracing: TracingEmulator | undefined

/** Starts the tracing emulator the calls below talk to; `stop` (afterEach) closes it. */
export async function start(options: TracingOptions = {}): Promise<TracingEmulator> {
  tracing = await startTracing(options)
  return tracing
}

export async function stop(): Promise<void> {
  await tracing?.close()
  tracing = undefined
}

export async function call(
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {}
): Promise<{ status: number; body: unknown; headers: Headers }> {
  const response = await fetch(`${(tracing as TracingEmulator).url}${path}`, {
    method,
    headers: { 'x-api-key': KEY, 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body)
  })
  const text = await response.text()
  return {
    status: response.status,
    body: text ? (JSON.parse(text) as unknown) : undefined,
    headers: response.headers
  }
}
export const list = async (path: string) => (await call('GET', path)).body as Json[]

const pad = (value: number, width = 2) => String(value).padStart(width, '0')
/** A root run as the action writes it; `startMs` in epoch ms. */
export function rootRun(
  sessionId: string,
  exampleId: string,
  startMs: number,
  endMs: number | null,
  extra: Json = {}
): Json {
  const id = randomUUID()
  const date = new Date(startMs)
  const stamp =
    `${date.getUTCFullYear()}${pad(date.getUTCMonth() + 1)}${pad(date.getUTCDate())}T` +
    `${pad(date.getUTCHours())}${pad(date.getUTCMinutes())}${pad(date.getUTCSeconds())}` +
    `${pad(date.getUTCMilliseconds(), 3)}000Z`
  return {
    id,
    trace_id: id,
    dotted_order: `${stamp}${id}`,
    name: 'gate',
    run_type: 'chain',
    start_time: new Date(startMs).toISOString(),
    end_time: endMs === null ? null : new Date(endMs).toISOString(),
    inputs: { messages: [] },
    outputs: endMs === null ? null : { messages: [{ type: 'ai', content: 'echo: question 1' }] },
    error: null,
    session_id: sessionId,
    reference_example_id: exampleId,
    extra: { metadata: {} },
    ...extra
  }
}

export async function experiment(datasetId: string, name = 'exp', metadata: Json = {}) {
  const created = await call('POST', '/sessions', {
    id: randomUUID(),
    name,
    reference_dataset_id: datasetId,
    extra: { metadata }
  })
  if (created.status !== 200) throw new Error(`POST /sessions answered ${created.status}`)
  return created.body as Json & { id: string }
}
