/**
 * The `bake` section of the release policy: how long the new revision's own traffic is watched
 * after the checks, how often its window is read, and the bounds it must stay inside. The rules
 * between its keys (an interval longer than the duration, no bound at all) are ./rules.ts's.
 */
import { z } from 'zod'
import { about, key, mapping } from './schema-kit'
import { count, duration, share, text } from './values'

/** The longest bake: the runner's job ends after 6 hours, the deploy and a rollback included. */
export const MAX_BAKE_MS = 5 * 3_600_000
/** The shortest interval between two reads. */
export const MIN_BAKE_INTERVAL_MS = 1000
/** The latency bounds a window has. */
export const LATENCY_KEYS = ['p50', 'p99'] as const
/** The bounds relative to the previous revision's window. */
export const REGRESSION_KEYS = ['error-rate', 'p50', 'p99'] as const
/** `bake.revision-key` is written into the service's filter grammar: nothing that could break out. */
export const REVISION_KEY = /^[A-Za-z0-9_.-]{1,64}$/

const PERCENT_WORDS = 'must be a share written with %, from 0% to 1000% (for example 20%)'

/** `20%` → 0.2, up to 1000% (a latency may regress past double). */
const increase = z
  .string({ error: `${PERCENT_WORDS}; a bare number is not a share` })
  .transform((value, ctx) => {
    const match = /^(\d+(?:\.\d+)?)\s*%$/.exec(value.trim())
    const percent = match ? Number(match[1]) : NaN
    if (Number.isFinite(percent) && percent <= 1000) return percent / 100
    ctx.issues.push({ code: 'custom', message: PERCENT_WORDS, input: value })
    return z.NEVER
  })

/** A map keyed by a few names: an unknown name is refused with the names known. */
function namedMap<N extends boolean, T extends z.ZodType>(
  names: readonly string[],
  value: T,
  nullable: N
) {
  const known = z.string().refine((name) => names.includes(name), `must be ${names.join(' or ')}`)
  const entry = (nullable ? value.nullable() : value) as N extends true ? z.ZodNullable<T> : T
  return z.record(known, entry, {
    error: `must be a mapping of ${names.join(', ')} to bounds`
  })
}

export function bakeSection<E extends boolean>(entry: E) {
  // error-rate above 100 % is refused by ./rules.ts, so it is said beside the other keys' problems.
  const regression = namedMap(REGRESSION_KEYS, increase, entry)
  return mapping('bake', {
    duration: key(
      entry,
      about(
        duration.refine(
          (ms) => ms <= MAX_BAKE_MS,
          'must be at most 5h (the runner ends a job after 6 hours)'
        ),
        "after every check passed, watch the new revision's own traffic this long (at most 5h)"
      )
    ),
    interval: key(
      entry,
      about(
        duration.refine((ms) => ms >= MIN_BAKE_INTERVAL_MS, 'must be at least 1s'),
        'how often the window is read (1s up to bake.duration)'
      )
    ),
    'min-runs': key(
      entry,
      about(
        count(0, 1_000_000),
        'root runs a window needs before a bound is judged (0: none; a window with no runs never passes)'
      )
    ),
    'max-error-rate': key(entry, about(share, 'share of root runs that may end in an error, N%')),
    'max-latency': key(
      entry,
      about(
        namedMap(LATENCY_KEYS, duration, entry),
        'p50 and/or p99 → duration: root-run latency bounds'
      )
    ),
    'max-regression': key(
      entry,
      about(
        regression,
        "error-rate → N% (points above the previous revision's window), p50/p99 → N% (relative increase)"
      )
    ),
    'failure-limit': key(
      entry,
      about(count(1, 10), 'breaching reads in a row that end the bake early, 1–10')
    ),
    'revision-key': key(
      entry,
      about(
        text.regex(
          REVISION_KEY,
          "must be 1–64 letters, digits and _ . - (it is written into the service's filter)"
        ),
        "a run metadata key that holds the serving revision's id: both windows count only runs that carry it"
      )
    )
  })
}
