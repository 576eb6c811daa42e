/**
 * The evaluation gate's terms shared by the release policy and the gate: feedback keys, the `*`
 * regression bound, the baseline choice, the gated keys. Pure.
 */
import { UUID } from './ids'

/**
 * A feedback key as the gate names it. Keys become JSON keys of the `eval-scores` output and
 * table cells: letters, digits and `_ . : -` keep them free of shell and markdown syntax.
 */
export const FEEDBACK_KEY = /^[A-Za-z0-9_][A-Za-z0-9_.:-]{0,99}$/

/** `*` in `gate.max-regression`: the bound of every gated key that has no line of its own. */
export const EVERY_KEY = '*'

/** Threshold lines: key → number, in the order written. */
export type Thresholds = ReadonlyMap<string, number>

export type Parsed<T> = { value: T; problems: [] } | { value?: undefined; problems: string[] }

const fail = <T>(problems: string[]): Parsed<T> => ({ problems })

export type BaselineChoice =
  { kind: 'previous' } | { kind: 'dataset' } | { kind: 'none' } | { kind: 'experiment'; id: string }

export function parseBaseline(text: string): Parsed<BaselineChoice> {
  const value = text.trim()
  if (value === 'previous' || value === 'dataset' || value === 'none')
    return { value: { kind: value }, problems: [] }
  if (UUID.test(value))
    return { value: { kind: 'experiment', id: value.toLowerCase() }, problems: [] }
  return fail(['must be previous, dataset, none, or an experiment id (a UUID)'])
}

/**
 * The keys the gate waits for and judges: those of `gate.min-scores`, then those of
 * `gate.max-regression` other than `*`, each once.
 */
export function gatedKeys(minScores: Thresholds, maxRegression: Thresholds): string[] {
  return [...new Set([...minScores.keys(), ...maxRegression.keys()])].filter(
    (key) => key !== EVERY_KEY
  )
}

/** The regression bound of a key: its own line, else `*`, else none. */
export function regressionBound(maxRegression: Thresholds, key: string): number | undefined {
  return maxRegression.get(key) ?? maxRegression.get(EVERY_KEY)
}
