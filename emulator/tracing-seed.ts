import { randomUUID } from 'node:crypto'
import { dottedTime } from './tracing-schemas'
import type { TracingStore } from './tracing-store'
import type {
  Dataset,
  Example,
  ExampleInit,
  JsonObject,
  Rule,
  RuleInit,
  Score,
  ScoredRun,
  TracerSession
} from './tracing-types'

/** One run of a seeded experiment. */
export interface SeededRun {
  id?: string
  example_id: string
  /** Default: the example's inputs. */
  inputs?: JsonObject
  outputs?: JsonObject | null
  error?: string | null
  /** Default 1000. */
  latencyMs?: number
  /** Given scores (written at once; rules leave the run alone); without, rules score it. */
  scores?: Record<string, Score>
  /** A child run under it too, as other clients' experiments hold (default none). */
  child?: boolean
}

/** An earlier experiment, already run: its runs are visible at once. */
export interface ExperimentSeed {
  dataset_id: string
  id?: string
  name?: string
  metadata?: JsonObject
  /** ISO; default now minus an hour. */
  start_time?: string
  /** Default: one run per example of the dataset's newest version, with `scores` below. */
  runs?: SeededRun[]
  /** With no `runs`: the scores of each example's run (default none: rules score them). */
  scores?: (example: Example) => Record<string, Score> | undefined
}

const HOUR_MS = 3_600_000

export function seedExperiment(
  store: TracingStore,
  seed: ExperimentSeed
): { session: TracerSession; runIds: string[] } {
  if (store.datasets.get(seed.dataset_id) === undefined)
    throw new Error(`seedExperiment: no dataset ${seed.dataset_id}`)
  const now = store.now()
  const examples = store.datasets.examples(seed.dataset_id) ?? []
  const created = store.createSession({
    ...(seed.id === undefined ? {} : { id: seed.id }),
    name: seed.name ?? `experiment-${randomUUID().slice(0, 8)}`,
    reference_dataset_id: seed.dataset_id,
    start_time: seed.start_time ?? new Date(now - HOUR_MS).toISOString(),
    extra: { metadata: seed.metadata ?? {} }
  })
  if (!created.ok) throw new Error(`seedExperiment: ${created.detail}`)
  const session = created.session
  const start = Date.parse(session.start_time)
  const runs: SeededRun[] =
    seed.runs ??
    examples.map((example) => {
      const scores = seed.scores?.(example)
      return {
        example_id: example.id,
        inputs: example.inputs,
        outputs: example.outputs,
        ...(scores === undefined ? {} : { scores })
      }
    })
  const visibleAt = now
  const runIds = runs.map((run, index) => {
    const id = run.id ?? randomUUID()
    const startMs = start + index * 10
    const endMs = startMs + (run.latencyMs ?? 1000)
    store.postRun(
      {
        id,
        trace_id: id,
        dotted_order: `${dottedTime(startMs * 1000)}${id}`,
        name: 'seeded',
        run_type: 'chain',
        start_time: startMs,
        end_time: endMs,
        inputs:
          run.inputs ?? examples.find((example) => example.id === run.example_id)?.inputs ?? {},
        outputs: run.outputs ?? null,
        error: run.error ?? null,
        session_id: session.id,
        reference_example_id: run.example_id
      },
      { visibleAt: Math.min(visibleAt, startMs), scoresGiven: run.scores !== undefined }
    )
    if (run.child === true) {
      const childId = randomUUID()
      store.postRun(
        {
          id: childId,
          trace_id: id,
          parent_run_id: id,
          dotted_order: `${dottedTime(startMs * 1000)}${id}.${dottedTime(startMs * 1000)}${childId}`,
          name: 'child',
          run_type: 'llm',
          start_time: startMs,
          end_time: endMs,
          inputs: {},
          session_id: session.id
        },
        { visibleAt: Math.min(visibleAt, startMs), scoresGiven: true }
      )
    }
    for (const [key, score] of Object.entries(run.scores ?? {}))
      store.addFeedback({ run_id: id, key, score, source: 'model' }, visibleAt)
    return id
  })
  return { session, runIds }
}

/**
 * A dataset of `examples` examples (each a human message `question i` whose reference answer
 * is the emulated agent's echo of it), and one rule bound to it writing `keys` (default
 * ['correctness']): 1 when the run's outputs hold the reference answer, else 0, unless `score`
 * says otherwise.
 */
export function seedGate(
  tracing: {
    seedDataset(init: { name: string; examples: ExampleInit[]; tags?: string[] }): Dataset
    addRule(init: RuleInit): Rule
    examples(datasetId: string): Example[]
  },
  options: {
    name?: string
    examples?: number
    splits?: (index: number) => string[]
    keys?: string[]
    score?: RuleInit['score']
    comment?: RuleInit['comment']
    delayMs?: number
    spendingLimit?: number
    tags?: string[]
  } = {}
): { dataset: Dataset; examples: Example[]; rule: Rule } {
  const inits: ExampleInit[] = Array.from({ length: options.examples ?? 5 }, (_, index) => ({
    inputs: { messages: [{ role: 'user', content: `question ${index + 1}` }] },
    outputs: { answer: `echo: question ${index + 1}` },
    ...(options.splits === undefined ? {} : { splits: options.splits(index) })
  }))
  const dataset = tracing.seedDataset({
    name: options.name ?? 'gate-dataset',
    examples: inits,
    ...(options.tags === undefined ? {} : { tags: options.tags })
  })
  const rule = tracing.addRule({
    dataset_id: dataset.id,
    keys: options.keys ?? ['correctness'],
    score: options.score ?? holdsReference,
    ...(options.comment === undefined ? {} : { comment: options.comment }),
    ...(options.delayMs === undefined ? {} : { delayMs: options.delayMs }),
    ...(options.spendingLimit === undefined ? {} : { spendingLimit: options.spendingLimit })
  })
  return { dataset, examples: tracing.examples(dataset.id), rule }
}

/**
 * 1 when the run's outputs hold the reference `answer` as a whole string value (the echo
 * agent's message content), else 0; null when the example has no reference answer.
 */
export function holdsReference(run: ScoredRun): Score {
  const answer = run.reference_outputs?.answer
  if (typeof answer !== 'string') return null
  return JSON.stringify(run.outputs ?? null).includes(JSON.stringify(answer)) ? 1 : 0
}
