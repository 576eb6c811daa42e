import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals'
import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import {
  startHostileControlPlane,
  type ControlPlaneScript,
  type HostileControlPlane
} from '../helpers/hostile/control-plane'
import { hostileStep } from '../helpers/hostile/step'
import { runAction } from '../helpers/run-action'
import { runInProcess } from '../helpers/action-world'
import { REAL_WORK_TEST_MS } from '../helpers/real-time'

jest.setTimeout(REAL_WORK_TEST_MS)

/**
 * Outputs reach `run:` steps through `${{ }}`, pasted into a shell script: a service that sends
 * `$(…)` in an id, a status or a URL must not get it into any output. Each run's outputs are
 * pasted into the README's first example as it stood before (outputs inside `run:`) and run with
 * bash: no command but echo runs. The first is a child run of the bundle (the outputs as the
 * runner's GITHUB_OUTPUT file holds them); the others run in this process on a virtual clock (a
 * status the action does not know waits out `timeout` there at no cost).
 */
const SETUP_MS = 90_000
const folder = mkdtempSync(join(tmpdir(), 'hostile-shell-'))
const canary = join(folder, 'ran')
const COMMAND = `$(touch${'${IFS}'}${canary})`

/** The README's first step as it was, outputs pasted in; whether the canary was made. */
function pastedIntoShell(outputs: Record<string, string>): boolean {
  rmSync(canary, { force: true })
  const script = `echo "Deployed ${outputs['deployment-id'] ?? ''} at ${outputs['deployment-url'] ?? ''} (${outputs['revision-id'] ?? ''}, ${outputs['previous-revision-id'] ?? ''}, ${outputs['revision-status'] ?? ''})"`
  spawnSync('bash', ['--noprofile', '--norc', '-eo', 'pipefail', '-c', script], {
    cwd: folder,
    env: { PATH: process.env.PATH ?? '' }
  })
  return existsSync(canary)
}

/** Every output value that holds shell syntax, as "name: value". */
function shellSyntax(outputs: Record<string, string>): string[] {
  return Object.entries(outputs)
    .filter(([, value]) => /[$`"'\\()<>|]/.test(value) && !value.startsWith('['))
    .map(([name, value]) => `${name}: ${value}`)
}

afterAll(() => rmSync(folder, { recursive: true, force: true }))

describe('the harness: an output that held $(…) would run it', () => {
  it('makes the canary when a command is pasted into the script', () => {
    expect(pastedIntoShell({ 'deployment-id': COMMAND })).toBe(true)
  })
})

const SCRIPTS: [string, ControlPlaneScript][] = [
  ['the deployment id', { deployment: { id: COMMAND } }],
  ['the revision id', { revisionId: COMMAND }],
  ['the active revision id', { exists: true, deployment: { active_revision_id: COMMAND } }],
  [
    'the custom_url',
    { deployment: { source_config: { custom_url: `https://agent.example.com/${COMMAND}` } } }
  ],
  ['a status', { statuses: ['BUILDING', `DEPLOYED${COMMAND}`] }]
]

describe.each(SCRIPTS)('a service that puts $(…) in %s', (what, script) => {
  let cp: HostileControlPlane
  let run: { outputs: Record<string, string>; stdout: string }
  beforeAll(async () => {
    cp = await startHostileControlPlane(script)
    run =
      what === SCRIPTS[0]?.[0]
        ? await runAction(hostileStep(cp.url), { killAfterMs: 60_000 })
        : await runInProcess(hostileStep(cp.url))
  }, SETUP_MS)
  afterAll(() => cp.close())

  it('sets no output that holds shell syntax, and warns of the one left empty', () => {
    expect(shellSyntax(run.outputs)).toEqual([])
    expect(JSON.stringify(run.outputs)).not.toContain('touch')
    expect(run.stdout).toMatch(/^::warning::The output [a-z-]+ is left empty|where a UUID belongs/m)
  })
  it('runs nothing when the outputs are pasted into a shell script', () => {
    expect(pastedIntoShell(run.outputs)).toBe(false)
  })
  it('puts the id into no request path', () => {
    expect(cp.seen.filter((seen) => seen.path.includes('touch'))).toEqual([])
  })
})
