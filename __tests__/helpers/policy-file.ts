/**
 * A step as a test writes it: its inputs, and beside them the release policy (an object written
 * as YAML, or the file's text), which the harnesses write into the run's workspace and name in
 * `release-policy`. No test framework needed: bench uses it too.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { stringify } from 'yaml'
import type { RawInputs } from '../../src/inputs/contract'
import type { Config } from '../../src/inputs/parse'
import { parseServiceInputs } from './service-config'
import { rawInputs } from './action-yml'
import { BRANCH_ENV } from './step-inputs'

/** A release policy: its keys (`version: 1` filled in when absent), or the file's own text. */
export type PolicyFixture = Record<string, unknown> | string

/** A step's inputs, and the release policy it names (written by the harness that runs it). */
export type Step = Partial<RawInputs> & { policy?: PolicyFixture }

/** Where the harnesses write a step's policy, relative to the workspace. */
export const POLICY_PATH = '.github/release-policy.yml'

/** The policy file's text: YAML of the keys, `version: 1` first when not given. */
export function policyText(policy: PolicyFixture): string {
  return typeof policy === 'string' ? policy : stringify({ version: 1, ...policy })
}

/**
 * Writes the step's policy into `workspace` (at its `release-policy` path when it names one) and
 * returns the inputs alone, naming it. A step without a policy is returned as it is.
 */
export function writeStepPolicy(step: Step, workspace: string): Partial<RawInputs> {
  const { policy, ...inputs } = step
  if (policy === undefined) return inputs
  const path = inputs['release-policy'] || POLICY_PATH
  mkdirSync(dirname(join(workspace, path)), { recursive: true })
  writeFileSync(join(workspace, path), policyText(policy))
  return { ...inputs, 'release-policy': path }
}

/**
 * Calls `read` with the step's inputs and env once its policy is written: into `env`'s
 * GITHUB_WORKSPACE, or a new folder under the OS temp folder (removed once `read` ends) when the
 * step has a policy and `env` names none.
 */
export async function readStep<T>(
  step: Step,
  env: Record<string, string>,
  read: (inputs: Partial<RawInputs>, env: Record<string, string>) => Promise<T>
): Promise<T> {
  if (step.policy === undefined || env.GITHUB_WORKSPACE !== undefined)
    return read(writeStepPolicy(step, env.GITHUB_WORKSPACE ?? ''), env)
  const workspace = mkdtempSync(join(tmpdir(), 'policy-workspace-'))
  try {
    return await read(writeStepPolicy(step, workspace), { ...env, GITHUB_WORKSPACE: workspace })
  } finally {
    rmSync(workspace, { recursive: true, force: true })
  }
}

type Mapping = Record<string, unknown>
const isMapping = (value: unknown): value is Mapping =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** `over` merged into `base` key by key (mappings deeply; anything else replaces). */
export function mergePolicy(base: Mapping, over: Mapping): Mapping {
  const merged: Mapping = { ...base }
  for (const [key, value] of Object.entries(over)) {
    const below = merged[key]
    merged[key] = isMapping(below) && isMapping(value) ? mergePolicy(below, value) : value
  }
  return merged
}

/** `extra` over `base`: its inputs replace base's, its policy is merged over base's key by key. */
export function overStep(base: Step, extra: Step = {}): Step {
  const merged: Step = { ...base, ...extra }
  if (base.policy !== undefined && extra.policy !== undefined)
    merged.policy =
      typeof base.policy === 'string' || typeof extra.policy === 'string'
        ? extra.policy
        : mergePolicy(base.policy, extra.policy)
  return merged
}

/**
 * A step (its inputs and release policy) → Config as main() parses it (api-key given): for the
 * input and policy tests, which speak in inputs' names and policy keys.
 */
export function configOfStep(
  step: Step,
  env: Record<string, string> = BRANCH_ENV
): Promise<Config> {
  return readStep(step, env, (inputs, stepEnv) =>
    parseServiceInputs(rawInputs({ 'api-key': 'emulator-key', ...inputs }), stepEnv)
  )
}
