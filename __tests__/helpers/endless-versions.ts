import type { Fault } from '../../emulator'

/**
 * A fault that makes the agent server answer every page of an assistant's versions in full (as
 * many as asked, `promptBytes` of prompt each): with new numbers each time, or with the same
 * page again (`repeat`). For the endless-list tests and the bench's memory row.
 */
export function endlessVersions(
  id: string,
  options: { repeat: boolean; promptBytes?: number }
): Fault {
  const prompt = 'p'.repeat(options.promptBytes ?? 64)
  let next = 1_000_000_000
  return {
    method: 'POST',
    path: `/assistants/${id}/versions`,
    kind: 'alter',
    status: 200,
    times: Number.MAX_SAFE_INTEGER,
    alter: (_, request) => {
      const asked = (request as { limit?: unknown } | undefined)?.limit
      const pageSize = typeof asked === 'number' ? Math.min(asked, 10_000) : 10
      const first = next
      if (!options.repeat) next -= pageSize
      return Array.from({ length: pageSize }, (_, index) => ({
        assistant_id: id,
        version: first - index,
        graph_id: 'agent',
        name: 'support',
        description: null,
        config: { configurable: { model: 'elsewhere', system_prompt: prompt } },
        context: {},
        metadata: {},
        created_at: new Date(0).toISOString()
      }))
    }
  }
}
