import { describe, expect, it } from '@jest/globals'
import { clock } from '../helpers/deploy-harness'
import { runInProcess } from '../helpers/action-world'
import { POLICY_PATH, type Step } from '../helpers/policy-file'

/**
 * operation validate's job summary through the built action: written in every case. On success
 * the policy in effect (its file, the entry applied, a line per section in words) and its digest,
 * the same digest the log names; on failure the problems.
 */
const run = (step: Step) => runInProcess(step, { clock })

describe('operation validate: the job summary', () => {
  it('on success, holds the policy in effect, its digest and a line per section', async () => {
    const result = await run({
      operation: 'validate',
      environment: 'production',
      'tracing-url': 'https://tracing.example.com',
      policy: {
        agent: { assistant: 'agent', message: 'hi', expect: 'echo' },
        gate: { dataset: 'golden', 'min-scores': { correctness: 0.8 } },
        rollback: { 'on-failure': true },
        environments: {
          production: { gate: { 'min-scores': { correctness: 0.9 } } },
          'pr-*': { rollback: { 'on-failure': false } }
        }
      }
    })
    expect(result.exitCode).toBe(0)
    const digest = /digest ([0-9a-f]{64})/.exec(result.stdout)?.[1]
    expect(digest).toBeDefined()
    const summary = result.summary
    expect(summary).toMatch(/^## ✅ Validate: no problems in the release policy /)
    expect(summary).toContain('as written and under each of its 2 environments entries')
    expect(summary).toContain('Nothing was sent')
    expect(summary).toContain(`- **File:** ${POLICY_PATH}`)
    // The digest as a deploy shows it: its first 8 characters.
    expect(summary).toContain(`- **Digest:** \`${digest?.slice(0, 8)}\``)
    // One line per entry, in words, the entry merged over the policy: its sections in it.
    const production = summary.split('\n').find((line) => line.includes('environments.production'))
    expect(production).toMatch(/agent: assistant agent, message "hi", the reply must hold "echo"/)
    expect(production).toMatch(/gate: golden, .*correctness ≥ 0\.90/)
    expect(production).toMatch(/rollback: on failure/)
  })

  it("escapes the policy's own text: a pull request's author wrote it", async () => {
    const result = await run({
      operation: 'validate',
      policy: { agent: { assistant: 'agent', message: '<img src=x onerror=alert(1)> **bold** |' } }
    })
    expect(result.exitCode).toBe(0)
    const line = result.summary.split('\n').find((each) => each.startsWith('- agent:')) ?? ''
    expect(line).toContain('message')
    expect(line).not.toContain('<img')
    expect(line).not.toContain('**bold**')
  })

  it('on failure, holds the problems, each naming its key path', async () => {
    const result = await run({
      operation: 'validate',
      policy: [
        'version: 1',
        'agent: {assistant: agent}',
        'smoke: {cases: [{message: hi}], min-pass: 3}',
        'environments:',
        '  preview:',
        '    agent: {expect: ok}'
      ].join('\n')
    })
    expect(result.exitCode).toBe(1)
    expect(result.summary).toMatch(/^## ❌ Validate: 2 problems in the release policy /)
    expect(result.summary).toContain('The release policy has 2 problems; nothing was sent')
    expect(result.summary).toContain('smoke.min-pass')
    expect(result.summary).toContain('environments.preview')
    expect(result.summary).not.toContain('Deploy not started')
  })
})
