/**
 * Parked threads as a step after DEPLOYED: the target's interrupted threads and their graphs read
 * before the write (the old side), judged after DEPLOYED against the new revision's graphs and
 * read again by checkpoint, and read once more on a revision a rollback brings back (the threads
 * answered while the new code served are named). It only reads users' threads. The code is
 * ./index.ts, loaded on first use: a run without `threads.parked: check` never loads it.
 */
import { defineStep } from '../step-kit/define'
import type { SectionFacts, StepContext } from '../step-kit/step'
import { agentServerAt, ENDS_THE_CHECKS } from '../step-kit/kit'
import { UUID } from '../lib/ids'
import type { ThreadsPrepared } from './run'
import type { ParkedThreadsPayload } from './payload'
import type { ThreadsSettings } from './section'

const threadsCode = () => import('./index')

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
const NOT_ON_ROLLBACK =
  'operation rollback reads nothing before its write, so there is no old side to judge parked threads against'

function planOf(read: ThreadsPrepared, need: ThreadsSettings): string[] {
  if (read.kind === 'nothing') return [`Parked threads: ${read.why}.`]
  if (read.kind === 'unreadable') return [`Parked threads: ${read.why}.`]
  const { threads, total } = read.read
  const of = threads.length < total ? `the ${threads.length} newest of ${total}` : `${total}`
  return [
    `Parked threads: ${of} interrupted thread(s) read (at most ${need.sample}); they are judged against the new revision's graph after DEPLOYED.`
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
  skippedUnder: {
    rollback: { why: NOT_ON_ROLLBACK, notice: `Parked threads not checked: ${NOT_ON_ROLLBACK}.` }
  },
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
    if (need.from === undefined) return { prepared: { read }, plan: planOf(read, need) }
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
      prepared: { read },
      plan: [...planOf(read, need), `Parked threads against the source's graph: ${why}.`]
    }
  },
  dryRun: 'Dry run: the parked threads were read; none was judged against a new graph.',
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
    const outcome = await checkAfterDeployed(need, prepared.read, client, 'deploy')
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
