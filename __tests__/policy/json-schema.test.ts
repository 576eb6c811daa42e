import { describe, expect, it } from '@jest/globals'
import { readFileSync } from 'node:fs'
import { Ajv2020 } from 'ajv/dist/2020.js'
import { parse } from 'yaml'
import { JSON_SCHEMA_FILE, policyJsonSchema } from '../../src/policy/json-schema'
import { policyReference } from '../../src/policy/reference'
import { SECTIONS, base } from '../../src/policy/schema'

const kept = readFileSync(new URL(`../../${JSON_SCHEMA_FILE}`, import.meta.url), 'utf8')

const GOOD = `
version: 1
agent:
  assistant: agent
  message: hello
  expect: /hel+o/i
  timeout: 2m
smoke:
  cases:
    - name: greets
      message: hi
      expect: hello
  min-pass: 90%
gate:
  dataset: support-golden
  min-scores: {correctness: 0.8}
  max-regression: {"*": 0.05}
  max-error-rate: 5%
rollback:
  on-failure: true
  timeout: 900
environments:
  pr-*:
    gate: false
    agent: {expect: null}
`

describe('release policy: the published JSON Schema', () => {
  it('is the file npm run docs writes from the zod schema (run npm run docs when this fails)', async () => {
    const { renderPolicySchema } = await import('../../scripts/docs')
    expect(kept).toBe(await renderPolicySchema())
  })

  it('accepts a good policy and rejects an unknown key, a bare share and a misspelled section', () => {
    const validate = new Ajv2020({ strict: false }).compile(JSON.parse(kept) as object)
    const good = parse(GOOD) as Record<string, unknown>
    expect(validate(good)).toBe(true)
    expect(validate({ ...good, gate: { dataset: 'd', 'min-pas': 1 } })).toBe(false)
    expect(validate.errors?.[0]).toMatchObject({
      keyword: 'additionalProperties',
      params: { additionalProperty: 'min-pas' }
    })
    expect(validate({ version: 1, gate: { 'max-error-rate': 5 } })).toBe(false)
    expect(validate({ version: 1, assistants: { 'on-drift': 'fail' } })).toBe(true)
    expect(validate({ version: 1, assistant: { 'on-drift': 'fail' } })).toBe(false)
    expect(validate({ agent: { assistant: 'a' } })).toBe(false)
  })
})

describe("release policy: the README's reference of the keys", () => {
  it('has one list item per key of every section, with its default, from the schema', () => {
    const reference = policyReference(policyJsonSchema())
    const rows = reference.split('\n')
    const keys = SECTIONS.flatMap((section) =>
      Object.keys(base[section].shape).map((key) => `${section}.${key}`)
    )
    expect(rows.map((row) => /^- `([^`]+)`/.exec(row)?.[1])).toEqual([
      'version',
      ...keys,
      'environments.<name>'
    ])
    expect(rows).toContain(
      "- `gate.timeout` (default `10m`): longest wait for the evaluators' scores after the last run"
    )
    expect(rows).toContain(
      '- `smoke.min-pass` (default `100%`): cases that must pass: a share (90%) or a count'
    )
  })
})
