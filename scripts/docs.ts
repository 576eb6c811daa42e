/**
 * `npm run docs`: writes the README's inputs (grouped by what they are for) and outputs from
 * action.yml, between the `<!-- inputs:start -->`/`<!-- inputs:end -->` and
 * `<!-- outputs:start -->`/`<!-- outputs:end -->` markers, its reference of the release policy's
 * keys from the policy's schema between `<!-- policy-keys:start -->`/`<!-- policy-keys:end -->`, and the
 * release policy's JSON Schema (release-policy.schema.json) from its zod schema.
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

/**
 * One line of text from a description (a list item's text holds no line break). An environment
 * variable is shown as code: GitHub reads `$A/$B` in prose as inline math.
 */
const line = (text: string) =>
  text
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/\$[A-Z][A-Z0-9_]*/g, (name) => `\`${name}\``)

/**
 * What each input is for, in the README's order. Every input of action.yml is in exactly one
 * group: a new input fails `npm run docs` until it is placed.
 */
export const INPUT_GROUPS: ReadonlyArray<{ title: string; inputs: readonly string[] }> = [
  { title: 'Connection', inputs: ['api-url', 'api-key', 'tenant-id'] },
  {
    title: 'What to deploy',
    inputs: [
      'name',
      'deployment-id',
      'source',
      'repo-url',
      'integration-id',
      'repo-ref',
      'deployment-type',
      'build-on-push',
      'graph-config-path',
      'image-uri',
      'listener-id',
      'k8s-namespace',
      'custom-url',
      'resource-spec',
      'source-dir',
      'install-command',
      'build-command',
      'secrets'
    ]
  },
  { title: 'Waiting', inputs: ['wait', 'timeout', 'poll-interval', 'log-lines'] },
  {
    title: "The release policy and the agent server's credentials",
    inputs: ['release-policy', 'agent-api-key', 'agent-auth-scheme']
  },
  { title: 'The tracing service', inputs: ['tracing-url', 'tracing-web-url'] },
  { title: 'GitHub records', inputs: ['github-token', 'environment', 'pr-comment'] },
  {
    title: 'Operations',
    inputs: [
      'operation',
      'dry-run',
      'delete-tracing-project',
      'to-revision',
      'prune-prefix',
      'prune-older-than',
      'prune-closed-prs',
      'from-deployment'
    ]
  }
]

/**
 * The inputs, a list per group, and the outputs, a list. Lists, not tables: a table squeezes its
 * first column when the descriptions are long, and the browser then breaks `delete-tracing-project`
 * at its hyphens; a list item starts on its own line, so a name is never broken.
 */
export function renderLists(actionYmlText: string): { inputs: string; outputs: string } {
  const action = parse(actionYmlText) as ActionYml
  const grouped = INPUT_GROUPS.flatMap((group) => group.inputs)
  const ungrouped = Object.keys(action.inputs).filter((name) => !grouped.includes(name))
  const unknown = grouped.filter(
    (name, index) => !(name in action.inputs) || grouped.indexOf(name) !== index
  )
  if (ungrouped.length > 0 || unknown.length > 0)
    throw new Error(
      `scripts/docs.ts INPUT_GROUPS: place ${ungrouped.join(', ') || 'nothing'} in a group; drop ${unknown.join(', ') || 'nothing'} (not in action.yml, or twice)`
    )
  const input = (name: string) => {
    const spec = action.inputs[name] ?? { description: '' }
    const fallback = spec.required
      ? ' (required)'
      : spec.default !== undefined
        ? ` (default \`${spec.default}\`)`
        : ''
    return `- \`${name}\`${fallback}: ${line(spec.description)}`
  }
  const inputs = INPUT_GROUPS.map(
    (group) => `### ${group.title}\n\n${group.inputs.map(input).join('\n')}`
  ).join('\n\n')
  const outputs = Object.entries(action.outputs)
    .map(([name, spec]) => `- \`${name}\`: ${line(spec.description)}`)
    .join('\n')
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

/**
 * The README with its inputs and outputs written from action.yml and its reference of the release
 * policy's keys from the policy's schema, formatted as `npm run format` would.
 */
export async function renderReadme(readme: string, actionYmlText: string): Promise<string> {
  const lists = renderLists(actionYmlText)
  const replaced = replaceBetween(
    replaceBetween(replaceBetween(readme, 'inputs', lists.inputs), 'outputs', lists.outputs),
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
      console.error(
        'README.md is out of date with action.yml or the policy schema: run npm run docs'
      )
      process.exit(1)
    }
  } else {
    writeFileSync(readmeUrl, rendered)
  }
}
