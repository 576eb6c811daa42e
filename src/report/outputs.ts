import type { OutputName } from '../inputs/contract'
import type { Log } from './log'
import type { Redactor } from './redact'
import { checkHttpUrl } from '../lib/url'
import { DEPLOYMENT_NAME, UUID } from '../lib/ids'
import { FEEDBACK_KEY } from '../lib/gate-thresholds'
import { CONTROL_KINDS, characterClass } from '../lib/character-kinds'
import { parseJson } from '../lib/json'
import { parkedThreadsOutputSchema } from '../threads/payload'

/** An output is one line: no control character and no line break of any kind. */
const OUTPUT_CONTROL = characterClass(CONTROL_KINDS)

/**
 * What a value must look like to become one output: the value to set (a URL comes back
 * percent-encoded), or why it may not.
 */
type Shape = (value: string) => { value: string } | { problem: string }

const pattern =
  (rule: RegExp, problem: string): Shape =>
  (value) =>
    rule.test(value) ? { value } : { problem }

const uuid = pattern(UUID, 'it is not a UUID')
const flag = pattern(/^(true|false)$/, 'it is not true or false')

/** Characters a URL output may hold as they are; any other is percent-encoded. */
const URL_KEPT = /[A-Za-z0-9._~:/?#@!&+,;=%-]/
/** Characters that are shell syntax inside or around `"…"`: a URL holding one is refused. */
const SHELL_SYNTAX = /[$`"'\\()<>|]/

/** Each UTF-8 byte of a character as `%XX` (encodeURIComponent leaves `*` and others as they are). */
const percentEncoded = (character: string) =>
  [...Buffer.from(character)]
    .map((byte) => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`)
    .join('')

/** An http(s) URL without credentials or shell syntax, every other character percent-encoded. */
const shellSafeUrl: Shape = (value) => {
  if (SHELL_SYNTAX.test(value)) return { problem: 'it holds shell syntax ($ ` " \' \\ ( ) < > |)' }
  const checked = checkHttpUrl(value)
  if ('problem' in checked) return checked
  const encoded = [...value]
    .map((character) => (URL_KEPT.test(character) ? character : percentEncoded(character)))
    .join('')
  return { value: encoded }
}

/** A whole number: the action's own count. */
const count: Shape = pattern(/^\d+$/, 'it is not a count')

/** A JSON list of deployment names, each of the service's own name rule. */
const deploymentNames: Shape = (value) => {
  const names = parseJson(value)
  if (names === undefined) return { problem: 'it is not JSON' }
  const valid =
    Array.isArray(names) &&
    names.every((name) => typeof name === 'string' && DEPLOYMENT_NAME.test(name))
  return valid ? { value } : { problem: 'it holds a name that breaks the deployment name rule' }
}

const SCORE_FIELDS = ['mean', 'n', 'baseline', 'delta', 'compared', 'verdict'] as const
const KEY_VERDICTS: readonly unknown[] = ['pass', 'fail', 'inconclusive']
const numberOrNull = (value: unknown) =>
  value === null || (typeof value === 'number' && Number.isFinite(value))

/**
 * `eval-scores`: a JSON object keyed by feedback keys (the gate writes only the keys the inputs
 * named, which have FEEDBACK_KEY's shape), each `{mean, n, baseline, delta, compared, verdict}`
 * holding numbers, null and the fixed words only; never `pass` beside a null mean.
 */
const evalScores: Shape = (value) => {
  const scores = parseJson(value)
  if (scores === undefined) return { problem: 'it is not JSON' }
  if (typeof scores !== 'object' || scores === null || Array.isArray(scores))
    return { problem: 'it is not a JSON object' }
  for (const [key, row] of Object.entries(scores)) {
    if (!FEEDBACK_KEY.test(key)) return { problem: 'it holds a key that is not a feedback key' }
    if (typeof row !== 'object' || row === null || Array.isArray(row))
      return { problem: `its ${key} is not an object` }
    const fields = Object.keys(row)
    if (fields.length !== SCORE_FIELDS.length || !SCORE_FIELDS.every((f) => fields.includes(f)))
      return { problem: `its ${key} does not hold exactly ${SCORE_FIELDS.join(', ')}` }
    const { mean, n, baseline, delta, compared, verdict } = row as Record<string, unknown>
    if (
      ![mean, baseline, delta].every(numberOrNull) ||
      !Number.isInteger(n) ||
      !(compared === null || Number.isInteger(compared))
    )
      return { problem: `its ${key} holds a value that is not a number or null` }
    if (!KEY_VERDICTS.includes(verdict)) return { problem: `its ${key} has an unknown verdict` }
    if (verdict === 'pass' && mean === null) return { problem: `its ${key} passes without a mean` }
  }
  return { value }
}

const ASSISTANT_NAME = /^[a-z0-9][a-z0-9_-]{0,62}$/
const ASSISTANT_RESULTS: readonly unknown[] = [
  'created',
  'updated',
  'unchanged',
  'pinned',
  'restored'
]

/** `parked-threads`: the spec's shape, names in their rule, thread ids 8 hex characters. */
const parkedThreadsShape: Shape = (value) =>
  parkedThreadsOutputSchema.safeParse(parseJson(value)).success
    ? { value }
    : { problem: 'it is not in the shape of parked-threads' }

/** `assistants`: name → {id, version, result}; names the entries' rule, ids UUIDs, versions whole. */
const assistantsShape: Shape = (value) => {
  const parsed = parseJson(value)
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    return { problem: 'it is not a JSON object' }
  for (const [name, row] of Object.entries(parsed)) {
    if (!ASSISTANT_NAME.test(name)) return { problem: "it holds a name outside the entries' rule" }
    if (typeof row !== 'object' || row === null || Array.isArray(row))
      return { problem: `its ${name} is not an object` }
    const { id, version, result, ...rest } = row as Record<string, unknown>
    if (Object.keys(rest).length > 0)
      return { problem: `its ${name} holds more than id, version, result` }
    if (typeof id !== 'string' || !UUID.test(id))
      return { problem: `its ${name} has an id that is not a UUID` }
    if (!Number.isSafeInteger(version))
      return { problem: `its ${name} has a version that is not a whole number` }
    if (!ASSISTANT_RESULTS.includes(result)) return { problem: `its ${name} has an unknown result` }
  }
  return { value }
}

const WINDOW_FIELDS = ['runs', 'error-rate', 'p50', 'p99'] as const

/** A window of `bake-stats`: a whole run count, a rate 0–1 and latencies ≥ 0, or nulls. */
function bakeWindow(window: unknown): boolean {
  if (typeof window !== 'object' || window === null || Array.isArray(window)) return false
  const fields = Object.keys(window)
  if (fields.length !== WINDOW_FIELDS.length || !WINDOW_FIELDS.every((f) => fields.includes(f)))
    return false
  const { runs, 'error-rate': rate, p50, p99 } = window as Record<string, unknown>
  const atLeast0 = (value: unknown) =>
    value === null || (numberOrNull(value) && (value as number) >= 0)
  return (
    (runs === null || (Number.isInteger(runs) && (runs as number) >= 0)) &&
    atLeast0(rate) &&
    (rate === null || (rate as number) <= 1) &&
    atLeast0(p50) &&
    atLeast0(p99)
  )
}

/** `bake-stats`: `{window, previous, reads, verdict}` in exactly that shape. */
const bakeStats: Shape = (value) => {
  const stats = parseJson(value)
  if (typeof stats !== 'object' || stats === null || Array.isArray(stats))
    return { problem: 'it is not a JSON object' }
  const fields = Object.keys(stats).sort().join()
  if (fields !== 'previous,reads,verdict,window')
    return { problem: 'it does not hold exactly window, previous, reads, verdict' }
  const { window, previous, reads, verdict } = stats as Record<string, unknown>
  if (!bakeWindow(window) || !(previous === null || bakeWindow(previous)))
    return { problem: 'a window holds a value out of range' }
  if (!Number.isInteger(reads) || (reads as number) < 0)
    return { problem: 'its reads is not a count' }
  if (!KEY_VERDICTS.includes(verdict)) return { problem: 'it has an unknown verdict' }
  return { value }
}

/**
 * The shape of every output, one line each. Outputs reach `run:` steps through `${{ }}`, which
 * pastes them into a shell script: a value the service sent is set only in a shape that cannot
 * carry shell syntax (the compiler makes a new output add its line).
 */
export const OUTPUT_SHAPES: Record<OutputName, Shape> = {
  'deployment-id': uuid,
  'revision-id': uuid,
  'previous-revision-id': uuid,
  'rollback-revision-id': uuid,
  'promoted-from': uuid,
  'revision-status': pattern(/^[A-Z_]+$/, 'it is not a status name (A-Z and _)'),
  'deployment-url': shellSafeUrl,
  created: flag,
  'rolled-back': flag,
  pruned: deploymentNames,
  'cases-passed': count,
  'cases-failed': count,
  'eval-passed': flag,
  'experiment-id': uuid,
  'baseline-experiment-id': uuid,
  'eval-scores': evalScores,
  'bake-passed': flag,
  'bake-stats': bakeStats,
  assistants: assistantsShape,
  'parked-threads': parkedThreadsShape
}

/**
 * The value this output is set to, or why it may not be. No output holds a secret or a control
 * character (a line break cannot add an output either way: @actions/core writes each value
 * between random delimiters), and each has its shape.
 */
export function judgeOutput(
  name: OutputName,
  value: string,
  redact: Redactor
): { value: string } | { problem: string } {
  if (value === '') return { value }
  if (redact(value) !== value) return { problem: 'it holds a secret' }
  if (OUTPUT_CONTROL.test(value)) return { problem: 'it holds control characters or line breaks' }
  const shaped = OUTPUT_SHAPES[name](value)
  if ('problem' in shaped) return shaped
  return redact(shaped.value) === shaped.value ? shaped : { problem: 'it holds a secret' }
}

/** Why a value may not become this output, or undefined when it may. */
export function outputProblem(
  name: OutputName,
  value: string,
  redact: Redactor
): string | undefined {
  const judged = judgeOutput(name, value, redact)
  return 'problem' in judged ? judged.problem : undefined
}

/**
 * Sets the action's outputs, the one place that does: a value the service sent that may not be an
 * output is left empty, with a warning that names the output and says why.
 */
export function createOutputs(
  redact: Redactor,
  log: Pick<Log, 'warning'>,
  set: (name: OutputName, value: string) => void
): (name: OutputName, value: string) => void {
  return (name, value) => {
    const judged = judgeOutput(name, value, redact)
    if ('value' in judged) return set(name, judged.value)
    set(name, '')
    log.warning(
      `The output ${name} is left empty: the value the service sent is not fit for it (${judged.problem}).`,
      { rank: 'own' }
    )
  }
}
