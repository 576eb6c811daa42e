/**
 * The release policy in the report model: the policy in effect in words, where its file is at the
 * workflow's commit, and what a pull request changes against its base branch's. Pure.
 */
import { blobUrl, type GitHubPlace } from '../lib/github-links'
import { changeCounts, comparePolicies } from '../policy/compare'
import { describePolicy } from '../policy/describe'
import type { BaseSide, PolicyChanges, PolicyFacts, PolicyInWords } from './policy-types'

/**
 * The policy in words; `{ given: false }` for a checked operation without one (the summary says
 * only the serving check runs); undefined for an operation the policy does not apply to.
 */
export function policyInWords(
  facts: PolicyFacts | undefined,
  checked: boolean,
  place: GitHubPlace | undefined,
  workflowCommit: string | undefined
): PolicyInWords | undefined {
  if (facts === undefined) return checked ? { given: false } : undefined
  const { inEffect } = facts
  const link = place && blobUrl(place, workflowCommit, facts.path)
  return {
    given: true,
    path: facts.path,
    ...(link === undefined ? {} : { link }),
    digest: inEffect.digest,
    entry: inEffect.entry,
    ...(facts.environment === undefined ? {} : { environment: facts.environment }),
    sections: describePolicy(inEffect.policy),
    ...(inEffect.entry !== null &&
      inEffect.policy.rollback?.['on-failure'] !== true && { rollbackOff: true }),
    ...(facts.base === undefined ? {} : { changes: changesOf(facts, facts.base) })
  }
}

function changesOf(facts: PolicyFacts, base: BaseSide): PolicyChanges {
  if (base.kind === 'failed')
    return { read: false, why: base.why, ...(base.baseSha ? { baseSha: base.baseSha } : {}) }
  const { policy, files } = facts.inEffect
  const head = { policy, files }
  const list = comparePolicies(base.kind === 'read' ? base.side : undefined, head)
  return {
    read: true,
    baseSha: base.baseSha,
    isNew: base.kind === 'new',
    list,
    counts: changeCounts(list)
  }
}
