/**
 * The release policy's `bake` section: how long the new revision's own traffic is watched after
 * the checks, how often its window is read, and the bounds it must stay inside; the rules between
 * its keys, its words and its settings. Loads none of the bake's code nor the tracing client.
 */
import { z } from 'zod'
import { parseDuration } from '../lib/duration'
import {
  defineSection,
  lacksInput,
  type InEffect,
  type Keys,
  type RuleProblem,
  type Values
} from '../policy-kit/section'
import { about } from '../policy-kit/schema-kit'
import { bakeBudgetMs } from './windows'
import { count, duration, share, text } from '../policy-kit/values'
import { durationWords, shareWords } from '../policy-kit/words'

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

// error-rate above 100 % is refused by the rules, so it is said beside the other keys' problems.
const keys = ((key, entry) => ({
  duration: key(
    about(
      duration.refine(
        (ms) => ms <= MAX_BAKE_MS,
        'must be at most 5h (the runner ends a job after 6 hours)'
      ),
      "after every check passed, watch the new revision's own traffic this long (at most 5h)"
    )
  ),
  interval: key(
    about(
      duration.refine((ms) => ms >= MIN_BAKE_INTERVAL_MS, 'must be at least 1s'),
      'how often the window is read (1s up to bake.duration)'
    )
  ),
  'min-runs': key(
    about(
      count(0, 1_000_000),
      'root runs a window needs before a bound is judged (0: none; a window with no runs never passes)'
    )
  ),
  'max-error-rate': key(about(share, 'share of root runs that may end in an error, N%')),
  'max-latency': key(
    about(
      namedMap(LATENCY_KEYS, duration, entry),
      'p50 and/or p99 → duration: root-run latency bounds'
    )
  ),
  'max-regression': key(
    about(
      namedMap(REGRESSION_KEYS, increase, entry),
      "error-rate → N% (points above the previous revision's window), p50/p99 → N% (relative increase)"
    )
  ),
  'failure-limit': key(
    about(count(1, 10), 'breaching reads in a row that end the bake early, 1–10')
  ),
  'revision-key': key(
    about(
      text.regex(
        REVISION_KEY,
        "must be 1–64 letters, digits and _ . - (it is written into the service's filter)"
      ),
      "a run metadata key that holds the serving revision's id: both windows count only runs that carry it"
    )
  )
})) satisfies Keys<z.core.$ZodLooseShape>

type Bake = InEffect<Values<typeof keys>>

const DEFAULTS = { interval: '1m', 'min-runs': 20, 'failure-limit': 2 } as const

/** The bake window's settings: durations in ms, shares 0–1, each bound only when written. */
export interface BakeSettings {
  durationMs: number
  /** At most `durationMs` (the default interval is cut to a shorter bake). */
  intervalMs: number
  minRuns: number
  maxErrorRate?: number
  maxLatencyMs: { p50?: number; p99?: number }
  maxRegression: { 'error-rate'?: number; p50?: number; p99?: number }
  failureLimit: number
  revisionKey?: string
  tracingUrl: string
  tracingWebUrl?: string
}

const asDuration = (value: unknown) => durationWords(value as number)
const asShare = (value: unknown) => shareWords(value as number)

export const bakeSection = defineSection({
  name: 'bake',
  // Its window, and the reads after it, run past `timeout` under their own bound.
  overtimeMs: (settings: BakeSettings) => bakeBudgetMs(settings.durationMs, settings.intervalMs),
  keys,
  defaults: DEFAULTS,
  words: (bake: Bake) => {
    const latency = Object.entries(bake['max-latency'] ?? {}).map(
      ([key, ms]) => `${key} ≤ ${durationWords(ms)}`
    )
    const regression = Object.entries(bake['max-regression'] ?? {}).map(([key, share]) =>
      key === 'error-rate'
        ? `error rate at most ${shareWords(share)} above the previous revision's`
        : `${key} at most ${shareWords(share)} above the previous revision's`
    )
    const errorRate = bake['max-error-rate']
    return [
      bake.duration === undefined ? 'no duration' : `${durationWords(bake.duration)} of traffic`,
      `read every ${durationWords(bake.interval ?? 0)}`,
      `at least ${bake['min-runs']} runs`,
      ...(errorRate === undefined ? [] : [`errors ≤ ${shareWords(errorRate)}`]),
      ...latency,
      ...regression,
      `${bake['failure-limit']} breaching reads in a row end it`,
      ...(bake['revision-key'] === undefined
        ? []
        : [`runs whose metadata ${bake['revision-key']} names the revision`])
    ]
  },
  // A higher bound lets more through, and removing one judges less.
  diff: {
    duration: { direction: 1, shown: asDuration },
    interval: { shown: asDuration },
    'min-runs': { direction: 1 },
    'max-error-rate': { direction: -1, removalWeakens: true, shown: asShare },
    'max-latency': { perKey: true, direction: -1, removalWeakens: true, shown: asDuration },
    'max-regression': { perKey: true, direction: -1, removalWeakens: true, shown: asShare },
    'failure-limit': { direction: -1 }
  },
  rules: (bake: Bake, { given }) => bakeRules(bake, given),
  actsOnDeployed: { key: 'duration', asks: (value) => value != null },
  inputRules: (value, step) =>
    value('duration') != null && lacksInput(step, step.tracingUrl)
      ? [
          {
            path: ['bake', 'duration'],
            message:
              "bake.duration needs the tracing-url input (the tracing service that holds the deployment's runs)"
          }
        ]
      : [],
  settings: (bake, { inputs }): BakeSettings | undefined => {
    // The rules refuse a bake without `tracing-url`.
    if (bake?.duration === undefined || inputs.tracingUrl === undefined) return undefined
    const interval = bake.interval ?? parseDuration(DEFAULTS.interval) ?? 0
    return {
      durationMs: bake.duration,
      intervalMs: Math.min(interval, bake.duration),
      minRuns: bake['min-runs'] ?? DEFAULTS['min-runs'],
      ...(bake['max-error-rate'] !== undefined && { maxErrorRate: bake['max-error-rate'] }),
      maxLatencyMs: { ...bake['max-latency'] },
      maxRegression: { ...bake['max-regression'] },
      failureLimit: bake['failure-limit'] ?? DEFAULTS['failure-limit'],
      ...(bake['revision-key'] !== undefined && { revisionKey: bake['revision-key'] }),
      tracingUrl: inputs.tracingUrl,
      ...(inputs.tracingWebUrl !== undefined && { tracingWebUrl: inputs.tracingWebUrl })
    }
  }
})

/** Its keys need a duration, an interval inside it, and at least one bound. */
function bakeRules(bake: Bake, given: (key: string) => boolean): RuleProblem[] {
  const problems: RuleProblem[] = []
  if (bake.duration === undefined) {
    for (const key of Object.keys(bake).filter(given))
      problems.push({
        path: ['bake', key],
        message: `bake.${key} needs bake.duration (how long the new revision's traffic is watched)`
      })
    return problems
  }
  // The default interval (1m) is cut to a shorter duration; one written longer is a mistake.
  if (bake.interval !== undefined && given('interval') && bake.interval > bake.duration)
    problems.push({
      path: ['bake', 'interval'],
      message: `bake.interval (${durationWords(bake.interval)}) is longer than bake.duration (${durationWords(bake.duration)}): the window would never be read before it ends`
    })
  const points = bake['max-regression']?.['error-rate']
  if (points !== undefined && points > 1)
    problems.push({
      path: ['bake', 'max-regression', 'error-rate'],
      message:
        'bake.max-regression.error-rate must be a share written with %, from 0% to 100% (points above the previous rate)'
    })
  const bounds = [
    bake['max-error-rate'] === undefined ? 0 : 1,
    Object.keys(bake['max-latency'] ?? {}).length,
    Object.keys(bake['max-regression'] ?? {}).length
  ]
  if (bounds.every((each) => each === 0))
    problems.push({
      path: ['bake'],
      message:
        'bake needs a bound: bake.max-error-rate, bake.max-latency or bake.max-regression (a bake with nothing to judge would only wait)'
    })
  return problems
}
