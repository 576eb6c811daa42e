import { parseJson, type Answer } from './http'
import type { TracerSession } from './tracing-types'

/** A 422 in the service's `{"detail": [{loc, msg, type}]}` shape. */
export const detail422 = (loc: string[], msg: string, type = 'value_error'): Answer => ({
  status: 422,
  body: { detail: [{ loc, msg, type }] }
})

/** Sessions of a dataset, a name, and containing a metadata object; in the order asked. */
export function listSessions(
  all: TracerSession[],
  query: URLSearchParams
): TracerSession[] | Answer {
  const datasets = query.getAll('reference_dataset')
  const name = query.get('name')
  let metadata: Record<string, unknown> | undefined
  const rawMetadata = query.get('metadata')
  if (rawMetadata !== null) {
    const parsed = parseJson(Buffer.from(rawMetadata))
    if (
      !parsed.ok ||
      parsed.value === null ||
      typeof parsed.value !== 'object' ||
      Array.isArray(parsed.value)
    )
      return detail422(['query', 'metadata'], 'Input should be a JSON object', 'json_invalid')
    metadata = parsed.value as Record<string, unknown>
  }
  const found = all
    .filter(
      (session) => datasets.length === 0 || datasets.includes(session.reference_dataset_id ?? '')
    )
    .filter((session) => name === null || session.name === name)
    .filter((session) => metadata === undefined || contains(session.extra?.metadata, metadata))
  const sortBy = query.get('sort_by')
  // Without sort_by the order is the creation order, oldest first: a client that wants the
  // newest must ask for it (the default of the real service is not documented).
  if (sortBy === 'start_time' || sortBy === 'name') {
    found.sort((a, b) => String(a[sortBy]).localeCompare(String(b[sortBy])))
    if (query.get('sort_by_desc') === 'true') found.reverse()
  }
  return found
}

function contains(value: unknown, wanted: Record<string, unknown>): boolean {
  if (value === null || typeof value !== 'object') return false
  const record = value as Record<string, unknown>
  return Object.entries(wanted).every(
    ([key, expected]) => JSON.stringify(record[key]) === JSON.stringify(expected)
  )
}

/** A list page: `limit` 1–100 (default 100), `offset` ≥ 0; the answer is a bare array. */
export function page<T>(
  items: T[],
  query: URLSearchParams,
  map: (item: T) => unknown = (item) => item
): Answer {
  const limit = Number(query.get('limit') ?? 100)
  const offset = Number(query.get('offset') ?? 0)
  if (!Number.isInteger(limit) || limit < 1 || limit > 100)
    return detail422(
      ['query', 'limit'],
      'Input should be an integer from 1 to 100',
      'less_than_equal'
    )
  if (!Number.isInteger(offset) || offset < 0)
    return detail422(
      ['query', 'offset'],
      'Input should be an integer of 0 or more',
      'greater_than_equal'
    )
  return { status: 200, body: items.slice(offset, offset + limit).map(map) }
}
