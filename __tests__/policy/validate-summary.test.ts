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
    expect(summary).toMatch(/^## ✅ Release policy: no problems\n/)
    expect(summary).toContain(
      'checked as written and with each of its 2 environments entries merged; nothing was sent.'
    )
    expect(summary).toContain(`- **File:** ${POLICY_PATH}`)
    expect(summary).toContain(`- **Digest:** \`${digest}\``)
    expect(summary).toContain('- **Entry applied:** environments.production')
    // One line per section, in words, the entry merged over the policy.
    const sections = summary.split('\n').filter((line) => /^- (agent|gate|rollback):/.test(line))
    expect(sections).toHaveLength(3)
    expect(summary).toMatch(/^- agent: assistant agent, message "hi", the reply must hold "echo"/m)
    expect(summary).toMatch(/^- gate: golden, .*correctness ≥ 0\.90/m)
    expect(summary).toMatch(/^- rollback: on failure/m)
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
    expect(result.summary).toMatch(
      /^## ❌ Validate: the inputs or the release policy have problems\n/
    )
    expect(result.summary).toContain('The release policy has 2 problems; nothing was sent')
    expect(result.summary).toContain('smoke.min-pass')
    expect(result.summary).toContain('environments.preview')
    expect(result.summary).not.toContain('Deploy not started')
  })
})
