import { readFileSync } from 'node:fs'
import { parse } from 'yaml'
import type { RawInputs } from '../../src/inputs/contract'
import { INPUT_NAMES } from '../../src/inputs/contract'
import { ACTION_YML_ENV } from './global-setup'

interface ActionYml {
  inputs: Record<string, { description: string; required?: boolean; default?: string }>
  outputs: Record<string, { description: string }>
  runs: { using: string; main: string }
}

// Parsed once a run by the suite's set-up (./global-setup.ts), here only outside it: parsed in
// each test file, it cost tens of ms of CPU in most files (the YAML parser's code is new to each).
const parsed = process.env[ACTION_YML_ENV]
export const actionYml = (
  parsed === undefined
    ? parse(readFileSync(new URL('../../action.yml', import.meta.url), 'utf8'))
    : JSON.parse(parsed)
) as ActionYml

/**
 * Raw inputs as the runner hands them over: the defaults of action.yml, then the given values.
 * Every name must be a declared input.
 */
export function rawInputs(given: Partial<RawInputs> = {}): RawInputs {
  const raw = Object.fromEntries(
    INPUT_NAMES.map((name) => [name, actionYml.inputs[name]?.default ?? ''])
  ) as RawInputs
  return { ...raw, ...given }
}

/** The same as INPUT_* environment variables, the way a runner passes them to the process. */
export function inputEnv(given: Partial<RawInputs>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(rawInputs(given)).map(([name, value]) => [
      `INPUT_${name.replace(/ /g, '_').toUpperCase()}`,
      value
    ])
  )
}
