import { afterAll, afterEach, describe, expect, it } from '@jest/globals'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { VirtualClock } from '../../emulator'
import { trackedDispatcher } from '../helpers/action-world'
import type { Deployment } from '../../src/control-plane/schemas'
import { checkActiveRevision, checkInfoHost } from '../../src/after-deploy/serving-check'
import { readAgain, type Reading } from '../../src/lib/read-again'

/**
 * A check that cannot reach a verdict never passes, and is never mistaken for "the service
 * cannot tell" (a skip): each path below fails when it is turned back into a skip.
 */

const REVISION = '3f1c2b8e-5d4a-4e6b-9c7d-1a2b3c4d5e6f'
const PREVIOUS = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d'

/** A clock that moves only when the check sleeps: the deadline comes after a fixed number of reads. */
function virtualClock() {
  // Each read's timeout is a sleep on this clock too: it moves only when all of them wait.
  const clock = new VirtualClock({ start: 1_000_000 })
  const dispatcher = trackedDispatcher({}, clock)
  closers.push(async () => {
    clock.close()
    await dispatcher.destroy()
  })
  return { now: clock.now, sleep: clock.sleep, dispatcher }
}
const closers: (() => Promise<void>)[] = []
afterAll(async () => {
  for (const close of closers.splice(0)) await close()
})

function deployment(active: string | null | undefined): Deployment {
  return {
    id: 'd',
    name: 'agent',
    source: 'git_host',
    source_config: {},
    ...(active === undefined ? {} : { active_revision_id: active })
  } as unknown as Deployment
}

describe('readAgain', () => {
  it('keeps the last answer read over later silence, and says when nothing could be read', async () => {
    const clock = virtualClock()
    const readings: Reading<true, string>[] = [
      { kind: 'not-seen', value: 'old' },
      { kind: 'could-not-tell', why: 'no answer' }
    ]
    let reads = 0
    const verdict = await readAgain<true, string>({
      read: async () => readings[Math.min(reads++, 1)] as Reading<true, string>,
      deadline: clock.now() + 10_000,
      gapMs: 2_000,
      ...clock
    })
    expect(verdict).toEqual({ kind: 'not-seen', value: 'old' })
    // At 0, 2, 4, 6 and 8 s: none starts at the deadline.
    expect(reads).toBe(5)
    const silent = await readAgain<true, string>({
      read: async () => ({ kind: 'could-not-tell', why: 'no answer' }),
      deadline: clock.now() + 4_000,
      gapMs: 2_000,
      ...clock
    })
    expect(silent).toEqual({ kind: 'could-not-tell', why: 'no answer' })
  })
})

describe('the serving check: active_revision_id', () => {
  const check = (getDeployment: () => Promise<Deployment>, seen?: string | null) => {
    const clock = virtualClock()
    return checkActiveRevision({
      getDeployment,
      revisionId: REVISION,
      seen,
      deadline: clock.now() + 60_000,
      ...clock
    })
  }

  it('is a verdict, not a skip, when another revision still serves at the end of the window', async () => {
    let reads = 0
    const serving = await check(async () => {
      reads++
      return deployment(PREVIOUS)
    }, PREVIOUS)
    expect(serving).toEqual({ kind: 'other', servingId: PREVIOUS })
    // Read again every 2 s for 60 s (2 … 58 s): the read just made counted as the first.
    expect(reads).toBe(29)
  })

  it('cannot conclude when the deployment cannot be read at all: unconfirmed, never skipped', async () => {
    const serving = await check(async () => {
      throw new Error('GET /v2/deployments/d answered 503')
    })
    expect(serving).toEqual({
      kind: 'unconfirmed',
      why: 'the deployment could not be read (GET /v2/deployments/d answered 503)'
    })
  })

  it('keeps "serves P" when the reads after it fail', async () => {
    const serving = await check(async () => {
      throw new Error('no answer')
    }, PREVIOUS)
    expect(serving).toEqual({ kind: 'other', servingId: PREVIOUS })
  })

  it('skips only when the service names no active revision at all', async () => {
    expect(await check(async () => deployment(undefined))).toEqual({
      kind: 'not-checkable',
      why: 'the service returns no active_revision_id'
    })
    let reads = 0
    const moves = await check(async () => deployment(++reads < 3 ? PREVIOUS : REVISION), PREVIOUS)
    expect(moves).toEqual({ kind: 'serving' })
  })
})

describe("the serving check: the agent server's GET /info", () => {
  // Every server a test started (a test may start several): each is closed after it.
  const servers: Server[] = []
  afterEach(async () => {
    const started = servers.splice(0)
    await Promise.all(
      started.map(
        (server) =>
          new Promise((resolve) => {
            server.closeAllConnections()
            server.close(resolve)
          })
      )
    )
  })

  /** An agent server whose /info answers `status` with `body`, every time. */
  async function infoServer(status: number, body: string): Promise<string> {
    const server = createServer((_req, res) => {
      res.writeHead(status, { 'content-type': 'application/json' })
      res.end(body)
    })
    servers.push(server)
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  }

  const info = async (status: number, body: string) => {
    const clock = virtualClock()
    return checkInfoHost({
      baseUrl: await infoServer(status, body),
      apiKey: 'key',
      revisionId: REVISION,
      deadline: clock.now() + 10_000,
      ...clock
    })
  }

  it.each([
    [503, '{"detail": "starting"}', 'GET /info answered 503'],
    [200, '<html>not json</html>', 'GET /info answered a body that is not JSON'],
    [
      401,
      '{}',
      'the agent server refuses GET /info (401). Check agent-api-key and agent-auth-scheme.'
    ],
    [400, '{}', 'the agent server answers 400 to GET /info']
  ])('cannot conclude on %s %s until the deadline: unconfirmed', async (status, body, why) => {
    expect(await info(status, body)).toEqual({ kind: 'unconfirmed', why })
  })

  it('is a verdict when /info names another revision until the deadline', async () => {
    expect(await info(200, JSON.stringify({ host: { host_revision_id: PREVIOUS } }))).toEqual({
      kind: 'other',
      servingId: PREVIOUS
    })
  })

  it('skips only without /info (404) or without host.host_revision_id', async () => {
    expect((await info(404, '{}')).kind).toBe('not-checkable')
    expect((await info(200, '{"version": "1"}')).kind).toBe('not-checkable')
  })

  it.each([
    ['a number', { host: { host_revision_id: 42 } }, 'host.host_revision_id'],
    ['an object', { host: { host_revision_id: { id: REVISION } } }, 'host.host_revision_id'],
    ['a host that is no object', { host: 'r-1' }, 'host']
  ])(
    'could not confirm, never skipped, when /info names the revision as %s',
    async (_shape, body, path) => {
      expect(await info(200, JSON.stringify(body))).toEqual({
        kind: 'unconfirmed',
        why: expect.stringContaining(`GET /info answered a body of another shape (${path}: `)
      })
    }
  )
})
