/**
 * The policy's YAML with every node's place kept: parse problems, duplicate keys and `${{ }}`
 * found on the tree, and any key path turned into a line and column.
 */
import {
  isMap,
  isScalar,
  isSeq,
  LineCounter,
  parseDocument,
  type Document,
  type Node,
  type Pair,
  type YAMLMap
} from 'yaml'
import { keyPathText } from './problems'

/** A problem found in the text, before the schema reads it. */
export interface SourceProblem {
  message: string
  path: (string | number)[]
  line?: number
  col?: number
}

export interface PolicySource {
  /** The file as plain data (undefined when it does not parse). */
  value: unknown
  problems: SourceProblem[]
  /** Where a key path stands: its key's place (`key: true`) or its value's. */
  locate(
    path: readonly PropertyKey[],
    options?: { key?: boolean }
  ): { line: number; col: number } | undefined
}

const EXPRESSION = /\$\{\{/

export function readPolicySource(text: string): PolicySource {
  const lineCounter = new LineCounter()
  // Duplicate keys are found below, with their key paths: the parser's own check names neither.
  const document = parseDocument(text.replace(/^\uFEFF/, ''), {
    lineCounter,
    uniqueKeys: false,
    prettyErrors: false
  })
  const place = (offset: number | undefined) => {
    if (offset === undefined) return undefined
    const { line, col } = lineCounter.linePos(offset)
    return { line, col }
  }
  const locate: PolicySource['locate'] = (path, options = {}) => {
    const node = nodeAt(document, path, options.key ?? false)
    return place(node?.range?.[0])
  }
  if (document.errors.length > 0) {
    return {
      value: undefined,
      locate,
      problems: document.errors.map((error) => ({
        // The parser's code in words, never its message: it may quote the text, and a file that
        // is not YAML at all (a named file of another kind) must not be shown.
        message: `is not valid YAML: ${error.code.toLowerCase().replace(/_/g, ' ')}`,
        path: [],
        ...place(error.pos[0])
      }))
    }
  }
  const problems: SourceProblem[] = []
  walk(document.contents, [], (node, path, isKey) => {
    if (isScalar(node) && typeof node.value === 'string' && EXPRESSION.test(node.value))
      problems.push({
        message: `${keyPathText(path) || 'the file'} holds a \${{ }} expression${isKey ? ' in a key' : ''}: the release policy is not a workflow, nothing in it is evaluated; write the value itself`,
        path,
        ...place(node.range?.[0])
      })
    if (isMap(node)) {
      const seen = new Map<string, number | undefined>()
      for (const pair of node.items) {
        const name = keyName(pair.key)
        const keyNode = pair.key as Node | null
        const at = place(keyNode?.range?.[0])
        if (seen.has(name))
          problems.push({
            message: `${keyPathText([...path, name])} is given twice (first on line ${seen.get(name)}); keep one`,
            path: [...path, name],
            ...at
          })
        else seen.set(name, at?.line)
      }
    }
  })
  let value: unknown
  try {
    value = document.toJS({ maxAliasCount: 100 })
  } catch (error) {
    problems.push({
      message: `cannot be read as data: ${error instanceof Error ? error.message : String(error)}`,
      path: []
    })
  }
  return { value, problems, locate }
}

function keyName(key: unknown): string {
  return isScalar(key) ? String(key.value) : String(key)
}

type Visit = (node: unknown, path: (string | number)[], isKey: boolean) => void

/** Every node of the tree with its key path (keys visited too: `${{` may hide in one). */
function walk(node: unknown, path: (string | number)[], visit: Visit): void {
  visit(node, path, false)
  if (isMap(node))
    for (const pair of node.items) {
      const name = keyName(pair.key)
      visit(pair.key, [...path, name], true)
      walk(pair.value, [...path, name], visit)
    }
  else if (isSeq(node)) node.items.forEach((item, index) => walk(item, [...path, index], visit))
}

/** Each mapping's pairs by key name (the last of a duplicate), so a lookup is not a scan. */
const pairIndex = new WeakMap<YAMLMap, Map<string, Pair>>()

function pairsOf(node: YAMLMap): Map<string, Pair> {
  let index = pairIndex.get(node)
  if (index === undefined) {
    index = new Map(node.items.map((item) => [keyName(item.key), item]))
    pairIndex.set(node, index)
  }
  return index
}

/** The node at a key path: the key's node when asked, else the value's (or the key's, for a null). */
function nodeAt(
  document: Document,
  path: readonly PropertyKey[],
  wantKey: boolean
): Node | undefined {
  let node: unknown = document.contents
  let keyNode: unknown
  for (const part of path) {
    keyNode = undefined
    if (isMap(node)) {
      const pair = pairsOf(node).get(String(part))
      if (!pair) return undefined
      keyNode = pair.key
      node = pair.value
    } else if (isSeq(node) && typeof part === 'number') {
      node = node.items[part]
    } else return undefined
  }
  const chosen = wantKey && keyNode !== undefined ? keyNode : (node ?? keyNode)
  return (chosen ?? undefined) as Node | undefined
}
