/** Shapes of the tracing-service emulator (see tracing.ts for the test-facing API). */

export type JsonObject = Record<string, unknown>

/** A feedback score as the service stores it: a number, a boolean, or null (no score). */
export type Score = number | boolean | null

/** What an evaluator sees of a run it scores. */
export interface ScoredRun {
  run_id: string
  session_id: string
  example_id: string | null
  inputs: JsonObject
  outputs: JsonObject | null
  /** The example's `outputs` (the reference), as of the newest version of its dataset. */
  reference_outputs: JsonObject | null
  error: string | null
  metadata: JsonObject
}

/**
 * What a score function returns for one key of one run: a score (number, boolean or null),
 * `{score, value, comment}` for more, or undefined to write no feedback for that key. A function
 * that throws writes a feedback with score null counted in `feedback_stats[key].errors`.
 */
export type ScoreResult = Score | undefined | { score?: Score; value?: unknown; comment?: string }

export interface RuleInit {
  /** The dataset the rule is bound to (its id). */
  dataset_id: string
  id?: string
  display_name?: string
  /** The feedback keys it writes (not in the rule's answer, as on the real service). */
  keys: string[]
  /** Default: 1 for every key (a rule that always passes). */
  score?: (run: ScoredRun, key: string) => ScoreResult
  /** The evaluator's comment on each feedback (free text; make it hostile in tests). */
  comment?: string | ((run: ScoredRun, key: string) => string)
  /** Virtual ms from a run's ingestion (with its end) until its feedback appears (default 200). */
  delayMs?: number
  /** After this many runs scored, the rule stops scoring (default: no limit). */
  spendingLimit?: number
  is_enabled?: boolean
  /** Share of runs scored, chosen by a hash of the run id (default 1). */
  sampling_rate?: number
  /** Not interpreted: a rule with a filter scores no run (the emulator cannot match one). */
  filter?: string | null
  /** 'llm' (default) lists an evaluator, 'code' a code evaluator. */
  kind?: 'llm' | 'code'
  /** ISO time the rule was created (default now): it scores experiments created after it. */
  created_at?: string
}

export interface Rule {
  id: string
  display_name: string
  dataset_id: string
  session_id: string | null
  is_enabled: boolean
  sampling_rate: number
  filter: string | null
  evaluators: JsonObject[] | null
  code_evaluators: JsonObject[] | null
  created_at: string
  updated_at: string
}

export interface ExampleInit {
  id?: string
  inputs: JsonObject
  outputs?: JsonObject | null
  /** Default ['base']. */
  splits?: string[]
}

export interface Example {
  id: string
  dataset_id: string
  inputs: JsonObject
  outputs: JsonObject | null
  metadata: { dataset_split: string[] } | null
  created_at: string
  modified_at: string
}

export interface Dataset {
  id: string
  name: string
  tenant_id: string
  description: string | null
  data_type: 'kv'
  example_count: number
  created_at: string
  modified_at: string
  metadata: JsonObject | null
  baseline_experiment_id: string | null
}

/** A change to a dataset, made now as a new version. */
export interface DatasetEdit {
  add?: ExampleInit[]
  /** Examples changed by id (inputs, outputs or splits). */
  update?: (Partial<ExampleInit> & { id: string })[]
  remove?: string[]
  /** Version tags of the new version. */
  tags?: string[]
}

export interface TracerSession {
  id: string
  name: string
  description: string | null
  tenant_id: string
  start_time: string
  end_time: string | null
  reference_dataset_id: string | null
  extra: JsonObject | null
}

export interface SessionStats {
  run_count: number
  error_rate: number | null
  latency_p50: number | null
  latency_p99: number | null
  feedback_stats: Record<string, FeedbackStat>
}

/** A root run as `POST /runs/stats` counts it: stored, or made by a traffic generator. */
export interface StatsRun {
  startMs: number
  /** Null while it has not ended: it counts, without a latency. */
  endMs: number | null
  error: boolean
  metadata: Record<string, unknown>
}

export interface FeedbackStat {
  n: number
  avg: number | null
  stdev: number | null
  min: number | null
  max: number | null
  errors: number
}

/** A run as stored (times as ISO), the newest state the service has ingested. */
export interface Run {
  id: string
  trace_id: string
  dotted_order: string
  parent_run_id: string | null
  name: string
  run_type: string
  start_time: string
  end_time: string | null
  inputs: JsonObject
  outputs: JsonObject | null
  error: string | null
  session_id: string
  reference_example_id: string | null
  extra: JsonObject | null
}

export interface Feedback {
  id: string
  run_id: string
  session_id: string
  key: string
  score: Score
  value: unknown
  comment: string | null
  feedback_source: { type: string }
  created_at: string
}
