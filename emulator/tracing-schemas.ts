import { z } from 'zod'
import type { ValidationProblem } from './rules'

/**
 * Closed shapes of what a client writes to the tracing service: the fields of the service's
 * own create and update models, so a misspelt or invented field is a 422 here rather than a
 * field the real service would silently drop.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?(Z|[+-]\d{2}:?\d{2})?$/

export const isUuid = (value: string) => UUID.test(value)

const uuid = z.string().regex(UUID, 'Input should be a valid UUID')
/** ISO 8601, or epoch milliseconds as the official clients send by default. */
const time = z.union([z.string().regex(ISO, 'Input should be a valid datetime'), z.number()])
const object = z.record(z.string(), z.unknown())
const extra = z
  .record(z.string(), z.unknown())
  .refine(
    (value) =>
      value.metadata === undefined ||
      (value.metadata !== null &&
        typeof value.metadata === 'object' &&
        !Array.isArray(value.metadata)),
    'extra.metadata should be an object'
  )

export const sessionCreate = z.strictObject({
  id: uuid.optional(),
  name: z.string().min(1),
  description: z.string().nullable().optional(),
  start_time: time.optional(),
  end_time: time.nullable().optional(),
  extra: extra.nullable().optional(),
  reference_dataset_id: uuid.nullable().optional(),
  default_dataset_id: uuid.nullable().optional(),
  trace_tier: z.enum(['longlived', 'shortlived']).nullable().optional()
})

export const sessionPatch = z.strictObject({
  name: z.string().min(1).optional(),
  description: z.string().nullable().optional(),
  end_time: time.nullable().optional(),
  extra: extra.nullable().optional(),
  default_dataset_id: uuid.nullable().optional(),
  trace_tier: z.enum(['longlived', 'shortlived']).nullable().optional()
})

/** A run as posted; ids and the fields the gate depends on are required here. */
export const runCreate = z.strictObject({
  id: uuid,
  trace_id: uuid,
  dotted_order: z.string(),
  parent_run_id: uuid.nullable().optional(),
  name: z.string().min(1),
  run_type: z.enum(['tool', 'chain', 'llm', 'retriever', 'embedding', 'prompt', 'parser']),
  start_time: time,
  end_time: time.nullable().optional(),
  inputs: object,
  outputs: object.nullable().optional(),
  error: z.string().nullable().optional(),
  session_id: uuid,
  reference_example_id: uuid.nullable().optional(),
  extra: extra.nullable().optional(),
  tags: z.array(z.string()).nullable().optional(),
  events: z.array(object).nullable().optional(),
  serialized: object.nullable().optional()
})

export const runPatch = z.strictObject({
  id: uuid.optional(),
  trace_id: uuid.optional(),
  dotted_order: z.string().optional(),
  parent_run_id: uuid.nullable().optional(),
  session_id: uuid.optional(),
  end_time: time.nullable().optional(),
  outputs: object.nullable().optional(),
  error: z.string().nullable().optional(),
  extra: extra.nullable().optional(),
  tags: z.array(z.string()).nullable().optional(),
  events: z.array(object).nullable().optional()
})

export const runBatch = z.strictObject({
  post: z.array(z.unknown()).optional(),
  patch: z.array(z.unknown()).optional()
})

/** `POST /runs/stats` as the bake window sends it (the service takes more: refused here). */
export const runStatsQuery = z.strictObject({
  session: z.array(uuid).min(1),
  is_root: z.boolean().optional(),
  start_time: time.optional(),
  end_time: time.optional(),
  filter: z.string().nullable().optional(),
  select: z.array(z.string()).optional()
})

export type RunStatsQuery = z.infer<typeof runStatsQuery>
export type SessionCreate = z.infer<typeof sessionCreate>
export type SessionPatch = z.infer<typeof sessionPatch>
export type RunCreate = z.infer<typeof runCreate>
export type RunPatch = z.infer<typeof runPatch>

/** A parse result in the service's 422 terms (`loc` starts with 'body'). */
export function check<T>(
  schema: z.ZodType<T>,
  body: unknown,
  loc: (string | number)[] = []
): { ok: true; value: T } | { ok: false; problems: ValidationProblem[] } {
  const parsed = schema.safeParse(body)
  if (parsed.success) return { ok: true, value: parsed.data }
  const problems: ValidationProblem[] = []
  for (const issue of parsed.error.issues) {
    const at = [
      'body',
      ...loc,
      ...issue.path.map((part) => (typeof part === 'number' ? part : String(part)))
    ]
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys)
        problems.push({
          loc: [...at, key],
          msg: 'Extra inputs are not permitted',
          type: 'extra_forbidden'
        })
    } else if (issue.code === 'invalid_type' && issue.message.endsWith('received undefined')) {
      problems.push({ loc: at, msg: 'Field required', type: 'missing' })
    } else {
      problems.push({ loc: at, msg: issue.message, type: issue.code })
    }
  }
  return { ok: false, problems }
}

/** `loc: msg` lines, for the ingest endpoints' `details` text. */
export function describeProblems(problems: ValidationProblem[]): string {
  return problems.map((entry) => `${entry.loc.join('.')}: ${entry.msg}`).join('; ')
}

/**
 * Microseconds since the epoch of an ISO time or epoch milliseconds; the ISO fraction is kept
 * to the microsecond, which a root run's `dotted_order` carries.
 */
export function toMicros(value: string | number): number {
  if (typeof value === 'number') return Math.round(value * 1000)
  const match = /^(.*T\d{2}:\d{2}:\d{2})(?:\.(\d+))?(.*)$/.exec(value)
  if (!match) return Number.NaN
  const whole = Date.parse(`${match[1]}${match[3] || 'Z'}`)
  const fraction = Number(((match[2] ?? '') + '000000').slice(0, 6))
  return whole * 1000 + fraction
}

/** `YYYYMMDDTHHMMSSffffffZ` of a time in microseconds, as a root run's dotted_order begins. */
export function dottedTime(micros: number): string {
  const date = new Date(Math.floor(micros / 1000))
  const pad = (value: number, width = 2) => String(value).padStart(width, '0')
  return (
    `${date.getUTCFullYear()}${pad(date.getUTCMonth() + 1)}${pad(date.getUTCDate())}T` +
    `${pad(date.getUTCHours())}${pad(date.getUTCMinutes())}${pad(date.getUTCSeconds())}` +
    `${pad(((micros % 1_000_000) + 1_000_000) % 1_000_000, 6)}Z`
  )
}

/** The problems of a root run's ids and dotted_order, beyond its shape. */
export function rootRunProblems(run: RunCreate, loc: (string | number)[]): ValidationProblem[] {
  const problems: ValidationProblem[] = []
  if (run.parent_run_id !== undefined && run.parent_run_id !== null) {
    if (!run.dotted_order.includes('.'))
      problems.push({
        loc: ['body', ...loc, 'dotted_order'],
        msg: 'a child run has a dotted parent',
        type: 'value_error'
      })
    return problems
  }
  if (run.trace_id !== run.id)
    problems.push({
      loc: ['body', ...loc, 'trace_id'],
      msg: 'a root run has trace_id = id',
      type: 'value_error'
    })
  if (run.reference_example_id === undefined || run.reference_example_id === null)
    problems.push({
      loc: ['body', ...loc, 'reference_example_id'],
      msg: 'Field required',
      type: 'missing'
    })
  const expected = `${dottedTime(toMicros(run.start_time))}${run.id}`
  if (run.dotted_order !== expected) {
    problems.push({
      loc: ['body', ...loc, 'dotted_order'],
      msg: `a root run's dotted_order is its start time and id: ${expected}`,
      type: 'value_error'
    })
  }
  return problems
}
