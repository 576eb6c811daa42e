/**
 * The release policy's kinds of value, as zod schemas from what the file holds (input) to what
 * the action uses (output): durations in milliseconds, shares 0–1, counts, feedback-key maps.
 * Every error is a sentence that follows the key path.
 */
import { z } from 'zod'
import { parseDuration } from '../lib/duration'
import { EVERY_KEY, FEEDBACK_KEY, parseBaseline } from '../lib/gate-thresholds'
import { parseExpectation } from '../smoke/expectation'

const DURATION_WORDS = 'a duration: seconds (900) or text like 15m, 1h30m, 45s'

/** Seconds as a number, or `15m`/`1h30m` as text → milliseconds, more than 0. */
export const duration = z
  .union([z.number(), z.string()], { error: `must be ${DURATION_WORDS}` })
  .transform((value, ctx) => {
    const ms = typeof value === 'number' ? Math.round(value * 1000) : parseDuration(value)
    if (ms !== undefined && Number.isFinite(ms) && ms > 0) return ms
    ctx.issues.push({ code: 'custom', message: `must be ${DURATION_WORDS}`, input: value })
    return z.NEVER
  })

const SHARE_WORDS = 'must be a share written with %, from 0% to 100% (for example 5%)'

/** `5%` → 0.05. A bare number is refused: 5 could mean 5% or 500%. */
export const share = z
  .string({ error: `${SHARE_WORDS}; a bare number is not a share` })
  .regex(/^\d+(\.\d+)?\s*%$/, SHARE_WORDS)
  .transform((text, ctx) => {
    const match = /^(\d+(?:\.\d+)?)\s*%$/.exec(text.trim())
    const percent = match ? Number(match[1]) : NaN
    if (Number.isFinite(percent) && percent <= 100) return percent / 100
    ctx.issues.push({ code: 'custom', message: SHARE_WORDS, input: text })
    return z.NEVER
  })

/** A whole number from `min` to `max`; `why` says why the top is where it is. */
export const count = (min: number, max: number, why = '') =>
  z
    .number({ error: `must be a whole number from ${min} to ${max}` })
    .int(`must be a whole number from ${min} to ${max}`)
    .min(min, `must be a whole number from ${min} to ${max}`)
    .max(max, `must be at most ${max}${why}`)

/** `smoke.min-pass`: a share of the cases, or a count of them. */
export type MinPassValue = { share: number } | { count: number }

export const minPass = z
  .union([z.number(), z.string()], {
    error: 'must be a share of the cases (90%) or a count of them (18)'
  })
  .transform((value, ctx): MinPassValue => {
    if (typeof value === 'number' && Number.isInteger(value) && value >= 0) return { count: value }
    const parsed = typeof value === 'string' ? share.safeParse(value) : undefined
    if (parsed?.success) return { share: parsed.data }
    ctx.issues.push({
      code: 'custom',
      message: 'must be a share of the cases written with % (90%) or a whole count of them (18)',
      input: value
    })
    return z.NEVER
  })

export const text = z
  .string({ error: 'must be text' })
  .refine((value) => value.trim() !== '', 'must not be empty')

/** `agent.expect`: text, or `/pattern/flags` that compiles. */
export const expectation = text.check((ctx) => {
  const parsed = parseExpectation(ctx.value)
  if ('problem' in parsed) ctx.issues.push({ code: 'custom', message: parsed.problem, input: '' })
})

/** `gate.baseline`: previous, dataset, none or an experiment id. */
export const baseline = z
  .string({ error: 'must be previous, dataset, none, or an experiment id (a UUID)' })
  .transform((value, ctx) => {
    const parsed = parseBaseline(value)
    if (parsed.value !== undefined)
      return parsed.value.kind === 'experiment' ? parsed.value.id : value.trim()
    for (const message of parsed.problems)
      ctx.issues.push({ code: 'custom', message, input: value })
    return z.NEVER
  })

const KEY_WORDS =
  'a feedback key: letters, digits and _ . : -, starting with a letter, digit or _, at most 100 characters'

/** A map of feedback keys to numbers; `every` lets `*` stand for each gated key. */
export const thresholds = <N extends boolean>(options: {
  every: boolean
  negative: boolean
  nullable: N
}) => {
  const number = options.negative
    ? z.number({ error: 'must be a number' })
    : z
        .number({ error: 'must be a number' })
        .min(0, 'must not be negative (a drop is written as a positive number)')
  const key = z
    .string()
    .refine(
      (key) => FEEDBACK_KEY.test(key) || (options.every && key === EVERY_KEY),
      options.every ? `must be ${KEY_WORDS}, or * for every gated key` : `must be ${KEY_WORDS}`
    )
  const value = (options.nullable ? number.nullable() : number) as N extends true
    ? z.ZodNullable<typeof number>
    : typeof number
  return z.record(key, value, { error: 'must be a mapping of feedback keys to numbers' })
}
