/**
 * The repository's files by commit (`ref`), then by path: what the contents route answers from.
 * Its commits are these keys: `{ [sha]: {} }` is a commit that holds none of the files asked for.
 */
export type RepositoryFiles = Record<string, Record<string, string>>

/** What the contents and commit routes read: the files, and whether the token sees the repository. */
export interface RepositoryOptions {
  files?: RepositoryFiles
  contentsFailWith?: number
  /** The token cannot see the repository (a private one): GitHub answers its routes 404. */
  repositoryHidden?: boolean
}

const json = (status: number, body: unknown) => ({
  status,
  type: 'application/json; charset=utf-8',
  body: JSON.stringify(body)
})

const notFound = (documentation: string) =>
  json(404, {
    message: 'Not Found',
    documentation_url: `https://docs.github.com/rest/${documentation}`,
    status: '404'
  })

/** GitHub's JSON answer carries a file's content only up to 1 MB; past it, the raw media type. */
const CONTENT_IN_JSON_BYTES = 1024 * 1024

/**
 * `GET /repos/{owner}/{repo}/contents/{path}?ref=…` as GitHub answers it: with the raw media type
 * (`Accept: application/vnd.github.raw…`) the file's bytes as they are; else the content-file
 * object, its content base64 (empty, encoding `none`, past 1 MB); 404 for a path or ref it does
 * not hold. Undefined for any other call.
 */
export function contentsRoute(
  options: RepositoryOptions,
  call: { method: string; path: string },
  url: URL,
  accept: string
): { status: number; type: string; body: string } | undefined {
  const match = /^\/repos\/[^/]+\/[^/]+\/contents\/(.+)$/.exec(call.path)
  if (call.method !== 'GET' || !match) return undefined
  if (options.repositoryHidden) return notFound('repos/contents#get-repository-content')
  if (options.contentsFailWith !== undefined)
    return json(options.contentsFailWith, { message: 'Server Error' })
  const path = decodeURIComponent(match[1] ?? '')
  const ref = url.searchParams.get('ref') ?? 'main'
  const content = options.files?.[ref]?.[path]
  if (content === undefined) return notFound('repos/contents#get-repository-content')
  if (/application\/vnd\.github(\.v3)?\.raw/.test(accept))
    return { status: 200, type: 'text/plain; charset=utf-8', body: content }
  const bytes = Buffer.from(content, 'utf8')
  const inJson = bytes.length <= CONTENT_IN_JSON_BYTES
  return json(200, {
    type: 'file',
    encoding: inJson ? 'base64' : 'none',
    size: bytes.length,
    name: path.split('/').at(-1),
    path,
    content: inJson ? bytes.toString('base64') : '',
    sha: 'f'.repeat(40),
    url: url.href,
    git_url: null,
    html_url: null,
    download_url: null,
    _links: { self: url.href, git: null, html: null }
  })
}

/**
 * `GET /repos/{owner}/{repo}/commits/{ref}` as GitHub answers it: the commit (its SHA alone with
 * `Accept: application/vnd.github.sha`) when the repository holds it, 422 when it does not, 404
 * when the token cannot see the repository. Undefined for any other call.
 */
export function commitRoute(
  options: RepositoryOptions,
  call: { method: string; path: string },
  url: URL,
  accept: string
): { status: number; type: string; body: string } | undefined {
  const match = /^\/repos\/([^/]+)\/([^/]+)\/commits\/([^/]+)$/.exec(call.path)
  if (call.method !== 'GET' || !match) return undefined
  if (options.repositoryHidden) return notFound('commits/commits#get-a-commit')
  const [, owner = '', repo = '', ref = ''] = match.map(decodeURIComponent)
  if (options.files?.[ref] === undefined)
    return json(422, {
      message: `No commit found for SHA: ${ref}`,
      documentation_url: 'https://docs.github.com/rest/commits/commits#get-a-commit',
      status: '422'
    })
  if (/application\/vnd\.github(\.v3)?\.sha/.test(accept))
    return { status: 200, type: 'application/vnd.github.sha; charset=utf-8', body: ref }
  const api = `${url.origin}/repos/${owner}/${repo}`
  const web = `https://github.com/${owner}/${repo}`
  const person = { name: 'Octo Cat', email: 'octocat@example.com', date: '2026-01-01T00:00:00Z' }
  return json(200, {
    url: `${api}/commits/${ref}`,
    sha: ref,
    node_id: `C_${ref.slice(0, 12)}`,
    html_url: `${web}/commit/${ref}`,
    comments_url: `${api}/commits/${ref}/comments`,
    commit: {
      url: `${api}/git/commits/${ref}`,
      author: person,
      committer: person,
      message: 'A commit of the stand-in',
      comment_count: 0,
      tree: { sha: 'e'.repeat(40), url: `${api}/git/trees/${'e'.repeat(40)}` }
    },
    author: null,
    committer: null,
    parents: []
  })
}
