import { describe, expect, it } from '@jest/globals'
import { Ajv2020 } from 'ajv/dist/2020.js'
import { openApiValidator, publishedDocument } from '../../emulator/openapi'

// The emulator compiles the published schema without checking it against JSON Schema's
// meta-schema, a check that costs more than the rest in every test file that sends a body and
// that, on the whole document, looks at its top level only (the components sit under a keyword
// JSON Schema does not know). Each component is checked here instead, once.
describe('the published control-plane schema', () => {
  it('declares each component in valid JSON Schema (2020-12), and one that is not is told apart', () => {
    const ajv = new Ajv2020({ strict: false })
    const schemas = (publishedDocument() as { components: { schemas: Record<string, object> } })
      .components.schemas
    expect(Object.keys(schemas).length).toBeGreaterThan(20)
    const invalid = Object.entries(schemas).filter(([, schema]) => !ajv.validateSchema(schema))
    expect(invalid.map(([name]) => name)).toEqual([])
    expect(ajv.validateSchema({ ...schemas.Secret, type: 'no-such-type' })).toBe(false)
    expect(ajv.validateSchema({ ...schemas.Secret, required: 'name' })).toBe(false)
  })

  it('refuses what it does not declare and what has the wrong type', () => {
    const validate = openApiValidator()
    expect(validate('Secret', { name: 'A', value: 'b' })).toEqual([])
    const problems = validate('Secret', { name: 1, value: 'b', extra: true })
    expect(problems.map((problem) => [problem.loc, problem.type])).toEqual(
      expect.arrayContaining([
        [['name'], 'string_type'],
        [['extra'], 'extra_forbidden']
      ])
    )
  })
})
