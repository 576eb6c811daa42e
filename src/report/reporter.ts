import type { OutputName } from '../inputs/contract'
import type { Operation } from '../inputs/parse'
import type { DeployResult, KnownFact, RollbackReport } from '../result'
import type { StepChecks } from '../step-payloads'
import type { Log } from './log'
import { createOutputs } from './outputs'
import type { Redactor } from './redact'
import type { Sink } from '../world'
import type { DeployOutcome } from '../result'
import { succeeds } from '../outcomes'
import { OPERATION_FACTS } from '../operation-facts'
import type { GitHubPlace } from '../lib/github-links'
import { writeSummary } from './job-summary'
import { renderComment } from './pr-comment-text'
import type { ReportModel } from './report-model'
import { describeRollback } from './rollback-text'
import { errorLine } from './error-line'
import { statusDescription } from './status-text'
import { renderSummary, warningsSummary } from './summary'
import { payloadRows } from './step-rows'

/** Output values by name; an output that is absent is not set. */
export type Outputs = Partial<Record<OutputName, string>>

/** What a run reports once it ended: the facts every output is read from. */
export interface RunFacts {
  operation: Operation
  result: DeployResult
  checks?: StepChecks
  rollback?: RollbackReport
  /** Operations that are checked: whether an earlier revision serves again (`rolled-back`). */
  rolledBack?: boolean
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
    created: OPERATION_FACTS[operation].namesDeployment ? String(result.created) : undefined,
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
    // A step's own (the smoke suite's counts, the gate's): this run's revision's, as
    // revision-id is; a rollback's are in its report.
    ...Object.assign(
      {},
      ...payloadRows(checks?.payloads, rollback?.checks?.payloads)
        .filter(({ row, afterRollback }) => !afterRollback || row.outputsAfterRollback === true)
        .map(({ row, payload }) => row.outputs?.(payload) ?? {})
    )
  }
  // The operation's own (a delete's deployment-id, a prune's names), over the shared ones.
  Object.assign(outputs, OPERATION_OUTPUTS[operation]?.(result))
  return outputs
}

/** The outputs of an operation's own, from its result. */
const OPERATION_OUTPUTS: Partial<
  Record<Operation, (result: DeployResult) => Partial<Record<OutputName, string>>>
> = {
  // A delete says which deployment it removed, or would: none when there was none to remove.
  delete: (result) => {
    const removed = result.outcome === 'deleted' || result.outcome === 'dry-run'
    return { 'deployment-id': removed ? (result.deploymentId ?? '') : '' }
  },
  // The names deleted, or on a dry run those that would be.
  prune: (result) => ({
    pruned: JSON.stringify(
      (result.pruneRows ?? [])
        .filter((row) => result.outcome === 'dry-run' || row.result === 'deleted')
        .map((row) => row.name)
    )
  })
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

/**
 * Where the end of a run is recorded on GitHub (../github/records.ts): the state
 * follows the outcome, the texts are the report's.
 */
export interface RecordsEnd {
  finish(record: {
    outcome: DeployOutcome
    deploymentUrl?: string
    description: string
    comment: (previousBody: string | undefined) => string
  }): Promise<void>
}

/** A run that ended, as the last writes read it. */
export interface EndedRun {
  result: DeployResult
  rollback?: RollbackReport
  model: ReportModel
  /** The GitHub deployment and PR comment, when the run keeps them. */
  records?: RecordsEnd
  place?: GitHubPlace
  /** The name the PR comment is found by (the one the building comment used). */
  commentName?: string
}

/** The reporter of a real run: outputs on the runner, then GitHub, the summary and the last line. */
export interface RunReporter extends Reporter {
  /**
   * The end of the run once its report model is built: GitHub's records, the job summary, and
   * the step's last line (its outcome), in that order.
   */
  end(run: EndedRun): Promise<void>
}

/** The reporter of a real run: each output redacted and judged, then set on the runner. */
export function runnerReporter(
  redact: Redactor,
  log: Pick<Log, 'warning' | 'info' | 'notice' | 'fail' | 'warningsSaid'>,
  sink: Pick<Sink, 'setOutput' | 'appendSummary'>
): RunReporter {
  const set = (name: string, value: string) => sink.setOutput(name, value)
  const outputs = createReporter(createOutputs(redact, log, set))
  return {
    ...outputs,
    end: async ({ result, rollback, model, records, place, commentName }) => {
      await records?.finish({
        outcome: result.outcome,
        // What serves, as the report links it: after a failed build, the revision from before.
        deploymentUrl: model.links.deployment,
        description: statusDescription(model, redact),
        comment: (previousBody) =>
          renderComment(model, previousBody, place, redact, commentName, (text) => log.notice(text))
      })
      // Every warning of the run, annotated or not: GitHub shows only 10 annotations of a kind.
      const warnings = warningsSummary(log.warningsSaid(), redact)
      await writeSummary(`${renderSummary(model, redact)}${warnings}`, log, sink)
      const rolledBack = rollback ? `\n${describeRollback(rollback)}` : ''
      if (succeeds(result.outcome)) log.info(result.message)
      else {
        // The whole account, full ids included, is for the log; the annotation is read first.
        log.info(`${result.message}${rolledBack}`)
        log.fail(errorLine(model))
      }
    }
  }
}
