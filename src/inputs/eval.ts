/**
 * The evaluation gate's own input texts: threshold lines, the error-rate percentage, the baseline.
 * Pure: each parser returns a value or the sentences that say what is wrong with the text.
 */
import { UUID } from '../lib/ids'

/**
 * A feedback key as the gate names it. Keys become JSON keys of the `eval-scores` output and
 * table cells: letters, digits and `_ . : -` keep them free of shell and markdown syntax.
 */
export const FEEDBACK_KEY = /^[A-Za-z0-9_][A-Za-z0-9_.:-]{0,99}$/

/** `*` in `eval-max-regression`: the bound of every gated key that has no line of its own. */
export const EVERY_KEY = '*'

/** Threshold lines: key → number, in the order written. */
export type Thresholds = ReadonlyMap<string, number>

export type Parsed<T> = { value: T; problems: [] } | { value?: undefined; problems: string[] }

const fail = <T>(problems: string[]): Parsed<T> => ({ problems })

/**
 * Lines `key=number` (blank lines and `#` comments skipped). `allowEvery` lets `*` stand for every
 * gated key (regressions). Problems name the line, never quote more than the key.
 */
export function parseThresholds(
  text: string,
  options: { allowEvery: boolean; allowNegative: boolean }
): Parsed<Thresholds> {
  const thresholds = new Map<string, number>()
  const problems: string[] = []
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = raw.trim()
    if (line === '' || line.startsWith('#')) return
    const where = `line ${index + 1}`
    const equals = line.indexOf('=')
    if (equals < 0) {
      problems.push(`${where} is not key=number`)
      return
    }
    const key = line.slice(0, equals).trim()
    const numberText = line.slice(equals + 1).trim()
    if (key === EVERY_KEY && !options.allowEvery) {
      problems.push(`${where}: * is only for eval-max-regression; name each key here`)
      return
    }
    if (key !== EVERY_KEY && !FEEDBACK_KEY.test(key)) {
      problems.push(
        `${where}: the key must be a feedback key (letters, digits and _ . : -, at most 100 characters)`
      )
      return
    }
    const value = /^[+-]?(\d+(\.\d*)?|\.\d+)$/.test(numberText) ? Number(numberText) : NaN
    if (!Number.isFinite(value)) {
      problems.push(`${where}: ${key} must be given a number (key=number)`)
      return
    }
    if (value < 0 && !options.allowNegative) {
      problems.push(
        `${where}: ${key} must not be negative (a drop is written as a positive number)`
      )
      return
    }
    if (thresholds.has(key)) {
      problems.push(`${where}: ${key} is given twice`)
      return
    }
    thresholds.set(key, value)
  })
  return problems.length > 0 ? fail(problems) : { value: thresholds, problems: [] }
}

/** `5%` → 0.05; a percentage from 0% to 100%. */
export function parsePercentage(text: string): Parsed<number> {
  const match = /^(\d+(\.\d+)?)\s*%$/.exec(text.trim())
  const percent = match ? Number(match[1]) : NaN
  if (!Number.isFinite(percent) || percent > 100)
    return fail(['must be a percentage from 0% to 100% (for example 5%)'])
  return { value: percent / 100, problems: [] }
}

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

/** `a, b` → ['a', 'b']; an empty item is refused. */
export function parseSplits(text: string): Parsed<string[]> {
  const splits = text.split(',').map((split) => split.trim())
  if (splits.some((split) => split === ''))
    return fail(['must be a comma list of split names, none of them empty'])
  return { value: [...new Set(splits)], problems: [] }
}

/**
 * The keys the gate waits for and judges: those of `eval-min-scores`, then those of
 * `eval-max-regression` other than `*`, each once.
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
