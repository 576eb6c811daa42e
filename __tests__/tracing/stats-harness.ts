/**
 * The tracing client's stats reads against the tracing emulator, both on one virtual clock: a
 * test seeds a project and its runs, then reads through the client as the bake does.
 */
import { startTracing, type TracingEmulator, type TracingOptions } from '../../emulator'
import { TracingClient } from '../../src/tracing/client'
import { trackedDispatcher, VirtualClock } from '../helpers/action-world'

export const T0 = Date.parse('2026-11-26T12:00:00Z')

export interface StatsWorld {
  tracing: TracingEmulator
  clock: VirtualClock
  client: TracingClient
  /** The Retry-After waits the client was told of, in order. */
  retryAfters: number[]
  close(): Promise<void>
}

export async function startStatsWorld(options: TracingOptions = {}): Promise<StatsWorld> {
  const clock = new VirtualClock({ start: T0 })
  const tracing = await startTracing({ now: clock.now, ingestLagMs: 0, ...options })
  const dispatcher = trackedDispatcher({}, clock)
  const retryAfters: number[] = []
  const client = new TracingClient({
    dispatcher,
    baseUrl: tracing.url,
    apiKey: 'emulator-key',
    userAgent: 'stats-test',
    now: clock.now,
    sleep: clock.sleep,
    random: () => 0.5,
    backoff: { baseMs: 1_000, maxMs: 4_000 },
    onRetryAfter: (ms) => retryAfters.push(ms)
  })
  return {
    tracing,
    clock,
    client,
    retryAfters,
    close: async () => {
      clock.close()
      await Promise.all([tracing.close(), dispatcher.destroy()])
    }
  }
}
