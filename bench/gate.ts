/**
 * The evaluation gate against the emulated agent server and tracing service:
 * - runs phase: 100 examples at concurrency 8, each run held for its own latency (50–250 ms,
 *   spread evenly), wall time against the ideal of the latencies' sum / 8;
 * - reads: a whole gate on a virtual clock whose evaluator scores 3 minutes after each run, the
 *   experiment's status and feedback reads counted against the polls the backoff allows;
 * - memory: peak RSS while the gate runs 1,000 examples × 3 repetitions, beside 100 × 3.
 */
import { spawn } from 'node:child_process'
import { createInterface } from 'node:readline'
import { setTimeout as wait } from 'node:timers/promises'
import { fileURLToPath } from 'node:url'
import { seedGate, startAgentServer, startTracing, VirtualClock } from '../emulator'
import { trackedDispatcher } from '../__tests__/helpers/action-world'
import { runExperiment } from '../src/evaluation/experiment'
import { planGate } from '../src/evaluation/plan'
import { runGate } from '../src/evaluation/gate'
import { TracingClient } from '../src/tracing/client'
import { within } from '../src/run/deadlines'
import { FIRST_POLL_GAP_MS, LONGEST_POLL_GAP_MS } from '../src/evaluation/coverage'
import type { GateDeps, GatePlan, GateSettings } from '../src/evaluation/types'

const DEPLOYMENT = '5b2a3c1d-0e4f-4a6b-8c7d-9e0f1a2b3c4d'
const PREVIOUS = 'a1111111-1111-4111-8111-111111111111'
const REVISION = 'b2222222-2222-4222-8222-222222222222'

export interface GateFigures {
  runs: number
  concurrency: number
  wallMs: number
  idealMs: number
  failed: number
  evaluatorDelayMs: number
  reads: number
  readsAllowed: number
  small: { runs: number; peakDeltaMb: number }
  large: { runs: number; peakDeltaMb: number }
}

function settings(given: Partial<GateSettings>): GateSettings {
  return {
    dataset: 'gate-dataset',
    tracingUrl: '',
    tracingWebUrl: undefined,
    assistantId: 'agent',
    splits: undefined,
    datasetVersion: undefined,
    maxExamples: 5_000,
    repetitions: 1,
    concurrency: 8,
    minScores: new Map([['correctness', 0.9]]),
    maxRegression: new Map(),
    keys: ['correctness'],
    maxErrorRate: 0,
    baseline: { kind: 'none' },
    timeoutMs: 30 * 60_000,
    ...given
  }
}

async function world(options: { virtual: boolean; agentLatency?: (message: string) => number }) {
  // Virtual: a clock that moves to its next timer once the process is only waiting, and sees
  // every request in flight (a request's timeout is a sleep on it too).
  const clock = options.virtual
    ? new VirtualClock({ start: Date.parse('2026-11-26T12:00:00Z') })
    : undefined
  const dispatcher = clock ? trackedDispatcher({}, clock) : undefined
  const now = clock ? clock.now : Date.now
  const sleep = clock ? clock.sleep : (ms: number) => wait(ms).then(() => undefined)
  const tracing = await startTracing({ now })
  const agent = await startAgentServer({
    beforeRun: async (message) => {
      const latency = options.agentLatency?.(message) ?? 0
      if (latency > 0) await wait(latency)
      return undefined
    }
  })
  const client = new TracingClient({
    baseUrl: tracing.url,
    apiKey: 'emulator-key',
    userAgent: 'bench',
    now,
    sleep,
    dispatcher
  })
  const deps: GateDeps = {
    client,
    deadline: now() + 60 * 60_000,
    clock: { now, sleep },
    waitUntil: (ms, deadline) => within({ now, sleep }, ms, deadline),
    dispatcher,
    info: () => undefined,
    notice: () => undefined
  }
  const plan = async (given: Partial<GateSettings>, examples: number, delayMs?: number) => {
    seedGate(tracing, { examples, ...(delayMs === undefined ? {} : { delayMs }) })
    const result = await planGate(
      settings({ ...given, tracingUrl: tracing.url }),
      { deploymentId: DEPLOYMENT, deploymentName: 'bench-agent', previousRevisionId: PREVIOUS },
      deps
    )
    if (result.kind !== 'planned')
      throw new Error(`the bench's gate was not planned: ${result.kind}`)
    return result.plan
  }
  return {
    tracing,
    agent,
    deps,
    plan,
    close: async () => {
      clock?.close()
      await Promise.all([tracing.close(), agent.close(), dispatcher?.destroy()])
    }
  }
}

const agentTarget = (url: string) => ({ baseUrl: url, apiKey: 'emulator-key' })

async function runsPhase() {
  const latency = (message: string) =>
    50 + ((Number(message.replace('question ', '')) * 37) % 101) * 2
  const bench = await world({ virtual: false, agentLatency: latency })
  try {
    const plan: GatePlan = await bench.plan({ concurrency: 8 }, 100)
    const started = performance.now()
    const experiment = await runExperiment(
      plan,
      { role: 'gate', revisionId: REVISION },
      agentTarget(bench.agent.url),
      bench.deps
    )
    const wallMs = performance.now() - started
    const sum = Array.from({ length: 100 }, (_, i) => latency(`question ${i + 1}`)).reduce(
      (a, b) => a + b,
      0
    )
    return {
      runs: experiment.runs.length,
      wallMs,
      idealMs: sum / 8,
      failed: experiment.runs.filter((r) => r.error).length
    }
  } finally {
    await bench.close()
  }
}

/** Polls the backoff makes within `ms`: gaps from the first, growing by half, capped. */
function pollsWithin(ms: number): number {
  let polls = 1
  let at = 0
  let gap = FIRST_POLL_GAP_MS
  while (at < ms) {
    at += gap
    polls += 1
    gap = Math.min(LONGEST_POLL_GAP_MS, gap * 1.5)
  }
  return polls
}

async function reads(delayMs: number) {
  const bench = await world({ virtual: true })
  try {
    const plan = await bench.plan({ concurrency: 8 }, 100, delayMs)
    const report = await runGate(
      plan,
      { revisionId: REVISION, deploymentId: DEPLOYMENT, deploymentUrl: bench.agent.url },
      { apiKey: 'emulator-key' },
      bench.deps
    )
    if (report.verdict.verdict !== 'passed')
      throw new Error(`the bench's gate did not pass: ${report.verdict.why}`)
    const counted = bench.tracing.requests.filter(
      (r) => r.method === 'GET' && (r.path === '/feedback' || r.path.startsWith('/sessions/'))
    ).length
    // Each poll: one status read until ingested, and 2 feedback reads (100 runs, 50 a time) until scored.
    return { reads: counted, allowed: pollsWithin(delayMs) * 3 + 1 }
  } finally {
    await bench.close()
  }
}

/**
 * The emulators in a child process (`npm run emulator`), so that what they keep of 3,000 runs is
 * not counted: the RSS sampled is the gate's own, on the real clock.
 */
async function memory(examples: number, repetitions: number) {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'emulator/cli.ts', '--eval-examples', String(examples)],
    {
      cwd: fileURLToPath(new URL('..', import.meta.url)),
      stdio: ['ignore', 'pipe', 'inherit']
    }
  )
  try {
    const urls: Record<string, string> = {}
    for await (const line of createInterface({ input: child.stdout as NodeJS.ReadableStream })) {
      const match = /^(agent server|tracing):\s+(\S+)/.exec(line)
      if (match?.[1] && match[2]) urls[match[1]] = match[2]
      if (urls.tracing && urls['agent server']) break
    }
    child.stdout?.resume()
    const tracingUrl = urls.tracing ?? ''
    const client = new TracingClient({
      baseUrl: tracingUrl,
      apiKey: 'emulator-key',
      userAgent: 'bench'
    })
    const deps: GateDeps = {
      client,
      deadline: Date.now() + 30 * 60_000,
      clock: { now: Date.now, sleep: (ms: number) => wait(ms).then(() => undefined) },
      waitUntil: (ms, deadline) => Math.min(Date.now() + ms, deadline),
      info: () => undefined,
      notice: () => undefined
    }
    const result = await planGate(
      settings({ tracingUrl, concurrency: 16, repetitions }),
      { deploymentId: DEPLOYMENT, deploymentName: 'bench-agent', previousRevisionId: PREVIOUS },
      deps
    )
    if (result.kind !== 'planned')
      throw new Error(`the bench's gate was not planned: ${result.kind}`)
    const rss = () => process.memoryUsage().rss / (1024 * 1024)
    const idle = rss()
    let peak = idle
    const sampler = setInterval(() => (peak = Math.max(peak, rss())), 5)
    try {
      const report = await runGate(
        result.plan,
        {
          revisionId: REVISION,
          deploymentId: DEPLOYMENT,
          deploymentUrl: urls['agent server'] ?? ''
        },
        { apiKey: 'emulator-key' },
        deps
      )
      if (report.verdict.verdict !== 'passed')
        throw new Error(`the bench's gate did not pass: ${report.verdict.why}`)
      return { runs: report.runs, peakDeltaMb: Math.max(peak, rss()) - idle }
    } finally {
      clearInterval(sampler)
    }
  } finally {
    child.kill()
  }
}

export async function benchGate(): Promise<GateFigures> {
  const phase = await runsPhase()
  const evaluatorDelayMs = 3 * 60_000
  const counted = await reads(evaluatorDelayMs)
  const small = await memory(100, 3)
  const large = await memory(1_000, 3)
  return {
    runs: phase.runs,
    concurrency: 8,
    wallMs: phase.wallMs,
    idealMs: phase.idealMs,
    failed: phase.failed,
    evaluatorDelayMs,
    reads: counted.reads,
    readsAllowed: counted.allowed,
    small,
    large
  }
}

if (process.argv[1]?.endsWith('gate.ts')) console.log(JSON.stringify(await benchGate(), null, 2))
