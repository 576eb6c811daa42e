import type { Octokit } from './github-client'

// The action's pull-request comment: anyone may post its marker, so a comment is taken for the
// action's own only when the token's identity wrote it; otherwise a new one is made.

/** Pages of 100 comments read to find this action's comment on a pull request. */
const MAX_COMMENT_PAGES = 10

/**
 * Who a token writes as: its login when it may read `GET /user`; the workflow's token (and an
 * app's) may not (403) and writes as a bot.
 */
export type TokenIdentity = { login: string } | { bot: true }

export async function tokenIdentity(octokit: Octokit, signal: AbortSignal): Promise<TokenIdentity> {
  try {
    const { data } = await octokit.rest.users.getAuthenticated({ request: { signal } })
    return { login: data.login }
  } catch (error) {
    if ((error as { status?: unknown }).status === 403) return { bot: true }
    throw error
  }
}

function writtenBy(
  identity: TokenIdentity,
  user: { login?: string; type?: string } | null | undefined
) {
  if (!user) return false
  return 'login' in identity ? user.login === identity.login : user.type === 'Bot'
}

/**
 * This action's comment on a pull request: the first whose body starts with `marker` and that
 * the token's own identity wrote. Anyone may post the marker; only our own comment is edited.
 */
export async function findComment(
  octokit: Octokit,
  where: {
    owner: string
    repo: string
    issue: number
    marker: string
    identity: Promise<TokenIdentity>
    signal: AbortSignal
  }
): Promise<{ id: number; body?: string } | undefined> {
  const { owner, repo, issue, marker, signal } = where
  const identity = await where.identity
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
    const ours = data.find(
      (comment) => comment.body?.startsWith(marker) && writtenBy(identity, comment.user)
    )
    if (ours) return ours
    if (data.length < 100) break
  }
  return undefined
}

export async function upsertComment(
  octokit: Octokit,
  where: {
    owner: string
    repo: string
    issue: number
    /** The body, or how to make it from the body of the comment it replaces (when one is found). */
    body: string | ((previousBody: string | undefined) => string)
    identity: Promise<TokenIdentity>
    signal: AbortSignal
  }
) {
  const { owner, repo, issue, signal } = where
  const bodyOf = typeof where.body === 'string' ? () => where.body as string : where.body
  const marker = bodyOf(undefined).split('\n')[0] ?? ''
  const ours = await findComment(octokit, { ...where, marker })
  const body = bodyOf(ours?.body)
  if (ours)
    await octokit.rest.issues.updateComment({
      owner,
      repo,
      comment_id: ours.id,
      body,
      request: { signal }
    })
  else
    await octokit.rest.issues.createComment({
      owner,
      repo,
      issue_number: issue,
      body,
      request: { signal }
    })
}
