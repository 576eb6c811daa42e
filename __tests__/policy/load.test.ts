import { afterAll, describe, expect, it } from '@jest/globals'
import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { lines, PolicyWorkspace } from './workspace'

const workspace = new PolicyWorkspace()
afterAll(() => workspace.remove())

describe('release policy: every problem at once, each with its key path, line and column', () => {
  it('names a typo with the nearest known key, a wrong type, a range and a bare share, on their lines', async () => {
    const path = workspace.write(
      'several.yml',
      lines(
        'version: 1', // 1
        'agent:', // 2
        '  assistant: agent', // 3
        'smoke:', // 4
        '  cases:', // 5
        '    - message: hi', // 6
        '  min-pas: 90%', // 7
        '  concurrency: 20', // 8
        'gate:', // 9
        '  dataset: support-golden', // 10
        '  min-scores:', // 11
        '    correctness: high', // 12
        '  max-error-rate: 5' // 13
      )
    )
    expect(await workspace.problems(path)).toEqual([
      '7:3 smoke.min-pas is not a key of the release policy; did you mean `min-pass`?',
      '8:16 smoke.concurrency must be at most 16 (cases run at once against one revision)',
      '12:18 gate.min-scores.correctness must be a number',
      '13:19 gate.max-error-rate must be a share written with %, from 0% to 100% (for example 5%); a bare number is not a share'
    ])
  })

  it('refuses ${{ }} anywhere, a duplicate key, and a misspelled section', async () => {
    const path = workspace.write(
      'expressions.yml',
      lines(
        'version: 1', // 1
        'agent:', // 2
        '  assistant: ${{ vars.ASSISTANT }}', // 3
        '  timeout: 5m', // 4
        '  timeout: 10m', // 5
        'assistant:', // 6
        '  on-drift: fail' // 7
      )
    )
    expect(await workspace.problems(path)).toEqual([
      '3:14 agent.assistant holds a ${{ }} expression: the release policy is not a workflow, nothing in it is evaluated; write the value itself',
      '5:3 agent.timeout is given twice (first on line 4); keep one',
      '6:1 assistant is not a key of the release policy; did you mean `assistants`?'
    ])
  })

  it('names a key of another section, and an unknown key inside an inline case', async () => {
    const path = workspace.write(
      'elsewhere.yml',
      lines('version: 1', 'gate:', '  min-pass: 3', 'smoke:', '  cases:', '    - mesage: hi')
    )
    expect(await workspace.problems(path)).toEqual([
      '3:3 gate.min-pass is not a key of the release policy; min-pass is a key of smoke',
      '6:7 smoke.cases[1].mesage is not a key of the release policy; did you mean `message`?'
    ])
  })

  it('refuses YAML that does not parse and a missing version', async () => {
    const broken = workspace.write('broken.yml', lines('version: 1', 'agent: [unclosed'))
    const problems = await workspace.problems(broken)
    expect(problems).toHaveLength(1)
    expect(problems[0]).toMatch(/^3:1 is not valid YAML: /)
    const noVersion = workspace.write('no-version.yml', lines('agent:', '  assistant: a'))
    expect(await workspace.problems(noVersion)).toEqual([
      '1:1 version must be 1 (the only version of the release policy so far)'
    ])
  })

  it('judges the rules between keys on the policy in effect, on the line of the key that needs the other', async () => {
    const path = workspace.write(
      'rules.yml',
      lines(
        'version: 1', // 1
        'agent:', // 2
        '  assistant: agent', // 3
        '  expect: hello', // 4
        'environments:', // 5
        '  prod:', // 6
        '    agent:', // 7
        '      assistant: null', // 8
        '      message: hi', // 9
        '    gate:', // 10
        '      dataset: golden', // 11
        '      min-scores: {correctness: 0.8}' // 12
      )
    )
    expect(await workspace.problems(path)).toEqual([
      '4:3 agent.expect needs agent.message (the message whose reply it judges)',
      '9:7 with environments.prod merged: agent.message needs agent.assistant (the assistant to send it to)',
      "11:7 with environments.prod merged: gate.dataset needs agent.assistant (the assistant each example's inputs are sent to)"
    ])
  })

  it('says what a section, an entry and the file must be when they are something else', async () => {
    const path = workspace.write(
      'shapes.yml',
      lines('version: 1', 'gate: 5', 'environments:', '  prod:', '    smoke: true', '  dev: 7')
    )
    expect(await workspace.problems(path)).toEqual([
      "2:7 gate must be a mapping of gate's keys",
      '5:12 environments.prod.smoke must be a mapping of its keys, or false to remove it',
      '6:8 environments.dev must be a partial policy (agent, smoke, gate, bake, assistants, threads, rollback)'
    ])
    expect(await workspace.problems(workspace.write('list.yml', '- a\n'))).toEqual([
      '1:1 the file must be a mapping of version, agent, smoke, gate, bake, assistants, threads, rollback and environments'
    ])
  })

  it('reads an entry as a partial policy: version and environments in one are refused by name', async () => {
    const path = workspace.write(
      'entry-keys.yml',
      lines('version: 1', 'environments:', '  prod:', '    version: 1', '    gates: false')
    )
    expect(await workspace.problems(path)).toEqual([
      '4:5 environments.prod.version: an environments entry holds sections only (agent, smoke, gate, bake, assistants, threads, rollback), not version',
      '5:5 environments.prod.gates is not a key of the release policy; did you mean `gate`?'
    ])
  })
})

describe('release policy: the file and the files it names stay in the workspace', () => {
  const outside = mkdtempSync(join(tmpdir(), 'policy-outside-'))
  writeFileSync(join(outside, 'policy.yml'), 'version: 1\n')
  afterAll(() => rmSync(outside, { recursive: true, force: true }))

  it('refuses an absolute path, "..", a symbolic link out, a missing file and one over 1 MiB', async () => {
    const absolute = join(outside, 'policy.yml')
    expect(await workspace.problems(absolute)).toEqual([
      `release-policy: ${absolute} is an absolute path; give a path inside the workspace, relative to it`
    ])
    expect(await workspace.problems('sub/../../policy.yml')).toEqual([
      'release-policy: sub/../../policy.yml climbs out of its folder with ".."; give a path inside the workspace, relative to it'
    ])
    symlinkSync(absolute, join(workspace.root, 'linked.yml'))
    expect(await workspace.problems('linked.yml')).toEqual([
      'release-policy: linked.yml leads outside the workspace (a symbolic link to a file elsewhere); the release policy must be in the repository'
    ])
    expect(await workspace.problems('renamed.yml')).toEqual([
      'release-policy: renamed.yml cannot be read (there is no such file); the path is relative to the workspace'
    ])
    const large = workspace.write('large.yml', `version: 1\n#${'x'.repeat(1024 * 1024)}\n`)
    expect(await workspace.problems(large)).toEqual([
      'release-policy: large.yml is more than 1 MiB'
    ])
  })

  it("annotates a case file that is missing or wrong on the policy's line that names it", async () => {
    workspace.write('cases/bad.yml', lines('- message: hi', '  expect: /(/'))
    const path = workspace.write(
      'case-files.yml',
      lines(
        'version: 1',
        'agent: {assistant: a}',
        'smoke:',
        '  cases: cases/missing.yml',
        'environments:',
        '  staging:',
        '    smoke: {cases: cases/bad.yml}'
      )
    )
    const problems = await workspace.problems(path)
    expect(problems).toHaveLength(2)
    expect(problems[0]).toBe(
      '4:10 smoke.cases: cases/missing.yml cannot be read (there is no such file); the path is relative to the workspace'
    )
    expect(problems[1]).toMatch(
      /^7:20 environments\.staging\.smoke\.cases: cases\/bad\.yml case 1: expect is not a valid regular expression/
    )
  })
})
