import { z } from 'zod'
import { SeenPages } from '../control-plane/paging'
import type { Octokit } from './client'

// The action's pull-request comment: anyone may post its marker, so a comment is taken for the
// action's own only when the token's identity wrote it; otherwise a new one is made.

/** Pages of 100 comments read to find this action's comment on a pull request. */
const MAX_COMMENT_PAGES = 10

/**
 * Who a token writes as: the login GraphQL's `viewer` answers (for a person's token, the
 * workflow's and another app's alike), or why it could not be read.
 */
export type TokenIdentity = { login: string } | { unknown: string }

const viewerSchema = z.object({ viewer: z.object({ login: z.string().min(1) }) })

/**
 * Reads the token's identity from GraphQL (`graphqlUrl`: the runner's GITHUB_GRAPHQL_URL; by
 * default the client's). An answer that names no login, or a refusal, is `unknown`, and then no
 * earlier comment is edited. Rejects only when `signal` ended the call: the time ran out, which
 * says nothing of the token.
 */
export async function tokenIdentity(
  octokit: Octokit,
  signal: AbortSignal,
  graphqlUrl?: string
): Promise<TokenIdentity> {
  try {
    // The object form: with a query string, `url` would be taken for a variable.
    const data = await octokit.graphql<unknown>({
      query: 'query { viewer { login } }',
      ...(graphqlUrl === undefined ? {} : { url: graphqlUrl }),
      request: { signal }
    })
    const parsed = viewerSchema.safeParse(data)
    return parsed.success
      ? { login: parsed.data.viewer.login }
      : { unknown: 'GraphQL viewer named no login' }
  } catch (error) {
    if (signal.aborted) throw error
    const status = (error as { status?: unknown }).status
    const message = error instanceof Error ? error.message : String(error)
    return { unknown: typeof status === 'number' ? `HTTP ${status}: ${message}` : message }
  }
}

/**
 * The token's identity, read once, when a comment first needs it (again after a read that ran
 * out of time); `warn` is told once when it cannot be read, with `instead`: what the action
 * does then.
 */
export function identityOnce(
  octokit: Octokit,
  graphqlUrl: string | undefined,
  warn: (message: string) => void,
  instead = 'a new pull-request comment is made, and no earlier one is edited'
): (signal: AbortSignal) => Promise<TokenIdentity> {
  let identity: Promise<TokenIdentity> | undefined
  return (signal) =>
    (identity ??= tokenIdentity(octokit, signal, graphqlUrl).then(
      (found) => {
        if ('unknown' in found)
          warn(`The GitHub token's identity could not be read (${found.unknown}): ${instead}.`)
        return found
      },
      (error: unknown) => {
        identity = undefined
        throw error
      }
    ))
}

const BOT_SUFFIX = /\[bot\]$/

/**
 * Whether `login` (the token's identity) wrote a comment of `author`. A person is matched by
 * login. A bot only as an author of type Bot, by its login with or without the `[bot]` suffix
 * (GitHub's answers give it or leave it out); an app's name cannot be another account's, so
 * "name[bot]" is that app's and no one else's.
 */
function writtenBy(login: string, author: { login?: string; type?: string } | null | undefined) {
  if (!author?.login) return false
  if (author.type === 'Bot')
    return author.login.replace(BOT_SUFFIX, '') === login.replace(BOT_SUFFIX, '')
  return author.login === login
}

/**
 * This action's comment on a pull request: the first whose body starts with `marker` and that
 * the token's own identity wrote. Anyone may post the marker; only our own comment is edited.
 * None when the identity is unknown.
 */
export async function findComment(
  octokit: Octokit,
  where: {
    owner: string
    repo: string
    issue: number
    marker: string
    /** The token's identity, asked only when needed (see identityOnce). */
    identity: (signal: AbortSignal) => Promise<TokenIdentity>
    signal: AbortSignal
  }
): Promise<{ id: number; body?: string } | undefined> {
  const { owner, repo, issue, marker, signal } = where
  const identity = await where.identity(signal)
  if (!('login' in identity)) return undefined
  // A GitHub that ignores `page` would otherwise be read MAX_COMMENT_PAGES times for nothing.
  const seen = new SeenPages(
    `the comments of pull request #${issue}`,
    'GET',
    `/repos/${owner}/${repo}/issues/${issue}/comments`
  )
  // Page by page rather than with octokit.paginate, which drops the request's abort signal.
  for (let page = 1; page <= MAX_COMMENT_PAGES; page++) {
    const { data } = await octokit.rest.issues.listComments({
      owner,
      repo,
      issue_number: issue,
      per_page: 100,
      page,
      request: { signal }
    })
    seen.check(data.map((comment) => String(comment.id)))
    const ours = data.find(
      (comment) => comment.body?.startsWith(marker) && writtenBy(identity.login, comment.user)
    )
    if (ours) return ours
    if (data.length < 100) break
  }
  return undefined
}

/**
 * Writes `body` as the action's comment: the one this run wrote before (`thisRun`, kept between
 * calls), else our earlier one, else a new one; `thisRun` then keeps its id.
 */
export async function upsertComment(
  octokit: Octokit,
  where: {
    owner: string
    repo: string
    issue: number
    /** The body, or how to make it from the body of the comment it replaces (when one is found). */
    body: string | ((previousBody: string | undefined) => string)
    /** The token's identity, asked only when needed (see identityOnce). */
    identity: (signal: AbortSignal) => Promise<TokenIdentity>
    signal: AbortSignal
    /** The comment this run wrote, and its body, kept between calls. */
    thisRun: { commentId?: number; body?: string }
  }
) {
  const { owner, repo, issue, signal, thisRun } = where
  const bodyOf = typeof where.body === 'string' ? () => where.body as string : where.body
  const marker = bodyOf(undefined).split('\n')[0] ?? ''
  const ours =
    thisRun.commentId !== undefined
      ? { id: thisRun.commentId, body: thisRun.body }
      : await findComment(octokit, { ...where, marker })
  const body = bodyOf(ours?.body ?? undefined)
  if (ours) {
    await replaceComment(octokit, where, ours.id, body)
    thisRun.commentId = ours.id
    thisRun.body = body
    return
  }
  const { data } = await octokit.rest.issues.createComment({
    owner,
    repo,
    issue_number: issue,
    body,
    request: { signal }
  })
  thisRun.commentId = data.id
  thisRun.body = body
}

/** Replaces the body of a comment of ours, found before. */
export async function replaceComment(
  octokit: Octokit,
  where: { owner: string; repo: string; signal: AbortSignal },
  commentId: number,
  body: string
): Promise<void> {
  await octokit.rest.issues.updateComment({
    owner: where.owner,
    repo: where.repo,
    comment_id: commentId,
    body,
    request: { signal: where.signal }
  })
}
