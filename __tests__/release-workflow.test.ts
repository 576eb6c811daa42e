/**
 * The release workflow's scripts, run as the runner runs them (`bash -eo pipefail`), in git
 * repositories made under the OS temp folder: the checks refuse what must not be released, and
 * the major tag moves only to the newest release of its major version. Only the `gh release`
 * call itself is left to GitHub.
 */
import { afterAll, describe, expect, it, jest } from '@jest/globals'
import { spawnSync } from 'node:child_process'
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { parse } from 'yaml'
import { REAL_WORK_TEST_MS } from './helpers/real-time'

jest.setTimeout(REAL_WORK_TEST_MS)

interface Step {
  name?: string
  uses?: string
  run?: string
}
interface Workflow {
  on: { push: { tags: string[] } }
  permissions: unknown
  jobs: { release: { env: Record<string, string>; steps: Step[] } }
}

const workflow = parse(
  readFileSync(new URL('../.github/workflows/release.yml', import.meta.url), 'utf8')
) as Workflow
const steps = workflow.jobs.release.steps
const root = mkdtempSync(join(tmpdir(), 'release-workflow-'))
afterAll(() => rmSync(root, { recursive: true, force: true }))

let folders = 0
const folder = () => {
  const path = join(root, String(folders++))
  mkdirSync(path)
  return path
}

function script(name: string): string {
  const step = steps.find((candidate) => candidate.name === name)
  if (!step?.run) throw new Error(`release.yml has no step "${name}" with a run: script`)
  return step.run
}

/** Runs a step's script in `cwd` with the job's TAG; `bin` goes first on PATH (stand-ins). */
function runStep(name: string, cwd: string, tag: string, bin?: string) {
  const runnerTemp = folder()
  const result = spawnSync(
    'bash',
    ['--noprofile', '--norc', '-eo', 'pipefail', '-c', script(name)],
    {
      cwd,
      encoding: 'utf8',
      env: {
        PATH: [bin, dirname(process.execPath), process.env.PATH].filter(Boolean).join(':'),
        HOME: cwd,
        TAG: tag,
        RUNNER_TEMP: runnerTemp
      }
    }
  )
  return { code: result.status, out: `${result.stdout}${result.stderr}`, runnerTemp }
}

function git(cwd: string, ...args: string[]): string {
  const result = spawnSync(
    'git',
    [
      '-c',
      'user.name=test',
      '-c',
      'user.email=test@local',
      '-c',
      'init.defaultBranch=main',
      ...args
    ],
    { cwd, encoding: 'utf8', env: { PATH: process.env.PATH ?? '', HOME: cwd } }
  )
  if (result.status !== 0) throw new Error(`git ${args.join(' ')}: ${result.stderr}`)
  return result.stdout.trim()
}

function commit(cwd: string, file: string, text: string): string {
  writeFileSync(join(cwd, file), text)
  git(cwd, 'add', '-A')
  git(cwd, 'commit', '-qm', text)
  return git(cwd, 'rev-parse', 'HEAD')
}

describe('the release workflow', () => {
  it('runs on release tags only, with contents: write and nothing else', () => {
    expect(workflow.on.push.tags).toEqual(['v[0-9]+.[0-9]+.[0-9]+'])
    expect(workflow.permissions).toEqual({ contents: 'write' })
    expect(workflow.jobs.release.env.TAG).toBe('${{ github.ref_name }}')
  })

  it('publishes only after every check, and moves the major tag last', () => {
    const names = steps.map((step) => step.name ?? step.uses ?? step.run)
    const at = (name: string) => names.indexOf(name)
    const publish = at('Publish the GitHub release')
    expect(publish).toBeGreaterThan(0)
    for (const check of [
      'The tag is the version in package.json',
      'dist/ is what the tagged source builds to',
      'Release notes from CHANGELOG.md'
    ])
      expect([check, at(check) >= 0 && at(check) < publish]).toEqual([check, true])
    expect(at('Move the major tag')).toBe(names.length - 1)
  })
})

describe('the tag check', () => {
  const repository = folder()
  writeFileSync(join(repository, 'package.json'), JSON.stringify({ version: '1.2.3' }))

  it('passes the tag of the version in package.json', () => {
    expect(runStep('The tag is the version in package.json', repository, 'v1.2.3').code).toBe(0)
  })

  it.each(['v1.2.4', '1.2.3', 'v1.2.3-rc.1'])('refuses %s, naming both', (tag) => {
    const run = runStep('The tag is the version in package.json', repository, tag)
    expect(run.code).toBe(1)
    expect(run.out).toContain(`::error::The tag ${tag} is not v1.2.3`)
  })
})

describe('the dist/ check', () => {
  /** A repository whose dist/ is committed, and an `npm` that "builds" `built` into it. */
  function setUp(built: Record<string, string>) {
    const repository = folder()
    git(repository, 'init', '-q')
    mkdirSync(join(repository, 'dist'))
    commit(repository, 'dist/index.js', 'bundle\n')
    const bin = folder()
    const writes = Object.entries(built)
      .map(([file, text]) => `printf '%s' '${text}' > dist/${file}`)
      .join('\n')
    writeFileSync(join(bin, 'npm'), `#!/bin/sh\n[ "$1 $2" = "run build" ] || exit 64\n${writes}\n`)
    chmodSync(join(bin, 'npm'), 0o755)
    return { repository, bin }
  }

  it('passes when a fresh build leaves dist/ as committed', () => {
    const { repository, bin } = setUp({ 'index.js': 'bundle\n' })
    expect(
      runStep('dist/ is what the tagged source builds to', repository, 'v1.2.3', bin).code
    ).toBe(0)
  })

  it.each([
    ['a changed file', { 'index.js': 'another bundle\n' }],
    ['a file the commit lacks', { 'index.js': 'bundle\n', 'chunk.js': 'new\n' }]
  ])('fails on %s', (_, built) => {
    const { repository, bin } = setUp(built)
    const run = runStep('dist/ is what the tagged source builds to', repository, 'v1.2.3', bin)
    expect(run.code).toBe(1)
    expect(run.out).toContain('::error::dist/ at v1.2.3 differs from a fresh build')
  })
})

describe('the release notes', () => {
  const changelog = [
    '# Changelog',
    '',
    '## Unreleased',
    '',
    '- not yet',
    '',
    '## v1.2.30',
    '',
    '- a later patch',
    '',
    '## v1.2.3 (2026-11-26)',
    '',
    '### Fixed',
    '',
    '- the fix',
    '',
    '## 1.2.2',
    '',
    '- an earlier one',
    ''
  ].join('\n')
  const repository = folder()
  writeFileSync(join(repository, 'CHANGELOG.md'), changelog)

  it("are the tag's section of CHANGELOG.md, and only it", () => {
    const run = runStep('Release notes from CHANGELOG.md', repository, 'v1.2.3')
    expect(run.code).toBe(0)
    expect(readFileSync(join(run.runnerTemp, 'notes.md'), 'utf8')).toBe(
      '\n### Fixed\n\n- the fix\n\n'
    )
  })

  it('take a heading without the v', () => {
    const run = runStep('Release notes from CHANGELOG.md', repository, 'v1.2.2')
    expect(readFileSync(join(run.runnerTemp, 'notes.md'), 'utf8')).toBe('\n- an earlier one\n')
  })

  it.each(['v1.2.4', 'v1.2'])('fail when the tag %s has no section (nor a longer one)', (tag) => {
    const run = runStep('Release notes from CHANGELOG.md', repository, tag)
    expect(run.code).toBe(1)
    expect(run.out).toContain(`::error::CHANGELOG.md has no section headed "## ${tag}"`)
  })
})

describe('the major tag', () => {
  /** An origin and a clone of it with releases v1.1.0 and v1.2.0 (v1 at v1.2.0). */
  function setUp() {
    const origin = folder()
    git(origin, 'init', '-q', '--bare')
    const clone = folder()
    git(clone, 'init', '-q')
    git(clone, 'remote', 'add', 'origin', origin)
    commit(clone, 'file', 'one')
    git(clone, 'tag', 'v1.1.0')
    const second = commit(clone, 'file', 'two')
    git(clone, 'tag', 'v1.2.0')
    git(clone, 'tag', 'v1', second)
    git(clone, 'push', '-q', 'origin', 'main', '--tags')
    const tagOf = (tag: string) => git(origin, 'rev-parse', `${tag}^{commit}`)
    return { clone, second, tagOf }
  }

  it('moves to the newest release of its major version, on the origin', () => {
    const { clone, tagOf } = setUp()
    const third = commit(clone, 'file', 'three')
    git(clone, 'tag', '-a', 'v1.10.0', '-m', 'v1.10.0')
    const run = runStep('Move the major tag', clone, 'v1.10.0')
    expect(run.code).toBe(0)
    expect(tagOf('v1')).toBe(third)
  })

  it('stays when the release fixes an older minor version', () => {
    const { clone, second, tagOf } = setUp()
    git(clone, 'checkout', '-q', 'v1.1.0')
    commit(clone, 'file', 'fix')
    git(clone, 'tag', 'v1.1.1')
    const run = runStep('Move the major tag', clone, 'v1.1.1')
    expect(run.code).toBe(0)
    expect(run.out).toContain('::notice::v1.1.1 is not the newest v1 release (v1.2.0 is)')
    expect(tagOf('v1')).toBe(second)
  })

  it('of another major version is its own (v2 leaves v1 alone)', () => {
    const { clone, second, tagOf } = setUp()
    const next = commit(clone, 'file', 'breaking')
    git(clone, 'tag', 'v2.0.0')
    expect(runStep('Move the major tag', clone, 'v2.0.0').code).toBe(0)
    expect([tagOf('v1'), tagOf('v2')]).toEqual([second, next])
  })
})
