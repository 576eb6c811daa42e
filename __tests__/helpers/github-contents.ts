/** The repository's files by commit (`ref`), then by path: what the contents route answers from. */
export type RepositoryFiles = Record<string, Record<string, string>>

/** GitHub's JSON answer carries a file's content only up to 1 MB; past it, the raw media type. */
const CONTENT_IN_JSON_BYTES = 1024 * 1024

/**
 * `GET /repos/{owner}/{repo}/contents/{path}?ref=…` as GitHub answers it: with the raw media type
 * (`Accept: application/vnd.github.raw…`) the file's bytes as they are; else the content-file
 * object, its content base64 (empty, encoding `none`, past 1 MB); 404 for a path or ref it does
 * not hold. Undefined for any other call.
 */
export function contentsRoute(
  options: { files?: RepositoryFiles; contentsFailWith?: number },
  call: { method: string; path: string },
  url: URL,
  accept: string
): { status: number; type: string; body: string } | undefined {
  const match = /^\/repos\/[^/]+\/[^/]+\/contents\/(.+)$/.exec(call.path)
  if (call.method !== 'GET' || !match) return undefined
  const json = (status: number, body: unknown) => ({
    status,
    type: 'application/json; charset=utf-8',
    body: JSON.stringify(body)
  })
  if (options.contentsFailWith !== undefined)
    return json(options.contentsFailWith, { message: 'Server Error' })
  const path = decodeURIComponent(match[1] ?? '')
  const ref = url.searchParams.get('ref') ?? 'main'
  const content = options.files?.[ref]?.[path]
  if (content === undefined)
    return json(404, {
      message: 'Not Found',
      documentation_url: 'https://docs.github.com/rest/repos/contents#get-repository-content',
      status: '404'
    })
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
