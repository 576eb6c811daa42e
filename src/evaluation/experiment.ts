/**
 * One experiment: created with the action's id and metadata, then each example run
 * `gate.repetitions` times as one stateless `POST /runs/wait` on a revision's URL, a pool of
 * `gate.concurrency`, never retried (a failure is data), each recorded as a root run of the
 * experiment with its example as reference. Run ids are UUID v5 of (experiment, example,
 * repetition), so a write sent again is the same write.
 */
import { randomUUID } from 'node:crypto'
import { TransportError } from '../control-plane/transport'
import { RUN_PATH, statelessRun, type RunAnswer } from '../agent-server/run'
import { runIdOf } from './ids'
import type { ExperimentMetadata, ExperimentRole } from './metadata'
import { MADE_BY } from './metadata'
import { RUNS_PER_BATCH, type RunRecord } from '../tracing/client'
import { callOf, type GateDeps, type GatePlan } from './types'
import type { RunOutcome } from './verdict'

/** Where the runs go: the revision's URL and the agent's key. */
export interface AgentTarget {
  baseUrl: string
  apiKey: string
  authScheme?: string
}

export interface ExperimentSpec {
  role: ExperimentRole
  revisionId: string
  /** The deployment's id; on a first deploy, known only once created. */
  deploymentId?: string
  /** The revision that served before (none on a first deploy). */
  previousRevisionId?: string
  commit?: string
  workflowRun?: string
}

export interface ExperimentRuns {
  experimentId: string
  metadata: ExperimentMetadata
  runs: RunOutcome[]
  /** Runs not sent because the run's time ran out. */
  unsent: number
}

const PROGRESS_EVERY_MS = 30_000
/** Attempts to find a free name before giving up (the id stays the same). */
const NAME_ATTEMPTS = 3

export async function runExperiment(
  plan: GatePlan,
  spec: ExperimentSpec,
  agent: AgentTarget,
  deps: GateDeps
): Promise<ExperimentRuns> {
  const experimentId = (deps.randomUUID ?? randomUUID)()
  const metadata: ExperimentMetadata = {
    made_by: MADE_BY,
    role: spec.role,
    deployment_id: spec.deploymentId ?? null,
    deployment_name: plan.target.deploymentName,
    revision_id: spec.revisionId,
    previous_revision_id: spec.previousRevisionId ?? null,
    commit: spec.commit ?? null,
    workflow_run: spec.workflowRun ?? null,
    dataset_id: plan.dataset.id,
    dataset_version: plan.datasetVersion,
    examples_digest: plan.digest,
    example_count: plan.examples.length,
    repetitions: plan.settings.repetitions,
    gated_keys: plan.keys
  }
  await createExperiment(plan, spec, experimentId, metadata, deps)
  deps.info(
    `Evaluation gate: experiment ${experimentId} (${spec.role === 'baseline' ? 'the serving revision' : 'the new revision'} ${spec.revisionId}): ${plan.examples.length} examples × ${plan.settings.repetitions}, ${plan.settings.concurrency} at a time.`
  )
  const jobs = plan.examples.flatMap((example) =>
    Array.from({ length: plan.settings.repetitions }, (_, index) => ({
      example,
      repetition: index + 1
    }))
  )
  const runs: RunOutcome[] = new Array<RunOutcome>(jobs.length)
  let pending: RunRecord[] = []
  let unsent = 0
  let next = 0
  let done = 0
  let failed = 0
  let lastLine = deps.now()
  const flush = async () => {
    const batch = pending
    pending = []
    if (batch.length > 0) await deps.client.postRuns(batch, callOf(deps))
  }
  const worker = async () => {
    while (next < jobs.length) {
      const index = next++
      const job = jobs[index]
      if (job === undefined) break
      const runId = runIdOf(experimentId, job.example.id, job.repetition)
      if (deps.now() >= deps.deadline) {
        unsent += 1
        continue
      }
      const { record, outcome } = await runOne(job, runId, experimentId, spec, agent, plan, deps)
      runs[index] = outcome
      done += 1
      if (outcome.error !== undefined) failed += 1
      deps.progress?.(`evaluating: ${done} of ${jobs.length} runs`)
      // A line at least every half minute, so that a long experiment never looks hung.
      if (deps.now() - lastLine >= PROGRESS_EVERY_MS || done === jobs.length) {
        lastLine = deps.now()
        deps.info(`Evaluation gate: ${done} of ${jobs.length} runs done (${failed} failed).`)
      }
      pending.push(record)
      // Records are written as they come, so memory holds at most a batch of answers.
      if (pending.length >= RUNS_PER_BATCH) await flush()
    }
  }
  const workers = Math.max(1, Math.min(plan.settings.concurrency, jobs.length))
  await Promise.all(Array.from({ length: workers }, worker))
  await flush()
  const sent = runs.filter((run): run is RunOutcome => run !== undefined)
  const errors = sent.filter((run) => run.error !== undefined).length
  deps.info(
    `Evaluation gate: ${sent.length} runs recorded in experiment ${experimentId} (${errors} failed${unsent > 0 ? `, ${unsent} not sent: the time ran out` : ''}).`
  )
  return { experimentId, metadata, runs: sent, unsent }
}

async function createExperiment(
  plan: GatePlan,
  spec: ExperimentSpec,
  experimentId: string,
  metadata: ExperimentMetadata,
  deps: GateDeps
): Promise<void> {
  const base = `${plan.target.deploymentName} ${spec.role} ${spec.revisionId.slice(0, 8)}`
  for (let attempt = 0; attempt < NAME_ATTEMPTS; attempt++) {
    const suffix =
      attempt === 0 ? experimentId.slice(0, 8) : `${experimentId.slice(0, 8)}-${attempt + 1}`
    const created = await deps.client.createSession(
      {
        id: experimentId,
        name: `${base} ${suffix}`,
        description: `Evaluation gate of ${plan.target.deploymentName}: revision ${spec.revisionId} on ${plan.dataset.name}`,
        reference_dataset_id: plan.dataset.id,
        start_time: new Date(deps.now()).toISOString(),
        extra: { metadata: { ...metadata } }
      },
      callOf(deps)
    )
    if (created === 'created') return
  }
  throw new Error(
    `The tracing service refused the experiment's name ${NAME_ATTEMPTS} times (taken); run the step again.`
  )
}

async function runOne(
  job: { example: GatePlan['examples'][number]; repetition: number },
  runId: string,
  experimentId: string,
  spec: ExperimentSpec,
  agent: AgentTarget,
  plan: GatePlan,
  deps: GateDeps
): Promise<{ record: RunRecord; outcome: RunOutcome }> {
  const startedAt = deps.now()
  let outputs: Record<string, unknown> | null = null
  let error: string | undefined
  try {
    const answer = await statelessRun(
      {
        ...agent,
        deadline: deps.deadline,
        signal: deps.signal,
        dispatcher: deps.dispatcher,
        now: deps.now
      },
      { assistantId: plan.settings.assistantId, input: job.example.inputs }
    )
    const judged = judgeAnswer(answer)
    outputs = judged.outputs
    error = judged.error
  } catch (failure) {
    if (!(failure instanceof TransportError)) throw failure
    error =
      failure.kind === 'timeout'
        ? 'no answer in time'
        : failure.kind === 'too-large'
          ? `the answer was ${failure.reason}`
          : `no answer: ${failure.reason}`
  }
  const endedAt = Math.max(deps.now(), startedAt)
  const record: RunRecord = {
    id: runId,
    trace_id: runId,
    dotted_order: `${dottedTime(startedAt)}${runId}`,
    name: 'evaluation gate',
    run_type: 'chain',
    start_time: new Date(startedAt).toISOString(),
    end_time: new Date(endedAt).toISOString(),
    inputs: job.example.inputs,
    outputs,
    error: error ?? null,
    session_id: experimentId,
    reference_example_id: job.example.id,
    extra: { metadata: { repetition: job.repetition, revision_id: spec.revisionId } }
  }
  return {
    record,
    outcome: {
      runId,
      exampleId: job.example.id,
      repetition: job.repetition,
      ...(error !== undefined && { error })
    }
  }
}

/**
 * A `/runs/wait` answer as a run's record, read by the one reader of the agent's reply: the whole
 * answer as `outputs` (evaluators read it), and an error when the agent gave no reply, the graph
 * failed or the server answered another status.
 */
export function judgeAnswer({ status, reply: read }: RunAnswer): {
  outputs: Record<string, unknown> | null
  error?: string
} {
  const { answer } = read
  const outputs =
    answer !== null && typeof answer === 'object' && !Array.isArray(answer)
      ? (answer as Record<string, unknown>)
      : answer === undefined || answer === null
        ? null
        : { output: answer }
  if (status !== 200) return { outputs, error: `${RUN_PATH} answered HTTP ${status}` }
  return read.kind === 'reply' ? { outputs } : { outputs, error: read.reason }
}

/** A root run's `dotted_order` time: `YYYYMMDDTHHMMSSffffffZ` (microseconds). */
export function dottedTime(epochMs: number): string {
  const iso = new Date(epochMs).toISOString() // 2026-01-02T03:04:05.678Z
  const digits = iso.replace(/[-:]/g, '').replace(/\.(\d{3})Z$/, '$1000Z')
  return digits
}
