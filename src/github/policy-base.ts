/**
 * The release policy at a pull request's base commit, read through GitHub's contents API
 * (`GET /repos/{owner}/{repo}/contents/{path}?ref={base sha}`) with the files it names, and
 * checked as the workspace's file is. What GitHub answers is the base branch's and untrusted:
 * each body capped and parsed, the policy through ../policy/. Best effort, beside the deploy: a
 * read that fails is a sentence in the report, never the step's failure.
 */
import { z } from 'zod'
import { repositoryPath } from '../lib/github-links'
import type { WorkspaceFile } from '../lib/workspace-file'
import { problemLine } from '../policy-kit/problems'
import { policySides } from '../policy/sides'
import type { BaseSide } from '../report/policy-types'
import { budgetedCall, openGitHub, type BoundedCallOptions, type GitHubTarget } from './client'
import type { Redactor } from '../report/redact'

export interface BasePolicyOptions extends BoundedCallOptions {
  token: string
  redact: Redactor
  /** The path as written in `release-policy`. */
  path: string
  /** The `environment` input: the base's entry is picked by the same name. */
  environment?: string
}

/** The raw media type answers the file's bytes as they are (any size GitHub serves). */
const fileBody = z.union([z.string(), z.instanceof(ArrayBuffer)])

type Read = { bytes: Buffer } | { absent: true } | { failed: string }

/**
 * The base side of the comparison, or undefined when the run is no pull request (no base
 * commit). Never rejects.
 */
export async function readBasePolicy(
  options: BasePolicyOptions,
  target: GitHubTarget
): Promise<BaseSide | undefined> {
  const baseSha = target.baseSha
  if (baseSha === undefined) return undefined
  try {
    const { octokit, owner, repo } = openGitHub(options, target)
    const read = async (path: string, maxBytes: number): Promise<Read> => {
      const parts = repositoryPath(path)
      if (parts === undefined) return { failed: `${path} is not a path in the repository` }
      try {
        const answer = await budgetedCall(options, (signal) =>
          octokit.rest.repos.getContent({
            owner,
            repo,
            path: parts.join('/'),
            ref: baseSha,
            mediaType: { format: 'raw' },
            request: { signal }
          })
        )
        const body = fileBody.safeParse(answer.data)
        if (!body.success) return { failed: `${path} is not a file at the base commit` }
        const bytes =
          typeof body.data === 'string' ? Buffer.from(body.data, 'utf8') : Buffer.from(body.data)
        if (bytes.length > maxBytes)
          return { failed: `${path} is over ${maxBytes} bytes at the base commit` }
        return { bytes }
      } catch (error) {
        if ((error as { status?: unknown }).status === 404) return { absent: true }
        return { failed: `${path}: ${reason(error)}` }
      }
    }
    // The policy's reader is the chunk the step's own policy loaded (named "policy" at each of
    // its imports): one copy in dist/.
    const { checkPolicy, MAX_POLICY_BYTES } = await import(
      /* webpackChunkName: "policy" */ '../policy/load'
    )
    const { MAX_NAMED_FILE_BYTES } = await import(
      /* webpackChunkName: "policy" */ '../policy/named-files'
    )
    const policy = await read(options.path, MAX_POLICY_BYTES)
    if ('absent' in policy) {
      // GitHub answers 404 as well for a repository the token cannot see: the file is new only
      // where the base commit itself can be read.
      const commit = await readCommit(options, octokit, { owner, repo, baseSha })
      if (commit.why === undefined) return { kind: 'new', baseSha }
      return {
        kind: 'failed',
        baseSha,
        why: `${options.path} was not found at the base commit, and the base commit could not be read either (${commit.why}), so the file is not known to be new (GitHub answers 404 for a repository the token cannot read)`
      }
    }
    if ('failed' in policy) return { kind: 'failed', baseSha, why: policy.failed }
    const readNamed = async (named: string): Promise<WorkspaceFile> => {
      const file = await read(named, MAX_NAMED_FILE_BYTES)
      if ('bytes' in file) return { bytes: file.bytes }
      const problem = 'absent' in file ? `${named} is not at the base commit` : file.failed
      return { problem, kind: 'unreadable' }
    }
    const load = await checkPolicy(policy.bytes.toString('utf8'), options.path, readNamed)
    if (load.policy === undefined) {
      const [first] = load.problems
      const more = load.problems.length > 1 ? ` (and ${load.problems.length - 1} more)` : ''
      return {
        kind: 'failed',
        baseSha,
        why: `the base commit's policy has problems: ${first ? problemLine(first) : ''}${more}`
      }
    }
    const sides = policySides(load.policy)
    return { kind: 'read', baseSha, side: sides.side(options.environment), sides }
  } catch (error) {
    return { kind: 'failed', baseSha, why: reason(error) }
  }
}

/** The `sha` media type answers the commit's SHA alone: all that is asked is whether it is read. */
const shaBody = z.union([z.string(), z.instanceof(ArrayBuffer)])

/**
 * `GET /repos/{owner}/{repo}/commits/{base sha}`: no `why` when GitHub answers the commit, else
 * why not (a 404 for a repository the token cannot see, a 422 for a commit the repository lacks).
 */
async function readCommit(
  options: BasePolicyOptions,
  octokit: ReturnType<typeof openGitHub>['octokit'],
  commit: { owner: string; repo: string; baseSha: string }
): Promise<{ why?: string }> {
  try {
    const answer = await budgetedCall(options, (signal) =>
      octokit.rest.repos.getCommit({
        owner: commit.owner,
        repo: commit.repo,
        ref: commit.baseSha,
        mediaType: { format: 'sha' },
        request: { signal }
      })
    )
    const body = shaBody.safeParse(answer.data)
    const sha = !body.success
      ? undefined
      : typeof body.data === 'string'
        ? body.data
        : Buffer.from(body.data).toString('utf8')
    return sha?.trim().toLowerCase() === commit.baseSha.toLowerCase()
      ? {}
      : { why: 'GitHub answered another commit' }
  } catch (error) {
    return { why: reason(error) }
  }
}

/** A failed read's reason: its HTTP status, when it has one, and message. */
function reason(error: unknown): string {
  const status = (error as { status?: unknown }).status
  const message = error instanceof Error ? error.message : String(error)
  return typeof status === 'number' ? `HTTP ${status}: ${message}` : message
}
