/**
 * The bake window as a step after DEPLOYED: its reads before anything is written (the
 * deployment's tracing project, the previous revision's window), then, once every other check
 * passed, the new revision's own traffic watched for `bake.duration`. The bake itself is
 * ./index.ts, loaded on first use: a run without `bake.duration` never loads it, nor the tracing
 * client.
 */
import { defineStep } from '../step-kit/define'
import { ENDS_THE_CHECKS } from '../step-kit/kit'
import type { SectionFacts, StepContext } from '../step-kit/step'
import type { PreparedBake } from './index'
import type { BakeReport } from './report-types'
import type { BakeSettings } from './section'

const bake = () => import('./index')

const NOT_AGAIN = 'brings back a revision that served before, so it is not baked again'

/** The bake's means: the tracing service's client, the run's clock, cancel and log. */
async function bakeDeps(settings: BakeSettings, context: StepContext) {
  const { bakeClient } = await bake()
  const { config, clock, log } = context
  return {
    client: bakeClient({
      tracingUrl: settings.tracingUrl,
      apiKey: config.apiKey,
      tenantId: config.tenantId,
      dispatcher: context.dispatcher,
      clock,
      info: (line) => log.info(line)
    }),
    clock,
    signal: context.signal,
    info: (line: string) => log.info(line),
    notice: (line: string) => log.notice(line)
  }
}

export const bakeStep = defineStep<
  'bake',
  BakeSettings,
  PreparedBake,
  BakeReport,
  SectionFacts<'bake', BakeSettings>
>({
  name: 'bake',
  needs: (config) => config.bake,
  skippedUnder: {
    rollback: {
      why: `operation rollback ${NOT_AGAIN}`,
      notice: `Bake window skipped: operation rollback ${NOT_AGAIN}.`
    }
  },
  prepare: async (settings, { deployment, name }, context) => {
    const { describeBakePlan, prepareBake } = await bake()
    const deps = await bakeDeps(settings, context)
    const target = {
      deploymentId: deployment?.id,
      deploymentName: name,
      previousRevisionId: deployment?.active_revision_id ?? undefined,
      tracerSessionId: deployment?.tracer_session_id
    }
    const read = await prepareBake(settings, target, deps, {
      startedAt: context.deadline.startedAt,
      deadline: context.deadline.at
    })
    return 'refused' in read ? read : { ...read, plan: describeBakePlan(read.prepared) }
  },
  dryRun: 'Dry run: the bake window read what it needs before the write; nothing was watched.',
  run: async ({ prepared, revision, context, deadline }) => {
    const { runBake } = await bake()
    const deps = await bakeDeps(prepared.settings, context)
    const outcome = await runBake(prepared, revision.revisionId, {
      ...deps,
      progress: context.progress,
      deadline
    })
    if (outcome.kind === 'skipped') {
      context.log.notice(`Bake window skipped: ${outcome.why}.`)
      return { verdict: 'skipped', why: outcome.why }
    }
    const { report } = outcome
    if (report.verdict === 'pass') return { verdict: 'passed', payload: report }
    const failed = report.verdict === 'fail'
    return {
      verdict: failed ? 'failed' : 'inconclusive',
      why: `The bake window ${failed ? 'failed' : 'could not conclude'}: ${report.why ?? 'no reason given'}.`,
      saw: `${report.why ?? 'no reason given'}.`,
      payload: report
    }
  },
  // What a rollback brings back served before: the bake's question is answered for it.
  broughtBack: {
    skipped: (toRevisionId) =>
      `revision ${toRevisionId}, brought back, is not baked again: it served before`,
    notice: (why) => `Bake window: ${why}.`
  },
  inconclusiveRollsBack: true,
  stopsLaterOn: ENDS_THE_CHECKS,
  onlyAfterPasses: true
})
