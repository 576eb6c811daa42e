/**
 * What the bake hands the report (its step's payload): the verdict, the table's rows, the reads
 * over elapsed time, and what `bake-stats` is made of. Numbers and fixed words, plus the
 * project's id and name for the traces' link (the report escapes and validates what it shows).
 */
import type { BakeVerdict, BoundJudgement, WindowStats } from './types'

/** One read as the chart shows it: when it was made, and what it answered (null: it failed). */
export interface BakeReadPoint {
  index: number
  /** From the window's start to the end the read covers, ms. */
  elapsedMs: number
  stats: WindowStats | null
}

export interface BakeReport {
  verdict: BakeVerdict
  /** Why it failed or could not conclude, in words (metric, value, bound, runs, window). */
  why?: string
  /** The bound that decided (the comment's one line). */
  decided?: BoundJudgement
  /** Each bound on the last answered read (the summary's table). */
  rows: BoundJudgement[]
  /** The last answered read; null when none was. */
  window: WindowStats | null
  /** The previous revision's window; null when it was not read (or there was none). */
  previous: WindowStats | null
  reads: BakeReadPoint[]
  /** Reads answered. */
  answered: number
  durationMs: number
  intervalMs: number
  /** Epoch ms the window started (the chart's times, in UTC). */
  startedAt: number
  /** How long it watched before it ended (early on a breach or failed reads, or cut short). */
  watchedMs: number
  /** It ended before its last read: a breach that persisted, or four failed reads. */
  endedEarly?: 'breach' | 'failed-reads'
  /** A cancel stopped it: no verdict on the revision. */
  cutShort?: boolean
  /** The tracing project, for the traces' link. */
  project?: { id: string; tenantId: string | null; webUrl?: string }
}
