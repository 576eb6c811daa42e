import type { CheckVerdictKind } from '../check-verdict'
import { AgentReadError } from '../agent-server/retrying'
import type { ThreadsClient } from '../agent-server/threads'
import {
  judge,
  type GraphSide,
  type Incompatibility,
  type Judgement,
  type ParkedThread
} from './compatibility'
import {
  incompatibilityWords,
  parkedNodes,
  shortId,
  shown,
  someOf,
  type ParkedThreadsPayload,
  type ThreadsVerdict
} from './payload'
import { canaryThreadId } from './canary'
import { answersAnything, graphsOf, readGraphs, readParkedThreads, type ThreadsRead } from './read'
import { rereadAfterDeploy, rereadAfterRollback } from './reread'
import type { ThreadsSettings } from './section'

// The parked-threads step, given its typed settings and the agent servers' clients: the reads
// before the write (the old side), the judgement a promote makes before its write, the check
// after `DEPLOYED` on a deploy in place (and, as warnings only, on a rollback), and the last read
// after a rollback. It only reads users' threads.

/** What was read before the write. */
export type ThreadsPrepared =
  | { kind: 'nothing'; why: string }
  | { kind: 'read'; read: ThreadsRead; oldSide: ReadonlyMap<string, GraphSide> }
  | { kind: 'unreadable'; why: string }

/** The step's conclusion: the check's verdict, why, one warning per kind, and what it saw. */
export interface ThreadsOutcome {
  verdict: CheckVerdictKind
  why?: string
  warnings: string[]
  payload?: ParkedThreadsPayload
}

/** Before the write: the target's parked threads and their graphs (none on a first deploy). */
export async function readBeforeWrite(
  settings: ThreadsSettings,
  target: ThreadsClient,
  facts: { firstDeploy: boolean; deploymentId?: string }
): Promise<ThreadsPrepared> {
  if (facts.firstDeploy)
    return { kind: 'nothing', why: 'a first deploy has no parked threads to read' }
  try {
    const canaries = new Set(
      facts.deploymentId === undefined
        ? []
        : settings.canaries.map((canary) => canaryThreadId(facts.deploymentId ?? '', canary.name))
    )
    const read = await readParkedThreads(target, settings.sample, canaries)
    const oldSide = await readGraphs(target, graphsOf(read.threads))
    return { kind: 'read', read, oldSide }
  } catch (error) {
    return { kind: 'unreadable', why: unreadable(error, 'before the write') }
  }
}

/**
 * A promote, before any write: production's threads (read before) against the source's graphs.
 * `refuse` is true when the promote must not be written.
 */
export async function judgeBeforePromote(
  settings: ThreadsSettings,
  prepared: ThreadsPrepared,
  source: ThreadsClient
): Promise<ThreadsOutcome & { refuse: boolean }> {
  const outcome = await compare(settings, prepared, source, 'promote')
  return { ...outcome, refuse: outcome.verdict !== 'passed' && outcome.verdict !== 'skipped' }
}

/**
 * After `DEPLOYED` on the target: its new graphs against the old side, and each thread read again
 * by its checkpoint. On `rollback` everything is a warning: a rollback is never blocked.
 */
export async function checkAfterDeployed(
  settings: ThreadsSettings,
  prepared: ThreadsPrepared,
  target: ThreadsClient,
  operation: 'deploy' | 'rollback'
): Promise<ThreadsOutcome> {
  return compare(settings, prepared, target, operation)
}

/**
 * After a rollback brought the old graph back: the threads that waited before the write, read
 * once more. Those answered while the new code served are named, so their users can be asked
 * again.
 */
export async function readAfterRollback(
  prepared: ThreadsPrepared,
  payload: ParkedThreadsPayload,
  target: ThreadsClient
): Promise<{ payload: ParkedThreadsPayload; warnings: string[] }> {
  if (prepared.kind !== 'read') return { payload, warnings: [] }
  const gone = new Set([...payload.movedOn, ...payload.deleted, ...payload.tooLarge])
  const threads = prepared.read.threads.filter((thread) => !gone.has(thread.id))
  try {
    const reread = await rereadAfterRollback(target, threads)
    const ids = (kind: string) =>
      reread.filter(({ after }) => after.kind === kind).map(({ thread }) => thread.id)
    const answeredLost = ids('answered-lost')
    const warnings =
      answeredLost.length === 0
        ? []
        : [
            `${answeredLost.length} parked thread(s) were answered while the new code served and their answer is lost: ${someOf(answeredLost.map((id) => shortId(id) ?? '?'))}; ask their users again`
          ]
    return { payload: { ...payload, waitingAgain: ids('waiting-again'), answeredLost }, warnings }
  } catch (error) {
    return { payload, warnings: [unreadable(error, 'after the rollback')] }
  }
}

type Phase = 'promote' | 'deploy' | 'rollback'

async function compare(
  settings: ThreadsSettings,
  prepared: ThreadsPrepared,
  newSideServer: ThreadsClient,
  phase: Phase
): Promise<ThreadsOutcome> {
  if (prepared.kind === 'nothing') return { verdict: 'skipped', why: prepared.why, warnings: [] }
  if (prepared.kind === 'unreadable') return conclude(settings, phase, 'inconclusive', prepared.why)
  const { read, oldSide } = prepared
  const empty: ParkedThreadsPayload = {
    read: read.threads.length,
    total: read.total,
    parked: parkedNodes(read.threads),
    incompatible: [],
    movedOn: [],
    deleted: read.deleted,
    tooLarge: read.tooLarge,
    canary: [],
    verdict: 'pass'
  }
  if (read.threads.length === 0)
    return { verdict: 'passed', why: 'no parked threads', warnings: [], payload: empty }
  let judged: Judgement
  let threads: readonly ParkedThread[] = read.threads
  const payload = { ...empty }
  try {
    // After the write, the threads read again first: those moved on or deleted are left out.
    if (phase !== 'promote') {
      const reread = await rereadAfterDeploy(newSideServer, read.threads)
      const of = (kind: string) =>
        reread.filter(({ after }) => after.kind === kind).map(({ thread }) => thread.id)
      payload.movedOn = of('moved-on')
      payload.deleted = [...read.deleted, ...of('deleted')]
      payload.tooLarge = [...read.tooLarge, ...of('too-large')]
      const left = new Set([...payload.movedOn, ...payload.deleted, ...payload.tooLarge])
      threads = read.threads.filter((thread) => !left.has(thread.id))
      payload.incompatible.push(
        ...reread.flatMap(({ thread, after }) =>
          after.kind === 'stranded'
            ? after.nodes.map((node): Incompatibility => ({
                thread: thread.id,
                graph: thread.graph ?? '',
                why: 'stranded',
                node
              }))
            : []
        )
      )
    }
    const newSide = await readGraphs(newSideServer, graphsOf(threads))
    const sides = {
      old: oldSide,
      new: newSide,
      newAnswers: await answersAnything(newSideServer, newSide)
    }
    judged = judge(threads, sides, { read: read.threads.length, total: read.total })
  } catch (error) {
    return conclude(settings, phase, 'inconclusive', unreadable(error, 'the new side'), payload)
  }
  // A stranded thread the judgement names (its node gone) is said once, by why it is.
  const named = new Set(judged.incompatible.map((entry) => `${entry.thread}/${entry.node}`))
  payload.incompatible = [
    ...judged.incompatible,
    ...payload.incompatible.filter((entry) => !named.has(`${entry.thread}/${entry.node}`))
  ]
  payload.judgement = judged
  const kind = payload.incompatible.length > 0 ? 'fail' : judged.verdict
  return conclude(settings, phase, kind, whyOf(payload, judged, phase), payload)
}

/** The verdict under `on-incompatible` and the phase: a rollback only warns. */
function conclude(
  settings: ThreadsSettings,
  phase: Phase,
  judged: 'pass' | 'fail' | 'inconclusive',
  why: string,
  payload?: ParkedThreadsPayload
): ThreadsOutcome {
  const soft = settings.onIncompatible === 'warn' || phase === 'rollback'
  const verdict: ThreadsVerdict = judged === 'pass' ? 'pass' : soft ? 'warn' : judged
  const check: Record<ThreadsVerdict, CheckVerdictKind> = {
    pass: 'passed',
    warn: 'passed',
    fail: 'failed',
    inconclusive: 'inconclusive'
  }
  return {
    verdict: check[verdict],
    why,
    warnings: verdict === 'warn' ? warningsOf(payload, why) : [],
    ...(payload && { payload: { ...payload, verdict } })
  }
}

/** One warning per kind of incompatibility, never one per thread. */
function warningsOf(payload: ParkedThreadsPayload | undefined, why: string): string[] {
  if (!payload || payload.incompatible.length === 0) return [why]
  const kinds = new Map<string, Incompatibility[]>()
  for (const entry of payload.incompatible)
    kinds.set(entry.why, [...(kinds.get(entry.why) ?? []), entry])
  return [...kinds.values()].map(
    (entries) =>
      `parked threads: ${entries.length} incompatible: ${someOf(entries.map(incompatibilityWords))}`
  )
}

function whyOf(payload: ParkedThreadsPayload, judged: Judgement, phase: Phase): string {
  const of =
    payload.read < payload.total
      ? `on the ${payload.read} newest of ${payload.total}`
      : `${payload.read} read`
  const verb = phase === 'promote' ? 'would strand' : 'strands'
  if (payload.incompatible.length > 0)
    return `parked threads (${of}): ${verb} ${new Set(payload.incompatible.map((entry) => entry.thread)).size}: ${someOf(payload.incompatible.map(incompatibilityWords))}`
  if (judged.inconclusive.length > 0)
    return `parked threads could not be judged: ${judged.inconclusive.join('; ')}`
  if (judged.unread.length > 0)
    return `parked threads (${of}): the release removes ${someOf(judged.unread.map((risk) => `${shown(risk.graph) ?? '?'}/${shown(risk.node) ?? '?'}`))}, where ${payload.total - payload.read} threads not read may wait`
  return `parked threads (${of}): none stranded`
}

/** A read that failed, in a sentence; anything else is a bug and thrown. */
function unreadable(error: unknown, when: string): string {
  if (!(error instanceof AgentReadError)) throw error
  // The failure's kind, never the server's text: a misshapen answer forges nothing into the log.
  const { failure } = error
  const what =
    failure.kind === 'status'
      ? failure.status === 404
        ? 'answered 404 (check agent-api-key and the deployment URL)'
        : `answered ${failure.status}`
      : FAILURE_WORDS[failure.kind]
  return `parked threads could not be read ${when}: ${error.method} ${error.path.split('?')[0] ?? ''} ${what}`
}

const FAILURE_WORDS = {
  network: 'got no answer',
  'cut-short': 'answered with a body cut short',
  'wrong-shape': 'answered in another shape than the agent server answers',
  'too-large': 'answered with a body over the cap'
} as const
