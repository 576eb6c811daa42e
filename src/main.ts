import * as core from '@actions/core'
import { INPUT_NAMES, type RawInputs } from './inputs/contract'
import { InputError, parseInputs, type Config } from './inputs/parse'
import { writeSummary } from './report/job-summary'
import { createRedactor } from './report/redact'
import { parseSecrets } from './inputs/secrets'
import { renderInputErrorSummary } from './report/summary'

/** Reads every declared input, raw; parseInputs judges them. */
export function readRawInputs(): RawInputs {
  return Object.fromEntries(INPUT_NAMES.map((name) => [name, core.getInput(name)])) as RawInputs
}

/**
 * Masks every secret the inputs hold before anything is logged, including the values of a
 * `secrets` input that will be refused, and returns a redactor for text the runner does not mask
 * (the job summary).
 */
export function maskSecrets(raw: RawInputs): (text: string) => string {
  const values = [
    raw['api-key'],
    raw['agent-api-key'],
    raw['github-token'],
    ...parseSecrets(raw.secrets).values
  ].filter((value) => value !== '')
  for (const value of values) {
    core.setSecret(value)
    // The runner masks a multi-line value only whole; mask each line too.
    const lines = value.split(/\r?\n/).filter((line) => line.trim() !== '')
    if (lines.length > 1) lines.forEach((line) => core.setSecret(line.trim()))
  }
  return createRedactor(values)
}

/**
 * The action: inputs → config, then the operation. Only what reading the inputs needs is loaded
 * before they are judged; the HTTP client and the operations load after (issue 6: start-up).
 */
export async function run(): Promise<void> {
  const startedAt = Date.now()
  const raw = readRawInputs()
  const redact = maskSecrets(raw)

  let config: Config
  try {
    config = await parseInputs(raw, process.env)
  } catch (error) {
    const message = redact(error instanceof Error ? error.message : String(error))
    await writeSummary(renderInputErrorSummary(message))
    core.setFailed(message)
    if (!(error instanceof InputError)) throw error
    return
  }
  config.warnings.forEach((warning) => core.warning(warning))
  const { execute } = await import('./execute')
  await execute(config, redact, startedAt)
}
