import { describe, expect, it } from '@jest/globals'
import type { RawInputs } from '../../src/inputs/contract'
import type { Config } from '../../src/inputs/parse'
import { parseServiceInputs } from '../helpers/service-config'
import { named } from '../../src/operations/target'
import { rawInputs } from '../helpers/action-yml'
import { BRANCH_ENV } from '../helpers/step-inputs'

/** The Config of a step's inputs (api-key given), as main() parses them. */
const configOf = (given: Partial<RawInputs>) =>
  parseServiceInputs(rawInputs({ 'api-key': 'emulator-key', ...given }), BRANCH_ENV)

const API = { 'api-url': 'https://api.example.com' }
const ID = '3f0c2b4e-9d7a-4c1e-8b6f-2a5d7e9c1b30'

/** The variant of one operation; a step parsed into another is a failure of the test. */
function variant<K extends Config['operation']>(
  config: Config,
  operation: K
): Extract<Config, { operation: K }> {
  expect(config.operation).toBe(operation)
  return config as Extract<Config, { operation: K }>
}

// The types below are the point: each variant holds, required, what the input rules prove, so
// that code reads it with no fallback. tsc fails this file if a field becomes optional again.
describe('Config, one variant per operation', () => {
  it('promote: from-deployment, and the deployment named by name or id', async () => {
    const promote = variant(
      await configOf({
        ...API,
        'deployment-id': ID,
        operation: 'promote',
        'from-deployment': 'staging'
      }),
      'promote'
    )
    const from: string = promote.fromDeployment
    expect(from).toBe('staging')
    expect(named(promote)).toBe(ID)
  })

  it('rollback and delete by name: the name, required', async () => {
    const rollback = variant(
      await configOf({ ...API, name: 'agent', operation: 'rollback' }),
      'rollback'
    )
    expect(rollback.deploymentId).toBeUndefined()
    const byName: string | undefined =
      rollback.deploymentId === undefined ? rollback.name : undefined
    expect(byName).toBe('agent')
    const removed = variant(
      await configOf({ ...API, name: 'agent', 'deployment-id': ID, operation: 'delete' }),
      'delete'
    )
    expect(named(removed)).toBe('agent')
  })

  it('prune: its criteria, required, and no deployment of its own', async () => {
    const prune = variant(
      await configOf({
        ...API,
        operation: 'prune',
        'prune-prefix': 'pr-',
        'prune-older-than': '7d'
      }),
      'prune'
    )
    const prefix: string = prune.prune.prefix
    expect(prefix).toBe('pr-')
    expect([prune.name, prune.deploymentId]).toEqual([undefined, undefined])
  })
})
