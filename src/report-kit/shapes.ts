import { UUID } from '../lib/ids'

// What an output's value must look like, and the small shapes several outputs share: the outputs
// module (../report/outputs.ts) judges every output by its shape, each step's shapes beside its
// renderer row in its folder.

/**
 * What a value must look like to become one output: the value to set (a URL comes back
 * percent-encoded), or why it may not.
 */
export type OutputShape = (value: string) => { value: string } | { problem: string }

export const pattern =
  (rule: RegExp, problem: string): OutputShape =>
  (value) =>
    rule.test(value) ? { value } : { problem }

export const uuid = pattern(UUID, 'it is not a UUID')
export const flag = pattern(/^(true|false)$/, 'it is not true or false')

/** A whole number: the action's own count. */
export const count: OutputShape = pattern(/^\d+$/, 'it is not a count')

/** A key's verdict as the outputs hold it. */
export const KEY_VERDICTS: readonly unknown[] = ['pass', 'fail', 'inconclusive']

export const numberOrNull = (value: unknown) =>
  value === null || (typeof value === 'number' && Number.isFinite(value))
