/**
 * `npx tsx scripts/github-openapi-extract.ts`: writes __tests__/helpers/github-openapi.extract.json,
 * the part of GitHub's REST description (the pinned @octokit/openapi package) that the GitHub
 * stand-in checks requests against. The whole description is 13 MB; read in every test file that
 * starts the stand-in, it cost the suite seconds a file. The extract holds:
 * - `operations`: every operation of the description ("METHOD /template"), in its order, so a
 *   request is matched exactly as against the whole (the first template that fits wins), and a
 *   request for an operation GitHub does not have is still told apart from one left out here;
 * - `paths`: the operations the action and the stand-in use (EXTRACTED), with what checking a
 *   request needs (parameters, request body), their responses left out;
 * - `components`: every component those reach through `$ref`, kept as they are.
 * `npx tsx scripts/github-openapi-extract.ts --check` writes nothing and exits 1 when the
 * committed file differs; a test asserts the same, so the file cannot go stale.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { format, resolveConfig } from 'prettier'

type Json = null | boolean | number | string | Json[] | { [key: string]: Json }
type JsonObject = { [key: string]: Json }

/** The operations whose requests are checked in full (by GitHub's operationId). */
export const EXTRACTED = [
  // The action: its PR comment, its deployment records, the preview cleanup.
  'users/get-authenticated',
  'issues/list-comments',
  'issues/create-comment',
  'issues/update-comment',
  'repos/create-deployment',
  'repos/list-deployments',
  'repos/create-deployment-status',
  'pulls/get',
  // A pull request's base branch's release policy, compared with its own (a file absent at the
  // base commit is new only when the commit itself is read).
  'repos/get-content',
  'repos/get-commit',
  // The stand-in's other routes, which tests call to read what the action left.
  'repos/list-deployment-statuses',
  'pulls/list',
  // The release workflow's check that the tagged commit passed CI (scripts/releasable.sh).
  'checks/list-for-ref',
  'repos/get-combined-status-for-ref'
] as const

export const EXTRACT_URL = new URL(
  '../__tests__/helpers/github-openapi.extract.json',
  import.meta.url
)

/** The pinned package's description, as published. */
export function readPinnedDescription(): { version: string; document: JsonObject } {
  const require = createRequire(import.meta.url)
  const manifest = JSON.parse(
    readFileSync(require.resolve('@octokit/openapi/package.json'), 'utf8')
  ) as { version: string }
  const document = JSON.parse(
    readFileSync(require.resolve('@octokit/openapi/generated/api.github.com.json'), 'utf8')
  ) as JsonObject
  return { version: manifest.version, document }
}

/** The extract of a description (see the file's comment). */
export function extractDescription(version: string, document: JsonObject): JsonObject {
  const wanted = new Set<string>(EXTRACTED)
  const operations: string[] = []
  const paths: JsonObject = {}
  for (const [template, item] of Object.entries(document.paths as JsonObject)) {
    for (const [method, operation] of Object.entries(item as JsonObject)) {
      // A path-level parameter list is no operation (GitHub's description has none today).
      if (method === 'parameters') continue
      operations.push(`${method.toUpperCase()} ${template}`)
      const described = operation as JsonObject
      if (!wanted.has(String(described.operationId))) continue
      wanted.delete(String(described.operationId))
      paths[template] = {
        ...((paths[template] as JsonObject | undefined) ?? {}),
        [method]: withoutExamples({
          operationId: described.operationId ?? null,
          ...(described.parameters !== undefined ? { parameters: described.parameters } : {}),
          ...(described.requestBody !== undefined ? { requestBody: described.requestBody } : {})
        })
      }
    }
  }
  if (wanted.size > 0)
    throw new Error(`Not in GitHub's REST description ${version}: ${[...wanted].join(', ')}`)
  return {
    source: `@octokit/openapi ${version}, generated/api.github.com.json`,
    generatedBy: 'scripts/github-openapi-extract.ts (do not edit by hand)',
    operations,
    paths,
    components: referencedComponents(document, paths)
  }
}

/** A request body's examples: large, and no part of what a request is checked against. */
function withoutExamples(operation: JsonObject): JsonObject {
  const body = operation.requestBody as JsonObject | undefined
  const content = body?.content as JsonObject | undefined
  if (!body || !content) return operation
  const media = Object.fromEntries(
    Object.entries(content).map(([type, entry]) => {
      const rest = Object.fromEntries(
        Object.entries(entry as JsonObject).filter(
          ([key]) => key !== 'examples' && key !== 'example'
        )
      )
      return [type, rest]
    })
  )
  return { ...operation, requestBody: { ...body, content: media } }
}

/** Every `#/components/…` that `from` reaches, directly or through other components. */
function referencedComponents(document: JsonObject, from: Json): JsonObject {
  const components: Record<string, JsonObject> = {}
  const pending: Json[] = [from]
  while (pending.length > 0) {
    const node = pending.pop() ?? null
    if (node === null || typeof node !== 'object') continue
    if (Array.isArray(node)) {
      pending.push(...node)
      continue
    }
    const ref = node.$ref
    if (typeof ref === 'string') {
      const match = /^#\/components\/([^/]+)\/([^/]+)$/.exec(ref)
      if (!match) throw new Error(`A $ref the extract cannot follow: ${ref}`)
      const [, kind = '', name = ''] = match
      const target = ((document.components as JsonObject)[kind] as JsonObject | undefined)?.[name]
      if (target === undefined) throw new Error(`A $ref to nothing: ${ref}`)
      const ofKind = (components[kind] ??= {})
      if (!(name in ofKind)) {
        ofKind[name] = target
        pending.push(target)
      }
    }
    pending.push(...Object.values(node))
  }
  // In a fixed order, so the file does not change when nothing in it did.
  return Object.fromEntries(
    Object.keys(components)
      .sort()
      .map((kind) => [
        kind,
        Object.fromEntries(
          Object.keys(components[kind] ?? {})
            .sort()
            .map((name) => [name, (components[kind] ?? {})[name] ?? null])
        )
      ])
  )
}

/** The extract as the committed file holds it (formatted as the project's prettier would). */
export async function renderExtract(extract: JsonObject): Promise<string> {
  const options = await resolveConfig(EXTRACT_URL)
  return format(JSON.stringify(extract), { ...options, parser: 'json' })
}

if (process.argv[1]?.endsWith('github-openapi-extract.ts')) {
  const { version, document } = readPinnedDescription()
  const rendered = await renderExtract(extractDescription(version, document))
  if (process.argv.includes('--check')) {
    if (rendered !== readFileSync(EXTRACT_URL, 'utf8')) {
      console.error(
        'The GitHub REST description extract is out of date: run npx tsx scripts/github-openapi-extract.ts'
      )
      process.exit(1)
    }
  } else {
    writeFileSync(EXTRACT_URL, rendered)
  }
}
