import { describe, expect, it } from '@jest/globals'
import { clock } from '../helpers/deploy-harness'
import { runInProcess, type WorldRun } from '../helpers/action-world'
import { POLICY_PATH, type Step } from '../helpers/policy-file'
import { examples, filesOf, validates } from '../helpers/readme-workflows'
import type { RawInputs } from '../../src/inputs/contract'
import { lines } from './workspace'

/**
 * The validate recipe's job, as its page writes it (only `operation` and `release-policy`), run
 * through the built action on the policies other recipes publish: a correct policy passes, a real
 * problem still fails it, and a rule an entry breaks is said once for its line.
 */
const RECIPE = 'docs/recipes/validate-policy.md'
const recipeStep = examples.find((example) => example.path === RECIPE && validates(example.step))
const recipeInputs = (recipeStep?.step.with ?? {}) as Partial<RawInputs>

const validate = (policy: string, extra: Step = {}): Promise<WorldRun> =>
  runInProcess({ ...recipeInputs, ...extra, policy }, { clock })

const policyOfRecipe = (page: string) => {
  const text = filesOf(page)[POLICY_PATH]
  if (text === undefined) throw new Error(`${page} shows no ${POLICY_PATH}`)
  return text
}

const errors = (result: WorldRun) =>
  result.annotations.filter((annotation) => annotation.kind === 'error')

describe("the validate recipe's job", () => {
  it('gives only operation and release-policy', () => {
    expect(Object.keys(recipeInputs).sort()).toEqual(['operation', 'release-policy'])
    expect(recipeInputs['release-policy']).toBe(POLICY_PATH)
  })

  it.each([
    'docs/recipes/evaluation-gate.md',
    'docs/recipes/bake-window.md',
    'docs/recipes/parked-threads.md'
  ])(
    'passes the policy of %s (a gate or a bake needs tracing-url only where it is given)',
    async (page) => {
      const result = await validate(policyOfRecipe(page))
      expect(errors(result)).toEqual([])
      expect(result.exitCode).toBe(0)
    }
  )

  it('still fails a policy with a real problem, on its line', async () => {
    const text = policyOfRecipe('docs/recipes/evaluation-gate.md').replace(
      'min-scores: { correctness: 0.8 }',
      'min-score: { correctness: 0.8 }'
    )
    const result = await validate(text)
    expect(result.exitCode).toBe(1)
    const line = text.split('\n').findIndex((each) => each.includes('min-score:')) + 1
    expect(
      errors(result)
        .filter((each) => each.file === POLICY_PATH)
        .map((each) => each.line)
    ).toEqual([line])
  })

  it('judges an input rule when the job gives that input (wait: false)', async () => {
    const result = await validate(policyOfRecipe('docs/recipes/bake-window.md'), { wait: 'false' })
    expect(result.exitCode).toBe(1)
    expect(errors(result).some((each) => each.file === POLICY_PATH)).toBe(true)
  })

  it('says a rule broken in several environments entries once for its line', async () => {
    const text = lines(
      'version: 1',
      'agent:',
      '  assistant: agent',
      '  message: hello',
      '  expect: echo',
      'environments:',
      '  pr-*:',
      '    agent: { message: null }',
      '  staging:',
      '    agent: { message: null }',
      '  production:',
      '    rollback: { on-failure: true }'
    )
    const result = await validate(text)
    expect(result.exitCode).toBe(1)
    const onPolicy = errors(result).filter((each) => each.file === POLICY_PATH)
    // agent.expect (line 5) needs agent.message in both entries: one annotation, naming both.
    expect(onPolicy.map((each) => each.line)).toEqual([5])
    expect(onPolicy[0]?.text).toContain('pr-*')
    expect(onPolicy[0]?.text).toContain('staging')
  })
})
