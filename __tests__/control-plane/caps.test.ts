import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { ControlPlaneClient } from '../../src/control-plane/client'
import { BodyTooLargeError, HttpStatusError } from '../../src/control-plane/errors'
import { sleep } from '../../src/control-plane/retry'
import { meaningOf } from '../../src/control-plane/status-policy'
import { createOnce } from '../../src/operations/safe-writes'
import { waitForRevision } from '../../src/wait/wait'

const DEPLOYMENT_ID = '123e4567-e89b-42d3-a456-426614174000'
const REVISION_ID = '123e4567-e89b-42d3-a456-426614174001'

/**
 * A control plane that answers every request with an endless body (1 GB, made as it is sent), or
 * redirects to another host. Counts the requests and the bytes it got to send.
 */
let server: Server
let elsewhere: Server
let baseUrl: string
let elsewhereUrl: string
let mode: 'endless' | 'redirect' = 'endless'
const requests: string[] = []
const elsewhereRequests: { url?: string; key?: string | string[] }[] = []
let bytesSent = 0

const MB = 1024 * 1024

function endless(res: ServerResponse) {
  const chunk = Buffer.alloc(64 * 1024, ' ')
  res.writeHead(200, { 'content-type': 'application/json' })
  res.write('{"id":"d-1","name":"agent","padding":"')
  const pump = () => {
    while (bytesSent < 1024 * MB) {
      bytesSent += chunk.length
      if (!res.write(chunk)) return void res.once('drain', pump)
    }
    res.end('"}')
  }
  pump()
}

beforeAll(async () => {
  server = createServer((req: IncomingMessage, res) => {
    requests.push(`${req.method} ${req.url}`)
    req.resume()
    if (mode === 'redirect') {
      res.writeHead(307, { location: `${elsewhereUrl}${req.url}` })
      return res.end()
    }
    endless(res)
  })
  elsewhere = createServer((req, res) => {
    elsewhereRequests.push({ url: req.url, key: req.headers['x-api-key'] })
    res.end('{}')
  })
  for (const s of [server, elsewhere]) {
    await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve))
  }
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  elsewhereUrl = `http://127.0.0.1:${(elsewhere.address() as AddressInfo).port}`
})
afterAll(async () => {
  for (const s of [server, elsewhere]) {
    s.closeAllConnections()
    await new Promise((resolve) => s.close(resolve))
  }
})
beforeEach(() => {
  mode = 'endless'
  requests.length = 0
  elsewhereRequests.length = 0
  bytesSent = 0
})

const client = () =>
  new ControlPlaneClient({
    baseUrl,
    apiKey: 'secret-key',
    userAgent: 'test',
    requestTimeoutMs: 20_000,
    backoff: { baseMs: 1, maxMs: 5 }
  })

describe('a control-plane body over the cap', () => {
  it('fails the call once, with a clear error, after reading about the cap of 1 GB', async () => {
    const rssBefore = process.memoryUsage().rss
    const error = await client()
      .getDeployment(DEPLOYMENT_ID)
      .then(
        () => undefined,
        (caught: unknown) => caught
      )
    expect(error).toBeInstanceOf(BodyTooLargeError)
    expect((error as Error).message).toMatch(
      /^GET \/v2\/deployments\/123e4567-e89b-42d3-a456-426614174000 answered a body over 10\.0 MB \(HTTP 200\), .* does not send the request again\. Check that api-url points at the control plane\.$/
    )
    expect(requests).toEqual([`GET /v2/deployments/${DEPLOYMENT_ID}`])
    expect(bytesSent).toBeLessThan(100 * MB)
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(200 * MB)
  })

  it('is not ridden out by the wait loop: one GET, then the error', async () => {
    const plane = client()
    const waiting = waitForRevision({
      getRevision: (call) => plane.getRevision(DEPLOYMENT_ID, REVISION_ID, call),
      deadline: Date.now() + 60_000,
      pollIntervalMs: 1_000,
      now: Date.now,
      sleep,
      onStatus: () => undefined
    })
    await expect(waiting).rejects.toBeInstanceOf(BodyTooLargeError)
    expect(requests).toEqual([`GET /v2/deployments/${DEPLOYMENT_ID}/revisions/${REVISION_ID}`])
  })

  it('is not a lost answer to the writes: one POST, no look-up, no second create', async () => {
    const creating = createOnce(
      {
        name: 'agent',
        source: 'github',
        source_config: {},
        source_revision_config: {},
        secrets: []
      },
      {
        client: client(),
        call: {},
        sleep,
        now: Date.now,
        notice: () => undefined,
        settleMs: 0
      }
    )
    await expect(creating).rejects.toBeInstanceOf(BodyTooLargeError)
    expect(requests).toEqual(['POST /v2/deployments'])
  })
})

describe('a redirect', () => {
  it('is not followed: the key never reaches the other host', async () => {
    mode = 'redirect'
    const error = await client()
      .getDeployment(DEPLOYMENT_ID)
      .catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(HttpStatusError)
    expect((error as HttpStatusError).status).toBe(307)
    expect(requests).toEqual([`GET /v2/deployments/${DEPLOYMENT_ID}`])
    expect(elsewhereRequests).toEqual([])
  })
})

describe('the status table', () => {
  it('says what each failure means for retries, lost answers and polls', () => {
    expect(meaningOf({ kind: 'status', status: 429 })).toEqual({
      retry: 'always',
      lostAnswer: false,
      pollTolerates: true
    })
    expect(meaningOf({ kind: 'status', status: 503 })).toEqual({
      retry: 'idempotent',
      lostAnswer: true,
      pollTolerates: true
    })
    expect(meaningOf({ kind: 'status', status: 500 })).toMatchObject({ lostAnswer: false })
    expect(meaningOf({ kind: 'status', status: 404 })).toEqual({
      retry: 'never',
      lostAnswer: false,
      pollTolerates: false
    })
    expect(meaningOf({ kind: 'network' })).toMatchObject({ lostAnswer: true, pollTolerates: true })
    expect(meaningOf({ kind: 'too-large' })).toEqual({
      retry: 'never',
      lostAnswer: false,
      pollTolerates: false
    })
  })
})
