import { readFileSync } from 'node:fs'
import { Ajv2020 } from 'ajv/dist/2020.js'
import addFormatsModule from 'ajv-formats'

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

/** Validates a body against a component of the published schema; returns the problems as
 * JSON pointers with messages. Used by the emulator to refuse what the service would, and by
 * tests to check what the action sends. */
export interface SchemaProblem {
  /** Where, as the service's `loc` after "body": property names and item indexes. */
  loc: (string | number)[]
  msg: string
}

export function openApiValidator(): (component: string, body: unknown) => SchemaProblem[] {
  const document = closeObjects(JSON.parse(readFileSync(schemaUrl, 'utf8')) as Json) as {
    [key: string]: Json
  }
  const ajv = new Ajv2020({ strict: false, allErrors: true })
  const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => void
  addFormats(ajv)
  ajv.addSchema({ ...document, $id: 'control-plane' })
  return (component, body) => {
    const validate = ajv.getSchema(`control-plane#/components/schemas/${component}`)
    if (!validate) throw new Error(`no component ${component} in the published schema`)
    if (validate(body)) return []
    const problems = (validate.errors ?? []).map((error) => {
      const loc: (string | number)[] = error.instancePath
        .split('/')
        .slice(1)
        .map((part) => (/^\d+$/.test(part) ? Number(part) : part))
      const extra = (error.params as { additionalProperty?: string }).additionalProperty
      if (extra !== undefined)
        return { loc: [...loc, extra], msg: 'Extra inputs are not permitted' }
      return { loc, msg: error.message ?? 'is not valid' }
    })
    // anyOf branches repeat one problem several times; keep each once.
    const seen = new Set<string>()
    return problems.filter((problem) => {
      const key = JSON.stringify(problem)
      if (seen.has(key)) return false
      seen.add(key)
      return true
    })
  }
}
