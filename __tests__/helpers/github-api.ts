import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface GitHubCall {
  method: string
  path: string
  body: unknown
  authorization?: string
  /** The body as sent. */
  text: string
}

export interface GitHubApiOptions {
  failWith?: number
  onCall?: (call: GitHubCall) => void
  /** Accept every call and never answer (a GitHub API that hangs). */
  hang?: boolean
  /** Comments already on the pull request (another bot's, a hostile one…). */
  comments?: { id: number; body: string }[]
  /** Answers every call with a redirect to this URL (path and query kept). */
  redirectTo?: string
}

/**
 * A stand-in for the GitHub REST API on 127.0.0.1: records every call and answers the few
 * the action makes (deployments, deployment statuses, issue comments). `failWith` makes every
 * call answer that status, as a token without the permission would; `hang` never answers.
 */
export async function startGitHubApi(options: GitHubApiOptions = {}) {
  const calls: GitHubCall[] = []
  const comments: { id: number; body: string }[] = [...(options.comments ?? [])]
  let nextId = 100
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8')
      const path = (req.url ?? '').split('?')[0] ?? ''
      const call: GitHubCall = {
        method: req.method ?? '',
        path,
        body: text ? (JSON.parse(text) as unknown) : undefined,
        authorization: req.headers.authorization,
        text
      }
      calls.push(call)
      options.onCall?.(call)
      if (options.hang) return
      if (options.redirectTo) {
        res.writeHead(307, { location: `${options.redirectTo}${req.url ?? ''}` })
        return res.end()
      }
      const answer = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' })
        res.end(JSON.stringify(body))
      }
      if (options.failWith)
        return answer(options.failWith, { message: 'Resource not accessible by integration' })
      if (call.method === 'POST' && /\/deployments$/.test(path)) return answer(201, { id: 7 })
      if (call.method === 'POST' && /\/deployments\/7\/statuses$/.test(path))
        return answer(201, { id: nextId++ })
      if (call.method === 'GET' && /\/issues\/\d+\/comments$/.test(path))
        return answer(200, comments)
      if (call.method === 'POST' && /\/issues\/\d+\/comments$/.test(path)) {
        const comment = { id: nextId++, body: (call.body as { body: string }).body }
        comments.push(comment)
        return answer(201, comment)
      }
      const update = /\/issues\/comments\/(\d+)$/.exec(path)
      if (call.method === 'PATCH' && update) {
        const comment = comments.find((c) => c.id === Number(update[1]))
        if (comment) comment.body = (call.body as { body: string }).body
        return answer(200, comment)
      }
      answer(404, { message: 'Not Found' })
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    calls,
    comments,
    /** Every call's body as sent, and each string in it (for a search of secret forms). */
    payloadTexts: () => calls.flatMap((call) => [call.text, ...stringsIn(call.body)]),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      })
  }
}

/** Every string in a JSON value, however deep. */
function stringsIn(value: unknown): string[] {
  if (typeof value === 'string') return [value]
  if (Array.isArray(value)) return value.flatMap(stringsIn)
  if (value !== null && typeof value === 'object') return Object.values(value).flatMap(stringsIn)
  return []
}
