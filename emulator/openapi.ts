import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import type { Ajv2020, ErrorObject, ValidateFunction } from 'ajv/dist/2020.js'

/**
 * A folder where each component's validator is kept as ajv's standalone code, for every process
 * that checks bodies: the test suite names one for its run (__tests__/helpers/suite-temp.ts).
 * Compiling a validator is most of what checking a body costs, and each test file would compile
 * again what the last one did; the code kept is the code ajv compiles. Unset, each process
 * compiles its own.
 */
export const KEPT_VALIDATORS_ENV = 'DEPLOY_AGENT_KEPT_VALIDATORS'

const require = createRequire(import.meta.url)

/**
 * The service's published schema. The project's reference copy lives in shared/reference beside
 * the repository; this copy lets the repository test itself anywhere, and a test keeps the two
 * equal where both are present.
 */
const schemaUrl = new URL('./reference/control-plane.openapi.json', import.meta.url)

type Json = null | boolean | number | string | Json[] | { [key: string]: Json }

/** Marks every object schema that lists its properties as closed, so unknown fields fail. */
function closeObjects(node: Json): Json {
  if (Array.isArray(node)) return node.map(closeObjects)
  if (node === null || typeof node !== 'object') return node
  const copy = Object.fromEntries(
    Object.entries(node).map(([key, value]) => [key, closeObjects(value)])
  )
  if (copy.properties !== undefined && copy.additionalProperties === undefined)
    copy.additionalProperties = false
  return copy
}

/** One problem with a body, in the service's terms. */
export interface SchemaProblem {
  /** Where, as the service's `loc` after "body": property names and item indexes. */
  loc: (string | number)[]
  msg: string
  /** A pydantic-like error type, e.g. 'missing', 'extra_forbidden', 'string_type'. */
  type: string
}

/** anyOf [X, null] reports "must be null" and "must match a schema in anyOf" beside X's own
 * error; those two only repeat it. */
const isEcho = (error: ErrorObject) =>
  error.keyword === 'anyOf' ||
  (error.keyword === 'type' && (error.params as { type?: string }).type === 'null')

function toProblem(error: ErrorObject): SchemaProblem {
  const loc: (string | number)[] = error.instancePath
    .split('/')
    .slice(1)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .map((part) => (/^\d+$/.test(part) ? Number(part) : part))
  const params = error.params as {
    additionalProperty?: string
    missingProperty?: string
    type?: string
    format?: string
  }
  switch (error.keyword) {
    case 'additionalProperties':
      return {
        loc: [...loc, String(params.additionalProperty)],
        msg: 'Extra inputs are not permitted',
        type: 'extra_forbidden'
      }
    case 'required':
      return {
        loc: [...loc, String(params.missingProperty)],
        msg: 'Field required',
        type: 'missing'
      }
    case 'type':
      return { loc, msg: error.message ?? 'has the wrong type', type: `${params.type}_type` }
    case 'minimum':
    case 'exclusiveMinimum':
      return { loc, msg: error.message ?? 'is too small', type: 'greater_than_equal' }
    case 'maximum':
    case 'exclusiveMaximum':
      return { loc, msg: error.message ?? 'is too large', type: 'less_than_equal' }
    case 'format':
      return { loc, msg: error.message ?? 'is malformed', type: `${params.format}_parsing` }
    default:
      return { loc, msg: error.message ?? 'is not valid', type: error.keyword }
  }
}

/**
 * Validates a body against a component of the published schema, refusing properties it does not
 * declare; returns each problem once. Used by the emulator to refuse what the service would, and
 * by tests to check what the action sends.
 */
export function openApiValidator(): (component: string, body: unknown) => SchemaProblem[] {
  // Made on first use, not at import: most test files load the emulator and many never send a
  // body it checks. The document is not checked against JSON Schema's meta-schema here (compiling
  // that costs more than the rest; __tests__/emulator/openapi.test.ts checks it once).
  let made: Ajv2020 | undefined
  const ajv = (): Ajv2020 => (made ??= compiled(publishedDocument()))
  const validators = new Map<string, ValidateFunction>()
  return (component, body) => {
    let validate = validators.get(component)
    if (!validate) validators.set(component, (validate = keptOrCompiled(component, ajv)))
    if (validate(body)) return []
    const errors = validate.errors ?? []
    const meaningful = errors.filter((error) => !isEcho(error))
    const kept = errors.filter(
      (error) =>
        !isEcho(error) ||
        !meaningful.some(
          (other) =>
            other.instancePath === error.instancePath ||
            other.instancePath.startsWith(`${error.instancePath}/`)
        )
    )
    const seen = new Set<string>()
    return kept.map(toProblem).filter((problem) => {
      const key = JSON.stringify(problem)
      if (seen.has(key)) return false
      seen.add(key)
      return true
    })
  }
}

/** The published schema, with every object that lists its properties closed. */
export function publishedDocument(): { [key: string]: Json } {
  return closeObjects(JSON.parse(readFileSync(schemaUrl, 'utf8')) as Json) as {
    [key: string]: Json
  }
}

/** The component's validator: the one kept (see KEPT_VALIDATORS_ENV), or compiled (and kept). */
function keptOrCompiled(component: string, ajv: () => Ajv2020): ValidateFunction {
  const folder = process.env[KEPT_VALIDATORS_ENV]
  const file = folder === undefined ? undefined : join(folder, `${component}.cjs`)
  if (file !== undefined && existsSync(file)) return evaluated(readFileSync(file, 'utf8'))
  const validate = ajv().getSchema(`control-plane#/components/schemas/${component}`)
  if (!validate) throw new Error(`no component ${component} in the published schema`)
  if (file !== undefined) {
    const standalone = require('ajv/dist/standalone') as typeof import('ajv/dist/standalone')
    // Written whole under another name first: a process checking at the same time reads all of
    // it or none.
    const partial = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}`
    writeFileSync(partial, standalone.default(ajv(), validate))
    renameSync(partial, file)
  }
  return validate
}

/** Standalone code (a CommonJS module that requires ajv's runtime and ajv-formats) run here. */
function evaluated(source: string): ValidateFunction {
  const module = { exports: {} as unknown }
  new Function('module', 'exports', 'require', source)(module, module.exports, require)
  return module.exports as ValidateFunction
}

function compiled(document: { [key: string]: Json }): Ajv2020 {
  // The validator's code (some hundred modules) loaded here too: a test file loads it again for
  // itself, and many that load the emulator never check a body.
  const { Ajv2020: Validator, _ } = require('ajv/dist/2020.js') as typeof import('ajv/dist/2020.js')
  const addFormats = require('ajv-formats') as (ajv: Ajv2020) => void
  const ajv = new Validator({
    // strict: false lets OpenAPI's own keywords (example, examples…) through.
    strict: false,
    allErrors: true,
    validateSchema: false,
    // What standalone code needs (see keptOrCompiled): the source, and where the formats are.
    code: { source: true, formats: _`require("ajv-formats/dist/formats").fullFormats` }
  })
  addFormats(ajv)
  ajv.addSchema({ ...document, $id: 'control-plane' })
  return ajv
}
