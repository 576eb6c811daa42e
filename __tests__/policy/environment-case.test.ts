import { describe, expect, it } from '@jest/globals'
import { clock } from '../helpers/deploy-harness'
import { runInProcess } from '../helpers/action-world'
import { POLICY_PATH } from '../helpers/policy-file'
import { lines } from './workspace'

/**
 * Environment names are matched as GitHub matches them, without regard to case: `Production`
 * applies the entry `production`, and two entries whose names differ only by case are one
 * environment written twice.
 */
const POLICY = lines(
  'version: 1',
  'agent:',
  '  assistant: agent',
  'environments:',
  '  production:',
  '    rollback: { on-failure: true }',
  '  pr-*:',
  '    agent: { timeout: 1m }'
)

describe('environment names without regard to case', () => {
  it.each([
    ['Production', 'production'],
    ['PR-7', 'pr-*']
  ])('environment %s applies the entry %s', async (environment, entry) => {
    const result = await runInProcess(
      { operation: 'validate', environment, policy: POLICY },
      { clock }
    )
    expect(result.exitCode).toBe(0)
    // The summary escapes markdown (`pr-\*`): compared as read.
    expect(result.summary.replace(/\\/g, '')).toContain(
      `- **Entry applied:** environments.${entry}`
    )
  })

  it('refuses two entries whose names differ only by case, on the second', async () => {
    const policy = `${POLICY}  Production:\n    rollback: { on-failure: false }\n`
    const result = await runInProcess({ operation: 'validate', policy }, { clock })
    expect(result.exitCode).toBe(1)
    const onPolicy = result.annotations.filter(
      (each) => each.kind === 'error' && each.file === POLICY_PATH
    )
    expect(onPolicy.map((each) => each.line)).toEqual([9])
    expect(onPolicy[0]?.text).toContain('environments.Production')
  })
})
