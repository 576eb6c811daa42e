/**
 * `npm run docs`: writes the README's inputs and outputs tables from action.yml, between the
 * `<!-- inputs:start -->`/`<!-- inputs:end -->` and `<!-- outputs:start -->`/`<!-- outputs:end -->`
 * markers, the reference of the release policy's keys between `<!-- policy-keys:start -->`/
 * `<!-- policy-keys:end -->`, and the release policy's JSON Schema (release-policy.schema.json)
 * from its zod schema.
 * `npm run docs -- --check` changes nothing and exits 1 when either is out of date.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { format, resolveConfig } from 'prettier'
import { parse } from 'yaml'
import { JSON_SCHEMA_FILE, policyJsonSchema } from '../src/policy/json-schema'
import { policyReference } from '../src/policy/reference'

interface ActionYml {
  inputs: Record<string, { description: string; required?: boolean; default?: string }>
  outputs: Record<string, { description: string }>
}

const cell = (text: string) => text.replace(/\s+/g, ' ').trim().replace(/\|/g, '\\|')

export function renderTables(actionYmlText: string): { inputs: string; outputs: string } {
  const action = parse(actionYmlText) as ActionYml
  const inputs = [
    '| input | default | meaning |',
    '|---|---|---|',
    ...Object.entries(action.inputs).map(([name, spec]) => {
      const fallback = spec.required
        ? 'required'
        : spec.default !== undefined
          ? `\`${spec.default}\``
          : ''
      return `| \`${name}\` | ${fallback} | ${cell(spec.description)} |`
    })
  ].join('\n')
  const outputs = [
    '| output | value |',
    '|---|---|',
    ...Object.entries(action.outputs).map(
      ([name, spec]) => `| \`${name}\` | ${cell(spec.description)} |`
    )
  ].join('\n')
  return { inputs, outputs }
}

function replaceBetween(text: string, marker: string, content: string): string {
  const start = `<!-- ${marker}:start -->`
  const end = `<!-- ${marker}:end -->`
  const from = text.indexOf(start)
  const to = text.indexOf(end)
  if (from < 0 || to < from) throw new Error(`README.md has no ${start} … ${end} markers`)
  return `${text.slice(0, from + start.length)}\n\n${content}\n\n${text.slice(to)}`
}

/** The README with its generated tables written, formatted as `npm run format` would. */
export async function renderReadme(readme: string, actionYmlText: string): Promise<string> {
  const tables = renderTables(actionYmlText)
  const replaced = replaceBetween(
    replaceBetween(replaceBetween(readme, 'inputs', tables.inputs), 'outputs', tables.outputs),
    'policy-keys',
    policyReference(policyJsonSchema())
  )
  const options = await resolveConfig(new URL('../README.md', import.meta.url))
  return format(replaced, { ...options, parser: 'markdown' })
}

/** The release policy's JSON Schema as the repository keeps it, formatted as `npm run format` would. */
export async function renderPolicySchema(): Promise<string> {
  const options = await resolveConfig(new URL(`../${JSON_SCHEMA_FILE}`, import.meta.url))
  return format(JSON.stringify(policyJsonSchema()), { ...options, parser: 'json' })
}

if (process.argv[1]?.endsWith('docs.ts')) {
  const schemaUrl = new URL(`../${JSON_SCHEMA_FILE}`, import.meta.url)
  const schema = await renderPolicySchema()
  const kept = (() => {
    try {
      return readFileSync(schemaUrl, 'utf8')
    } catch {
      return ''
    }
  })()
  if (process.argv.includes('--check')) {
    if (kept !== schema) {
      console.error(
        `${JSON_SCHEMA_FILE} is out of date with src/policy/schema.ts: run npm run docs`
      )
      process.exit(1)
    }
  } else {
    writeFileSync(schemaUrl, schema)
  }
  const readmeUrl = new URL('../README.md', import.meta.url)
  const readme = readFileSync(readmeUrl, 'utf8')
  const rendered = await renderReadme(
    readme,
    readFileSync(new URL('../action.yml', import.meta.url), 'utf8')
  )
  if (process.argv.includes('--check')) {
    if (rendered !== readme) {
      console.error('README.md is out of date with action.yml: run npm run docs')
      process.exit(1)
    }
  } else {
    writeFileSync(readmeUrl, rendered)
  }
}
