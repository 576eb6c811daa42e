import * as core from '@actions/core'
import { INPUT_NAMES, type RawInputs } from './inputs/contract'
import { InputError, parseInputs, type Config } from './inputs/parse'
import { writeSummary } from './report/job-summary'
import { createLog } from './report/log'
import { createRedactor, secretForms, type Redactor } from './report/redact'
import { parseSecrets } from './inputs/secrets'
import { renderInputErrorSummary } from './report/summary'

/** Reads every declared input, raw; parseInputs judges them. */
export function readRawInputs(): RawInputs {
  return Object.fromEntries(INPUT_NAMES.map((name) => [name, core.getInput(name)])) as RawInputs
}

/**
 * Every secret the inputs hold: the keys, the token, each `secrets` value (also of a `secrets`
 * input that will be refused) and a password in `api-url`.
 */
export function secretValues(raw: RawInputs): string[] {
  return [
    raw['api-key'],
    raw['agent-api-key'],
    raw['github-token'],
    ...parseSecrets(raw.secrets).values,
    ...urlCredentials(raw['api-url'])
  ].filter((value) => value !== '')
}

/** The password of a URL written `https://user:password@host`, as written and decoded. */
function urlCredentials(text: string): string[] {
  try {
    const { username, password } = new URL(text.trim())
    if (password === '') return []
    return [`${username}:${password}`, password, decodeURIComponent(password)]
  } catch {
    return []
  }
}

/**
 * Masks every secret the inputs hold, in every form the redactor knows (each line of a
 * multi-line value, JSON- and URL-encoded), before anything is logged, and returns the redactor
 * every destination (./report/) applies before it escapes.
 */
export function maskSecrets(raw: RawInputs): Redactor {
  const values = secretValues(raw)
  // Each value as given (the runner masks even a short one), then every form the redactor knows.
  for (const form of new Set([...values, ...secretForms(values)])) core.setSecret(form)
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
  const log = createLog(redact)

  let config: Config
  try {
    config = await parseInputs(raw, process.env)
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    await writeSummary(renderInputErrorSummary(message, redact), log)
    log.fail(message)
    if (!(error instanceof InputError)) log.debug(() => stackOf(error))
    return
  }
  config.warnings.forEach((warning) => log.warning(warning))
  try {
    const { execute } = await import('./execute')
    await execute(config, redact, startedAt)
  } catch (error) {
    // Not thrown on: Node would print it to stderr, unredacted and unescaped.
    log.fail(`The action failed: ${error instanceof Error ? error.message : String(error)}`)
    log.debug(() => stackOf(error))
  }
}

function stackOf(error: unknown): string {
  return error instanceof Error ? (error.stack ?? error.message) : String(error)
}
