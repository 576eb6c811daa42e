import { afterEach, describe, expect, it } from '@jest/globals'
import { getOctokit } from '@actions/github'
import { Ajv } from 'ajv'
import { readPinnedDescription } from '../../scripts/github-openapi-extract'
import { startGitHubApi } from '../helpers/github-api'

/**
 * The stand-in's `GET /repos/{owner}/{repo}/commits/{ref}` answers as the pinned @octokit/openapi
 * describes each status: the commit (200), a commit the repository lacks (422), a repository the
 * token cannot see (404).
 */
const SHA = 'c'.repeat(40)
const repo = { owner: 'acme', repo: 'agent' }
const running: { close(): Promise<void> }[] = []
afterEach(async () => {
  for (const github of running.splice(0)) await github.close()
})

type Json = null | boolean | number | string | Json[] | { [key: string]: Json }
type JsonObject = { [key: string]: Json }

/**
 * OpenAPI 3.0's `nullable` beside no `type` (which the validator refuses) as the JSON Schema it
 * means: the schema, or null.
 */
function withNulls(node: Json): Json {
  if (Array.isArray(node)) return node.map(withNulls)
  if (node === null || typeof node !== 'object') return node
  const { nullable, ...rest } = node
  const converted = Object.fromEntries(Object.entries(rest).map(([k, v]) => [k, withNulls(v)]))
  if (nullable !== true) return converted
  return 'type' in rest ? { ...converted, nullable } : { anyOf: [converted, { type: 'null' }] }
}

let described: { ajv: Ajv; document: JsonObject } | undefined

/** What the pinned description finds wrong with an answer of `GET …/commits/{ref}` of `status`. */
function answerProblems(status: '200' | '404' | '422', answer: unknown): unknown[] {
  if (described === undefined) {
    const document = withNulls(readPinnedDescription().document as Json) as JsonObject
    const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: false })
    ajv.addSchema(document as object, 'github')
    described = { ajv, document }
  }
  const { ajv, document } = described
  const follow = (node: Json): JsonObject => {
    const ref = (node as JsonObject).$ref
    if (typeof ref !== 'string') return node as JsonObject
    return follow(
      ref
        .slice(2)
        .split('/')
        .reduce<Json>((at, key) => (at as JsonObject)[key] ?? null, document)
    )
  }
  const paths = document.paths as JsonObject
  const operation = follow((paths['/repos/{owner}/{repo}/commits/{ref}'] as JsonObject).get ?? null)
  const response = follow((operation.responses as JsonObject)[status] ?? null)
  const schema = ((response.content as JsonObject)['application/json'] as JsonObject).schema
  const validate = ajv.compile({ $ref: `github${String((schema as JsonObject).$ref)}` })
  return validate(answer) ? [] : (validate.errors ?? [])
}

/** The raw answer of the route, as the action's client would get it with `accept`. */
async function commitAnswer(options: Parameters<typeof startGitHubApi>[0], accept?: string) {
  const github = await startGitHubApi(options)
  running.push(github)
  const response = await fetch(`${github.url}/repos/acme/agent/commits/${SHA}`, {
    headers: accept === undefined ? {} : { accept }
  })
  return {
    status: response.status,
    type: response.headers.get('content-type'),
    text: await response.text()
  }
}

describe('GitHub API stand-in: a commit', () => {
  it('answers a commit the repository holds as described, and its SHA alone with the sha type', async () => {
    const found = await commitAnswer({ files: { [SHA]: {} } })
    expect(found.status).toBe(200)
    expect(answerProblems('200', JSON.parse(found.text))).toEqual([])
    const sha = await commitAnswer({ files: { [SHA]: {} } }, 'application/vnd.github.sha')
    expect(sha).toMatchObject({ status: 200, text: SHA })
    const github = await startGitHubApi({ files: { [SHA]: {} } })
    running.push(github)
    const octokit = getOctokit('ghs_test', { baseUrl: github.url })
    const read = await octokit.rest.repos.getCommit({
      ...repo,
      ref: SHA,
      mediaType: { format: 'sha' }
    })
    expect(read.data).toBe(SHA)
  })

  it('answers 422 for a commit the repository lacks, 404 for a repository out of sight', async () => {
    const missing = await commitAnswer({ files: { main: {} } })
    expect(missing.status).toBe(422)
    expect(answerProblems('422', JSON.parse(missing.text))).toEqual([])
    const hidden = await commitAnswer({ files: { [SHA]: {} }, repositoryHidden: true })
    expect(hidden.status).toBe(404)
    expect(answerProblems('404', JSON.parse(hidden.text))).toEqual([])
  })
})
