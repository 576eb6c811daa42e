import type { ComparedPolicy, PolicyChange } from '../policy/compare'
import type { PolicySides, ScopedChanges, WeakerChange } from '../policy/compare-environments'
import type { PolicyInEffect } from '../policy/effective'

/**
 * The release policy at a pull request's base commit, as GitHub gave it (../github/policy-base.ts):
 * read and checked, absent there (the file is new in the pull request), or not read (why, in
 * words). Its text is the pull request's base branch's: untrusted, escaped by each renderer.
 */
export type BaseSide =
  | {
      kind: 'read'
      baseSha: string
      /** The policy in effect for this run's environment there. */
      side: ComparedPolicy
      /** Every environment's policy there. */
      sides: PolicySides
    }
  | { kind: 'new'; baseSha: string }
  | { kind: 'failed'; baseSha?: string; why: string }

/** What the run knows of its release policy, for the report model. */
export interface PolicyFacts {
  /** The path as written in `release-policy`. */
  path: string
  inEffect: PolicyInEffect
  /** The `environment` input that picked the entry, when given. */
  environment?: string
  /** On a pull request with `github-token`: the base branch's side. */
  base?: BaseSide
  /** What the pull request changes, once the base branch's side is known. */
  changes?: PolicyChanges
}

/** The release policy as people read it: the summary's block and the PR comment's line. */
export type PolicyInWords = { given: false } | PolicyGiven

export interface PolicyGiven {
  given: true
  path: string
  /** The file's page at the workflow's commit, when the place and commit are known. */
  link?: string
  /** The full SHA-256 digest of the policy in effect. */
  digest: string
  /** The environments entry applied, null when none did. */
  entry: string | null
  environment?: string
  /** One line per section, in words (../policy/describe.ts). */
  sections: string[]
  /** The entry applied leaves no rollback on failure (a preview's, often): said, not left out. */
  rollbackOff?: boolean
  /** What the pull request changes, when the run compared it with the base branch's. */
  changes?: PolicyChanges
}

export type PolicyChanges =
  | {
      read: true
      baseSha: string
      /** The file is new in the pull request: every setting is `new`. */
      isNew: boolean
      /** Each line as listed (a line listed under two environments twice). */
      list: PolicyChange[]
      /** The lines by where they apply: every environment first, then this run's. */
      groups: ScopedChanges[]
      /** Every weaker line, worst first. */
      weaker: WeakerChange[]
      /** "policy: 2 weaker, 1 stronger" */
      counts: string
    }
  | { read: false; baseSha?: string; why: string }
