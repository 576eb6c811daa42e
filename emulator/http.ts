import type { IncomingMessage, ServerResponse } from 'node:http'
import type { RecordedRequest } from './types'

/** What a route answers; `body` undefined means no body (e.g. 204). */
export interface Answer {
  status: number
  body?: unknown
  contentType?: string
}

export function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => resolve(Buffer.concat(chunks)))
    req.on('error', reject)
  })
}

/** The request as recorded, before it is answered (status 0). */
export function recordOf(req: IncomingMessage, url: URL, path: string): RecordedRequest {
  return {
    method: req.method ?? 'GET',
    path,
    query: Object.fromEntries(url.searchParams),
    headers: Object.fromEntries(
      Object.entries(req.headers).map(([name, value]) => [
        name,
        Array.isArray(value) ? value.join(', ') : value
      ])
    ),
    body: undefined,
    status: 0
  }
}

/** Parses a JSON body; undefined for an empty body. */
export function parseJson(raw: Buffer): { ok: true; value: unknown } | { ok: false } {
  if (raw.length === 0) return { ok: true, value: undefined }
  try {
    return { ok: true, value: JSON.parse(raw.toString('utf8')) as unknown }
  } catch {
    return { ok: false }
  }
}

export function bodyBytes(answer: Answer): Buffer | undefined {
  return answer.body === undefined ? undefined : Buffer.from(JSON.stringify(answer.body))
}

export function send(
  res: ServerResponse,
  record: RecordedRequest,
  answer: Answer,
  headers: Record<string, string> = {}
): void {
  record.status = answer.status
  const bytes = bodyBytes(answer)
  if (bytes === undefined) {
    res.writeHead(answer.status, headers)
    res.end()
    return
  }
  res.writeHead(answer.status, {
    ...headers,
    'content-type': answer.contentType ?? 'application/json'
  })
  res.end(bytes)
}
