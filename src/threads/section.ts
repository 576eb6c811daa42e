/**
 * The release policy's `threads` section, as one declaration: its keys, their defaults and words,
 * how a pull request's diff judges each, the rules between its keys (and with `agent.assistant`),
 * the notice a check without a rollback gets, and the mapping to the step's typed settings. A
 * plain module: it loads none of the step's code.
 */
import { z } from 'zod'
import { toCase, type SmokeCase } from '../smoke/cases'
import { agentReads } from '../agent-checks/section'
import { defineSection, type Keys } from '../policy-kit/section'
import { about } from '../policy-kit/schema-kit'
import { rollbackOnFailureIn, ROLLBACK_KEYS } from '../rollback/section'
import { count, duration, expectation, text } from '../policy-kit/values'

/** At most this many canaries: each runs the agent as a user would, twice. */
export const MAX_CANARIES = 20
/** At most this many interrupted threads read. */
export const MAX_SAMPLE = 1000
/** A canary's name: it goes into the canary's thread id and its metadata. */
export const CANARY_NAME = /^[a-z0-9][a-z0-9_-]{0,62}$/

const inputObject = z.record(z.string(), z.unknown(), { error: 'must be a mapping (an object)' })

/** One canary case as written: a smoke case's keys, `name` and `resume` required. */
const canaryCase = z
  .strictObject({
    name: z
      .string({ error: 'must be text' })
      .regex(
        CANARY_NAME,
        'must be 1–63 lowercase letters, digits, _ and -, a letter or digit first'
      ),
    message: text.optional(),
    input: inputObject.optional(),
    // Any JSON: what the interrupt is resumed with (null included, so presence is checked below).
    resume: z.unknown(),
    assistant: text.optional(),
    expect: expectation.optional(),
    'expect-not': expectation.optional(),
    'max-latency': duration.optional()
  })
  .check((ctx) => {
    if (!('resume' in ctx.value) || ctx.value.resume === undefined)
      ctx.issues.push({
        code: 'custom',
        path: ['resume'],
        message: 'is required: what the interrupt is resumed with',
        input: ctx.value
      })
  })

export const keys = ((key) => ({
  parked: key(
    about(
      z.enum(['check', 'off'], { error: 'must be check or off' }),
      "check: threads parked at an interrupt() are judged against the release's graph"
    )
  ),
  sample: key(
    about(
      count(1, MAX_SAMPLE, ' (the newest threads are read)'),
      'at most this many interrupted threads read, newest first, 1–1000'
    )
  ),
  'on-incompatible': key(
    about(z.enum(['fail', 'warn'], { error: 'must be fail or warn' }), 'fail or warn')
  ),
  canary: key(
    about(
      z
        .array(canaryCase, { error: 'must be a list of cases' })
        .max(MAX_CANARIES, `must hold at most ${MAX_CANARIES} cases`),
      'cases parked on the old revision before the write and resumed on the new one, as a user would: a case must act on nothing real (run canaries on staging); name, message or input, resume, assistant, expect, expect-not, max-latency'
    )
  )
})) satisfies Keys<z.core.$ZodLooseShape>

/** The section as a policy holds it (parsed). */
export type ThreadsSection = z.output<z.ZodObject<ReturnType<typeof keys>>>

export const DEFAULTS = { parked: 'off', sample: 100, 'on-incompatible': 'fail' } as const

/** One canary, validated: a smoke case (its message, expectations, latency) and its resume. */
export interface CanaryCase extends SmokeCase {
  resume: unknown
  /** Always set: the case's, else `agent.assistant`. */
  assistant: string
}

/** The step's settings; undefined when `threads.parked` is not `check`. */
export interface ThreadsSettings {
  sample: number
  onIncompatible: 'fail' | 'warn'
  canaries: CanaryCase[]
  /** `rollback.on-failure`: without it a deploy in place leaves a failure's threads stranded. */
  rollbackOnFailure?: boolean
  /** How the agent server is reached (agent-api-key, else api-key). */
  apiKey?: string
  authScheme?: string
}

/** The section in words, for the run's summary. */
export function words(section: ThreadsSection): string[] {
  if ((section.parked ?? DEFAULTS.parked) !== 'check') return ['parked threads not checked']
  const canaries = section.canary ?? []
  return [
    `parked threads checked against the release's graph, the ${section.sample ?? DEFAULTS.sample} newest read`,
    `an incompatible thread ${(section['on-incompatible'] ?? DEFAULTS['on-incompatible']) === 'fail' ? 'fails the release' : 'is a warning'}`,
    ...(canaries.length === 0
      ? []
      : [
          `${canaries.length} canar${canaries.length === 1 ? 'y' : 'ies'}: ${canaries.map((c) => c.name).join(', ')}`
        ])
  ]
}

/** How a pull request's diff judges each key: what checks less is weaker. */
export const diff = {
  parked: { direction: 1, comparable: (value: unknown) => (value === 'check' ? 1 : 0) },
  sample: { direction: 1 },
  'on-incompatible': { direction: 1, comparable: (value: unknown) => (value === 'fail' ? 1 : 0) },
  canary: { removalWeakens: true }
} as const

/** The rules between the keys, `agent.assistant` the assistant a case without one runs. */
export function rules(
  section: ThreadsSection,
  context: { agentAssistant?: string; given(key: string): boolean }
): { path: (string | number)[]; message: string }[] {
  const problems: { path: (string | number)[]; message: string }[] = []
  const cases = section.canary ?? []
  if (cases.length > 0 && section.parked !== 'check')
    problems.push({
      path: ['threads', 'canary'],
      message:
        'threads.canary needs threads.parked: check (a canary is judged with the parked threads)'
    })
  const seen = new Set<string>()
  cases.forEach((canary, index) => {
    const at = ['threads', 'canary', index]
    const label = `threads.canary[${index}] (${canary.name})`
    if (seen.has(canary.name))
      problems.push({
        path: [...at, 'name'],
        message: `${label} repeats a name: each case's name is its thread's`
      })
    seen.add(canary.name)
    const sends = [canary.message !== undefined, canary.input !== undefined].filter(Boolean).length
    if (sends !== 1)
      problems.push({
        path: at,
        message:
          sends === 0
            ? `${label} has neither message nor input (what to send the agent before it parks)`
            : `${label} has message and input: give only one`
      })
    if (canary.assistant === undefined && context.agentAssistant === undefined)
      problems.push({
        path: [...at, 'assistant'],
        message: `${label} needs an assistant: its own assistant key, or agent.assistant`
      })
  })
  return problems
}

/** With `wait: false` nothing acts after DEPLOYED: `parked: check` asks for this step. */
export const actsOnDeployed = { key: 'parked', asks: (value: unknown) => value === 'check' }

/**
 * The warning a deploy gets with `parked: check` and no rollback: on a deploy in place the threads
 * are judged after the write, so a failure leaves them stranded (a promote judges before).
 */
export function rollbackWarning(
  section: ThreadsSection | undefined,
  rollbackOnFailure?: boolean
): string | undefined {
  if (section?.parked !== 'check' || rollbackOnFailure) return undefined
  const key = ROLLBACK_KEYS.onFailure
  return `threads.parked: check without ${key}: on a deploy in place parked threads are judged after the write, so a failure would leave them stranded; set ${key}: true`
}

/** The step's settings (the rules have passed). */
export function settings(
  section: ThreadsSection | undefined,
  context: { agentAssistant?: string; rollbackOnFailure?: boolean }
): ThreadsSettings | undefined {
  if (section?.parked !== 'check') return undefined
  const canaries = (section.canary ?? []).map((canary, index): CanaryCase => {
    const { resume, 'max-latency': maxLatencyMs, ...smoke } = canary
    const made = toCase(smoke, `threads.canary[${index}]`)
    // The schema and the rules checked what toCase checks: a case left here is a bug.
    if (!('case' in made)) throw new Error(made.problems.join('; '))
    return {
      ...made.case,
      ...(maxLatencyMs !== undefined && { maxLatencyMs }),
      resume,
      assistant: canary.assistant ?? context.agentAssistant ?? ''
    }
  })
  return {
    sample: section.sample ?? DEFAULTS.sample,
    onIncompatible: section['on-incompatible'] ?? DEFAULTS['on-incompatible'],
    canaries,
    ...(context.rollbackOnFailure !== undefined && { rollbackOnFailure: context.rollbackOnFailure })
  }
}

export const threadsSection = defineSection({
  name: 'threads',
  keys,
  defaults: DEFAULTS,
  words,
  diff: {
    parked: { direction: 1, judged: diff.parked.comparable },
    sample: diff.sample,
    'on-incompatible': { direction: 1, judged: diff['on-incompatible'].comparable },
    canary: diff.canary
  },
  rules: (section: ThreadsSection, { policy, given }) =>
    rules(section, { agentAssistant: agentReads(policy).assistant, given }).map(
      ({ path, message }) => ({ path: path.map(String), message })
    ),
  actsOnDeployed,
  settings: (section, { policy, inputs }) => {
    const made = settings(section, {
      agentAssistant: agentReads(policy).assistant,
      rollbackOnFailure: rollbackOnFailureIn(policy)
    })
    return (
      made && {
        ...made,
        apiKey: inputs.agentApiKey ?? inputs.apiKey,
        ...(inputs.agentAuthScheme !== undefined && { authScheme: inputs.agentAuthScheme })
      }
    )
  },
  notices: (settings) => {
    const warning = rollbackWarning(
      settings && { parked: 'check' },
      settings?.rollbackOnFailure ?? true
    )
    return warning === undefined ? [] : [warning]
  }
})
