/**
 * The step's release policy: the file `release-policy` names, read through ../policy/ with the
 * files it names, the entry `environment` picks, and the rules between the policy and the other
 * inputs (checks need `wait`, a gate needs `tracing-url`). Every problem is found at once, each
 * with its place in the file, before anything is sent.
 */
import { loadPolicy, type LoadedPolicy } from '../policy/load'
import { keyPathText, uniqueProblems, type PolicyProblem } from '../policy/problems'
import { policyInputRules, type StepFacts } from '../policy/rules'
import type { PolicyInEffect } from '../policy/effective'
import type { RawInputs } from './contract'
import { Step } from './step'
import type { InputEnv } from './problems'

export interface StepPolicy {
  /** The path as written in `release-policy`. */
  path: string
  /** The environments entries' names, as written. */
  entries: string[]
  /** The policy in effect for the step's `environment`. */
  inEffect: PolicyInEffect
  /** The `environment` input that picked the entry, when given. */
  environment?: string
}

export interface StepPolicyRead {
  /** Undefined without `release-policy`, or when it has problems. */
  policy?: StepPolicy
  problems: PolicyProblem[]
}

/**
 * Reads the policy the inputs name, when they name one and the operation applies it (delete and
 * prune refuse `release-policy` among their inputs). operation validate judges the rules with the
 * inputs for the policy as written and for each entry merged over it; the others for the entry
 * their `environment` picks.
 */
export async function readStepPolicy(raw: RawInputs, env: InputEnv): Promise<StepPolicyRead> {
  const step = new Step(raw, env)
  const path = step.text('release-policy')
  if (path === undefined || step.operation === 'delete' || step.operation === 'prune')
    return { problems: [] }
  const load = await loadPolicy(path, env.GITHUB_WORKSPACE, {
    graphConfigPath: step.text('graph-config-path')
  })
  if (load.policy === undefined) return { problems: load.problems }
  const loaded = load.policy
  const facts: StepFacts = {
    operation: step.operation,
    wait: step.text('wait')?.toLowerCase() !== 'false',
    tracingUrl: step.text('tracing-url')
  }
  const environment = step.text('environment')
  const judged = step.operation === 'validate' ? [undefined, ...loaded.entries] : [environment]
  const problems = judged.flatMap((name) => inputRuleProblems(loaded, name, facts))
  const inEffect = loaded.inEffect(environment)
  return problems.length > 0
    ? { problems: uniqueProblems(problems) }
    : { policy: { path, entries: loaded.entries, inEffect, environment }, problems: [] }
}

function inputRuleProblems(
  loaded: LoadedPolicy,
  environment: string | undefined,
  facts: StepFacts
): PolicyProblem[] {
  const inEffect = loaded.inEffect(environment)
  const context = inEffect.entry === null ? '' : `with environments.${inEffect.entry} merged: `
  return policyInputRules(inEffect.policy, facts).map(({ path, message }) => ({
    message: `${context}${message}`,
    keyPath: keyPathText(path),
    file: loaded.file,
    ...loaded.locate(path, inEffect.entry)
  }))
}
