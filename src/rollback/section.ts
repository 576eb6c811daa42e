/**
 * The release policy's `rollback` section: whether a revision that fails its checks is replaced
 * by the previous one, and how long the rollback's revision may take. The frame reads its
 * settings itself (safe delivery, the deadlines), so they are always there, off by default.
 */
import { z } from 'zod'
import { parseDuration } from '../lib/duration'
import { defineSection, type InEffect, type Keys, type Values } from '../policy-kit/section'
import { about } from '../policy-kit/schema-kit'
import { duration } from '../policy-kit/values'
import { durationWords } from '../policy-kit/words'

const keys = ((key) => ({
  'on-failure': key(
    about(
      z.boolean({ error: 'must be true or false' }),
      'true: redeploy the previous revision when this one fails its checks'
    )
  ),
  timeout: key(about(duration, "longest wait for the rollback's revision, on top of timeout"))
})) satisfies Keys<z.core.$ZodLooseShape>

type Rollback = InEffect<Values<typeof keys>>

const DEFAULTS = { 'on-failure': false, timeout: '15m' } as const

export interface RollbackSettings {
  /** `rollback.on-failure`: redeploy the previous revision when this run's fails (Safe delivery). */
  onFailure: boolean
  /** `rollback.timeout`: longest wait for a rollback's revision, on top of `timeout`. */
  timeoutMs: number
}

/** What others read of `rollback` (the report, parked threads' rule): whether a failure rolls back. */
export const rollbackOnFailureIn = (policy: Readonly<Record<string, unknown>>): boolean =>
  (policy.rollback as { 'on-failure'?: boolean } | undefined)?.['on-failure'] === true

/** Its key paths, for the words of those that read it through its accessor. */
export const ROLLBACK_KEYS = {
  onFailure: 'rollback.on-failure',
  timeout: 'rollback.timeout'
} as const

export const rollbackSection = defineSection({
  name: 'rollback',
  keys,
  defaults: DEFAULTS,
  words: (rollback: Rollback) =>
    rollback['on-failure']
      ? ['on failure', `within ${durationWords(rollback.timeout ?? 0)}`]
      : ['off'],
  diff: {
    'on-failure': { direction: 1, takesCheck: true },
    timeout: { shown: (value) => durationWords(value as number) }
  },
  actsOnDeployed: { key: 'on-failure', asks: (value) => value === true },
  // `rollback.on-failure` off without a policy: what a step without `release-policy` runs.
  settings: (rollback): RollbackSettings => ({
    onFailure: rollback?.['on-failure'] ?? DEFAULTS['on-failure'],
    timeoutMs: rollback?.timeout ?? parseDuration(DEFAULTS.timeout) ?? 0
  }),
  notices: (settings, step) =>
    step.dryRun && settings.onFailure
      ? ['rollback.on-failure: this is a dry run, which deploys nothing: no rollback can happen.']
      : []
})
