import { describe, expect, it } from '@jest/globals'
import { renderGfm } from '../../scripts/preview-report/html'
import { runInProcess } from '../helpers/action-world'
import { clock } from '../helpers/deploy-harness'
import { POLICY_PATH, type Step } from '../helpers/policy-file'

/**
 * operation validate as people read it, through the action in process: the headline names what
 * was checked and how many problems it found, the digest is 8 characters as a deploy shows it,
 * the file is linked, each environments entry has a line, code in a problem renders as code, and
 * the error annotations stay within what GitHub keeps.
 */
const SHA = 'c0ffee00c0ffee00c0ffee00c0ffee00c0ffee00'
const run = (step: Step) => runInProcess(step, { clock, env: { GITHUB_SHA: SHA } })

describe('operation validate as people read it', () => {
  it('a good policy: what was checked, the short digest, the file linked, a line per environments entry', async () => {
    const result = await run({
      operation: 'validate',
      policy: {
        agent: { assistant: 'agent', message: 'hi', expect: 'echo' },
        rollback: { 'on-failure': true },
        environments: {
          production: { agent: { timeout: '10m' } },
          'pr-*': { rollback: false }
        }
      }
    })
    expect(result.exitCode).toBe(0)
    const digest = /digest ([0-9a-f]{64})/.exec(result.stdout)?.[1] ?? ''
    const [headline = '', ...rest] = result.summary.split('\n')
    expect(headline).toContain(POLICY_PATH)
    expect(result.summary).not.toMatch(/[0-9a-f]{64}/)
    expect(result.summary).toContain(digest.slice(0, 8))
    expect(result.summary).toContain(
      `(https://github.com/acme/support-agent/blob/${SHA}/${POLICY_PATH})`
    )
    const lines = rest.join('\n')
    for (const entry of ['production', 'pr-*'])
      expect(
        lines.split('\n').filter((line) => line.includes(`environments.${entry}`))
      ).toHaveLength(1)
    expect(lines).not.toMatch(/no entry applied/)
    // The entry that removes a section says so.
    expect(lines.split('\n').find((line) => line.includes('environments.pr-*'))).toMatch(
      /rollback: off/
    )
  })

  it('a bad policy: the count of problems in the headline, code as code, at most 10 error annotations with the failure first', async () => {
    const result = await run({
      operation: 'validate',
      policy: [
        'version: 1',
        'agent: {assistant: agent}',
        'smoke: {cases: [{message: hi}], min-pas: 3}',
        'gate: {datasett: a, repetitionz: 2, concurrencyy: 3, timeoutt: 5m}',
        'bake: {durationn: 1m, intervall: 1m, min-runz: 3, failure-limitt: 2}',
        'rollback: {on-failur: true, timeoutt: 5m}'
      ].join('\n')
    })
    expect(result.exitCode).toBe(1)
    // The summary lists every problem.
    const problems = result.summary.split('\n').filter((line) => /^> - /.test(line)).length
    expect(problems).toBeGreaterThan(8)
    const headline = result.summary.split('\n')[0] ?? ''
    expect(headline).toContain(POLICY_PATH)
    expect(headline).toContain(String(problems))
    const html = renderGfm(result.summary)
    expect(html).toContain('<code>min-pass</code>')
    expect(html.replace(/<code>[^<]*<\/code>/g, '')).not.toContain('`')
    const errors = result.annotations.filter((annotation) => annotation.kind === 'error')
    expect(errors.length).toBeLessThanOrEqual(10)
    expect(errors[0]?.file).toBeUndefined()
    expect(errors.filter((annotation) => annotation.file === POLICY_PATH).length).toBe(8)
  })
})
