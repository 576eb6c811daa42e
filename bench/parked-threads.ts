/**
 * Parked threads at volume: 1,200 threads parked at one node of the emulated agent server, a
 * sample of 1,000 read before the write and judged again after `DEPLOYED` (each thread's state
 * read once more, the new graph and schema read), as a deploy in place does. Every request is
 * answered a fixed latency late, on a virtual clock shared with the emulator, so the time is the
 * latencies the plan waits for in a row (states are read 4 at once), whatever the machine. CPU
 * time and memory are the process's (the emulator shares it: its work is counted too).
 */
import { startAgentServer, VirtualClock } from '../emulator'
import { threadsClient } from '../src/agent-server/threads'
import { checkAfterDeployed, readBeforeWrite } from '../src/threads/run'
import type { ThreadsSettings } from '../src/threads/section'
import { trackedDispatcher } from '../__tests__/helpers/action-world'

const PARKED = 1200
const SAMPLE = 1000
const LATENCY_MS = 50

export interface ParkedThreadsFigures {
  parked: number
  sample: number
  latencyMs: number
  /** Requests by route before the write, and after DEPLOYED. */
  before: Record<string, number>
  after: Record<string, number>
  /** Virtual time each phase waited. */
  beforeMs: number
  afterMs: number
  /** The latencies in a row the plan allows: count, pages, ⌈states / 4⌉, graph and schema. */
  plannedBeforeMs: number
  plannedAfterMs: number
  /** Against a server that answers at once: CPU time of both phases, the heap's and RSS's rise. */
  cpuMs: number
  peakHeapRiseMb: number
  peakRssRiseMb: number
  verdict: string
}

const byRoute = (paths: string[]) => {
  const routes = paths.map((path) => path.replace(/[0-9a-f-]{36}/, '{id}'))
  return Object.fromEntries(
    [...new Set(routes)].map((route) => [route, routes.filter((each) => each === route).length])
  )
}

/** 1,200 threads parked at `approval`, every request answered `latencyMs` late (0: at once). */
async function parkedWorld(latencyMs: number) {
  const clock = new VirtualClock()
  const graph = { nodes: ['draft', 'approval'] }
  const emulator = await startAgentServer({
    now: clock.now,
    sleep: clock.sleep,
    threads: { graphs: () => ({ agent: graph }) }
  })
  for (let index = 0; index < PARKED; index++) emulator.threads.park({ nodes: ['approval'] })
  if (latencyMs > 0) emulator.injectFault({ kind: 'delay', delayMs: latencyMs, times: 10 * PARKED })
  const client = threadsClient(
    {
      baseUrl: emulator.url,
      apiKey: 'emulator-key',
      deadline: clock.now() + 24 * 3_600_000,
      now: clock.now,
      sleep: clock.sleep,
      dispatcher: trackedDispatcher({}, clock)
    },
    { maxAttempts: 1 }
  )
  const close = async () => {
    await emulator.close()
    clock.close()
  }
  return { clock, emulator, client, close }
}

const SETTINGS: ThreadsSettings = { sample: SAMPLE, onIncompatible: 'fail', canaries: [] }

/** Both phases against a server `LATENCY_MS` late: the requests, and the time on the clock. */
async function cost() {
  const { clock, emulator, client, close } = await parkedWorld(LATENCY_MS)
  try {
    const started = clock.now()
    const prepared = await readBeforeWrite(SETTINGS, client, { firstDeploy: false })
    const beforeMs = clock.now() - started
    const seen = emulator.requests.length
    const afterStarted = clock.now()
    const outcome = await checkAfterDeployed(SETTINGS, prepared, client, 'deploy')
    const paths = emulator.requests.map((request) => request.path)
    return {
      before: byRoute(paths.slice(0, seen)),
      after: byRoute(paths.slice(seen)),
      beforeMs,
      afterMs: clock.now() - afterStarted,
      verdict: outcome.verdict
    }
  } finally {
    await close()
  }
}

/** Both phases against a server that answers at once: CPU time, and memory sampled every 5 ms. */
async function footprint() {
  const { client, close } = await parkedWorld(0)
  const memory = () => process.memoryUsage()
  const idle = memory()
  let peakRss = idle.rss
  let peakHeap = idle.heapUsed
  const sampler = setInterval(() => {
    const now = memory()
    peakRss = Math.max(peakRss, now.rss)
    peakHeap = Math.max(peakHeap, now.heapUsed)
  }, 5)
  try {
    const cpu = process.cpuUsage()
    const prepared = await readBeforeWrite(SETTINGS, client, { firstDeploy: false })
    await checkAfterDeployed(SETTINGS, prepared, client, 'deploy')
    const used = process.cpuUsage(cpu)
    const mb = (bytes: number) => bytes / (1024 * 1024)
    return {
      cpuMs: (used.user + used.system) / 1000,
      peakHeapRiseMb: mb(Math.max(peakHeap, memory().heapUsed) - idle.heapUsed),
      peakRssRiseMb: mb(Math.max(peakRss, memory().rss) - idle.rss)
    }
  } finally {
    clearInterval(sampler)
    await close()
  }
}

export async function benchParkedThreads(): Promise<ParkedThreadsFigures> {
  const measured = await cost()
  const used = await footprint()
  const pages = Math.ceil(SAMPLE / 100)
  const rounds = Math.ceil(SAMPLE / 4)
  return {
    parked: PARKED,
    sample: SAMPLE,
    latencyMs: LATENCY_MS,
    ...measured,
    plannedBeforeMs: (1 + pages + rounds + 2) * LATENCY_MS,
    plannedAfterMs: (rounds + 2) * LATENCY_MS,
    ...used
  }
}
