import { afterAll, afterEach, beforeAll } from '@jest/globals'
import { createServer, request, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { startControlPlane, type ControlPlaneEmulator } from '../../emulator'
import { clock, gitHostStep, onClock } from './deploy-harness'
import { startParkedAgent, type ParkedAgent, type ParkedVersion } from './parked-agent'
import type { Step } from './policy-file'
import { REAL_WORK_TEST_MS } from './real-time'
import { seedServing } from './serving-agent'

/** The deployment's name on the emulated control plane. */
export const NAME = 'support-agent'

/** The server as it serves one version: what a user does there, in real time. */
export interface ParkedServer {
  /** A new thread of `graph` run until it parks; its id. */
  park(message?: string, graph?: 'agent' | 'fanout'): Promise<string>
  /** The thread resumed with `value`: the run's answer. */
  resume(id: string, value: unknown): Promise<Record<string, unknown>>
  /** The thread deleted. */
  remove(id: string): Promise<void>
  /** The thread's status, the nodes its state names and its checkpoint. */
  state(id: string): Promise<{ status: string; next: string[]; checkpoint: string }>
}

/** A deployment whose URL is the real agent server, on the revision the control plane serves. */
export interface ParkedDeployment extends ParkedServer {
  cp: ControlPlaneEmulator
  /** The deployment's id on the control plane. */
  deploymentId: string
  /** The action's inputs for a deploy of `NAME` (a policy still to add). */
  step: Step
}

/** Served versions change: `to` is about to serve, `from` still does (`server` is it). */
export type OnSwap = (swap: {
  from: ParkedVersion
  to: ParkedVersion
  server: ParkedServer
}) => Promise<void> | void

/**
 * Call at the top of a test file: the real agent server (fixtures/parked-agent) is started once
 * for the file, behind a proxy whose URL is the deployment's. What this returns starts, per test,
 * a control plane on the runs' clock with `NAME` seeded on the old graph (`v1`). Before it answers
 * a request, the proxy restarts the server in the same folder on the version the serving revision
 * calls for: `v1` for the seeded revisions and for a redeploy of them, `next` for the first
 * revision the test's runs create. The virtual clock stands still while it restarts. Each test
 * starts with no thread.
 */
export function parkedDeploymentPerFile(): (options: {
  next: ParkedVersion
  onSwap?: OnSwap
}) => Promise<ParkedDeployment> {
  let agent: ParkedAgent | undefined
  let proxy: Server | undefined
  let proxyUrl = ''
  let version: ParkedVersion = 'v1'
  let world: { want(): ParkedVersion; onSwap?: OnSwap; cp: ControlPlaneEmulator } | undefined
  let queue: Promise<unknown> = Promise.resolve()

  const direct = (): ParkedServer => serverAt(() => agent?.url ?? '')
  /** The server on the version the serving revision calls for, one swap at a time. */
  const sync = (): Promise<void> => {
    const next = queue.then(async () => {
      const want = world?.want() ?? 'v1'
      if (want === version || !agent) return
      // A request in flight lets the clock move after a quiet moment: a restart takes seconds.
      const hold = setInterval(() => clock.touch(), 20)
      try {
        await world?.onSwap?.({ from: version, to: want, server: direct() })
        await agent.restart(want)
        version = want
      } finally {
        clearInterval(hold)
      }
    })
    queue = next.catch(() => undefined)
    return next
  }

  beforeAll(async () => {
    agent = await startParkedAgent('v1')
    proxy = createServer((incoming, answer) => {
      // A run takes the server a second of real time with no byte coming back: the clock stands
      // still until it answers, as for a server that is merely slow.
      const inFlight = setInterval(() => clock.touch(), 20)
      answer.once('close', () => clearInterval(inFlight))
      sync().then(
        () => {
          const target = new URL(agent?.url ?? '')
          const upstream = request(
            {
              host: target.hostname,
              port: target.port,
              method: incoming.method,
              path: incoming.url,
              headers: { ...incoming.headers, host: target.host },
              agent: false
            },
            (reply) => {
              answer.writeHead(reply.statusCode ?? 502, reply.headers)
              reply.pipe(answer)
            }
          )
          upstream.on('error', () => answer.destroy())
          incoming.pipe(upstream)
        },
        () => answer.destroy()
      )
    })
    await new Promise<void>((resolve) => proxy?.listen(0, '127.0.0.1', resolve))
    proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`
  }, REAL_WORK_TEST_MS)
  afterEach(async () => {
    await world?.cp.close()
    world = undefined
    await queue
    // The next test starts with no thread (on whichever version serves now).
    const server = direct()
    for (const id of await threadIds(agent?.url ?? '')) await server.remove(id)
  }, REAL_WORK_TEST_MS)
  afterAll(async () => {
    proxy?.closeAllConnections()
    await new Promise((resolve) => proxy?.close(resolve))
    await agent?.close()
  }, REAL_WORK_TEST_MS)

  return async ({ next, onSwap }) => {
    if (!agent) throw new Error('the real agent server did not start')
    const cp = await startControlPlane({ ...onClock, stepMs: 5, agentUrl: proxyUrl })
    const { id } = seedServing(cp, NAME)
    const seeded = new Set(cp.revisions(id).map((revision) => String(revision.id)))
    let created: string | undefined
    world = {
      cp,
      onSwap,
      want: () => {
        const serving = cp.serving(NAME)?.revisionId
        if (serving === undefined || seeded.has(serving)) return 'v1'
        // The first revision after the seeded ones is the runs'; a later one is a redeploy.
        created ??= serving
        return serving === created ? next : 'v1'
      }
    }
    const step: Step = {
      ...gitHostStep(cp.url, NAME),
      'api-key': 'emulator-key',
      'poll-interval': '1'
    }
    // What a user does goes to the server on the version that serves now.
    return { cp, deploymentId: id, step, ...serverAt(() => proxyUrl) }
  }
}

function serverAt(url: () => string): ParkedServer {
  const call = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${url()}${path}`, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      ...(body !== undefined && { body: JSON.stringify(body) })
    })
    if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}`)
    return response.status === 204 ? {} : ((await response.json()) as Record<string, unknown>)
  }
  return {
    park: async (message = 'refund my order', graph = 'agent') => {
      const id = String((await call('POST', '/threads', {})).thread_id)
      const answer = await call('POST', `/threads/${id}/runs/wait`, {
        assistant_id: graph,
        input: { messages: [{ role: 'human', content: message }], topic: 'refund' }
      })
      if (!('__interrupt__' in answer)) throw new Error('the thread did not park')
      return id
    },
    resume: (id, value) =>
      call('POST', `/threads/${id}/runs/wait`, {
        assistant_id: 'agent',
        command: { resume: value }
      }),
    remove: async (id) => {
      await call('DELETE', `/threads/${id}`)
    },
    state: async (id) => {
      const [thread, state] = await Promise.all([
        call('GET', `/threads/${id}`),
        call('GET', `/threads/${id}/state`)
      ])
      const checkpoint = state.checkpoint as { checkpoint_id?: string } | undefined
      return {
        status: String(thread.status),
        next: (state.next as string[]).slice().sort(),
        checkpoint: String(checkpoint?.checkpoint_id)
      }
    }
  }
}

async function threadIds(url: string): Promise<string[]> {
  const response = await fetch(`${url}/threads/search`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ limit: 1000, select: ['thread_id'] })
  })
  const threads = (await response.json()) as { thread_id: string }[]
  return threads.map((thread) => thread.thread_id)
}
