import type { Clock } from '../world'
/**
 * The evaluation gate's shapes, below the gate's steps and the report that renders them.
 */
import type { CallOptions } from '../control-plane/request'
import type { Dispatcher } from '../control-plane/transport'
import type { CheckVerdict } from '../check-verdict'
import type { TracingClient } from '../tracing/client'
import type { Session } from '../tracing/schemas'
import type { GateSettings } from './section'
import type { ExampleRow, KeyRow, RunOutcome, ScoreTable } from './verdict'

export type { CheckVerdict }

/** The gate's settings, as its section of the release policy declares them. */
export type { GateSettings }

/** The deployment the gate is about, as read before the write. */
export interface GateTarget {
  /** Undefined on a first deploy (the deployment is created by this run). */
  deploymentId?: string
  deploymentName: string
  /** `active_revision_id` read before the write: the revision that serves now. */
  previousRevisionId?: string
  /** The deployment's URL, where the serving revision answers before the write. */
  deploymentUrl?: string
}

/** What the gate needs of the run: its clock, deadline, cancellation and log. */
export interface GateDeps {
  client: TracingClient
  /** The run's deadline (`timeout`): nothing is sent and no wait lasts beyond it. */
  deadline: number
  signal?: AbortSignal
  dispatcher?: Dispatcher
  /** The run's clock: what the gate stamps, waits on and measures. */
  clock: Clock
  /**
   * The end of a wait of `ms` from now (`gate.timeout` for the scores), never past `deadline`:
   * made by the run's deadline module, which the step hands in.
   */
  waitUntil(ms: number, deadline: number): number
  /** A fresh random UUID (v4); injectable so a test can know the experiment's id. */
  randomUUID?: () => string
  info: (line: string) => void
  notice: (line: string) => void
  /**
   * How far the experiment on the new revision is, as often as it likes (the step frame
   * throttles it); none before the write, where the serving revision's experiment says nothing.
   */
  progress?: (text: string) => void
}

export const callOf = (deps: GateDeps, deadline = deps.deadline): CallOptions => ({
  deadline,
  signal: deps.signal
})

/** One example to run: its id, the run's input, and its first line for the report. */
export interface PlannedExample {
  id: string
  inputs: Record<string, unknown>
  firstLine: string
}

/** What `gate.max-regression` compares with, as found before the write. */
export type BaselinePlan =
  | { kind: 'none' }
  /** A first deploy: nothing served before; relative thresholds are skipped. */
  | { kind: 'first-deploy' }
  /** Needed but not to be had: the gate cannot conclude on relative thresholds. */
  | { kind: 'missing'; why: string }
  /**
   * An experiment already there. When this action made it (compared run by run): its
   * `repetitions`, its runs (those that failed marked) and their scores, read when it was found
   * complete. Another client's carries none of these and is compared on its means.
   */
  | {
      kind: 'experiment'
      session: Session
      repetitions?: number
      runs?: RunOutcome[]
      scores?: ScoreTable
    }
  /** None on the same examples: the serving revision is evaluated first, before the write. */
  | { kind: 'serving-first'; revisionId: string; deploymentUrl: string }

export interface GatePlan {
  settings: GateSettings
  target: GateTarget
  dataset: { id: string; name: string }
  examples: PlannedExample[]
  /** The newest `modified_at` of the examples read. */
  datasetVersion: string
  digest: string
  /** The keys awaited and judged (on a first deploy, those with an absolute threshold). */
  keys: string[]
  baseline: BaselinePlan
}

/** A release policy key of the gate that the tracing service's answers refuse. */
export type GateKey = 'gate.dataset' | 'gate.dataset-version' | 'gate.splits' | 'gate.max-examples'

/** A refusal of the gate's settings after its reads: the key it names, and why. */
export interface GateProblem {
  key: GateKey
  message: string
}

export type GatePlanResult =
  | { kind: 'planned'; plan: GatePlan }
  /** Nothing to gate (a first deploy with relative thresholds only): no experiment runs. */
  | { kind: 'skipped'; why: string }
  /** Every problem found by the reads, each naming its policy key; nothing was written. */
  | { kind: 'refused'; problems: GateProblem[] }
  /** The tracing service could not be read (past its retries): the step fails before any write. */
  | { kind: 'unreadable'; why: string }

/**
 * What the gate compared with, as a reader knows it: the previous revision evaluated just before
 * this deploy, the previous revision's own gate run, the dataset's pinned baseline, or the
 * experiment `gate.baseline` names.
 */
export type BaselineFacts =
  | { kind: 'serving-first'; experimentId: string; revisionId: string }
  | { kind: 'previous'; experimentId: string; revisionId?: string }
  | { kind: 'dataset'; experimentId: string }
  | { kind: 'experiment'; experimentId: string }

/** The report's data: rendered (redacted, escaped) by report/. */
export interface GateReport {
  verdict: CheckVerdict
  experimentId?: string
  baselineExperimentId?: string
  /** What the baseline is, for the report's words; undefined without one. */
  baseline?: BaselineFacts
  /**
   * The tracing service was degraded (it failed, or did not ingest or score every run in time):
   * the one reason a revision brought back is not evaluated again beyond that it served before.
   */
  degraded?: boolean
  datasetName?: string
  rows: KeyRow[]
  /** The examples that regressed most, or (no run-level baseline) the lowest-scoring ones. */
  examples: { kind: 'regressed' | 'lowest'; rows: (ExampleRow & { firstLine: string })[] }
  runs: number
  errors: number
  /** Cost hint: agent calls made (a baseline's included) and evaluator scores read. */
  cost: { agentCalls: number; evaluatorScores: number }
  /** With `tracing-web-url`: the experiment, and the comparison with the baseline. */
  links: { experiment?: string; comparison?: string }
  notices: string[]
  /** `eval-passed`, `experiment-id`, `baseline-experiment-id`, `eval-scores`, to be set. */
  outputs: {
    'eval-passed'?: string
    'experiment-id'?: string
    'baseline-experiment-id'?: string
    'eval-scores'?: string
  }
}
