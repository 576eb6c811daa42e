/**
 * What a relative bound compares with, found before the write. An experiment this action made is
 * taken only when complete (every run ingested, every run that answered scored for every gated
 * key), read run by run; one it did not make is compared on its means, only when it references
 * the same dataset, has the run count of these examples and every run that answered scored.
 * Otherwise the relative bounds cannot conclude, and the plan says why.
 */
import { readScores } from './coverage'
import { runIdOf } from './ids'
import { digestOf, erroredRunsOf, isPreviousBaseline, repetitionsOf } from './metadata'
import type { Session } from '../tracing/schemas'
import {
  callOf,
  type BaselinePlan,
  type GateDeps,
  type GateSettings,
  type GateTarget
} from './types'
import type { RunOutcome } from './verdict'

/** Experiments of the previous revision looked at, newest first, before the serving one is run. */
const PREVIOUS_CANDIDATES = 10

export interface BaselineWanted {
  datasetId: string
  /** The experiment the dataset pins, if any. */
  pinnedId?: string | null
  digest: string
  exampleIds: readonly string[]
  keys: readonly string[]
  runsExpected: number
  firstDeploy: boolean
}

export async function findBaseline(
  settings: GateSettings,
  target: GateTarget,
  wanted: BaselineWanted,
  deps: GateDeps
): Promise<BaselinePlan> {
  const choice = settings.baseline
  if (choice.kind === 'none') return { kind: 'none' }
  if (choice.kind === 'previous') return previousBaseline(target, wanted, deps)
  const id = choice.kind === 'dataset' ? wanted.pinnedId : choice.id
  if (!id)
    return {
      kind: 'missing',
      why: 'the dataset pins no baseline experiment (gate.baseline: dataset)'
    }
  const session = await deps.client.getSession(id, callOf(deps))
  if (!session) return { kind: 'missing', why: `the tracing service has no experiment ${id}` }
  return comparable(session, wanted, deps)
}

/**
 * The newest complete experiment of the revision that served before, on the same examples;
 * else the serving revision is evaluated first (or, without its URL, the baseline is missing).
 */
async function previousBaseline(
  target: GateTarget,
  wanted: BaselineWanted,
  deps: GateDeps
): Promise<BaselinePlan> {
  if (
    wanted.firstDeploy ||
    target.deploymentId === undefined ||
    target.previousRevisionId === undefined
  )
    return { kind: 'first-deploy' }
  const { deploymentId, previousRevisionId } = target
  const candidates: Session[] = []
  await deps.client.eachSession(
    wanted.datasetId,
    (session) => {
      if (
        isPreviousBaseline(session, {
          deploymentId,
          revisionId: previousRevisionId,
          digest: wanted.digest
        })
      )
        candidates.push(session)
      return candidates.length >= PREVIOUS_CANDIDATES
    },
    callOf(deps)
  )
  for (const candidate of candidates) {
    const taken = await ownExperiment(candidate, wanted, deps)
    if (taken.kind === 'experiment') return taken
    deps.info(`Evaluation gate: ${taken.why}; looking on.`)
  }
  if (!target.deploymentUrl)
    return {
      kind: 'missing',
      why: `no complete experiment of revision ${previousRevisionId} on these examples, and the deployment has no URL to evaluate it at`
    }
  return {
    kind: 'serving-first',
    revisionId: previousRevisionId,
    deploymentUrl: target.deploymentUrl
  }
}

/** An experiment named by the dataset or the input: this action's, or another client's. */
async function comparable(
  session: Session,
  wanted: BaselineWanted,
  deps: GateDeps
): Promise<BaselinePlan> {
  if (session.reference_dataset_id?.toLowerCase() !== wanted.datasetId.toLowerCase())
    return {
      kind: 'missing',
      why: `experiment ${session.id} is not an experiment of this dataset (it references ${session.reference_dataset_id ?? 'none'})`
    }
  const digest = digestOf(session)
  if (digest !== undefined) {
    if (digest !== wanted.digest)
      return {
        kind: 'missing',
        why: `experiment ${session.id} ran other examples (or another version of them)`
      }
    const taken = await ownExperiment(session, wanted, deps)
    return taken.kind === 'experiment' ? taken : { kind: 'missing', why: taken.why }
  }
  const why = foreignProblem(session, wanted)
  return why === undefined ? { kind: 'experiment', session } : { kind: 'missing', why }
}

/**
 * Why an experiment another client made cannot be compared on its means: not the run count of
 * these examples, or a run that answered left unscored for a gated key (`feedback_stats[key].n`
 * is the runs less those with an error).
 */
function foreignProblem(session: Session, wanted: BaselineWanted): string | undefined {
  const runCount = session.run_count
  if (runCount !== wanted.runsExpected)
    return `experiment ${session.id} has ${runCount ?? 'no'} runs, not the ${wanted.runsExpected} of these examples: it is not on the same examples`
  const errored = Math.round((session.error_rate ?? 0) * runCount)
  const answered = runCount - errored
  for (const key of wanted.keys) {
    const n = session.feedback_stats?.[key]?.n ?? 0
    if (n !== answered)
      return `experiment ${session.id} has ${n} ${key} scores for its ${answered} runs without an error: not every run was scored`
  }
  return undefined
}

type Taken = Extract<BaselinePlan, { kind: 'experiment' }> | { kind: 'incomplete'; why: string }

/**
 * An experiment this action made, read now: taken when every run was ingested and every run
 * that answered has a score for every gated key; its runs and scores come with it.
 */
async function ownExperiment(
  listed: Session,
  wanted: BaselineWanted,
  deps: GateDeps
): Promise<Taken> {
  const incomplete = (why: string): Taken => ({
    kind: 'incomplete',
    why: `experiment ${listed.id} is not complete: ${why}`
  })
  const repetitions = repetitionsOf(listed)
  if (repetitions === undefined) return incomplete('its metadata names no repetitions')
  const session = await deps.client.getSession(listed.id, callOf(deps))
  if (!session) return incomplete('the tracing service no longer has it')
  const expected = wanted.exampleIds.length * repetitions
  if (session.run_count !== expected)
    return incomplete(`${session.run_count ?? 0} of its ${expected} runs were ingested`)
  const errored = new Set(erroredRunsOf(session) ?? [])
  const erroredCount = Math.round((session.error_rate ?? 0) * expected)
  if (errored.size !== erroredCount)
    return incomplete(`it does not say which of its ${erroredCount} runs with an error they were`)
  const runs: RunOutcome[] = wanted.exampleIds.flatMap((exampleId) =>
    Array.from({ length: repetitions }, (_, index) => {
      const runId = runIdOf(session.id, exampleId, index + 1)
      return {
        runId,
        exampleId,
        repetition: index + 1,
        ...(errored.has(runId) && { error: 'failed (as its metadata says)' })
      }
    })
  )
  const answered = runs.filter((run) => run.error === undefined).map((run) => run.runId)
  const scores = await readScores(answered, wanted.keys, deps)
  for (const key of wanted.keys) {
    const missing = answered.filter((runId) => !scores.get(key)?.has(runId)).length
    if (missing > 0)
      return incomplete(
        `${missing} of its ${answered.length} runs without an error have no ${key} score`
      )
  }
  return { kind: 'experiment', session, repetitions, runs, scores }
}
