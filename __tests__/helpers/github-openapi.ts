import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import type { Ajv, ValidateFunction } from 'ajv'

/**
 * GitHub's published REST description (@octokit/openapi, api.github.com): what a request the
 * action sends must match. Read from the extract of it that scripts/github-openapi-extract.ts
 * writes (every operation's method and path; parameters and request bodies of the operations the
 * action and this stand-in use), once, on the first request checked; each operation's body schema
 * is compiled when first needed. A test keeps the extract equal to the pinned package.
 */
type Json = null | boolean | number | string | Json[] | { [key: string]: Json }
type JsonObject = { [key: string]: Json }

interface Operation {
  method: string
  template: string
  pattern: RegExp
  /** Undefined for an operation GitHub has that the extract leaves out. */
  operation: JsonObject | undefined
}

let described: { document: JsonObject; operations: Operation[]; ajv: () => Ajv } | undefined
const bodyValidators = new Map<string, ValidateFunction>()
const require = createRequire(import.meta.url)

/**
 * Where the test run keeps the body validators, as ajv's standalone code (the variable the
 * emulator's validators use, emulator/openapi.ts): compiling them all is most of what the
 * stand-in costs a test file, and each file would compile them again.
 */
const keptFile = () => {
  const folder = process.env.DEPLOY_AGENT_KEPT_VALIDATORS
  return folder === undefined ? undefined : join(folder, 'github-bodies.json')
}

function description() {
  if (described) return described
  const document = JSON.parse(
    readFileSync(new URL('./github-openapi.extract.json', import.meta.url), 'utf8')
  ) as JsonObject
  const paths = document.paths as JsonObject
  // In the description's order, as before the extract: the first template that fits wins.
  const operations = (document.operations as string[]).map((entry): Operation => {
    const [method = '', template = ''] = entry.split(' ')
    const pattern = new RegExp(
      `^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')}$`
    )
    const operation = (paths[template] as JsonObject | undefined)?.[method.toLowerCase()] as
      JsonObject | undefined
    return { method, template, pattern, operation }
  })
  let made: Ajv | undefined
  const ajv = (): Ajv => {
    if (made) return made
    // Loaded here, not at import (some hundred modules, again for each test file that checks).
    const { Ajv: Validator } = require('ajv') as typeof import('ajv')
    // OpenAPI 3.0 schemas: `nullable`, formats and x- keywords the validator need not know.
    made = new Validator({
      strict: false,
      allErrors: true,
      validateFormats: false,
      code: { source: true }
    })
    made.addSchema(document as object, 'github')
    return made
  }
  described = { document, operations, ajv }
  return described
}

/** Standalone code (a CommonJS module that may require ajv's runtime) run here. */
function evaluated(source: string): ValidateFunction {
  const module = { exports: {} as unknown }
  new Function('module', 'exports', 'require', source)(module, module.exports, require)
  return module.exports as ValidateFunction
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

/** The validator of an operation's JSON body, compiled when first asked for. */
function bodyValidator(ajv: () => Ajv, found: Operation): ValidateFunction {
  const schemaPath = `github#/${pointer('paths', found.template, found.method.toLowerCase(), 'requestBody', 'content', 'application/json', 'schema')}`
  let validate = bodyValidators.get(schemaPath)
  if (!validate) {
    validate = ajv().compile({ $ref: schemaPath })
    bodyValidators.set(schemaPath, validate)
  }
  return validate
}

/**
 * Reads the description and compiles every body validator now, before a test's run: the stand-in
 * shares its process (and event loop) with the test's other servers, and a first request that
 * compiled would hold their answers back meanwhile, the longer the busier the machine.
 */
export function prepareGitHubDescription(): void {
  const { ajv, operations } = description()
  const file = keptFile()
  if (bodyValidators.size === 0 && file !== undefined && existsSync(file)) {
    const kept = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>
    for (const [schemaPath, source] of Object.entries(kept))
      bodyValidators.set(schemaPath, evaluated(source))
  }
  for (const found of operations) {
    const body = found.operation?.requestBody as JsonObject | undefined
    if ((body?.content as JsonObject | undefined)?.['application/json']) bodyValidator(ajv, found)
  }
  if (file === undefined || existsSync(file)) return
  const standalone = require('ajv/dist/standalone') as typeof import('ajv/dist/standalone')
  const sources = Object.fromEntries(
    [...bodyValidators].map(([schemaPath, validate]) => [
      schemaPath,
      standalone.default(ajv(), validate)
    ])
  )
  // Written whole under another name first: a file reading it at the same time reads all or none.
  const partial = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}`
  writeFileSync(partial, JSON.stringify(sources))
  renameSync(partial, file)
}

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
  if (!found.operation)
    return [
      `${where}: an operation the extract of GitHub's REST description leaves out (add it to ` +
        'EXTRACTED in scripts/github-openapi-extract.ts and run that script)'
    ]
  const problems: string[] = []
  const operation = found.operation
  const parameters = ((operation.parameters ?? []) as Json[]).map(
    (parameter) => resolve(document, parameter) as JsonObject
  )
  const queryNames = new Set(
    parameters.filter((parameter) => parameter.in === 'query').map((parameter) => parameter.name)
  )
  for (const name of query.keys()) {
    if (!queryNames.has(name)) problems.push(`${where}: unknown query parameter ${name}`)
  }
  const requestBody = resolve(document, operation.requestBody ?? null) as JsonObject | null
  if (!requestBody) {
    if (body !== undefined) problems.push(`${where}: takes no body`)
    return problems
  }
  if (body === undefined) {
    if (requestBody.required === true) problems.push(`${where}: a body is required`)
    return problems
  }
  const validate = bodyValidator(ajv, found)
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
