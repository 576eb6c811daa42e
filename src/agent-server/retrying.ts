import type { z } from 'zod'
import { formatErrorDetail } from '../control-plane/errors'
import { backoffDelay, parseRetryAfter, sleep, type BackoffPolicy } from '../control-plane/retry'
import { isRetryable, type Failure } from '../control-plane/status-policy'
import { TransportError } from '../control-plane/transport'
import { agentExchange, type AgentServer } from './exchange'

// The one way the agent server's resource routes (assistants, threads, graphs) are asked: sent
// again after a failure the one status table (control-plane/status-policy.ts) calls retryable
// for the method the request is read as, paced by `Retry-After` or a jittered backoff, never past
// the server's deadline; every answer parsed with a zod schema, an answer of another shape being
// a failure like any other.

export interface RetrySettings {
  /** Attempts of one request, the first included (default 5). */
  maxAttempts?: number
  /** The pause between attempts (default 1 s doubling to 20 s, full jitter). */
  backoff?: BackoffPolicy
  random?: () => number
}

/** A read that failed: no answer, a status other than 2xx or 404, or an answer of another shape. */
export class AgentReadError extends Error {
  constructor(
    readonly method: string,
    readonly path: string,
    /** What went wrong, in the terms of the one status table. */
    readonly failure: Failure,
    /** For people: the server's detail (untrusted) or the transport's reason. */
    readonly detail: string,
    /** The status of the answer, when one came. */
    readonly status = failure.kind === 'status' ? failure.status : undefined
  ) {
    super(
      `${method} ${path} ${failure.kind === 'status' ? `answered ${failure.status}` : 'failed'}: ${detail}`
    )
    this.name = 'AgentReadError'
  }
}

/** The parsed answer of a 2xx, or the status and detail of an answer that is not retried. */
export type Answer<T> =
  { kind: 'answer'; value: T } | { kind: 'status'; status: number; detail: string }

export interface AgentRequest<T> {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE'
  path: string
  body?: unknown
  /** The method the retry table is read for: a POST that only reads is read as a GET. */
  retryAs: 'GET' | 'POST'
  schema: z.ZodType<T>
  /** Send no content type (agentExchange's `withoutContentType`). */
  withoutContentType?: boolean
}

/**
 * Sends a request until it is answered or a failure is not worth another attempt. Returns the
 * parsed answer or the status of a non-2xx answer; throws the last failure otherwise.
 */
export async function retryingExchange<T>(
  server: AgentServer,
  settings: RetrySettings,
  request: AgentRequest<T>
): Promise<Answer<T>> {
  const maxAttempts = settings.maxAttempts ?? 5
  const backoff = settings.backoff ?? { baseMs: 1_000, maxMs: 20_000 }
  const random = settings.random ?? Math.random
  const pause = server.sleep ?? sleep
  const { method, path } = request
  for (let attempt = 1; ; attempt++) {
    let failure: Failure
    let detail: string
    let retryAfter: string | undefined
    let status: number | undefined
    try {
      const answer = await agentExchange(server, {
        method,
        path,
        body: request.body,
        withoutContentType: request.withoutContentType
      })
      retryAfter = answer.retryAfter
      status = answer.status
      const ok = answer.status >= 200 && answer.status < 300
      if (!ok && !isRetryable({ kind: 'status', status: answer.status }, request.retryAs))
        return { kind: 'status', status: answer.status, detail: formatErrorDetail(answer.text) }
      // A 204 has no body: it is read as JSON null.
      const text = answer.status === 204 ? 'null' : answer.text
      const parsed = ok ? parseAnswer(text, request.schema) : undefined
      if (parsed?.kind === 'parsed') return { kind: 'answer', value: parsed.value }
      failure = parsed?.failure ?? { kind: 'status', status: answer.status }
      detail = parsed?.detail ?? formatErrorDetail(answer.text)
    } catch (error) {
      if (!(error instanceof TransportError)) throw error
      failure = error.kind === 'too-large' ? { kind: 'too-large' } : { kind: 'network' }
      detail = error.reason
      status = error.status
    }
    const delayMs =
      parseRetryAfter(retryAfter, server.now()) ?? backoffDelay(attempt - 1, backoff, random)
    const again =
      isRetryable(failure, request.retryAs) &&
      attempt < maxAttempts &&
      server.now() + delayMs < server.deadline
    if (!again) throw new AgentReadError(method, path, failure, detail, status)
    await pause(delayMs, server.signal)
  }
}

function parseAnswer<T>(
  text: string,
  schema: z.ZodType<T>
): { kind: 'parsed'; value: T } | { kind: 'failed'; failure: Failure; detail: string } {
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    return { kind: 'failed', failure: { kind: 'cut-short' }, detail: 'the answer is not JSON' }
  }
  const parsed = schema.safeParse(json)
  if (parsed.success) return { kind: 'parsed', value: parsed.data }
  const problems = parsed.error.issues
    .slice(0, 3)
    .map((issue) => `${issue.path.join('.') || '(body)'}: ${issue.message}`)
  return {
    kind: 'failed',
    failure: { kind: 'wrong-shape' },
    detail: `the answer is not of the expected shape (${problems.join('; ')})`
  }
}
