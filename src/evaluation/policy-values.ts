/**
 * The kinds of value only the `gate` section holds: the baseline, the maps of feedback keys to
 * score bounds, and a score as people read it. Pure; loads none of the gate's code.
 */
import { z } from 'zod'
import { EVERY_KEY, FEEDBACK_KEY, parseBaseline } from '../lib/gate-thresholds'

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

/** A score bound: two decimals unless it has more (`0.80`, `0.825`). */
export function scoreWords(value: number): string {
  return Number.isInteger(Math.round(value * 1e6) / 1e4) ? value.toFixed(2) : String(value)
}
