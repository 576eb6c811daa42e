import { readFileSync } from 'node:fs'
import { Ajv2020 } from 'ajv/dist/2020.js'
import addFormatsModule from 'ajv-formats'

/** The service's published schema, kept beside the repository in shared/reference. */
const schemaUrl = new URL('../../../shared/reference/control-plane.openapi.json', import.meta.url)

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

/** Validates a body against a component of the published schema; returns the problems. */
export function openApiValidator(): (component: string, body: unknown) => string[] {
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
    return validate(body)
      ? []
      : (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? ''}`)
  }
}
