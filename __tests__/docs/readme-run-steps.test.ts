import { afterAll, describe, expect, it } from '@jest/globals'
import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import {
  evaluate,
  whereIs,
  workflowOf,
  yamlBlocks,
  type Context,
  type Step
} from '../helpers/readme-workflows'

/**
 * Every `run:` step of the README and its recipe pages, as the runner runs it: its `${{ }}` expressions pasted into
 * the script, its `env:` set, then `bash -eo pipefail`. Each output holds shell syntax that runs
 * a command when pasted into a script; the step must run nothing but its own lines (every command
 * it runs is recorded by a DEBUG trap, command substitutions included) and leave no file behind.
 */
describe('the run: steps of the README and its recipes, with outputs that hold shell syntax', () => {
  const folder = mkdtempSync(join(tmpdir(), 'readme-run-'))
  afterAll(() => rmSync(folder, { recursive: true, force: true }))
  const canary = join(folder, 'ran')
  const hostile = `$(touch ${canary})\`touch ${canary}\`"; touch ${canary}; echo "'; touch ${canary}; echo '|touch ${canary}`
  const context: Context = {
    event: 'push',
    ref: 'refs/heads/main',
    matrix: {},
    apiUrl: 'x',
    tracingUrl: 'x'
  }
  const valueOf = (expression: string) =>
    /^steps\.[\w-]+\.outputs\.[\w-]+$/.test(expression.trim())
      ? hostile
      : evaluate(expression, context)
  const pasted = (text: string) =>
    text.replace(/\$\{\{(.+?)\}\}/g, (_, expression: string) => valueOf(expression))

  /** Runs one step as the runner would; returns the commands it ran and whether the canary exists. */
  function runStep(step: Step): { commands: string[]; ran: boolean } {
    rmSync(canary, { force: true })
    const trace = join(folder, 'trace')
    writeFileSync(trace, '')
    const script = `set -T\ntrap 'printf "%s\\n" "$BASH_COMMAND" >> ${trace}' DEBUG\n${pasted(step.run ?? '')}`
    const env = Object.fromEntries(
      Object.entries(step.env ?? {}).map(([name, value]) => [name, pasted(String(value))])
    )
    const result = spawnSync('bash', ['--noprofile', '--norc', '-eo', 'pipefail', '-c', script], {
      cwd: folder,
      env: { PATH: process.env.PATH ?? '', ...env },
      encoding: 'utf8'
    })
    expect(result.error).toBeUndefined()
    const commands = readFileSync(trace, 'utf8').split('\n').filter(Boolean)
    return { commands, ran: existsSync(canary) }
  }

  const runSteps = yamlBlocks.flatMap((block) =>
    Object.values(workflowOf(block.text)?.jobs ?? {}).flatMap((job) =>
      (job.steps ?? [])
        .filter((step) => typeof step.run === 'string')
        .map((step) => [`${whereIs(block)}: ${step.run?.trim() ?? ''}`, step] as const)
    )
  )

  it('are found, and each hands outputs over through env:', () => {
    expect(runSteps.length).toBeGreaterThanOrEqual(2)
    for (const [, step] of runSteps) expect(step.run).not.toMatch(/\$\{\{/)
  })

  // What the README wrote runs (echo, or a command of the team's own such as a dataset export);
  // nothing an output carries does.
  it.each(runSteps)('%s runs nothing but its own commands', (_, step) => {
    const { commands, ran } = runStep(step)
    const written = (step.run ?? '').split('\n').map((line) => line.trim())
    expect(commands.length).toBeGreaterThan(0)
    expect({ commands: commands.filter((command) => !written.includes(command)), ran }).toEqual({
      commands: [],
      ran: false
    })
  })

  it('would catch an output pasted into the script (the check works)', () => {
    const { commands, ran } = runStep({
      run: 'echo "Deployed ${{ steps.deploy.outputs.deployment-id }}"'
    })
    expect(ran).toBe(true)
    expect(commands.some((command) => command.startsWith('touch '))).toBe(true)
  })
})
