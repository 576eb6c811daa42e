import { z } from 'zod'
import type { CallOptions } from '../control-plane/client'
import type { Deployment } from '../control-plane/schemas'
import { TransportError } from '../control-plane/transport'
import { parseJson } from '../lib/json'
import { readAgain, type Reading } from '../lib/read-again'
import { agentExchange, type AgentServer } from '../agent-server/exchange'
import { agentStatusMeaning, REFUSED_HINT } from '../agent-server/status'

/** How long `active_revision_id` may lag behind DEPLOYED before the check fails. */
export const ACTIVE_REVISION_WAIT_MS = 60_000
/** Gap between two reads of the deployment or of /info while they still name another revision. */
const READ_GAP_MS = 2_000
const INFO_REQUEST_MS = 10_000

/**
 * What a serving check found:
 * - `serving`: this run's revision serves.
 * - `other`: another revision (or none) still served when the time ran out: a verdict.
 * - `unconfirmed`: no answer could be read: the check could not conclude, so it does not pass.
 * - `not-checkable`: the service cannot tell (it names no revision at all): skipped, with why.
 */
export type Serving =
  | { kind: 'serving' }
  | { kind: 'other'; servingId: string | null }
  | { kind: 'unconfirmed'; why: string }
  | { kind: 'not-checkable'; why: string }

export interface ActiveRevisionCheck {
  getDeployment: (call: CallOptions) => Promise<Deployment>
  revisionId: string
  /**
   * `active_revision_id` as a read just made saw it (undefined: that read failed or named none):
   * when it is this revision, nothing is sent.
   */
  seen?: string | null
  /** Epoch ms: the end of ACTIVE_REVISION_WAIT_MS, never past the run's deadline. */
  deadline: number
  signal?: AbortSignal
  now: () => number
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>
}

const NO_ACTIVE_REVISION = 'the service returns no active_revision_id'

/**
 * After DEPLOYED: the deployment's `active_revision_id` must become this run's revision. It is
 * read again while it names another (the service moves it a little after DEPLOYED) or cannot be
 * read, until the deadline. A service that returns none cannot be checked this way.
 */
export async function checkActiveRevision(check: ActiveRevisionCheck): Promise<Serving> {
  const judge = (active: string | null | undefined): ServingReading => {
    if (active === undefined) return finalAnswer('not-checkable', NO_ACTIVE_REVISION)
    return active === check.revisionId
      ? { kind: 'seen', value: true }
      : { kind: 'not-seen', value: active }
  }
  const read = async (): Promise<ServingReading> => {
    try {
      const current = await check.getDeployment({ deadline: check.deadline, signal: check.signal })
      return judge(current.active_revision_id)
    } catch (error) {
      if (check.signal?.aborted) throw error
      const why = error instanceof Error ? error.message : String(error)
      return { kind: 'could-not-tell', why: `the deployment could not be read (${why})` }
    }
  }
  return readServing(check, read, check.seen === undefined ? undefined : judge(check.seen))
}

export interface InfoCheck extends AgentServer {
  revisionId: string
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>
}

const infoSchema = z
  .object({
    host: z.object({ host_revision_id: z.string().nullish() }).loose().nullish()
  })
  .loose()

/** An answer that waiting does not change: the check ends with it. */
type ServingFinal = Extract<Serving, { kind: 'unconfirmed' | 'not-checkable' }>

const finalAnswer = (kind: ServingFinal['kind'], why: string): ServingReading => ({
  kind: 'final',
  value: { kind, why }
})

/**
 * With `agent.assistant`: the agent server's `GET /info` names the control plane's revision it
 * runs as `host.host_revision_id` (servers run by the service, newer ones). Read again while it
 * names another revision or gives no usable answer, until the deadline. A server that sends no
 * `host_revision_id`, or has no /info at all (404), cannot be checked this way; one that sends
 * it (or `host`) in another shape than a string could not confirm it, which is no skip.
 */
export async function checkInfoHost(check: InfoCheck): Promise<Serving> {
  return readServing(check, () => readInfo(check))
}

/** A reading of which revision serves: this one, another (or none), or an answer that ends it. */
type ServingReading = Reading<true, string | null, ServingFinal>

/**
 * Reads again (at most READ_GAP_MS apart) until this revision is seen, an answer ends the check,
 * or the deadline passes; a check that read no usable answer is `unconfirmed`, never a pass.
 */
async function readServing(
  timing: Pick<ActiveRevisionCheck, 'deadline' | 'signal' | 'now' | 'sleep'>,
  read: () => Promise<ServingReading>,
  first?: ServingReading
): Promise<Serving> {
  const { deadline, signal, now, sleep } = timing
  const verdict = await readAgain({ read, first, gapMs: READ_GAP_MS, deadline, signal, now, sleep })
  switch (verdict.kind) {
    case 'seen':
      return { kind: 'serving' }
    case 'not-seen':
      return { kind: 'other', servingId: verdict.value }
    case 'final':
      return verdict.value
    case 'could-not-tell':
      return { kind: 'unconfirmed', why: verdict.why }
  }
}

async function readInfo(check: InfoCheck): Promise<ServingReading> {
  let answer: { status: number; text: string }
  try {
    answer = await agentExchange(check, {
      method: 'GET',
      path: '/info',
      headers: { accept: 'application/json' },
      timeoutMs: INFO_REQUEST_MS
    })
  } catch (error) {
    if (check.signal?.aborted) throw error
    const reason = error instanceof TransportError ? error.reason : String(error)
    // A body over the cap is read once: asking again would download it again.
    if (error instanceof TransportError && error.kind === 'too-large') {
      return finalAnswer('unconfirmed', `GET /info: ${reason}`)
    }
    return { kind: 'could-not-tell', why: `GET /info got no usable answer: ${reason}` }
  }
  switch (agentStatusMeaning(answer.status)) {
    case 'missing':
      return finalAnswer('not-checkable', `the agent server answers ${answer.status} to GET /info`)
    case 'refused':
      return finalAnswer(
        'unconfirmed',
        `the agent server refuses GET /info (${answer.status}). ${REFUSED_HINT}`
      )
    case 'rejected':
      return finalAnswer('unconfirmed', `the agent server answers ${answer.status} to GET /info`)
    case 'not-ready':
      return { kind: 'could-not-tell', why: `GET /info answered ${answer.status}` }
    case 'answered':
      break
  }
  const body = parseJson(answer.text)
  if (body === undefined)
    return { kind: 'could-not-tell', why: 'GET /info answered a body that is not JSON' }
  const parsed = infoSchema.safeParse(body)
  if (!parsed.success) {
    // A revision id of another shape is no answer of "none": waiting does not change it.
    const issue = parsed.error.issues[0]
    const where = issue?.path.length ? `${issue.path.join('.')}: ` : ''
    return finalAnswer(
      'unconfirmed',
      `GET /info answered a body of another shape (${where}${issue?.message ?? 'not an object'})`
    )
  }
  const named = parsed.data.host?.host_revision_id ?? undefined
  if (named === check.revisionId) return { kind: 'seen', value: true }
  if (named === undefined) {
    return finalAnswer(
      'not-checkable',
      "the agent server's GET /info names no host.host_revision_id (older and local servers send none)"
    )
  }
  return { kind: 'not-seen', value: named }
}
