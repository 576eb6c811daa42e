import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { createServer, type IncomingMessage, type Server } from 'node:http'
import { createServer as createTcpServer, type Server as TcpServer, type Socket } from 'node:net'
import type { AddressInfo } from 'node:net'
import { createProxy } from 'proxy'
import { EnvHttpProxyAgent } from 'undici'
import {
  createDispatcher,
  send,
  TransportError,
  type SendRequest
} from '../../src/control-plane/transport'

/** transport.ts is the only HTTP code: these pin what it sends, bounds and refuses. */
let server: Server
let proxy: Server
let silentProxy: TcpServer
let baseUrl: string
let proxyUrl: string
let silentProxyUrl: string
const seen: { method?: string; url?: string; body: string; header?: string }[] = []
const tunnels: string[] = []
const silentSockets: Socket[] = []
/** Bytes the endless route managed to write before the client closed the connection. */
let endlessSent = 0
let endlessRequests = 0

const listen = async (s: Server | TcpServer) => {
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve))
  return `http://127.0.0.1:${(s.address() as AddressInfo).port}`
}

const MB = 1024 * 1024

/** Writes up to `total` bytes of `x`, as fast as the client reads, generated as it goes. */
function stream(res: import('node:http').ServerResponse, total: number) {
  const chunk = Buffer.alloc(64 * 1024, 'x')
  let sent = 0
  const pump = () => {
    while (sent < total) {
      sent += chunk.length
      endlessSent = sent
      if (!res.write(chunk)) return void res.once('drain', pump)
    }
    res.end()
  }
  pump()
}

beforeAll(async () => {
  server = createServer((req: IncomingMessage, res) => {
    let body = ''
    req.on('data', (chunk: Buffer) => (body += chunk.toString()))
    req.on('end', () => {
      if (req.url === '/endless') {
        endlessRequests += 1
        res.writeHead(200, { 'content-type': 'application/json' })
        return stream(res, 1024 * MB)
      }
      if (req.url === '/declared-large') {
        res.writeHead(200, { 'content-length': String(1024 * MB) })
        return stream(res, 1024 * MB)
      }
      if (req.url === '/redirect') {
        res.writeHead(302, { location: `${baseUrl}/elsewhere` })
        return res.end()
      }
      if (req.url === '/silent') return undefined
      seen.push({ method: req.method, url: req.url, body, header: req.headers['x-test'] as string })
      res.writeHead(201, { 'content-type': 'application/json', 'retry-after': '3' })
      res.end(JSON.stringify({ ok: true }))
    })
  })
  proxy = createProxy(createServer())
  proxy.on('connect', (req: IncomingMessage) => tunnels.push(req.url ?? ''))
  // A proxy that accepts the connection and never says a word.
  silentProxy = createTcpServer((socket) => {
    silentSockets.push(socket)
    socket.on('error', () => undefined)
  })
  baseUrl = await listen(server)
  proxyUrl = await listen(proxy)
  silentProxyUrl = await listen(silentProxy)
})
afterAll(async () => {
  proxy.closeAllConnections()
  server.closeAllConnections()
  silentSockets.forEach((socket) => socket.destroy())
  await new Promise((resolve) => proxy.close(resolve))
  await new Promise((resolve) => server.close(resolve))
  await new Promise((resolve) => silentProxy.close(resolve))
})

const get = (url: string, given: Partial<SendRequest> = {}) =>
  send({ url, method: 'GET', headers: {}, timeoutMs: 10_000, maxBodyBytes: MB, ...given })

async function failure(sending: Promise<unknown>): Promise<TransportError> {
  try {
    await sending
  } catch (error) {
    if (error instanceof TransportError) return error
    throw error
  }
  throw new Error('the request succeeded')
}

describe('send', () => {
  it('sends the method, path, query, headers and body, and gives back status, headers and body', async () => {
    seen.length = 0
    const answer = await send({
      url: `${baseUrl}/v2/deployments?name_contains=a%20b`,
      method: 'POST',
      headers: { 'x-test': 'yes', 'content-type': 'application/json' },
      body: '{"name":"agent"}',
      timeoutMs: 10_000,
      maxBodyBytes: MB
    })
    expect(answer.status).toBe(201)
    expect(answer.headers['retry-after']).toBe('3')
    expect(JSON.parse(answer.bodyText)).toEqual({ ok: true })
    expect(seen).toEqual([
      {
        method: 'POST',
        url: '/v2/deployments?name_contains=a%20b',
        body: '{"name":"agent"}',
        header: 'yes'
      }
    ])
  })

  it('tunnels through HTTP_PROXY with the proxy agent, and goes straight to NO_PROXY hosts', async () => {
    seen.length = 0
    tunnels.length = 0
    const viaProxy = createDispatcher({ httpProxy: proxyUrl, noProxy: '' })
    const direct = createDispatcher({ httpProxy: proxyUrl, noProxy: '127.0.0.1' })
    try {
      await get(`${baseUrl}/a`, { dispatcher: viaProxy })
      expect(tunnels).toEqual([new URL(baseUrl).host])
      await get(`${baseUrl}/b`, { dispatcher: direct })
      expect(tunnels).toHaveLength(1)
      expect(seen.map((s) => s.url)).toEqual(['/a', '/b'])
    } finally {
      await viaProxy.close()
      await direct.close()
    }
  })

  it('does not follow a redirect: a 3xx is the answer, and nothing goes to the new location', async () => {
    seen.length = 0
    const answer = await get(`${baseUrl}/redirect`, { headers: { 'x-test': 'key' } })
    expect(answer.status).toBe(302)
    expect(seen).toEqual([])
  })

  it('throws the reason of its signal when aborted', async () => {
    const controller = new AbortController()
    controller.abort(new Error('stop now'))
    await expect(get(`${baseUrl}/c`, { signal: controller.signal })).rejects.toThrow('stop now')
  })

  it('gives up on a server that never answers at its timeout', async () => {
    const error = await failure(get(`${baseUrl}/silent`, { timeoutMs: 300 }))
    expect(error).toMatchObject({ kind: 'timeout', reason: 'no answer within 300ms' })
  })

  it('gives up at its timeout on a proxy that accepts and never answers', async () => {
    // undici's own proxy agent, which waits 300 s for the proxy's answer: send() alone must not.
    const dispatcher = new EnvHttpProxyAgent({ httpProxy: silentProxyUrl, noProxy: '' })
    silentSockets.length = 0
    try {
      const error = await failure(get(`${baseUrl}/a`, { timeoutMs: 300, dispatcher }))
      expect(error).toMatchObject({ kind: 'timeout', reason: 'no answer within 300ms' })
      expect(silentSockets).toHaveLength(1)
    } finally {
      await dispatcher.destroy()
    }
  })
})

describe('a body over the cap', () => {
  it('is refused after reading about the cap of a 1 GB stream, once', async () => {
    endlessSent = 0
    endlessRequests = 0
    const rssBefore = process.memoryUsage().rss
    const error = await failure(get(`${baseUrl}/endless`, { maxBodyBytes: 10 * MB }))
    expect(error).toMatchObject({ kind: 'too-large', reason: 'a body over 10.0 MB', status: 200 })
    expect(endlessRequests).toBe(1)
    // The server got to write the cap and what the socket buffers held: far from 1 GB.
    expect(endlessSent).toBeGreaterThanOrEqual(10 * MB)
    expect(endlessSent).toBeLessThan(100 * MB)
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(200 * MB)
  })

  it('is refused unread when its content-length says so', async () => {
    endlessSent = 0
    const error = await failure(get(`${baseUrl}/declared-large`, { maxBodyBytes: 10 * MB }))
    expect(error).toMatchObject({ kind: 'too-large', status: 200 })
    expect(endlessSent).toBeLessThan(10 * MB)
  })

  it('is read whole when it fits the cap exactly', async () => {
    const answer = await get(`${baseUrl}/b`, { maxBodyBytes: 11 })
    expect(answer.bodyText).toBe('{"ok":true}')
    await expect(get(`${baseUrl}/b`, { maxBodyBytes: 10 })).rejects.toMatchObject({
      kind: 'too-large'
    })
  })
})
