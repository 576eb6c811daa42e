/**
 * The smoke suite's pool: 200 cases at concurrency 8 against the emulated agent server, each run
 * held for its own latency (50–250 ms, spread evenly, the same every time). Wall time is set
 * against the ideal of the latencies' sum / 8; peak RSS is sampled while the suite runs (the
 * emulator shares the process).
 */
import { setTimeout as wait } from 'node:timers/promises'
import { startAgentServer } from '../emulator'
import { runSmokeSuite } from '../src/smoke/suite'
import type { SmokeCase } from '../src/smoke/cases'

const CASES = 200
const CONCURRENCY = 8

export interface SuiteFigures {
  cases: number
  concurrency: number
  wallMs: number
  idealMs: number
  passed: number
  idleRssMb: number
  peakRssMb: number
}

export async function benchSmokeSuite(): Promise<SuiteFigures> {
  const latency = (index: number) => 50 + ((index * 37) % 101) * 2
  const server = await startAgentServer({
    beforeRun: async (message) => {
      await wait(latency(Number(message.replace('case ', ''))))
      return undefined
    }
  })
  const cases: SmokeCase[] = Array.from({ length: CASES }, (_, index) => ({
    name: `case ${index}`,
    input: { messages: [{ role: 'human', content: `case ${index}` }] },
    expect: { kind: 'text', text: `echo: case ${index}` }
  }))
  const rss = () => process.memoryUsage().rss / (1024 * 1024)
  const idleRssMb = rss()
  let peakRssMb = idleRssMb
  const sampler = setInterval(() => (peakRssMb = Math.max(peakRssMb, rss())), 5)
  try {
    const started = performance.now()
    const report = await runSmokeSuite({
      baseUrl: server.url,
      apiKey: 'emulator-key',
      deadline: Date.now() + 120_000,
      now: Date.now,
      revisionId: '7c1a0e51-3d0e-4a5f-9f51-2b0d4b2f6c10',
      cases,
      defaultAssistant: 'agent',
      concurrency: CONCURRENCY,
      minPass: { kind: 'percent', percent: 100 },
      onCase: () => undefined
    })
    const wallMs = performance.now() - started
    const sum = cases.reduce((total, _, index) => total + latency(index), 0)
    return {
      cases: CASES,
      concurrency: CONCURRENCY,
      wallMs,
      idealMs: sum / CONCURRENCY,
      passed: report.passed,
      idleRssMb,
      peakRssMb: Math.max(peakRssMb, rss())
    }
  } finally {
    clearInterval(sampler)
    await server.close()
  }
}
