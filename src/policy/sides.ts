/** A loaded policy as one side of a pull request's comparison: every environment's policy. */
import type { PolicySides } from './compare-environments'
import type { LoadedPolicy } from './load'

export function policySides(policy: Pick<LoadedPolicy, 'entries' | 'inEffect'>): PolicySides {
  return {
    entries: policy.entries,
    side: (environment) => {
      const { policy: inEffect, files } = policy.inEffect(environment)
      return { policy: inEffect, files }
    }
  }
}
