import { describe, expect, it } from '@jest/globals'
import { v5 } from 'uuid'
import { uuidV5 } from '../../src/evaluation/ids'

// The action makes UUID v5 ids itself (run ids of the gate, assistant ids from entry names) and
// the agent server makes its graphs' default assistant ids with the uuid package: both must
// give the same id for the same name, or a re-run would not find what the last one made.
describe('the action’s UUID v5', () => {
  const namespaces = [
    // The action's namespace for assistants (the spec), the agent server's for graphs, and DNS.
    'a4cd1350-3f60-47c9-82e8-eb29baeb4384',
    '6ba7b821-9dad-11d1-80b4-00c04fd430c8',
    '6ba7b810-9dad-11d1-80b4-00c04fd430c8'
  ]
  const names = ['agent', 'support-triage', '', 'é ü 名前 🚀', 'x'.repeat(300)]

  it.each(namespaces)('equals the uuid package’s in namespace %s', (namespace) => {
    for (const name of names) expect(uuidV5(name, namespace)).toBe(v5(name, namespace))
  })

  it('gives the id the real agent server gives the graph "agent"', () => {
    expect(uuidV5('agent', '6ba7b821-9dad-11d1-80b4-00c04fd430c8')).toBe(
      'fe096781-5601-53d2-b2f6-0d3403f7e9ca'
    )
  })
})
