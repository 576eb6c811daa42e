import type { Revision } from './types'

export type LogType = 'build' | 'deploy'
export type LogEntry = Record<string, unknown>
export type LogSource = (context: { revision: Revision; type: LogType }) => LogEntry[]

const START = Date.parse('2026-01-01T00:00:00Z')

/**
 * Logs a revision would have: a long build log and a shorter deploy log, ending in errors when
 * the revision failed in that phase. Oldest first.
 */
export const defaultLogs: LogSource = ({ revision, type }) => {
  const count = type === 'build' ? 120 : 40
  const lines: LogEntry[] = Array.from({ length: count }, (_, index) => ({
    timestamp: new Date(START + index * 1000).toISOString(),
    level: 'INFO',
    message: `${type} step ${index + 1} of ${count} for revision ${revision.id}`
  }))
  const failedHere =
    (type === 'build' &&
      (revision.status === 'BUILD_FAILED' || revision.status === 'CREATE_FAILED')) ||
    (type === 'deploy' && revision.status === 'DEPLOY_FAILED')
  if (failedHere) {
    const at = START + count * 1000
    lines.push(
      {
        timestamp: new Date(at).toISOString(),
        level: 'ERROR',
        message: `${type} failed: exit code 1`
      },
      {
        timestamp: new Date(at + 1000).toISOString(),
        level: 'CRITICAL',
        message: `revision ${revision.status}`
      }
    )
  }
  return lines
}

/**
 * One page of GET .../revisions/{id}/logs: `order` asc (default) or desc, `limit` 1–1000
 * (default 50), `offset` an opaque cursor handed out as `next_offset`.
 */
export function logsPage(
  all: LogEntry[],
  query: URLSearchParams
): { status: number; body: unknown } {
  const limit = Number(query.get('limit') ?? 50)
  const order = query.get('order') ?? 'asc'
  const cursor = query.get('offset')
  const start = cursor === null ? 0 : Number(/^cursor-(\d+)$/.exec(cursor)?.[1] ?? NaN)
  const problems = []
  if (!Number.isInteger(limit) || limit < 1 || limit > 1000) {
    problems.push({
      loc: ['query', 'limit'],
      msg: 'Input should be between 1 and 1000',
      type: 'range'
    })
  }
  if (order !== 'asc' && order !== 'desc') {
    problems.push({ loc: ['query', 'order'], msg: "Input should be 'asc' or 'desc'", type: 'enum' })
  }
  if (!Number.isInteger(start))
    problems.push({ loc: ['query', 'offset'], msg: 'Invalid cursor', type: 'value_error' })
  if (problems.length > 0) return { status: 422, body: { detail: problems } }
  const ordered = order === 'desc' ? [...all].reverse() : all
  const logs = ordered.slice(start, start + limit)
  const end = start + logs.length
  return { status: 200, body: { logs, next_offset: end < ordered.length ? `cursor-${end}` : null } }
}
