/**
 * The release workflow: its shape (least privilege, no cache, no token left on disk, actions
 * pinned by commit SHA), and its steps' scripts run as the runner runs them (`bash -eo
 * pipefail`), in git repositories made under the OS temp folder: the checks refuse what must not
 * be released, and the major tag moves only to the newest release of its major version. Only the
 * `gh release` call itself is left to GitHub. scripts/releasable.sh has its own test
 * (../scripts/releasable.test.ts).
 */
import { afterAll, describe, expect, it, jest } from '@jest/globals'
import { spawnSync } from 'node:child_process'
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { parse } from 'yaml'
import { commit, git, tempFolders } from '../helpers/git-repo'
import { REAL_WORK_TEST_MS } from '../helpers/real-time'

jest.setTimeout(REAL_WORK_TEST_MS)

interface Step {
  name?: string
  uses?: string
  run?: string
  with?: Record<string, unknown>
  env?: Record<string, string>
}
interface Job {
  needs?: string | string[]
  permissions: Record<string, string>
  steps: Step[]
}
interface Workflow {
  on: { push: { tags: string[] } }
  permissions: unknown
  env: Record<string, string>
  jobs: Record<string, Job>
}

const text = readFileSync(new URL('../../.github/workflows/release.yml', import.meta.url), 'utf8')
const workflow = parse(text) as Workflow
const jobs = Object.entries(workflow.jobs)
const steps = jobs.flatMap(([, job]) => job.steps)
const { folder, remove } = tempFolders('release-workflow-')
afterAll(remove)

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

/** The job that has a step of this name. */
const jobOf = (name: string) =>
  jobs.find(([, job]) => job.steps.some((step) => step.name === name))?.[0]

describe('the release workflow', () => {
  it('runs on release tags only, for the tag pushed', () => {
    expect(workflow.on.push.tags).toEqual(['v[0-9]+.[0-9]+.[0-9]+'])
    expect(workflow.env.TAG).toBe('${{ github.ref_name }}')
  })

  it('reads in every job but the last, which alone may write contents, and runs no npm', () => {
    expect(workflow.permissions).toEqual({})
    expect(Object.fromEntries(jobs.map(([name, job]) => [name, job.permissions]))).toEqual({
      check: { contents: 'read', checks: 'read', statuses: 'read' },
      build: { contents: 'read' },
      publish: { contents: 'write' }
    })
    const publish = workflow.jobs.publish
    expect(publish?.needs).toEqual(['check', 'build'])
    for (const step of publish?.steps ?? []) {
      expect([step.name, step.run ?? '']).not.toEqual([step.name, expect.stringMatching(/\bnpm\b/)])
      expect([step.name, step.uses ?? '']).not.toEqual([
        step.name,
        expect.stringContaining('setup-node')
      ])
    }
    // The token is handed only to the steps that publish and push.
    const given = steps.filter((step) => JSON.stringify(step.env ?? {}).includes('github.token'))
    expect(given.map((step) => [jobOf(step.name ?? ''), step.name])).toEqual([
      ['check', 'The tagged commit is on the default branch and passed CI'],
      ['publish', 'Publish the GitHub release'],
      ['publish', 'Move the major tag']
    ])
  })

  it('keeps no token on disk, restores no cache, and pins every action by commit SHA with its version', () => {
    const actions = steps.filter((step) => step.uses !== undefined)
    expect(actions.length).toBeGreaterThanOrEqual(4)
    for (const step of actions) {
      expect(step.uses).toMatch(/^[\w.-]+\/[\w.-]+@[0-9a-f]{40}$/)
      if (step.uses?.startsWith('actions/checkout@'))
        expect(step.with?.['persist-credentials']).toBe(false)
      if (step.uses?.startsWith('actions/setup-node@')) {
        expect(step.with?.cache).toBeUndefined()
        expect(step.with?.['package-manager-cache']).toBe(false)
      }
    }
    // The version each SHA is, in a comment on its line, as Dependabot and Renovate read it.
    const lines = text.split('\n').filter((line) => /^\s*(- )?uses:/.test(line))
    expect(lines).toHaveLength(actions.length)
    for (const line of lines) expect(line).toMatch(/@[0-9a-f]{40} # v\d+\.\d+\.\d+$/)
    expect(text).not.toMatch(/actions\/cache|^\s*cache:/m)
  })

  it('publishes only after every check, and moves the major tag last', () => {
    const names = steps.map((step) => step.name ?? step.uses ?? step.run)
    const at = (name: string) => names.indexOf(name)
    const publish = at('Publish the GitHub release')
    expect(publish).toBeGreaterThan(0)
    for (const check of [
      'The tag is the version in package.json',
      'The tagged commit is on the default branch and passed CI',
      'dist/ is what the tagged source builds to',
      'Release notes from CHANGELOG.md'
    ])
      expect([check, at(check) >= 0 && at(check) < publish]).toEqual([check, true])
    expect(at('Move the major tag')).toBe(names.length - 1)
    // Jobs run in the order of their needs: check, then build, then publish.
    expect(workflow.jobs.build?.needs).toBe('check')
    expect(jobOf('The tagged commit is on the default branch and passed CI')).toBe('check')
    expect(jobOf('dist/ is what the tagged source builds to')).toBe('build')
  })

  it('checks the tag with the script, against the default branch and the CI jobs', () => {
    const step = steps.find((candidate) => candidate.run === 'bash scripts/releasable.sh')
    expect(step?.env).toEqual({
      DEFAULT_BRANCH: '${{ github.event.repository.default_branch }}',
      REQUIRED_CHECKS: 'ci check-dist self-test',
      GITHUB_TOKEN: '${{ github.token }}'
    })
    // Each required check is a job of a workflow that runs on the default branch.
    const ciJobs = ['ci.yml', 'check-dist.yml', 'self-test.yml'].flatMap((file) =>
      Object.keys(
        (
          parse(
            readFileSync(new URL(`../../.github/workflows/${file}`, import.meta.url), 'utf8')
          ) as {
            jobs: Record<string, unknown>
          }
        ).jobs
      )
    )
    expect(ciJobs).toEqual(step?.env?.REQUIRED_CHECKS?.split(' '))
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
