/**
 * The release policy in the report model: the policy in effect in words, where its file is at the
 * workflow's commit, and what a pull request changes against its base branch's. Pure.
 */
import { blobUrl, type GitHubPlace } from '../lib/github-links'
import { changeCounts } from '../policy/compare'
import {
  compareEnvironments,
  listedLines,
  weakerFirst,
  type PolicySides
} from '../policy/compare-environments'
import { describePolicy } from '../policy/describe'
import { rollbackOnFailureIn } from '../rollback/section'
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
    ...(inEffect.entry !== null && !rollbackOnFailureIn(inEffect.policy) && { rollbackOff: true }),
    ...(facts.base === undefined ? {} : { changes: changesOf(facts, facts.base) })
  }
}

function changesOf(facts: PolicyFacts, base: BaseSide): PolicyChanges {
  if (facts.changes !== undefined) return facts.changes
  // Without every environment's side (a report built from a result alone): this run's only.
  const { policy, files } = facts.inEffect
  const head = { entries: [], side: () => ({ policy, files }) }
  return policyChanges(head, facts.environment, base)
}

/**
 * What a pull request changes against its base commit's policy, for every environment either
 * side names (../policy/compare-environments.ts), or why it is not known.
 */
export function policyChanges(
  head: PolicySides,
  environment: string | undefined,
  base: BaseSide
): PolicyChanges {
  if (base.kind === 'failed')
    return { read: false, why: base.why, ...(base.baseSha ? { baseSha: base.baseSha } : {}) }
  const groups = compareEnvironments(
    base.kind === 'read' ? base.sides : undefined,
    head,
    environment
  )
  const list = listedLines(groups)
  return {
    read: true,
    baseSha: base.baseSha,
    isNew: base.kind === 'new',
    list,
    groups,
    weaker: weakerFirst(groups),
    counts: changeCounts(list)
  }
}
