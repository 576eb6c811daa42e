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

const pushSchema = z.object({
  commit: z.string().regex(FULL_SHA),
  revision: z.string().regex(UUID).optional(),
  verdict: z.enum(['served', 'failed', 'rolled back', 'timed out', 'cancelled']),
  at: z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{3})?Z$/)
})

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
 * there is none, or its data does not hold. Read as untrusted: only well-shaped fields survive.
 */
export function readMemory(body: string | undefined, redact: Redactor): CommentMemory {
  const line = body?.split('\n', 3).find((text) => text.startsWith(PREFIX))
  if (line === undefined || line.length > MAX_DATA || !line.endsWith(SUFFIX)) return { pushes: [] }
  const encoded = line.slice(PREFIX.length, -SUFFIX.length)
  if (!/^[A-Za-z0-9_-]*$/.test(encoded)) return { pushes: [] }
  let data: unknown
  try {
    data = JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8'))
  } catch {
    return { pushes: [] }
  }
  const shape = z
    .object({
      pushes: z.array(z.unknown()).max(100),
      lastGoodUrl: z.string().max(2_000).optional()
    })
    .safeParse(data)
  if (!shape.success) return { pushes: [] }
  const pushes = shape.data.pushes
    .flatMap((push) => {
      const parsed = pushSchema.safeParse(push)
      return parsed.success ? [parsed.data] : []
    })
    .slice(0, MAX_PUSHES)
  const url = shape.data.lastGoodUrl
  const lastGoodUrl =
    url !== undefined && 'url' in checkHttpUrl(url) && redact(url) === url ? url : undefined
  return { pushes, ...(lastGoodUrl ? { lastGoodUrl } : {}) }
}
