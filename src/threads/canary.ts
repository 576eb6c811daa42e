import type { CanaryThreadsClient } from '../agent-server/canary-threads'
import { readAgentReply } from '../agent-server/reply'
import { AgentReadError } from '../agent-server/retrying'
import { MANAGED_BY } from '../lib/managed-by'
import { TransportError } from '../control-plane/transport'
import { uuidV5 } from '../lib/uuid-v5'
import { describeExpectation, meetsExpectation } from '../lib/expectation'
import type { CanaryCase } from './section'

// The canaries: threads of the action's own, parked at an interrupt() on the old revision before
// the write, resumed on the new one after `DEPLOYED`, their reply judged like a smoke case's. A
// canary's id is derived from the deployment and the case's name, so every run uses the same one
// and deletes it by that id; nothing is ever found or deleted by its metadata.

/** The namespace of the action's derived ids (the assistants' one). */
export const CANARY_NAMESPACE = 'a4cd1350-3f60-47c9-82e8-eb29baeb4384'

export function canaryThreadId(deploymentId: string, name: string): string {
  return uuidV5(`${deploymentId}/${name}`, CANARY_NAMESPACE)
}

export interface ParkedCanary {
  canary: CanaryCase
  id: string
  /** Messages its thread held once parked: its reply stands after them. */
  messagesAtPark: number
}

export interface CanariesParked {
  parked: ParkedCanary[]
  /** Ran, and did not park: it cannot test the release. */
  didNotPark: { name: string; id: string; why: string }[]
  /** A request failed: the canary could not be set up. */
  failed: { name: string; id: string; why: string }[]
}

export interface CanaryVerdict {
  name: string
  verdict: 'pass' | 'fail'
  why?: string
  /** The reply's first line (the report redacts and escapes it). */
  reply?: string
}

/** Before the write: each case's thread made afresh under its id, run until it parks. */
export async function parkCanaries(
  cases: readonly CanaryCase[],
  client: CanaryThreadsClient,
  facts: { deploymentId: string; runId: string }
): Promise<CanariesParked> {
  const result: CanariesParked = { parked: [], didNotPark: [], failed: [] }
  for (const canary of cases) {
    const id = canaryThreadId(facts.deploymentId, canary.name)
    try {
      await client.remove(id)
      await client.create(id, {
        'managed-by': MANAGED_BY,
        'managed-canary': canary.name,
        'managed-run': facts.runId
      })
      const answer = await client.run(id, { assistant_id: canary.assistant, input: canary.input })
      if (answer.status !== 200 || !holdsInterrupt(answer.text)) {
        result.didNotPark.push({
          name: canary.name,
          id,
          why:
            answer.status !== 200
              ? `its run answered ${answer.status}`
              : 'its run ended without an interrupt'
        })
        continue
      }
      const messages = await client.messages(id)
      result.parked.push({ canary, id, messagesAtPark: messages.length })
    } catch (error) {
      result.failed.push({ name: canary.name, id, why: failure(error) })
    }
  }
  return result
}

/** After `DEPLOYED`: each parked canary resumed with its case's `resume`, its reply judged. */
export async function resumeCanaries(
  parked: readonly ParkedCanary[],
  client: CanaryThreadsClient
): Promise<CanaryVerdict[]> {
  const verdicts: CanaryVerdict[] = []
  for (const { canary, id, messagesAtPark } of parked) {
    try {
      const answer = await client.run(id, {
        assistant_id: canary.assistant,
        command: { resume: canary.resume }
      })
      if (answer.status !== 200) {
        verdicts.push({
          name: canary.name,
          verdict: 'fail',
          why: `its resume answered ${answer.status}`
        })
        continue
      }
      const failed = readAgentReply(answer.text, 0)
      if (failed.kind === 'error-state') {
        verdicts.push({ name: canary.name, verdict: 'fail', why: failed.reason })
        continue
      }
      const messages = await client.messages(id)
      const reply = readAgentReply(JSON.stringify({ messages }), messagesAtPark)
      if (reply.kind !== 'reply') {
        verdicts.push({ name: canary.name, verdict: 'fail', why: reply.reason })
        continue
      }
      const firstLine = reply.text.split('\n')[0] ?? ''
      const why = judgeReply(canary, reply.text, answer.ms)
      verdicts.push({
        name: canary.name,
        verdict: why === undefined ? 'pass' : 'fail',
        ...(why !== undefined && { why }),
        reply: firstLine
      })
    } catch (error) {
      verdicts.push({ name: canary.name, verdict: 'fail', why: failure(error) })
    }
  }
  return verdicts
}

/** Each canary deleted by its id, whatever happened (parked or not); a failed delete is a notice. */
export async function deleteCanaries(
  canaries: CanariesParked,
  client: CanaryThreadsClient
): Promise<string[]> {
  const notices: string[] = []
  const all = [
    ...canaries.parked.map(({ canary, id }) => ({ name: canary.name, id })),
    ...canaries.didNotPark,
    ...canaries.failed
  ]
  for (const { name, id } of all) {
    try {
      await client.remove(id)
    } catch (error) {
      notices.push(`the canary ${name} (thread ${id}) could not be deleted: ${failure(error)}`)
    }
  }
  return notices
}

function judgeReply(canary: CanaryCase, reply: string, ms: number): string | undefined {
  if (canary.expect && !meetsExpectation(canary.expect, reply))
    return `its reply does not ${describeExpectation(canary.expect)}`
  if (canary.expectNot && meetsExpectation(canary.expectNot, reply))
    return `its reply does ${describeExpectation(canary.expectNot)}`
  if (canary.maxLatencyMs !== undefined && ms > canary.maxLatencyMs)
    return `its resume took ${ms} ms, over ${canary.maxLatencyMs} ms`
  return undefined
}

function holdsInterrupt(text: string): boolean {
  try {
    const answer = JSON.parse(text) as unknown
    return typeof answer === 'object' && answer !== null && '__interrupt__' in answer
  } catch {
    return false
  }
}

/** A failed request in a sentence, without the server's text; anything else is a bug. */
function failure(error: unknown): string {
  if (error instanceof AgentReadError)
    return `${error.method} ${error.path} ${error.status === undefined ? `failed (${error.failure.kind})` : `answered ${error.status}`}`
  if (error instanceof TransportError) return `no answer (${error.kind})`
  throw error
}
