/** The tracing client's checked stats in the bake's words. Pure. */
import type { RunStats } from '../tracing/run-stats'
import type { WindowStats } from './types'

export function statsOf(stats: RunStats): WindowStats {
  return {
    runs: stats.runCount,
    errorRate: stats.errorRate,
    p50: stats.latencyP50,
    p99: stats.latencyP99
  }
}
