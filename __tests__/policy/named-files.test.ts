import { afterEach, describe, expect, it } from '@jest/globals'
import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { clock } from '../helpers/deploy-harness'
import { runInProcess, type WorldRun } from '../helpers/action-world'
import { lines } from './workspace'

/**
 * The files a run reads by a path the repository wrote, through the built action: only a regular
 * file is read (a FIFO no process writes to and a directory are refused by their type, and the
 * run ends with the refusal), nothing inside .git/, and nothing of a file that is not of its kind.
 */
const workspaces: string[] = []
afterEach(() => {
  for (const dir of workspaces.splice(0)) rmSync(dir, { recursive: true, force: true })
})

/** A checkout whose checkout step persisted its token in .git/config, as actions/checkout does. */
const CREDENTIAL = 'ghs_persistedCheckoutToken0123456789'
const GIT_CONFIG = [
  '[core]',
  '\trepositoryformatversion = 0',
  '[http "https://github.com/"]',
  `\textraheader = AUTHORIZATION: basic ${CREDENTIAL}`,
  ''
].join('\n')

function checkout(): string {
  const dir = mkdtempSync(join(tmpdir(), 'named-files-'))
  workspaces.push(dir)
  mkdirSync(join(dir, '.git'))
  writeFileSync(join(dir, '.git', 'config'), GIT_CONFIG)
  writeFileSync(join(dir, 'langgraph.json'), JSON.stringify({ graphs: { agent: './a.py:g' } }))
  return dir
}

const fifo = (path: string) => execFileSync('mkfifo', [path])

const validate = (cwd: string, inputs: Record<string, string>) =>
  runInProcess({ operation: 'validate', ...inputs }, { clock, cwd })

const errorsOn = (result: WorldRun, file: string) =>
  result.annotations.filter((each) => each.kind === 'error' && each.file === file)

function expectNowhere(result: WorldRun, text: string) {
  for (const shown of [result.stdout, result.summary, JSON.stringify(result.annotations)])
    expect(shown).not.toContain(text)
}

const NAMING = (key: 'smoke.cases' | 'assistants.entries', path: string) =>
  key === 'smoke.cases'
    ? lines('version: 1', 'agent:', '  assistant: agent', 'smoke:', `  cases: ${path}`)
    : lines('version: 1', 'assistants:', `  entries: ${path}`)

describe('files read by type, never blocking', () => {
  it.each(['fifo', 'directory'] as const)(
    'a %s named as the policy is refused by its type',
    async (kind) => {
      const cwd = checkout()
      if (kind === 'fifo') fifo(join(cwd, 'policy.yml'))
      else mkdirSync(join(cwd, 'policy.yml'))
      const result = await validate(cwd, { 'release-policy': 'policy.yml' })
      expect(result.exitCode).toBe(1)
      expect(errorsOn(result, 'policy.yml')).toHaveLength(1)
      expect(errorsOn(result, 'policy.yml')[0]?.text).toMatch(
        kind === 'fifo' ? /FIFO/ : /directory/
      )
    },
    30_000
  )

  it.each([
    ['smoke.cases', 'fifo'],
    ['smoke.cases', 'directory'],
    ['assistants.entries', 'fifo'],
    ['assistants.entries', 'directory']
  ] as const)(
    'a %s %s is refused by its type on the line that names it',
    async (key, kind) => {
      const cwd = checkout()
      if (kind === 'fifo') fifo(join(cwd, 'named.yml'))
      else mkdirSync(join(cwd, 'named.yml'))
      const policy = NAMING(key, 'named.yml')
      writeFileSync(join(cwd, 'policy.yml'), policy)
      const result = await validate(cwd, { 'release-policy': 'policy.yml' })
      expect(result.exitCode).toBe(1)
      const line = policy.split('\n').findIndex((each) => each.includes('named.yml')) + 1
      const said = errorsOn(result, 'policy.yml')
      expect(said.map((each) => each.line)).toEqual([line])
      // Refused by what it is, not by a failed read.
      expect(said[0]?.text).toMatch(kind === 'fifo' ? /FIFO/ : /directory/)
    },
    30_000
  )
})

describe('nothing of .git/, nothing of a file of another kind', () => {
  it.each(['smoke.cases', 'assistants.entries'] as const)(
    '%s: .git/config is refused by its name, its credential shown nowhere',
    async (key) => {
      const cwd = checkout()
      const policy = NAMING(key, '.git/config')
      writeFileSync(join(cwd, 'policy.yml'), policy)
      const result = await validate(cwd, { 'release-policy': 'policy.yml' })
      expect(result.exitCode).toBe(1)
      expect(errorsOn(result, 'policy.yml')[0]?.text).toContain('.git/')
      expectNowhere(result, CREDENTIAL)
      expectNowhere(result, 'extraheader')
    }
  )

  it.each(['smoke.cases', 'assistants.entries'] as const)(
    '%s: a well-formed file inside .git/ is refused all the same',
    async (key) => {
      const cwd = checkout()
      const valid =
        key === 'smoke.cases'
          ? lines('- message: hi')
          : lines('- name: helper', '  graph-id: agent')
      writeFileSync(join(cwd, '.git', 'named.yml'), valid)
      writeFileSync(join(cwd, 'policy.yml'), NAMING(key, '.git/named.yml'))
      const result = await validate(cwd, { 'release-policy': 'policy.yml' })
      expect(result.exitCode).toBe(1)
      expect(errorsOn(result, 'policy.yml')).toHaveLength(1)
    }
  )

  it('the release policy itself inside .git/ is refused by its name', async () => {
    const cwd = checkout()
    const result = await validate(cwd, { 'release-policy': './.git/config' })
    expect(result.exitCode).toBe(1)
    expectNowhere(result, CREDENTIAL)
  })

  it.each(['smoke.cases', 'assistants.entries'] as const)(
    '%s: a file that is not YAML is said by its line, without its text',
    async (key) => {
      const cwd = checkout()
      writeFileSync(join(cwd, 'settings.ini'), GIT_CONFIG)
      const policy = NAMING(key, 'settings.ini')
      writeFileSync(join(cwd, 'policy.yml'), policy)
      const result = await validate(cwd, { 'release-policy': 'policy.yml' })
      expect(result.exitCode).toBe(1)
      const said = result.annotations.filter((each) => each.kind === 'error' && each.file)
      expect(said.length).toBeGreaterThan(0)
      expect(said.every((each) => each.line !== undefined)).toBe(true)
      expectNowhere(result, CREDENTIAL)
      expectNowhere(result, 'extraheader')
      expectNowhere(result, 'repositoryformatversion')
    }
  )
})

describe('each file read and judged once, whatever spellings name it', () => {
  it('reads a case file named under three spellings once, and says its problem once', async () => {
    const { checkPolicy } = await import('../../src/policy/load')
    const reads: string[] = []
    const policy = lines(
      'version: 1',
      'agent:',
      '  assistant: agent',
      'smoke:',
      '  cases: cases.yml',
      'environments:',
      '  a:',
      '    smoke: { cases: ./cases.yml }',
      '  b:',
      '    smoke: { cases: "x//../cases.yml" }',
      '  c:',
      '    smoke: { cases: "sub//cases.yml" }'
    )
    const load = await checkPolicy(policy, 'policy.yml', async (named) => {
      reads.push(named)
      return { bytes: Buffer.from('- message: hi\n- message: [not text]\n') }
    })
    // cases.yml and ./cases.yml are one file; a path that climbs is read as written; sub/ another.
    expect(reads).toEqual(['cases.yml', 'x//../cases.yml', 'sub//cases.yml'])
    // The file read once is judged once: its bad case said on the first line naming it, not on
    // ./cases.yml's again; each other file on its own line.
    expect(load.problems.map((problem) => problem.line)).toEqual([5, 10, 12])
  })
})
