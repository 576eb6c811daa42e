import { afterAll, describe, expect, it } from '@jest/globals'
import { policyInputRules } from '../../src/policy/rules'
import { lines, PolicyWorkspace } from './workspace'

const workspace = new PolicyWorkspace()
afterAll(() => workspace.remove())

describe('release policy: rules with the step', () => {
  it('refuses checks with wait: false and a gate without tracing-url, naming the key', async () => {
    const path = workspace.write(
      'checks.yml',
      lines(
        'version: 1',
        'agent: {assistant: agent}',
        'gate: {dataset: golden, min-scores: {correctness: 0.8}}',
        'rollback: {on-failure: true}'
      )
    )
    const { policy } = (await workspace.load(path)).inEffect(undefined)
    const messages = (step: Parameters<typeof policyInputRules>[1]) =>
      policyInputRules(policy, step).map((problem) => problem.message)
    expect(messages({ wait: false, tracingUrl: 'https://t.example.com' })).toEqual([
      'agent.assistant needs wait: true (it acts once the revision is DEPLOYED)',
      'gate.dataset needs wait: true (it acts once the revision is DEPLOYED)',
      'rollback.on-failure needs wait: true (it acts once the revision is DEPLOYED)'
    ])
    expect(messages({ wait: true })).toEqual([
      'gate.dataset needs the tracing-url input (the tracing service that keeps the dataset)'
    ])
    expect(messages({ wait: true, tracingUrl: 'https://t.example.com' })).toEqual([])
  })

  it('refuses a count in smoke.min-pass above the cases there are, and settings of a section without its key', async () => {
    workspace.write('two.yml', lines('- message: one', '- message: two'))
    const path = workspace.write(
      'counts.yml',
      lines(
        'version: 1',
        'agent: {assistant: agent}',
        'smoke: {cases: two.yml, min-pass: 3}',
        'gate: {repetitions: 2}'
      )
    )
    expect(await workspace.problems(path)).toEqual([
      '3:25 smoke.min-pass asks for 3 passing cases, but smoke.cases holds 2',
      '4:8 gate.repetitions needs gate.dataset (the dataset the evaluation gate runs)'
    ])
  })
})
