import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

/** One request a hostile server received. */
export interface Seen {
  method: string
  /** The path, percent-decoded, without the query. */
  path: string
  /** The path's segments, each percent-decoded (an id may hold a `/`). */
  segments: string[]
  query: URLSearchParams
  headers: IncomingMessage['headers']
  body: string
}

/** What a hostile server answers to one request. */
export type Answer =
  | { status?: number; json: unknown; headers?: Record<string, string> }
  | { status?: number; text: string; headers?: Record<string, string> }
  /** Accept the request and never answer. */
  | { hang: true }
  /** A redirect to another server. */
  | { redirect: string; status?: number }
  /** A 200 (or `status`) body of `bytes` bytes, made as it is sent. */
  | { huge: HugeBody }

export interface HugeBody {
  bytes: number
  status?: number
  /** The start of the body; the rest is filler, so JSON never ends. */
  prefix: string
}

/** What the servers sent of huge bodies, over all requests. */
export interface HugeStats {
  requests: number
  bytesSent: number
}

/** A server stops a huge body past this many bytes over all requests, to protect the machine. */
const HUGE_TOTAL_LIMIT = 1.5 * 1024 ** 3
const FILLER = Buffer.alloc(1024 * 1024, 'a')

function streamHuge(res: ServerResponse, body: HugeBody, stats: HugeStats): void {
  stats.requests += 1
  res.writeHead(body.status ?? 200, {
    'content-type': 'application/json',
    'content-length': String(body.bytes)
  })
  let left = body.bytes
  const prefix = Buffer.from(body.prefix)
  res.write(prefix)
  left -= prefix.length
  stats.bytesSent += prefix.length
  const pump = () => {
    while (left > 0 && !res.destroyed) {
      if (stats.bytesSent >= HUGE_TOTAL_LIMIT) {
        res.destroy()
        return
      }
      const chunk = left >= FILLER.length ? FILLER : FILLER.subarray(0, left)
      left -= chunk.length
      stats.bytesSent += chunk.length
      if (!res.write(chunk)) {
        res.once('drain', pump)
        return
      }
    }
    if (left <= 0) res.end()
  }
  res.on('close', () => (left = 0))
  pump()
}

/** Sends an answer; a hanging one keeps the socket open until the server closes. */
export function send(res: ServerResponse, answer: Answer, stats: HugeStats): void {
  if ('hang' in answer) return
  if ('huge' in answer) return streamHuge(res, answer.huge, stats)
  if ('redirect' in answer) {
    res.writeHead(answer.status ?? 307, { location: answer.redirect })
    res.end()
    return
  }
  const text = 'json' in answer ? JSON.stringify(answer.json) : answer.text
  res.writeHead(answer.status ?? 200, {
    'content-type': 'json' in answer ? 'application/json' : 'text/plain',
    ...answer.headers
  })
  res.end(text)
}

/** Starts a server on 127.0.0.1 that records each request and answers through `handle`. */
export async function startRecordingServer(
  handle: (seen: Seen, res: ServerResponse) => void
): Promise<{ url: string; seen: Seen[]; server: Server; close: () => Promise<void> }> {
  const seen: Seen[] = []
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    let size = 0
    req.on('data', (chunk: Buffer) => {
      size += chunk.length
      // A source tarball may be large: keep only the start of a body.
      if (size < 1024 * 1024) chunks.push(chunk)
    })
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://x')
      const request: Seen = {
        method: req.method ?? '',
        path: safeDecode(url.pathname),
        segments: url.pathname.split('/').slice(1).map(safeDecode),
        query: url.searchParams,
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8')
      }
      seen.push(request)
      handle(request, res)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    server,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      })
  }
}

function safeDecode(path: string): string {
  try {
    return decodeURIComponent(path)
  } catch {
    return path
  }
}
