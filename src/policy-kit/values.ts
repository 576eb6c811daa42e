/**
 * The release policy's common kinds of value, as zod schemas from what the file holds (input) to
 * what the action uses (output): durations in milliseconds, shares 0–1, counts, text. A kind
 * only one section has is its declaration's. Every error is a sentence that follows the key path.
 */
import { z } from 'zod'
import { parseDuration } from '../lib/duration'
import { parseExpectation } from '../lib/expectation'

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

export const text = z
  .string({ error: 'must be text' })
  .refine((value) => value.trim() !== '', 'must not be empty')

/** What a reply must hold (`agent.expect`, a canary's `expect`): text, or `/pattern/flags` that compiles. */
export const expectation = text.check((ctx) => {
  const parsed = parseExpectation(ctx.value)
  if ('problem' in parsed) ctx.issues.push({ code: 'custom', message: parsed.problem, input: '' })
})
