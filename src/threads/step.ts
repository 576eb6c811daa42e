/**
 * Parked threads as a step after DEPLOYED: the target's interrupted threads and their graphs read
 * before the write (the old side), judged after DEPLOYED against the new revision's graphs and
 * read again by checkpoint, and read once more on a revision a rollback brings back (the threads
 * answered while the new code served are named). Operation rollback reads the same before its
 * write and judges the revision it brings back as warnings only. It only reads users' threads.
 * The code is ./index.ts, loaded on first use: a run without `threads.parked: check` never loads
 * it.
 */
import { defineStep } from '../step-kit/define'
import type { DeploymentAsRead, RunFacts, SectionFacts, StepContext } from '../step-kit/step'
import { agentServerAt, ENDS_THE_CHECKS } from '../step-kit/kit'
import { UUID } from '../lib/ids'
import type { CanaryRun } from './canary-run'
import type { ThreadsOutcome, ThreadsPrepared } from './run'
import type { ParkedThreadsPayload } from './payload'
import type { ThreadsSettings } from './section'

// One chunk with the assistants' code (the same name there): the agent server's resource client
// they share is bundled once, and a run with neither step loads none of it.
const threadsCode = () => import(/* webpackChunkName: "agent-resources" */ './index')

/** The settings, and on a promote the deployment promoted from (its graph is the new side). */
type Need = ThreadsSettings & { from?: string }

/** What the step reads of the run: `threads`, the operation and the deployment promoted from. */
type ThreadsFacts = SectionFacts<'threads', ThreadsSettings>

const needOf = (config: ThreadsFacts): Need | undefined =>
  config.threads && {
    ...config.threads,
    ...(config.operation === 'promote' && { from: config.fromDeployment })
  }

/** What was read before the write, and what the check saw on this run's revision. */
interface Prepared {
  read: ThreadsPrepared
  /** The revision the check ran on first (this run's), and what it saw there. */
  checked?: { revisionId: string; payload?: ParkedThreadsPayload }
  /** The canaries, when this run parks them (not on a first deploy, a dry run or a rollback). */
  canaries?: CanaryRun
}

/** Its client of the agent server at `url` (none without a usable URL), under `deadline`. */
async function clientAt(
  url: string | undefined,
  need: Need,
  context: StepContext,
  deadline: number
) {
  const server = agentServerAt(
    url,
    { apiKey: need.apiKey ?? context.config.apiKey, authScheme: need.authScheme },
    context,
    deadline
  )
  if (server === undefined) return undefined
  const { threadsClient } = await threadsCode()
  return threadsClient(server)
}

const NO_URL = 'the deployment has no usable URL to read its threads from'
function planOf(read: ThreadsPrepared, need: Need, operation: RunFacts['operation']): string[] {
  if (read.kind === 'nothing') return [`Parked threads: ${read.why}.`]
  if (read.kind === 'unreadable') return [`Parked threads: ${read.why}.`]
  const { threads, total } = read.read
  const of = threads.length < total ? `the ${threads.length} newest of ${total}` : `${total}`
  const against =
    operation === 'rollback'
      ? 'the graph of the revision brought back after DEPLOYED, as warnings only (a rollback is never blocked)'
      : "the new revision's graph after DEPLOYED"
  return [
    `Parked threads: ${of} interrupted thread(s) read (at most ${need.sample}); they are judged against ${against}.`
  ]
}

/** The deployment promoted from, as the promote reads it: by id, else by name. */
async function sourceUrl(from: string, context: StepContext): Promise<string | undefined> {
  const call = { deadline: context.deadline.at, signal: context.signal }
  const source =
    (UUID.test(from)
      ? await context.client.getDeployment(from, call).catch(() => undefined)
      : undefined) ?? (await context.client.findDeploymentByName(from, call))
  return source?.source_config.custom_url ?? undefined
}

export const threadsStep = defineStep<
  'threads',
  Need,
  Prepared,
  ParkedThreadsPayload,
  ThreadsFacts
>({
  name: 'threads',
  needs: needOf,
  prepare: async (need, { deployment }, context) => {
    const { readBeforeWrite } = await threadsCode()
    const url = deployment?.source_config.custom_url ?? undefined
    const client = await clientAt(url, need, context, context.deadline.at)
    const read: ThreadsPrepared =
      deployment !== undefined && client === undefined
        ? { kind: 'unreadable', why: `parked threads could not be read: ${NO_URL}` }
        : client === undefined
          ? { kind: 'nothing', why: 'a first deploy has no parked threads to read' }
          : await readBeforeWrite(need, client, {
              firstDeploy: deployment === undefined,
              deploymentId: deployment?.id
            })
    const { operation } = context.config
    // With `fail`, threads that cannot be read stop a deploy before its write (never a rollback).
    if (read.kind === 'unreadable' && need.onIncompatible === 'fail' && operation === 'deploy')
      return {
        refused: {
          message: `threads.parked: nothing was deployed: ${read.why}. With threads.on-incompatible: fail, parked threads that cannot be judged stop a deploy before its write; a deploy that fixes a broken agent server can set threads.parked: off.`,
          refused: 'parked threads could not be judged'
        }
      }
    const canaries = canaryRunOf(need, deployment, context)
    if (need.from === undefined)
      return { prepared: { read, canaries }, plan: planOf(read, need, operation) }
    // A promote: production's threads against the source's graphs, before any write.
    const { judgeBeforePromote } = await threadsCode()
    const source = await clientAt(
      await sourceUrl(need.from, context),
      need,
      context,
      context.deadline.at
    )
    const judged =
      source === undefined
        ? {
            refuse: true,
            verdict: 'inconclusive',
            why: `parked threads could not be judged: the deployment promoted from has no usable URL`,
            warnings: []
          }
        : await judgeBeforePromote(need, read, source)
    for (const line of judged.warnings) context.log.warning(line)
    const why = judged.why ?? 'no reason given'
    if (judged.refuse)
      return {
        refused: {
          message: `threads.parked: the promote was refused before any write: ${why}.`,
          refused:
            judged.verdict === 'inconclusive'
              ? 'parked threads could not be judged'
              : 'parked threads would be stranded'
        }
      }
    return {
      prepared: { read, canaries },
      plan: [...planOf(read, need, operation), `Parked threads against the source's graph: ${why}.`]
    }
  },
  dryRun: 'Dry run: the parked threads were read; none was judged against a new graph.',
  prepareWrites: parkCanaries,
  finish: async (prepared, context) => {
    if (prepared.canaries !== undefined) await deleteCanaries(prepared.canaries, context)
  },
  run: async ({ need, prepared, revision, context, deadline }) => {
    const { checkAfterDeployed, readAfterRollback } = await threadsCode()
    const client = await clientAt(revision.result.deploymentUrl, need, context, deadline)
    const first = prepared.checked
    if (first !== undefined && first.revisionId !== revision.revisionId) {
      // A revision a rollback brought back: the threads that waited before the write, read again.
      if (first.payload === undefined || client === undefined)
        return {
          verdict: 'skipped',
          why: 'no parked thread was judged on the revision rolled back'
        }
      const again = await readAfterRollback(prepared.read, first.payload, client)
      for (const line of again.warnings) context.log.warning(line)
      return { verdict: 'passed', payload: again.payload }
    }
    if (client === undefined)
      return { verdict: 'inconclusive', why: `Parked threads could not be judged: ${NO_URL}.` }
    // Operation rollback judges what it brings back as warnings only: it is never blocked.
    const phase = context.config.operation === 'rollback' ? 'rollback' : 'deploy'
    const outcome = await withCanaryVerdicts(
      prepared.canaries,
      await checkAfterDeployed(need, prepared.read, client, phase),
      revision.result.deploymentUrl,
      context,
      deadline
    )
    prepared.checked = { revisionId: revision.revisionId, payload: outcome.payload }
    for (const line of outcome.warnings) context.log.warning(line)
    const why = outcome.why ?? 'no reason given'
    if (outcome.verdict === 'passed' || outcome.verdict === 'skipped') {
      context.log.info(`Parked threads: ${why}.`)
      return { verdict: outcome.verdict, why, payload: outcome.payload }
    }
    const failed = outcome.verdict === 'failed'
    return {
      verdict: outcome.verdict,
      why: `The parked threads check ${failed ? 'failed' : 'could not conclude'}: ${why}.`,
      saw: `${why}.`,
      payload: outcome.payload
    }
  },
  // Run again on a revision a rollback brings back: it names the threads answered meanwhile.
  broughtBack: 'again',
  // The spec's table: after DEPLOYED, parked threads that could not be judged roll back.
  inconclusiveRollsBack: true,
  stopsLaterOn: ENDS_THE_CHECKS
})

// The canaries (../threads/canary-run.ts): parked once every step read, resumed and judged after
// DEPLOYED, deleted by their ids right after, and by `finish` when the run never reached them.

/** Time the canaries' deletes get of their own: after a cancel the process has 2 s left. */
const DELETE_MS = 30_000
const DELETE_AFTER_CANCEL_MS = 1_000

/** The canaries this run parks, if any; a notice when it has cases and parks none. */
function canaryRunOf(
  need: Need,
  deployment: DeploymentAsRead['deployment'],
  context: StepContext
): CanaryRun | undefined {
  if (need.canaries.length === 0) return undefined
  const { operation, dryRun } = context.config
  const not =
    operation === 'rollback'
      ? 'operation rollback brings a revision back and tests no release'
      : dryRun
        ? 'a dry run writes nothing'
        : deployment === undefined
          ? 'a first deploy has no serving revision to park them on'
          : undefined
  if (not !== undefined || deployment === undefined) {
    context.log.notice(`threads.canary: no canary was run: ${not ?? 'nothing serves'}.`)
    return undefined
  }
  const url = deployment.source_config.custom_url ?? undefined
  return { settings: need, deploymentId: deployment.id, ...(url !== undefined && { url }) }
}

/** Before the write: the canaries parked; a case that cannot park refuses the write (`fail`). */
async function parkCanaries(prepared: Prepared, context: StepContext) {
  const run = prepared.canaries
  if (run === undefined) return { prepared }
  const { parkBeforeWrite } = await threadsCode()
  const server = canaryServer(run, context, context.deadline.at)
  const parked = await parkBeforeWrite(run, server, context.workflow?.runUrl ?? 'local')
  const { signal } = context
  if (signal?.aborted === true || parked.refuse !== undefined) {
    await deleteCanaries(run, context)
    if (signal?.aborted === true) throw signal.reason
    return {
      refused: {
        message: `${parked.refuse ?? 'threads.canary: a case could not park'}; nothing was deployed.`,
        refused: 'a canary could not park on the serving revision'
      }
    }
  }
  for (const notice of parked.notices) context.log.notice(notice)
  return { prepared }
}

/** After DEPLOYED: the parked canaries resumed and judged into `outcome`, then deleted. */
async function withCanaryVerdicts(
  run: CanaryRun | undefined,
  outcome: ThreadsOutcome,
  url: string | undefined,
  context: StepContext,
  deadline: number
): Promise<ThreadsOutcome> {
  if (run === undefined) return outcome
  const { judgeCanaries } = await threadsCode()
  const server = canaryServer({ ...run, ...(url !== undefined && { url }) }, context, deadline)
  const judged = await judgeCanaries(run, outcome, server)
  await deleteCanaries(run, context)
  return judged
}

/** Every case's thread deleted by its id, under a time of its own (a failed delete: a notice). */
async function deleteCanaries(run: CanaryRun, context: StepContext): Promise<void> {
  const { removeCanaries } = await threadsCode()
  const cancelled = context.signal?.aborted === true
  const ms = cancelled ? DELETE_AFTER_CANCEL_MS : DELETE_MS
  const server = canaryServer(run, context, context.clock.now() + ms)
  // The run's signal may be aborted (a cancel): the deletes are sent all the same.
  const notices = await removeCanaries(run, server && { ...server, signal: undefined })
  for (const notice of notices) context.log.notice(notice)
}

/** The canaries' agent server: the deployment's, with the step's credentials. */
const canaryServer = (run: CanaryRun, context: StepContext, deadline: number) =>
  agentServerAt(
    run.url,
    { apiKey: run.settings.apiKey ?? context.config.apiKey, authScheme: run.settings.authScheme },
    context,
    deadline
  )
