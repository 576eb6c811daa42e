/**
 * The tracing service's answers as the gate reads them (reference/tracing-api.md). Every answer is
 * parsed, never trusted: ids must be UUIDs (they go into paths and outputs), free text stays text.
 */
import { z } from 'zod'
import { UUID } from '../lib/ids'

const id = z.string().regex(UUID, 'is not a UUID')
const metadata = z.record(z.string(), z.unknown())
/** A time as the service writes it; judged where it is used, never put into a path. */
const time = z.string()

export const datasetSchema = z
  .object({
    id,
    name: z.string(),
    example_count: z.number().nullish(),
    modified_at: time.nullish(),
    baseline_experiment_id: id.nullish()
  })
  .loose()
export type Dataset = z.output<typeof datasetSchema>

export const exampleSchema = z
  .object({
    id,
    dataset_id: id.optional(),
    inputs: z.record(z.string(), z.unknown()),
    outputs: z.record(z.string(), z.unknown()).nullish(),
    metadata: z
      .object({ dataset_split: z.array(z.string()).nullish() })
      .loose()
      .nullish(),
    created_at: time.nullish(),
    modified_at: time.nullish()
  })
  .loose()
export type Example = z.output<typeof exampleSchema>

export const ruleSchema = z
  .object({
    id,
    display_name: z.string().nullish(),
    dataset_id: id.nullish(),
    is_enabled: z.boolean(),
    sampling_rate: z.number(),
    // A filter's form is the service's own; any non-empty one means some runs go unscored.
    filter: z.unknown().optional()
  })
  .loose()
export type Rule = z.output<typeof ruleSchema>

const feedbackStat = z.object({ n: z.number().nullish(), avg: z.number().nullish() }).loose()

export const sessionSchema = z
  .object({
    id,
    name: z.string(),
    tenant_id: z.string().nullish(),
    start_time: time.nullish(),
    end_time: time.nullish(),
    reference_dataset_id: id.nullish(),
    extra: z.object({ metadata: metadata.nullish() }).loose().nullish(),
    run_count: z.number().nullish(),
    error_rate: z.number().nullish(),
    feedback_stats: z.record(z.string(), feedbackStat.nullish()).nullish()
  })
  .loose()
export type Session = z.output<typeof sessionSchema>

export const feedbackSchema = z
  .object({
    id: z.string(),
    run_id: id,
    key: z.string(),
    // A categorical value or a comment is never read: scores only.
    score: z.union([z.number(), z.boolean()]).nullish(),
    created_at: time.nullish()
  })
  .loose()
export type Feedback = z.output<typeof feedbackSchema>

export const datasetsSchema = z.array(datasetSchema)
export const examplesSchema = z.array(exampleSchema)
export const rulesSchema = z.array(ruleSchema)
export const sessionsSchema = z.array(sessionSchema)
export const feedbacksSchema = z.array(feedbackSchema)
