/**
 * The rules between keys of a policy in effect (after the environment entry), and with the step's
 * inputs: each section's declaration says its own; each problem names the key that needs the
 * other, so it is annotated on that key's line. Pure.
 */
import type { Policy } from './schema'
import type { RuleProblem, StepFacts } from '../policy-kit/section'
import { DECLARATIONS } from './sections'

export type { RuleProblem, StepFacts }

/** Whether the file (merged with the entry, before defaults) gives `section.key` itself. */
export type Given = (section: string, key: string) => boolean

/** The items of a named file (by the key path that names it and the path written), when read. */
export type NamedCount = (keyPath: string, named: string) => number | undefined

const isMapping = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/**
 * The policy's own rules; `given` tells a key written from a default, `namedCount` the items of
 * a named file when it could be read.
 */
export function policyRules(
  policy: Policy,
  given: Given,
  namedCount: NamedCount = () => undefined
): RuleProblem[] {
  const whole = policy as Readonly<Record<string, unknown>>
  return DECLARATIONS.flatMap((section) => {
    const value = whole[section.name]
    if (!isMapping(value) || section.rules === undefined) return []
    return section.rules(value as never, {
      policy: whole,
      given: (key) => given(section.name, key),
      itemCount: (key) => {
        const list = value[key]
        if (Array.isArray(list)) return list.length
        return typeof list === 'string' ? namedCount(`${section.name}.${key}`, list) : undefined
      }
    })
  })
}

/**
 * The rules between the policy and the step's inputs: any check with `wait: false`, a step
 * without the service it reads. Each names the key that needs the input. Judged on the file as
 * written (an entry merged over it), so they are said beside the file's own problems: a key
 * counts when it is there, whatever its value's problems.
 */
export function policyInputRules(
  policy: Readonly<Record<string, unknown>>,
  step: StepFacts
): RuleProblem[] {
  const valueIn = (section: string) => (key: string) => {
    const inSection = policy[section]
    return isMapping(inSection) ? inSection[key] : undefined
  }
  const problems: RuleProblem[] = []
  if (!step.wait)
    for (const section of DECLARATIONS) {
      const acts = section.actsOnDeployed
      if (acts === undefined || !acts.asks(valueIn(section.name)(acts.key))) continue
      const path = [section.name, acts.key]
      problems.push({
        path,
        message: `${path.join('.')} needs wait: true (it acts once the revision is DEPLOYED)`
      })
    }
  for (const section of DECLARATIONS)
    problems.push(...(section.inputRules?.(valueIn(section.name), step) ?? []))
  return problems
}
