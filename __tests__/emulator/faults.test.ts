import { afterEach, beforeEach, describe, expect, it } from '@jest/globals'
import { startControlPlane, type ControlPlaneEmulator } from '../../emulator'
import { until } from '../helpers/until'
import { VirtualClock } from '../../emulator/virtual-clock'
import { call, gitHostBody, KEY } from './client'

let cp: ControlPlaneEmulator
beforeEach(async () => {
  cp = await startControlPlane({ stepMs: 20 })
})
afterEach(async () => {
  await cp.close()
})

const names = () => cp.deployments().map((deployment) => deployment.name)

describe('control-plane emulator: injected faults', () => {
  it("'status' answers the status with Retry-After and does nothing, once", async () => {
    cp.injectFault({ method: 'POST', kind: 'status', status: 503, retryAfter: '2' })
    const injected = await call(cp, 'POST', '/v2/deployments', gitHostBody())
    expect([injected.status, injected.headers.get('retry-after'), injected.body]).toEqual([
      503,
      '2',
      { detail: 'injected 503' }
    ])
    expect(names()).toEqual([])
    expect((await call(cp, 'POST', '/v2/deployments', gitHostBody())).status).toBe(201)
    expect(cp.requests.map((request) => [request.status, request.faulted])).toEqual([
      [503, true],
      [201, undefined]
    ])
  })

  it("'reset-before' cuts the connection without acting; 'reset-after' acts first", async () => {
    cp.injectFault({ method: 'POST', kind: 'reset-before' })
    await expect(call(cp, 'POST', '/v2/deployments', gitHostBody('before'))).rejects.toThrow()
    expect(names()).toEqual([])
    cp.injectFault({ method: 'POST', kind: 'reset-after' })
    await expect(call(cp, 'POST', '/v2/deployments', gitHostBody('after'))).rejects.toThrow()
    expect(names()).toEqual(['after'])
    expect(cp.requests.map((request) => request.status)).toEqual([0, 0])
  })

  it("'truncate' acts and cuts the JSON in half", async () => {
    cp.injectFault({ method: 'POST', kind: 'truncate' })
    const response = await fetch(`${cp.url}/v2/deployments`, {
      method: 'POST',
      headers: { 'x-api-key': KEY, 'content-type': 'application/json' },
      body: JSON.stringify(gitHostBody())
    })
    expect(response.status).toBe(201)
    await expect(response.json()).rejects.toThrow()
    expect(names()).toEqual(['agent'])
  })

  it("'delay' answers late, and still acts when the client gave up", async () => {
    // The delay is a sleep on a virtual clock: late by its time, however busy the machine is.
    const clock = new VirtualClock()
    const delayed = await startControlPlane({ stepMs: 20, now: clock.now, sleep: clock.sleep })
    try {
      delayed.injectFault({ path: '/v2/deployments', kind: 'delay', delayMs: 100, times: 2 })
      const started = clock.now()
      expect((await clock.track(call(delayed, 'GET', '/v2/deployments'))).status).toBe(200)
      expect(clock.now() - started).toBeGreaterThanOrEqual(100)
      const giveUp = new AbortController()
      const abandoned = fetch(`${delayed.url}/v2/deployments`, {
        method: 'POST',
        headers: { 'x-api-key': KEY, 'content-type': 'application/json' },
        body: JSON.stringify(gitHostBody()),
        signal: giveUp.signal
      })
      // The client gives up once the emulator holds the request, before its delay is over.
      await until(() => delayed.requests.length === 2, 'the second request')
      giveUp.abort()
      await expect(abandoned).rejects.toThrow()
      // The emulator still acts once its delay is over: wait for its answer, not for a time.
      await until(() => delayed.requests.every((request) => request.status !== 0), 'the answer')
      expect(delayed.deployments().map((deployment) => deployment.name)).toEqual(['agent'])
    } finally {
      clock.close()
      await delayed.close()
    }
  })

  it('matches by method and path (string or RegExp), only after auth, and spends each fault', async () => {
    cp.injectFault({ path: /\/revisions$/, kind: 'status', status: 500, times: 2 })
    const created = await call(cp, 'POST', '/v2/deployments', gitHostBody())
    const revisions = `/v2/deployments/${String(created.body?.id)}/revisions`
    expect((await call(cp, 'GET', revisions, undefined, { 'x-api-key': 'wrong' })).status).toBe(401)
    expect((await call(cp, 'GET', revisions)).status).toBe(500)
    expect((await call(cp, 'GET', revisions)).status).toBe(500)
    expect((await call(cp, 'GET', revisions)).status).toBe(200)
  })
})
