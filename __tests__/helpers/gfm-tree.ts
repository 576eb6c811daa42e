import { parseFragment, type DefaultTreeAdapterMap } from 'parse5'
import { renderGfm } from '../../scripts/preview-report/html'

// A page as GitHub draws it, read as a tree: the markdown rendered as GFM, then parsed, so a test
// asserts the structure people see (tables, headings, code) rather than the text.

export type Node = DefaultTreeAdapterMap['childNode']
export type Element = DefaultTreeAdapterMap['element']

const isElement = (node: Node): node is Element => 'tagName' in node

/** The elements right under `node`. */
export const children = (node: { childNodes: Node[] }) => node.childNodes.filter(isElement)

/** Every element named `tag` under `node`, in document order. */
export function all(node: { childNodes: Node[] }, tag: string): Element[] {
  return children(node).flatMap((child) => [
    ...(child.tagName === tag ? [child] : []),
    ...all(child, tag)
  ])
}

/** The text under `node`, as one string. */
export function text(node: Node): string {
  if ('value' in node && node.nodeName === '#text') return node.value
  return 'childNodes' in node ? node.childNodes.map(text).join('') : ''
}

/** `markdown` as GitHub draws it, parsed. */
export const gfmTree = (markdown: string) => parseFragment(renderGfm(markdown))
