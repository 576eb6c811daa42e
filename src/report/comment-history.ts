import { z } from 'zod'
import { FULL_SHA } from '../lib/github-links'
import { UUID } from '../lib/ids'
import { checkHttpUrl } from '../lib/url'
import type { Redactor } from './redact'

/**
 * The PR comment's memory of earlier pushes, kept in the comment itself: a hidden line of
 * base64url JSON (no character of it can close the HTML comment) that the next run reads back
 * as untrusted input: every field is checked for its shape, anything else is dropped.
 */
export interface PushRecord {
  /** The commit pushed (a full SHA). */
  commit: string
  /** The revision it made, when one was made (a UUID). */
  revision?: string
  verdict: PushVerdict
  /** When the run ended (ISO, UTC). */
  at: string
}

export type PushVerdict = 'served' | 'failed' | 'rolled back' | 'timed out' | 'cancelled'

/** What the comment remembers: the pushes, newest first, and the last preview link that served. */
export interface CommentMemory {
  pushes: PushRecord[]
  /** The deployment URL of the last run that served (http(s) only). */
  lastGoodUrl?: string
}

/** Pushes kept at the most. */
export const MAX_PUSHES = 10
/** Characters of the data line read at the most: more is someone else's text. */
const MAX_DATA = 8_000
const PREFIX = '<!-- deploy-agent-action:history='
const SUFFIX = ' -->'

/** A time with its milliseconds, as toISOString writes it. */
const withMillis = (text: string) => (text.length === 20 ? `${text.slice(0, 19)}.000Z` : text)

/** A time as the action writes it (toISOString, UTC), and a real one: 2026-02-30 is not. */
const isoTime = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{3})?Z$/)
  .refine((text) => {
    const epochMs = Date.parse(text)
    // Date.parse rolls an impossible day over (30 February is 2 March): only a round trip holds.
    return Number.isFinite(epochMs) && new Date(epochMs).toISOString() === withMillis(text)
  })

const pushSchema = z.object({
  commit: z.string().regex(FULL_SHA),
  revision: z.string().regex(UUID).optional(),
  verdict: z.enum(['served', 'failed', 'rolled back', 'timed out', 'cancelled']),
  at: isoTime
})

/** Why an entry was dropped, by the field that failed (never its value: the text is anyone's). */
const FIELD_PROBLEMS: Record<string, string> = {
  commit: '`commit` is not a full commit id',
  revision: '`revision` is not a revision id',
  verdict: '`verdict` is not one this action writes',
  at: '`at` is not a date'
}

/** Says what was dropped from the memory and why; nothing when all of it parsed. */
export type MemoryNotice = (text: string) => void

/** The hidden data line of a comment's memory. */
export function memoryLine(memory: CommentMemory, redact: Redactor): string {
  const url =
    memory.lastGoodUrl !== undefined &&
    'url' in checkHttpUrl(memory.lastGoodUrl) &&
    redact(memory.lastGoodUrl) === memory.lastGoodUrl
      ? memory.lastGoodUrl
      : undefined
  const data = JSON.stringify({ pushes: memory.pushes.slice(0, MAX_PUSHES), lastGoodUrl: url })
  return `${PREFIX}${Buffer.from(data).toString('base64url')}${SUFFIX}`
}

/**
 * The memory of a comment this action wrote before (its body as GitHub returned it); empty when
 * there is none, or its data does not hold. Read as untrusted: only well-shaped fields survive,
 * an entry that does not parse is dropped, and `notice` says what was dropped, never throwing.
 */
export function readMemory(
  body: string | undefined,
  redact: Redactor,
  notice: MemoryNotice = () => undefined
): CommentMemory {
  const line = body?.split('\n', 3).find((text) => text.startsWith(PREFIX))
  if (line === undefined) return { pushes: [] }
  const data = decodeLine(line)
  const shape = z
    .object({
      pushes: z.array(z.unknown()).max(100),
      lastGoodUrl: z.string().max(2_000).optional()
    })
    .safeParse(data)
  if (!shape.success) {
    notice(
      "The pull-request comment's history does not parse: it is dropped, and the history starts again from this run."
    )
    return { pushes: [] }
  }
  const problems = new Set<string>()
  const parsed = shape.data.pushes.flatMap((push) => {
    const result = pushSchema.safeParse(push)
    if (result.success) return [result.data]
    const field = result.error.issues[0]?.path[0]
    problems.add(
      (typeof field === 'string' && FIELD_PROBLEMS[field]) || 'the entry is not a push record'
    )
    return []
  })
  const dropped = shape.data.pushes.length - parsed.length
  if (dropped > 0) {
    const which =
      dropped === 1 ? '1 entry that does not parse' : `${dropped} entries that do not parse`
    notice(
      `The pull-request comment's history holds ${which} (${[...problems].join('; ')}): ${dropped === 1 ? 'it is' : 'they are'} dropped, and the comment is updated without ${dropped === 1 ? 'it' : 'them'}.`
    )
  }
  const url = shape.data.lastGoodUrl
  const lastGoodUrl =
    url !== undefined && 'url' in checkHttpUrl(url) && redact(url) === url ? url : undefined
  return { pushes: parsed.slice(0, MAX_PUSHES), ...(lastGoodUrl ? { lastGoodUrl } : {}) }
}

/** The JSON of a history line, or undefined when the line is not one this action wrote. */
function decodeLine(line: string): unknown {
  if (line.length > MAX_DATA || !line.endsWith(SUFFIX)) return undefined
  const encoded = line.slice(PREFIX.length, -SUFFIX.length)
  if (!/^[A-Za-z0-9_-]*$/.test(encoded)) return undefined
  try {
    return JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8')) as unknown
  } catch {
    return undefined
  }
}
