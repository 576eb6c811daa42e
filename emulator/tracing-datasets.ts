import { randomUUID } from 'node:crypto'
import type {
  Dataset,
  DatasetEdit,
  Example,
  ExampleInit,
  JsonObject,
  Rule,
  RuleInit
} from './tracing-types'

interface ExampleRow {
  id: string
  inputs: JsonObject
  outputs: JsonObject | null
  splits: string[]
  createdAt: number
  modifiedAt: number
}

/** Every version keeps its whole list of examples: an edit never changes an older version. */
interface Version {
  at: number
  tags: string[]
  examples: ExampleRow[]
}

interface DatasetRow {
  id: string
  name: string
  description: string | null
  metadata: JsonObject | null
  createdAt: number
  baselineExperimentId: string | null
  versions: Version[]
}

export interface RuleRow extends RuleInit {
  id: string
  createdAt: number
  updatedAt: number
  /** Runs scored so far (evaluator calls), for the spending limit and the cost hint. */
  calls: number
}

export type DatasetInit = {
  id?: string
  name: string
  description?: string | null
  metadata?: JsonObject | null
  examples: ExampleInit[]
  /** Version tags of the first version. */
  tags?: string[]
  /** ISO time of the first version (default now). */
  created_at?: string
}

const iso = (ms: number) => new Date(ms).toISOString()
const copy = <T>(value: T): T => structuredClone(value)

/** Datasets with versions and splits, and the evaluator rules bound to them. */
export class DatasetStore {
  readonly #datasets = new Map<string, DatasetRow>()
  readonly #rules = new Map<string, RuleRow>()

  constructor(
    private readonly now: () => number,
    private readonly tenantId: string
  ) {}

  seed(init: DatasetInit): Dataset {
    if (this.byName(init.name) !== undefined)
      throw new Error(`seedDataset: a dataset named ${init.name} exists`)
    const at = init.created_at === undefined ? this.now() : Date.parse(init.created_at)
    if (Number.isNaN(at))
      throw new Error(`seedDataset: created_at ${init.created_at} is not a time`)
    const row: DatasetRow = {
      id: init.id ?? randomUUID(),
      name: init.name,
      description: init.description ?? null,
      metadata: init.metadata ?? null,
      createdAt: at,
      baselineExperimentId: null,
      versions: [{ at, tags: init.tags ?? [], examples: init.examples.map((e) => newRow(e, at)) }]
    }
    this.#datasets.set(row.id, row)
    return this.dataset(row)
  }

  /** A new version made now from the newest one; returns the dataset as it reads then. */
  edit(datasetId: string, change: DatasetEdit): Dataset {
    const row = this.#row(datasetId)
    const at = Math.max(this.now(), newest(row).at)
    const removed = new Set(change.remove ?? [])
    const updates = new Map((change.update ?? []).map((entry) => [entry.id, entry]))
    const examples = newest(row)
      .examples.filter((example) => !removed.has(example.id))
      .map((example) => {
        const update = updates.get(example.id)
        if (update === undefined) return example
        updates.delete(example.id)
        return {
          ...example,
          inputs: update.inputs ?? example.inputs,
          outputs: update.outputs === undefined ? example.outputs : update.outputs,
          splits: update.splits ?? example.splits,
          modifiedAt: at
        }
      })
    if (updates.size > 0) throw new Error(`editDataset: no example ${[...updates.keys()][0]}`)
    examples.push(...(change.add ?? []).map((example) => newRow(example, at)))
    row.versions.push({ at, tags: change.tags ?? [], examples })
    return this.dataset(row)
  }

  setBaseline(datasetId: string, experimentId: string | null): void {
    this.#row(datasetId).baselineExperimentId = experimentId
  }

  get(id: string): Dataset | undefined {
    const row = this.#datasets.get(id)
    return row && this.dataset(row)
  }

  byName(name: string): Dataset | undefined {
    const row = [...this.#datasets.values()].find((entry) => entry.name === name)
    return row && this.dataset(row)
  }

  list(): Dataset[] {
    return [...this.#datasets.values()].map((row) => this.dataset(row))
  }

  /**
   * The examples of a dataset as of a version (a tag or an ISO time; default the newest), in
   * the splits given (default all); undefined when the version is unknown.
   */
  examples(datasetId: string, asOf?: string, splits: string[] = []): Example[] | undefined {
    const row = this.#datasets.get(datasetId)
    if (row === undefined) return []
    const version = versionAt(row, asOf)
    if (version === undefined) return undefined
    return version.examples
      .filter((example) => splits.length === 0 || example.splits.some((s) => splits.includes(s)))
      .map((example) => toExample(example, datasetId))
  }

  /** The newest version of an example (what an evaluator reads as the reference). */
  example(datasetId: string, exampleId: string): Example | undefined {
    const row = this.#datasets.get(datasetId)
    const example = row && newest(row).examples.find((entry) => entry.id === exampleId)
    return example && toExample(example, datasetId)
  }

  addRule(init: RuleInit): Rule {
    this.#row(init.dataset_id)
    const at = init.created_at === undefined ? this.now() : Date.parse(init.created_at)
    if (Number.isNaN(at)) throw new Error(`addRule: created_at ${init.created_at} is not a time`)
    const row: RuleRow = {
      ...init,
      id: init.id ?? randomUUID(),
      createdAt: at,
      updatedAt: at,
      calls: 0
    }
    this.#rules.set(row.id, row)
    return toRule(row)
  }

  /** Changes a rule from now on (e.g. `{ spendingLimit }` raised, `{ is_enabled: false }`). */
  updateRule(
    id: string,
    change: Partial<Omit<RuleInit, 'dataset_id' | 'id' | 'created_at'>>
  ): Rule {
    const row = this.#rules.get(id)
    if (row === undefined) throw new Error(`updateRule: no rule ${id}`)
    Object.assign(row, change, { updatedAt: this.now() })
    return toRule(row)
  }

  rules(datasetId?: string): Rule[] {
    return this.ruleRows()
      .filter((row) => datasetId === undefined || row.dataset_id === datasetId)
      .map(toRule)
  }

  /** The rows themselves, oldest first, for the scorer. */
  ruleRows(): RuleRow[] {
    return [...this.#rules.values()]
  }

  dataset(row: DatasetRow): Dataset {
    const last = newest(row)
    return {
      id: row.id,
      name: row.name,
      tenant_id: this.tenantId,
      description: row.description,
      data_type: 'kv',
      example_count: last.examples.length,
      created_at: iso(row.createdAt),
      modified_at: iso(last.at),
      metadata: copy(row.metadata),
      baseline_experiment_id: row.baselineExperimentId
    }
  }

  #row(id: string): DatasetRow {
    const row = this.#datasets.get(id)
    if (row === undefined) throw new Error(`no dataset ${id}`)
    return row
  }
}

function newRow(init: ExampleInit, at: number): ExampleRow {
  return {
    id: init.id ?? randomUUID(),
    inputs: copy(init.inputs),
    outputs: init.outputs === undefined ? null : copy(init.outputs),
    splits: init.splits ?? ['base'],
    createdAt: at,
    modifiedAt: at
  }
}

function newest(row: DatasetRow): Version {
  return row.versions[row.versions.length - 1] as Version
}

/** A tag names its version; an ISO time the newest version made at or before it. */
function versionAt(row: DatasetRow, asOf: string | undefined): Version | undefined {
  if (asOf === undefined || asOf === '' || asOf === 'latest') return newest(row)
  const tagged = row.versions.findLast((version) => version.tags.includes(asOf))
  if (tagged !== undefined) return tagged
  const at = /^\d{4}-\d{2}-\d{2}T/.test(asOf) ? Date.parse(asOf) : Number.NaN
  if (Number.isNaN(at)) return undefined
  return row.versions.findLast((version) => version.at <= at) ?? { at, tags: [], examples: [] }
}

function toExample(row: ExampleRow, datasetId: string): Example {
  return {
    id: row.id,
    dataset_id: datasetId,
    inputs: copy(row.inputs),
    outputs: copy(row.outputs),
    metadata: { dataset_split: [...row.splits] },
    created_at: iso(row.createdAt),
    modified_at: iso(row.modifiedAt)
  }
}

function toRule(row: RuleRow): Rule {
  const kind = row.kind ?? 'llm'
  // As on the real service, nothing here names the feedback keys the rule writes.
  const evaluator = { prompt: [['system', 'Grade the answer.']], model: 'emulated-judge' }
  return {
    id: row.id,
    display_name: row.display_name ?? 'Dataset evaluator',
    dataset_id: row.dataset_id,
    session_id: null,
    is_enabled: row.is_enabled ?? true,
    sampling_rate: row.sampling_rate ?? 1,
    filter: row.filter ?? null,
    evaluators: kind === 'llm' ? [{ structured: evaluator }] : null,
    code_evaluators: kind === 'code' ? [{ code: 'def perform_eval(run, example): ...' }] : null,
    created_at: iso(row.createdAt),
    updated_at: iso(row.updatedAt)
  }
}
