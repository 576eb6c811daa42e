/**
 * The rules between keys of a policy in effect (after the environment entry): each problem names
 * the key that needs the other, so it is annotated on that key's line. Pure.
 */
import { EVERY_KEY } from '../lib/gate-thresholds'
import type { Policy } from './schema'
import { durationWords } from './words'

export interface RuleProblem {
  /** The key that needs another. */
  path: string[]
  message: string
}

/** Whether the file (merged with the entry, before defaults) gives `section.key` itself. */
export type Given = (section: string, key: string) => boolean

/**
 * The policy's own rules; `given` tells a key written from a default, `caseCount` is the number
 * of smoke cases when they could be read.
 */
export function policyRules(policy: Policy, given: Given, caseCount?: number): RuleProblem[] {
  const problems: RuleProblem[] = []
  const needs = (path: string[], message: string) => problems.push({ path, message })
  const { agent, smoke, gate, bake } = policy
  if (bake !== undefined) problems.push(...bakeRules(bake, given))
  const { assistants } = policy
  if (
    assistants !== undefined &&
    assistants.entries === undefined &&
    given('assistants', 'on-drift')
  )
    needs(
      ['assistants', 'on-drift'],
      'assistants.on-drift needs assistants.entries (the assistants it applies to)'
    )
  const assistant = agent?.assistant !== undefined
  if (agent?.expect !== undefined && agent.message === undefined)
    needs(
      ['agent', 'expect'],
      'agent.expect needs agent.message (the message whose reply it judges)'
    )
  if (agent?.message !== undefined && !assistant)
    needs(['agent', 'message'], 'agent.message needs agent.assistant (the assistant to send it to)')
  if (agent?.a2a === true && !assistant)
    needs(['agent', 'a2a'], 'agent.a2a needs agent.assistant (the assistant to talk to)')
  if (smoke !== undefined) {
    if (smoke.cases === undefined) {
      for (const key of ['min-pass', 'concurrency'] as const)
        if (given('smoke', key))
          needs(['smoke', key], `smoke.${key} needs smoke.cases (the suite it applies to)`)
    } else if (!assistant)
      needs(
        ['smoke', 'cases'],
        'smoke.cases needs agent.assistant (the assistant of every case that names none, checked first)'
      )
    const minPass = smoke['min-pass']
    if (
      caseCount !== undefined &&
      minPass !== undefined &&
      'count' in minPass &&
      minPass.count > caseCount
    )
      needs(
        ['smoke', 'min-pass'],
        `smoke.min-pass asks for ${minPass.count} passing cases, but smoke.cases holds ${caseCount}`
      )
  }
  if (gate !== undefined) {
    if (gate.dataset === undefined) {
      for (const key of Object.keys(gate).filter((key) => given('gate', key)))
        needs(
          ['gate', key],
          `gate.${key} needs gate.dataset (the dataset the evaluation gate runs)`
        )
      return problems
    }
    if (!assistant)
      needs(
        ['gate', 'dataset'],
        "gate.dataset needs agent.assistant (the assistant each example's inputs are sent to)"
      )
    const named = [
      ...Object.keys(gate['min-scores'] ?? {}),
      ...Object.keys(gate['max-regression'] ?? {})
    ]
    if (!named.some((key) => key !== EVERY_KEY))
      needs(
        ['gate', 'dataset'],
        'gate.dataset needs gate.min-scores or gate.max-regression to name a feedback key: the gate judges the scores of the keys named'
      )
    if (gate['max-regression'] !== undefined && gate.baseline === 'none')
      needs(
        ['gate', 'max-regression'],
        'gate.max-regression has nothing to compare with: gate.baseline is none (use previous, dataset or an experiment id)'
      )
  }
  return problems
}

/** `bake`: its keys need a duration, an interval inside it, and at least one bound. */
function bakeRules(bake: NonNullable<Policy['bake']>, given: Given): RuleProblem[] {
  const problems: RuleProblem[] = []
  if (bake.duration === undefined) {
    for (const key of Object.keys(bake).filter((key) => given('bake', key)))
      problems.push({
        path: ['bake', key],
        message: `bake.${key} needs bake.duration (how long the new revision's traffic is watched)`
      })
    return problems
  }
  // The default interval (1m) is cut to a shorter duration; one written longer is a mistake.
  if (bake.interval !== undefined && given('bake', 'interval') && bake.interval > bake.duration)
    problems.push({
      path: ['bake', 'interval'],
      message: `bake.interval (${durationWords(bake.interval)}) is longer than bake.duration (${durationWords(bake.duration)}): the window would never be read before it ends`
    })
  const points = bake['max-regression']?.['error-rate']
  if (points !== undefined && points > 1)
    problems.push({
      path: ['bake', 'max-regression', 'error-rate'],
      message:
        'bake.max-regression.error-rate must be a share written with %, from 0% to 100% (points above the previous rate)'
    })
  const bounds = [
    bake['max-error-rate'] === undefined ? 0 : 1,
    Object.keys(bake['max-latency'] ?? {}).length,
    Object.keys(bake['max-regression'] ?? {}).length
  ]
  if (bounds.every((count) => count === 0))
    problems.push({
      path: ['bake'],
      message:
        'bake needs a bound: bake.max-error-rate, bake.max-latency or bake.max-regression (a bake with nothing to judge would only wait)'
    })
  return problems
}

/** What the policy's rules need from the step's inputs (judged when the wiring has them). */
export interface StepFacts {
  wait: boolean
  tracingUrl?: string
}

/**
 * The rules between the policy and the step's inputs: any check with `wait: false`, a gate
 * without `tracing-url`. Each names the key that needs the input. Judged on the file as written
 * (an entry merged over it), so they are said beside the file's own problems: a key counts when
 * it is there, whatever its value's problems.
 */
export function policyInputRules(
  policy: Readonly<Record<string, unknown>>,
  step: StepFacts
): RuleProblem[] {
  const value = (section: string, key: string): unknown => {
    const inSection: unknown = policy[section]
    return typeof inSection === 'object' && inSection !== null && !Array.isArray(inSection)
      ? (inSection as Record<string, unknown>)[key]
      : undefined
  }
  const present = (section: string, key: string) => value(section, key) != null
  const problems: RuleProblem[] = []
  if (!step.wait) {
    const checks: [string[], boolean][] = [
      [['agent', 'assistant'], present('agent', 'assistant')],
      [['smoke', 'cases'], present('smoke', 'cases')],
      [['gate', 'dataset'], present('gate', 'dataset')],
      [['bake', 'duration'], present('bake', 'duration')],
      [['assistants', 'entries'], present('assistants', 'entries')],
      [['rollback', 'on-failure'], value('rollback', 'on-failure') === true]
    ]
    for (const [path, given] of checks)
      if (given)
        problems.push({
          path,
          message: `${path.join('.')} needs wait: true (it acts once the revision is DEPLOYED)`
        })
  }
  if (present('gate', 'dataset') && step.tracingUrl === undefined)
    problems.push({
      path: ['gate', 'dataset'],
      message:
        'gate.dataset needs the tracing-url input (the tracing service that keeps the dataset)'
    })
  if (present('bake', 'duration') && step.tracingUrl === undefined)
    problems.push({
      path: ['bake', 'duration'],
      message:
        "bake.duration needs the tracing-url input (the tracing service that holds the deployment's runs)"
    })
  return problems
}
