/**
 * The README's reference of the policy's keys, made from the published JSON Schema (itself made
 * from the zod schema): one row per key with its description and default. Pure.
 */
import type { JsonSchema } from './json-schema'

const cell = (text: string) => text.replace(/\s+/g, ' ').trim().replace(/\|/g, '\\|')

/** A markdown table: key path, what it holds, default. */
export function policyReference(schema: JsonSchema): string {
  const rows: string[] = []
  const row = (keyPath: string, node: JsonSchema) => {
    const fallback = node.default === undefined ? '' : `\`${String(node.default)}\``
    rows.push(`| \`${keyPath}\` | ${cell(node.description ?? '')} | ${fallback} |`)
  }
  for (const [name, node] of Object.entries(schema.properties ?? {})) {
    if (name === 'version' || name === 'environments') {
      row(name === 'version' ? name : 'environments.<name>', node)
    } else {
      for (const [key, child] of Object.entries(node.properties ?? {})) row(`${name}.${key}`, child)
    }
  }
  return ['| key | value | default |', '|---|---|---|', ...rows].join('\n')
}
