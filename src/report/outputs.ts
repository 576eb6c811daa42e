import type { OutputName } from '../inputs/contract'
import type { Log } from './log'
import type { Redactor } from './redact'
import { checkHttpUrl } from '../lib/url'
import { DEPLOYMENT_NAME } from '../lib/ids'
import { CONTROL_KINDS, characterClass } from '../lib/character-kinds'
import { parseJson } from '../lib/json'
import { flag, pattern, uuid, type OutputShape as Shape } from '../report-kit/shapes'
import { LISTED_RENDERS } from '../steps'

/** An output is one line: no control character and no line break of any kind. */
const OUTPUT_CONTROL = characterClass(CONTROL_KINDS)

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

/** A JSON list of deployment names, each of the service's own name rule. */
const deploymentNames: Shape = (value) => {
  const names = parseJson(value)
  if (names === undefined) return { problem: 'it is not JSON' }
  const valid =
    Array.isArray(names) &&
    names.every((name) => typeof name === 'string' && DEPLOYMENT_NAME.test(name))
  return valid ? { value } : { problem: 'it holds a name that breaks the deployment name rule' }
}

type Listed = (typeof LISTED_RENDERS)[keyof typeof LISTED_RENDERS]

/** The outputs the listed steps set: each shaped beside its renderer row, in its folder. */
type StepOutput = Listed extends infer Each
  ? Each extends { shapes?: infer Shapes }
    ? keyof NonNullable<Shapes>
    : never
  : never

const STEP_SHAPES = Object.assign(
  {},
  ...Object.values(LISTED_RENDERS).map((render: { shapes?: object }) => render.shapes ?? {})
) as Record<StepOutput, Shape>

/**
 * The shape of every output, one line each. Outputs reach `run:` steps through `${{ }}`, which
 * pastes them into a shell script: a value the service sent is set only in a shape that cannot
 * carry shell syntax (the compiler makes a new output add its line, here or in its step's
 * renderer row).
 */
const FRAME_SHAPES: Record<Exclude<OutputName, StepOutput>, Shape> = {
  'deployment-id': uuid,
  'revision-id': uuid,
  'previous-revision-id': uuid,
  'rollback-revision-id': uuid,
  'promoted-from': uuid,
  'revision-status': pattern(/^[A-Z_]+$/, 'it is not a status name (A-Z and _)'),
  'deployment-url': shellSafeUrl,
  created: flag,
  'rolled-back': flag,
  pruned: deploymentNames
}

export const OUTPUT_SHAPES: Record<OutputName, Shape> = { ...FRAME_SHAPES, ...STEP_SHAPES }

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
