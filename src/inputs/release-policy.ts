/**
 * The step's release policy: the file `release-policy` names, read through ../policy/ with the
 * files it names, the entry `environment` picks, and the rules between the policy and the other
 * inputs (checks need `wait`, a gate needs `tracing-url`). Every problem is found at once, each
 * with its place in the file, before anything is sent.
 */
import { mergeEntry, selectEntry } from '../policy/environments'
import { OPERATION_FACTS } from '../operation-facts'
import type { WrittenPolicy } from '../policy/load'
import {
  keyPathText,
  saidOnce,
  uniqueProblems,
  type JudgedProblem,
  type PolicyProblem
} from '../policy-kit/problems'
import { policyInputRules, type StepFacts } from '../policy/rules'
import type { PolicyInEffect } from '../policy/effective'
import type { PolicySides } from '../policy/compare-environments'
import { policySides } from '../policy/sides'
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
  /** operation validate: the policy in effect under each environments entry, in file order. */
  entryEffects?: { name: string; inEffect: PolicyInEffect }[]
}

/** What a pull request's comparison needs of the file beyond this run's policy in effect. */
export interface PolicyHead {
  /** Every environment's policy in effect: a pull request compares each with its base's. */
  sides: PolicySides
  /** Where a setting of an environment stands in the file (a weaker line is annotated there). */
  placeOf: WrittenPolicy['placeOf']
}

// Beside the config, not in it: the config stays data (compared, printed), and these are the
// loaded file's means, kept for the one reader that needs them.
const heads = new WeakMap<StepPolicy, PolicyHead>()

/** The loaded file behind a step's policy; undefined for one not read from a file (a fixture). */
export function policyHead(policy: StepPolicy): PolicyHead | undefined {
  return heads.get(policy)
}

export interface StepPolicyRead {
  /** Undefined without `release-policy`, or when it has problems. */
  policy?: StepPolicy
  problems: PolicyProblem[]
}

/**
 * Reads the policy the inputs name, when they name one and the operation applies it (delete and
 * prune refuse `release-policy` among their inputs, so it is not read). The rules with the inputs
 * are judged on the file as written even when it has problems of its own, so that every problem
 * is said in one run: operation validate judges them for the policy as written and for each
 * entry merged over it; the others for the entry their `environment` picks.
 */
export async function readStepPolicy(raw: RawInputs, env: InputEnv): Promise<StepPolicyRead> {
  const step = new Step(raw, env)
  const path = step.text('release-policy')
  if (path === undefined || OPERATION_FACTS[step.operation].policy === 'refused')
    return { problems: [] }
  // The policy's reader (and the YAML parser) load only for a run that names a policy: one
  // chunk, named at each import of it (the base commit's reading, validate, the assistants file).
  const { loadPolicy } = await import(/* webpackChunkName: "policy" */ '../policy/load')
  const load = await loadPolicy(path, env.GITHUB_WORKSPACE, {
    graphConfigPath: step.text('graph-config-path')
  })
  const facts: StepFacts = {
    wait: step.text('wait')?.toLowerCase() !== 'false',
    tracingUrl: step.text('tracing-url'),
    validating: step.operation === 'validate'
  }
  const environment = step.text('environment')
  const written = load.written
  const judged =
    OPERATION_FACTS[step.operation].policy === 'checks'
      ? [undefined, ...(written?.entries ?? [])]
      : [environment]
  const problems = uniqueProblems([
    ...load.problems,
    ...(written === undefined
      ? []
      : saidOnce(judged.flatMap((name) => inputRuleProblems(written, name, facts))))
  ]).sort((a, b) => (a.line ?? 0) - (b.line ?? 0) || (a.col ?? 0) - (b.col ?? 0))
  if (load.policy === undefined || problems.length > 0) return { problems }
  const inEffect = load.policy.inEffect(environment)
  const loaded = load.policy
  const entryEffects =
    step.operation === 'validate'
      ? loaded.entries.map((name) => ({ name, inEffect: loaded.inEffect(name) }))
      : undefined
  const policy: StepPolicy = {
    path,
    entries: loaded.entries,
    inEffect,
    environment,
    ...(entryEffects && { entryEffects })
  }
  heads.set(policy, { sides: policySides(loaded), placeOf: loaded.placeOf })
  return { policy, problems: [] }
}

/** The rules with the inputs, for the entry `environment` picks merged over the file as written. */
function inputRuleProblems(
  written: WrittenPolicy,
  environment: string | undefined,
  facts: StepFacts
): JudgedProblem[] {
  const entry = selectEntry(written.entries, environment) ?? null
  const entries = written.value.environments as Record<string, unknown> | undefined
  const merged = mergeEntry(written.value, entry === null ? undefined : entries?.[entry])
  return policyInputRules(merged, facts).map(({ path, message }) => ({
    entry: entry ?? undefined,
    problem: {
      message,
      keyPath: keyPathText(path),
      file: written.file,
      ...written.locate(path, entry)
    }
  }))
}
