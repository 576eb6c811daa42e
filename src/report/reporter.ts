import type { OutputName } from '../inputs/contract'
import type { Operation } from '../inputs/parse'
import type {
  AfterDeployChecks,
  DeployResult,
  KnownFact,
  PruneRow,
  RollbackReport
} from '../result'
import type { GateReport } from '../evaluation/types'
import type { Log } from './log'
import { createOutputs } from './outputs'
import type { Redactor } from './redact'
import type { Sink } from '../world'

/** Output values by name; an output that is absent is not set. */
export type Outputs = Partial<Record<OutputName, string>>

/** What a run reports once it ended: the facts every output is read from. */
export interface RunFacts {
  operation: Operation
  result: DeployResult
  checks?: AfterDeployChecks
  rollback?: RollbackReport
  /** Operations that are checked: whether an earlier revision serves again (`rolled-back`). */
  rolledBack?: boolean
  /** With `eval-dataset`: the evaluation gate's report, when the gate ran. */
  gate?: Pick<GateReport, 'outputs'>
}

/**
 * The outputs that are set as soon as known, also when the run is cut short (the spec's
 * `deployment-id` and `previous-revision-id`): an operation reports the fact as it learns it.
 */
export function knownOutputs(fact: KnownFact): Outputs {
  return 'deploymentId' in fact
    ? { 'deployment-id': fact.deploymentId }
    : { 'previous-revision-id': fact.previousRevisionId }
}

/**
 * Every output a run can know, from what it reports: the one mapping of facts to output names
 * and values. An output the run cannot know is absent; the value's shape is judged when it is set
 * (./outputs.ts).
 */
export function outputsOf(run: RunFacts): Outputs {
  const { operation, result, checks, rollback } = run
  const outputs: Outputs = {
    // A prune names no deployment of its own.
    created: operation === 'prune' ? undefined : String(result.created),
    'deployment-id': result.deploymentId,
    'previous-revision-id': result.previousRevisionId,
    'revision-id': result.revisionId,
    'revision-status': result.revisionStatus,
    'deployment-url': result.deploymentUrl,
    // operation rollback: its own revision is the redeploy; after a failed deploy, the rollback's.
    'rollback-revision-id':
      result.redeployOf !== undefined ? result.revisionId : rollback?.revisionId,
    'rolled-back': run.rolledBack === undefined ? undefined : String(run.rolledBack),
    'promoted-from': result.promotion?.fromRevisionId,
    // The counts are this run's revision's, as revision-id is; a rollback's are in its report.
    'cases-passed': checks?.suite && String(checks.suite.passed),
    'cases-failed': checks?.suite && String(checks.suite.failed),
    ...gateOutputs(run.gate)
  }
  if (operation === 'delete') {
    // A delete says which deployment it removed, or would: none when there was none to remove.
    const removed = result.outcome === 'deleted' || result.outcome === 'dry-run'
    outputs['deployment-id'] = removed ? (result.deploymentId ?? '') : ''
  }
  if (operation === 'prune') outputs.pruned = JSON.stringify(prunedNames(result))
  return outputs
}

/** `eval-passed`, `experiment-id`, `baseline-experiment-id`, `eval-scores`: the gate's own. */
function gateOutputs(gate: RunFacts['gate']): Outputs {
  return gate?.outputs ?? {}
}

/** operation prune: the names deleted, or on a dry run those that would be. */
function prunedNames(result: DeployResult): string[] {
  const rows: PruneRow[] = result.pruneRows ?? []
  return rows
    .filter((row) => result.outcome === 'dry-run' || row.result === 'deleted')
    .map((row) => row.name)
}

/**
 * The one writer of the step's outputs. Operations never set an output: they report facts, in
 * their result and, for what is set as soon as known, through `known` as they learn it; this
 * turns both into outputs. `set` judges each value's shape (createOutputs).
 */
export interface Reporter {
  known(fact: KnownFact): void
  /** Every output from what the run reports, once it ended. */
  finish(run: RunFacts): void
}

export function createReporter(set: (name: OutputName, value: string) => void): Reporter {
  const setAll = (outputs: Outputs) => {
    for (const [name, value] of Object.entries(outputs) as [OutputName, string | undefined][]) {
      if (value !== undefined) set(name, value)
    }
  }
  return {
    known: (fact) => setAll(knownOutputs(fact)),
    finish: (run) => setAll(outputsOf(run))
  }
}

/** The reporter of a real run: each value redacted and judged, then set on the runner. */
export function runnerReporter(
  redact: Redactor,
  log: Pick<Log, 'warning'>,
  sink: Pick<Sink, 'setOutput'>
): Reporter {
  return createReporter(createOutputs(redact, log, (name, value) => sink.setOutput(name, value)))
}
