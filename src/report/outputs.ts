import * as core from '@actions/core'
import type { OutputName } from '../inputs/contract'
import type { Log } from './log'
import type { Redactor } from './redact'
import { checkHttpUrl } from '../lib/url'

/**
 * Why a value may not become this output, or undefined when it may. Later steps put outputs into
 * `${{ }}` and shell lines: an output holds no secret and no control character (a line break
 * cannot add an output either way: @actions/core writes each value between random delimiters and
 * refuses a value that holds its delimiter), and `deployment-url` is an http(s) URL without
 * credentials.
 */
export function outputProblem(
  name: OutputName,
  value: string,
  redact: Redactor
): string | undefined {
  if (value === '') return undefined
  if (redact(value) !== value) return 'it holds a secret'
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/.test(value))
    return 'it holds control characters or line breaks'
  if (name !== 'deployment-url') return undefined
  const checked = checkHttpUrl(value)
  return 'problem' in checked ? checked.problem : undefined
}

/**
 * Sets the action's outputs, the one place that does: a value the service sent that may not be an
 * output is left empty, with a warning that names the output and says why.
 */
export function createOutputs(
  redact: Redactor,
  log: Pick<Log, 'warning'>,
  set: (name: OutputName, value: string) => void = core.setOutput
): (name: OutputName, value: string) => void {
  return (name, value) => {
    const problem = outputProblem(name, value, redact)
    if (problem === undefined) return set(name, value)
    set(name, '')
    log.warning(
      `The output ${name} is left empty: the value the service sent is not fit for it (${problem}).`
    )
  }
}
