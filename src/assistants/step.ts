/**
 * Assistants as code as a step after DEPLOYED: each entry's assistant read before the control
 * plane's write (so `on-drift: fail` writes nothing anywhere), made to match on the new revision
 * after the serving check and before the agent checks, and restored on a revision a rollback
 * brings back. The code is ./index.ts, loaded on first use.
 */
import { defineStep } from '../step-kit/define'
import { agentServerAt, ENDS_THE_CHECKS } from '../step-kit/kit'
import type { SectionFacts, StepContext } from '../step-kit/step'
import { entryDigest } from './entries'
import type { ObservedAssistants } from './index'
import type { AssistantsSettings } from './section'
import type { AssistantsReport } from './types'

// One chunk with the parked threads' code (the same name there): the agent server's resource
// client they share is bundled once, and a run with neither step loads none of it.
const assistantsCode = () => import(/* webpackChunkName: "agent-resources" */ './index')

type Need = AssistantsSettings

/** Its client of the agent server at `url` (none without a usable URL), under `deadline`. */
async function clientAt(
  url: string | undefined,
  need: Need,
  context: StepContext,
  deadline: number
) {
  const server = agentServerAt(
    url,
    { apiKey: need.apiKey, authScheme: need.authScheme },
    context,
    deadline
  )
  if (server === undefined) return undefined
  const { assistantsClient } = await assistantsCode()
  return assistantsClient(server)
}

type Prepared = ObservedAssistants

/** A line per assistant: what was done, its versions, the changed key paths (never a value). */
function logRows(report: AssistantsReport, context: StepContext): void {
  for (const row of report.rows) {
    const versions =
      row.before === undefined && row.after === undefined
        ? ''
        : `, version ${row.before ?? '—'} → ${row.after ?? '—'}`
    const changed = row.changed.length > 0 ? `; changed ${row.changed.join(', ')}` : ''
    const why = row.why === undefined ? '' : ` (${row.why})`
    context.log.info(
      `Assistant ${row.name} (${row.id.slice(0, 8)}): ${row.result ?? 'not written'}${versions}${changed}${why}`
    )
  }
}

export const assistantsStep = defineStep<
  'assistants',
  Need,
  Prepared,
  AssistantsReport,
  SectionFacts<'assistants', AssistantsSettings>
>({
  name: 'assistants',
  needs: (config) => config.assistants,
  prepare: async (need, { deployment }, context) => {
    const { observe, planLines, driftRefusal } = await assistantsCode()
    const url = deployment?.source_config.custom_url ?? undefined
    const client = await clientAt(url, need, context, context.deadline.at)
    const observed = await observe(need.entries, client)
    for (const line of observed.notices) context.log.notice(line)
    const drifted = observed.observed.filter(({ drift }) => drift.length > 0)
    if (drifted.length > 0 && need.onDrift === 'fail') return { refused: driftRefusal(drifted) }
    return { prepared: observed, plan: planLines(observed) }
  },
  dryRun: 'Dry run: the assistants were read; none was written.',
  run: async ({ need, prepared, revision, context, deadline }) => {
    const client = await clientAt(revision.result.deploymentUrl, need, context, deadline)
    if (client === undefined)
      return {
        verdict: 'failed',
        why: 'The assistants could not be written: the deployment has no usable URL.'
      }
    const { applyEntries } = await assistantsCode()
    const applied = await applyEntries(prepared, {
      client,
      stampOf: (entry) => ({
        digest: entryDigest(entry),
        commit: context.workflow?.commit,
        revisionId: revision.revisionId
      }),
      notice: (line) => context.log.notice(line)
    })
    logRows(applied.report, context)
    return applied.ok
      ? { verdict: 'passed', payload: applied.report }
      : {
          verdict: applied.inconclusive ? 'inconclusive' : 'failed',
          why: `Assistants as code failed: ${applied.why ?? 'a write failed'}.`,
          saw: `${applied.why ?? 'a write failed'}.`,
          payload: applied.report
        }
  },
  restore: async ({ need, prepared, ran, revision, context, deadline }) => {
    const client = await clientAt(revision.result.deploymentUrl, need, context, deadline)
    if (client === undefined)
      return {
        verdict: 'failed',
        why: 'The assistants could not be restored: the deployment has no usable URL.'
      }
    const { restoreStamped, restoreWritten } = await assistantsCode()
    if (ran !== undefined) {
      const versionsOf = (id: string) =>
        prepared?.observed.find((observed) => observed.id === id)?.versions ?? []
      const restored = await restoreWritten(client, ran, versionsOf)
      logRows(restored.report, context)
      return restored.ok
        ? { verdict: 'passed', payload: restored.report }
        : {
            verdict: 'failed',
            why: 'The assistants could not all be restored to their earlier versions.',
            payload: restored.report
          }
    }
    // operation rollback: the revision it brings back is the one it redeployed.
    const broughtBack = revision.result.redeployOf ?? revision.revisionId
    const restored = await restoreStamped(client, broughtBack)
    logRows(restored.report, context)
    if (restored.none)
      context.log.notice(
        `Assistants: no managed assistant has a version stamped with revision ${broughtBack}; none was restored.`
      )
    return restored.ok
      ? { verdict: 'passed', payload: restored.report }
      : {
          verdict: 'failed',
          why: `The assistants could not all be restored to the versions of revision ${broughtBack}.`,
          payload: restored.report
        }
  },
  restoresUnder: ['rollback'],
  broughtBack: {
    skipped: (toRevisionId) =>
      `this run wrote no assistant, so none is restored on revision ${toRevisionId}`,
    notice: (why) => `Assistants: ${why}.`
  },
  // The spec's table: the assistants' read-back could not conclude → the revision is unproven.
  inconclusiveRollsBack: true,
  stopsLaterOn: ENDS_THE_CHECKS
})
