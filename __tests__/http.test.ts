import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createProxy } from 'proxy'
import { EnvHttpProxyAgent, request } from '../src/control-plane/transport'

/**
 * The transport of every request the action sends: undici's request, straight or through a real
 * proxy chosen by HTTP_PROXY / NO_PROXY, against a real server.
 */
let server: Server
let proxy: Server
let baseUrl: string
let proxyUrl: string
const seen: { method?: string; url?: string; body: string; header?: string }[] = []
const tunnels: string[] = []

const listen = async (s: Server) => {
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve))
  return `http://127.0.0.1:${(s.address() as AddressInfo).port}`
}

beforeAll(async () => {
  server = createServer((req: IncomingMessage, res) => {
    let body = ''
    req.on('data', (chunk: Buffer) => (body += chunk.toString()))
    req.on('end', () => {
      seen.push({ method: req.method, url: req.url, body, header: req.headers['x-test'] as string })
      res.writeHead(201, { 'content-type': 'application/json', 'retry-after': '3' })
      res.end(JSON.stringify({ ok: true }))
    })
  })
  proxy = createProxy(createServer())
  proxy.on('connect', (req: IncomingMessage) => tunnels.push(req.url ?? ''))
  baseUrl = await listen(server)
  proxyUrl = await listen(proxy)
})
afterAll(async () => {
  proxy.closeAllConnections()
  server.closeAllConnections()
  await new Promise((resolve) => proxy.close(resolve))
  await new Promise((resolve) => server.close(resolve))
})

describe('request', () => {
  it('sends the method, path, query, headers and body, and gives back status, headers and body', async () => {
    seen.length = 0
    const response = await request(`${baseUrl}/v2/deployments?name_contains=a%20b`, {
      method: 'POST',
      headers: { 'x-test': 'yes', 'content-type': 'application/json' },
      body: '{"name":"agent"}'
    })
    expect(response.statusCode).toBe(201)
    expect(response.headers['retry-after']).toBe('3')
    expect(await response.body.json()).toEqual({ ok: true })
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
    const viaProxy = new EnvHttpProxyAgent({ httpProxy: proxyUrl, noProxy: '' })
    const direct = new EnvHttpProxyAgent({ httpProxy: proxyUrl, noProxy: '127.0.0.1' })
    try {
      const proxied = await request(`${baseUrl}/a`, { method: 'GET', dispatcher: viaProxy })
      await proxied.body.text()
      expect(tunnels).toEqual([new URL(baseUrl).host])
      const straight = await request(`${baseUrl}/b`, { method: 'GET', dispatcher: direct })
      await straight.body.text()
      expect(tunnels).toHaveLength(1)
      expect(seen.map((s) => s.url)).toEqual(['/a', '/b'])
    } finally {
      await viaProxy.close()
      await direct.close()
    }
  })

  it('stops when its signal aborts', async () => {
    const controller = new AbortController()
    controller.abort(new Error('stop now'))
    await expect(
      request(`${baseUrl}/c`, { method: 'GET', signal: controller.signal })
    ).rejects.toThrow('stop now')
  })
})
