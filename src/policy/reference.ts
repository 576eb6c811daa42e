/**
 * The README's reference of the policy's keys, made from the published JSON Schema (itself made
 * from the zod schema): one list item per key with its default and description. A list, not a
 * table: a table squeezes its first column and the browser breaks a key path at its hyphens. Pure.
 */
import type { JsonSchema } from './json-schema'

/** One line of text (a list item's text holds no line break). */
const line = (text: string) => text.replace(/\s+/g, ' ').trim()

/** A markdown list: key path, default, what it holds. */
export function policyReference(schema: JsonSchema): string {
  const items: string[] = []
  const item = (keyPath: string, node: JsonSchema) => {
    const fallback = node.default === undefined ? '' : ` (default \`${String(node.default)}\`)`
    items.push(`- \`${keyPath}\`${fallback}: ${line(node.description ?? '')}`)
  }
  for (const [name, node] of Object.entries(schema.properties ?? {})) {
    if (name === 'version' || name === 'environments') {
      item(name === 'version' ? name : 'environments.<name>', node)
    } else {
      for (const [key, child] of Object.entries(node.properties ?? {}))
        item(`${name}.${key}`, child)
    }
  }
  return items.join('\n')
}
