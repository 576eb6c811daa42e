/**
 * A text with every UUID in it cut to its first 8 characters: the report's text (the summary,
 * the comment, the notices) shows short ids; the full ones are in the summary's collapsed block
 * and the log's own lines.
 */
export function shortenIds(text: string): string {
  // An id quoted in backticks is one a person is asked to copy into an input: kept whole.
  return text.replace(
    /(`[0-9a-f-]{36}`)|\b([0-9a-f]{8})-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi,
    (_, quoted: string | undefined, head: string | undefined) => quoted ?? head ?? ''
  )
}

/** The first 8 characters of an id: what the text shows (the full ids are collapsed). */
export function shortId(id: string): string {
  return id.slice(0, 8)
}
