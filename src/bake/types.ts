/**
 * The bake window's words: a window's stats as read, the bounds it is judged on, and what a
 * judgement says of each metric. Below the rest of ./ and the report.
 */

/** One read of a window: root runs, their error rate (0–1) and latencies (seconds). */
export interface WindowStats {
  runs: number
  /** null only when the window has no runs. */
  errorRate: number | null
  p50: number | null
  p99: number | null
}

/** The metrics a bake judges. */
export type BakeMetric = 'error-rate' | 'p50' | 'p99'

/** What a bake is judged on (the policy's `bake.*`, durations in ms, shares 0–1). */
export interface BakeBounds {
  minRuns: number
  maxErrorRate?: number
  maxLatencyMs: { p50?: number; p99?: number }
  maxRegression: { 'error-rate'?: number; p50?: number; p99?: number }
  failureLimit: number
}

/** The previous revision's window, as prepare found it. */
export type PreviousWindow =
  /** No relative bound asked for it: not read (`previous` is null in `bake-stats`). */
  | { kind: 'not-read' }
  /** This run created the deployment (or none served): relative bounds are skipped. */
  | { kind: 'none'; why: string }
  | { kind: 'read'; stats: WindowStats; revisionId: string }

export type MetricVerdict = 'pass' | 'fail' | 'inconclusive' | 'skipped'

/** One bound judged on one read: the table's row. */
export interface BoundJudgement {
  metric: BakeMetric
  /** Against the previous window (relative), or a value of its own. */
  relative: boolean
  /** The bound as people read it: `2%`, `5s`, `+20%`, `+1 point`. */
  bound: string
  /** An absolute bound's value in the value's unit (a share, seconds): the chart draws it. */
  limit?: number
  /** This revision's value, and the previous window's, as read. */
  value: number | null
  previous: number | null
  verdict: MetricVerdict
  /** Why it could not be judged (inconclusive or skipped). */
  why?: string
}

export type BakeVerdict = 'pass' | 'fail' | 'inconclusive'
