import { afterEach, beforeEach, describe, expect, it, afterAll } from '@jest/globals'
import { createServer, type Server } from 'node:http'
import { createServer as createTcpServer, type AddressInfo, type Socket } from 'node:net'
import { createProxy } from 'proxy'
import { startControlPlane, type ControlPlaneEmulator } from '../../emulator'
import { gitHostStep } from '../helpers/deploy-harness'
import { runnerOn, VirtualClock } from '../helpers/action-world'

/** The runs' and the emulators' one clock: virtual, it moves when all of them wait. */
const clock = new VirtualClock()
const runInProcess = runnerOn(clock)
afterAll(() => clock.close())

let emulator: ControlPlaneEmulator
let proxy: Server
let proxied: string[]

beforeEach(async () => {
  emulator = await startControlPlane({ now: clock.now, sleep: clock.sleep, stepMs: 10 })
  proxied = []
  proxy = createProxy(createServer())
  // undici tunnels through the proxy with CONNECT, for http:// targets too.
  proxy.on('request', (req) => proxied.push(`${req.method} ${req.url}`))
  proxy.on('connect', (req) => proxied.push(`CONNECT ${req.url}`))
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve))
})
afterEach(async () => {
  proxy.closeAllConnections()
  await new Promise((resolve) => proxy.close(resolve))
  await emulator.close()
})

const inputs = () => ({
  ...gitHostStep(emulator.url),
  'api-key': 'emulator-key',
  'poll-interval': '1'
})

describe('behind a proxy', () => {
  it('sends every control-plane request through HTTP_PROXY', async () => {
    const proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`
    const run = await runInProcess(inputs(), { env: { HTTP_PROXY: proxyUrl, NO_PROXY: '' } })
    expect(run.code).toBe(0)
    expect(proxied.length).toBeGreaterThan(0)
    expect(new Set(proxied)).toEqual(new Set([`CONNECT ${new URL(emulator.url).host}`]))
    expect(emulator.requests.filter((r) => r.method === 'POST')).toHaveLength(1)
  })

  it('ends soon after timeout when the proxy accepts and never answers', async () => {
    const sockets: Socket[] = []
    const silent = createTcpServer((socket) => {
      sockets.push(socket)
      socket.on('error', () => undefined)
    })
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve))
    try {
      const proxyUrl = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`
      // undici alone waits 300 s for the proxy's answer: the test's own timeout catches that.
      const run = await runInProcess(
        { ...inputs(), timeout: '2s' },
        { env: { HTTP_PROXY: proxyUrl, HTTPS_PROXY: proxyUrl, NO_PROXY: '' } }
      )
      expect(run.code).toBe(1)
      // A guard, not a measure: 2 s of timeout, the proxy's 5 s bound, and a busy machine's slack.
      expect(run.durationMs).toBeLessThan(15_000)
      expect(sockets.length).toBeGreaterThan(0)
      expect(emulator.requests).toEqual([])
    } finally {
      sockets.forEach((socket) => socket.destroy())
      await new Promise((resolve) => silent.close(resolve))
    }
  }, 25_000)

  it('goes straight to hosts NO_PROXY names', async () => {
    const proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`
    const run = await runInProcess(inputs(), {
      env: { HTTP_PROXY: proxyUrl, NO_PROXY: '127.0.0.1' }
    })
    expect(run.code).toBe(0)
    expect(proxied).toEqual([])
    expect(emulator.requests.length).toBeGreaterThan(2)
  })
})
