import { afterEach, describe, expect, it } from '@jest/globals'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { clock } from '../helpers/deploy-harness'
import { runInProcess, type WorldRun } from '../helpers/action-world'
import { POLICY_PATH } from '../helpers/policy-file'
import { lines } from './workspace'

/**
 * Every problem at once, through the built action: a problem in one key or file never hides
 * another, so one run reports them all (the only exceptions: a file that does not parse hides its
 * own keys, a value of the wrong type the rules on that value).
 */
const workspaces: string[] = []
afterEach(() => {
  for (const dir of workspaces.splice(0)) rmSync(dir, { recursive: true, force: true })
})

function workspace(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'every-problem-'))
  workspaces.push(dir)
  for (const [path, text] of Object.entries(files)) writeFileSync(join(dir, path), text)
  return dir
}

const validate = (policy: string, cwd: string) =>
  runInProcess({ operation: 'validate', policy }, { clock, cwd })

/** Each error annotation on a file as `file:line`, in the order written. */
const places = (result: WorldRun) =>
  result.annotations
    .filter((annotation) => annotation.kind === 'error' && annotation.file !== undefined)
    .map((annotation) => `${annotation.file}:${annotation.line}`)

describe('every problem of a release policy, in one run', () => {
  it('keys, rules between keys, a missing case file and every problem of an assistants file', async () => {
    const policy = lines(
      'version: 1',
      'agent:',
      '  assistant: agent',
      '  expect: echo',
      '  timout: 5m',
      'smoke:',
      '  cases: missing-cases.yml',
      '  concurrency: 99',
      'gate:',
      '  repetitions: 2',
      'assistants:',
      '  entries: assistants.yml'
    )
    const assistants = lines(
      '- name: Bad Name',
      '  graph-id: agent',
      '- name: helper',
      '  graph-id: agent',
      '  colour: blue',
      '- name: other',
      '  graph-id: nope'
    )
    const cwd = workspace({
      'assistants.yml': assistants,
      'langgraph.json': JSON.stringify({ graphs: { agent: './agent.py:graph' } })
    })
    const result = await validate(policy, cwd)
    expect(result.exitCode).toBe(1)
    expect(places(result).sort()).toEqual(
      [
        `${POLICY_PATH}:4`, // agent.expect needs agent.message
        `${POLICY_PATH}:5`, // agent.timout: unknown
        `${POLICY_PATH}:7`, // smoke.cases: no such file
        `${POLICY_PATH}:8`, // smoke.concurrency out of range
        `${POLICY_PATH}:10`, // gate.repetitions needs gate.dataset
        'assistants.yml:1', // a bad name
        'assistants.yml:5', // an unknown key
        'assistants.yml:7' // a graph the configuration lacks
      ].sort()
    )
  })

  it('a value of the wrong type hides the rules on that value, and only those', async () => {
    const policy = lines(
      'version: 1',
      'agent:',
      '  assistant: agent',
      '  message: [hello]',
      '  expect: echo',
      'gate:',
      '  repetitions: 2'
    )
    const result = await validate(policy, workspace({}))
    expect(result.exitCode).toBe(1)
    // agent.message's type (line 4); agent.expect is not also said to need it; the gate's rule is.
    expect(places(result)).toEqual([`${POLICY_PATH}:4`, `${POLICY_PATH}:7`])
  })
})
