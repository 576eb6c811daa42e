import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { Ajv, type ValidateFunction } from 'ajv'

/**
 * GitHub's published REST description (@octokit/openapi, api.github.com): what a request the
 * action sends must match. Read once, on the first request checked; each operation's body schema
 * is compiled when first needed.
 */
type Json = null | boolean | number | string | Json[] | { [key: string]: Json }
type JsonObject = { [key: string]: Json }

interface Operation {
  method: string
  template: string
  pattern: RegExp
  operation: JsonObject
}

let described: { document: JsonObject; operations: Operation[]; ajv: Ajv } | undefined
const bodyValidators = new Map<string, ValidateFunction>()

function description() {
  if (described) return described
  const file = createRequire(import.meta.url).resolve(
    '@octokit/openapi/generated/api.github.com.json'
  )
  const document = JSON.parse(readFileSync(file, 'utf8')) as JsonObject
  const operations: Operation[] = []
  for (const [template, item] of Object.entries(document.paths as JsonObject)) {
    for (const [method, operation] of Object.entries(item as JsonObject)) {
      if (method === 'parameters') continue
      const pattern = new RegExp(
        `^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')}$`
      )
      operations.push({
        method: method.toUpperCase(),
        template,
        pattern,
        operation: operation as JsonObject
      })
    }
  }
  // OpenAPI 3.0 schemas: `nullable`, formats and x- keywords the validator need not know.
  const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: false })
  ajv.addSchema(document as object, 'github')
  described = { document, operations, ajv }
  return described
}

/** A `$ref` inside the description, followed. */
function resolve(document: JsonObject, node: Json): Json {
  if (node === null || typeof node !== 'object' || Array.isArray(node)) return node
  const ref = node.$ref
  if (typeof ref !== 'string') return node
  return ref
    .slice(2)
    .split('/')
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce<Json>((at, key) => (at as JsonObject)[key] ?? null, document)
}

const pointer = (...parts: string[]) =>
  parts.map((part) => part.replace(/~/g, '~0').replace(/\//g, '~1')).join('/')

/**
 * What is wrong with a request by GitHub's description: an operation that does not exist, a query
 * parameter it does not take, a body field it does not know, a body that does not match.
 */
export function githubRequestProblems(
  method: string,
  path: string,
  query: URLSearchParams,
  body: unknown
): string[] {
  const { document, operations, ajv } = description()
  const found = operations.find(
    (candidate) => candidate.method === method && candidate.pattern.test(path)
  )
  if (!found) return [`${method} ${path}: no such operation in GitHub's REST description`]
  const where = `${method} ${found.template}`
  const problems: string[] = []
  const parameters = ((found.operation.parameters ?? []) as Json[]).map(
    (parameter) => resolve(document, parameter) as JsonObject
  )
  const queryNames = new Set(
    parameters.filter((parameter) => parameter.in === 'query').map((parameter) => parameter.name)
  )
  for (const name of query.keys()) {
    if (!queryNames.has(name)) problems.push(`${where}: unknown query parameter ${name}`)
  }
  const requestBody = resolve(document, found.operation.requestBody ?? null) as JsonObject | null
  if (!requestBody) {
    if (body !== undefined) problems.push(`${where}: takes no body`)
    return problems
  }
  if (body === undefined) {
    if (requestBody.required === true) problems.push(`${where}: a body is required`)
    return problems
  }
  const schemaPath = `github#/${pointer('paths', found.template, method.toLowerCase(), 'requestBody', 'content', 'application/json', 'schema')}`
  let validate = bodyValidators.get(schemaPath)
  if (!validate) {
    validate = ajv.compile({ $ref: schemaPath })
    bodyValidators.set(schemaPath, validate)
  }
  if (!validate(body)) {
    for (const error of validate.errors ?? []) {
      problems.push(`${where}: body${error.instancePath} ${error.message ?? 'is invalid'}`)
    }
  }
  // Fields GitHub does not describe are ignored by it: a misspelt one would go unnoticed.
  const schema = resolve(
    document,
    ((requestBody.content as JsonObject)['application/json'] as JsonObject).schema ?? null
  ) as JsonObject | null
  const known = schema?.properties as JsonObject | undefined
  if (known && body !== null && typeof body === 'object' && !Array.isArray(body)) {
    for (const field of Object.keys(body)) {
      if (!(field in known)) problems.push(`${where}: unknown body field ${field}`)
    }
  }
  return problems
}
