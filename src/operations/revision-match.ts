import type { SourceRevisionConfigBody } from '../control-plane/schemas'

type Field = keyof SourceRevisionConfigBody | 'repo_commit_sha'
type SeenConfig = Partial<Record<Field, string | null | undefined>>

/**
 * Whether a revision the service shows was made from `sent`: every field that was sent with a
 * value must be the revision's. Returns the fields that differ (empty: it matches), or undefined
 * when nothing was sent to compare (a PATCH of secrets or resources only).
 */
export function configDifferences(
  sent: SeenConfig | SourceRevisionConfigBody | null | undefined,
  seen: SeenConfig | null | undefined
): Field[] | undefined {
  const fields = (Object.keys(sent ?? {}) as Field[]).filter(
    (field) => (sent as SeenConfig | undefined)?.[field] != null
  )
  if (fields.length === 0) return undefined
  return fields.filter((field) => seen?.[field] !== (sent as SeenConfig)[field])
}
