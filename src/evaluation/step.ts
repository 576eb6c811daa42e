/**
 * The evaluation gate as a step after DEPLOYED: planned once the deployment was read and before
 * anything is written (its reads, its refusals, the serving revision's experiment when no
 * baseline exists), then run as the last check. The gate itself is ./index.ts, loaded on first
 * use: a run without `gate.dataset` never loads it, nor the tracing client.
 */
import { agentSettingsOf, type AgentFacts } from '../agent-checks/section'
import { ControlPlaneError } from '../control-plane/errors'
import { formatDuration } from '../lib/duration'
import { checkHttpUrl } from '../lib/url'
import { defineStep } from '../step-kit/define'
import { ENDS_THE_CHECKS, within } from '../step-kit/kit'
import type { Refusal, SectionFacts, StepContext } from '../step-kit/step'
import { ACTION_VERSION } from '../version'
import type { AgentCredentials, GateDeps, GateProblem, PreparedGate } from './index'
import { gateLogLines } from './report'
import type { GateSettings } from './section'
import type { GateReport } from './types'

/** The gate's reads refused what the policy asks: every problem, each naming its key. */
function gateRefusal(problems: GateProblem[]): Refusal {
  return {
    message:
      `The evaluation gate refused ${problems.length === 1 ? 'a setting' : `${problems.length} settings`} of the release policy after reading the tracing service; nothing was written:\n` +
      problems.map((problem) => `  - ${problem.key}: ${problem.message}`).join('\n'),
    refused: `the evaluation gate refused ${[...new Set(problems.map((problem) => problem.key))].join(', ')}`
  }
}

const evaluation = () => import('./index')

const NOT_AGAIN = 'brings back a revision that served before, so it is not evaluated again'

/** The gate's means: the tracing service's client, under the run's deadline. */
async function gateDeps(settings: GateNeed['settings'], context: StepContext): Promise<GateDeps> {
  const { config, clock, log } = context
  const { TracingClient } = await evaluation()
  const client = new TracingClient({
    baseUrl: settings.tracingUrl ?? '',
    apiKey: config.apiKey,
    tenantId: config.tenantId,
    userAgent: `deploy-agent-action/${ACTION_VERSION}`,
    dispatcher: context.dispatcher,
    now: clock.now,
    sleep: clock.sleep,
    onRetry: ({ method, path, attempt, delayMs, reason }) =>
      log.info(
        `Tracing service: ${method} ${path}: ${reason}; retry ${attempt} in ${formatDuration(delayMs, 'fine')}`
      )
  })
  return {
    client,
    deadline: context.deadline.at,
    signal: context.signal,
    dispatcher: context.dispatcher,
    clock,
    waitUntil: (ms, deadline) => within(clock, ms, deadline),
    info: (line) => log.info(line),
    notice: (line) => log.notice(line)
  }
}

/** What the gate needs of the config: its settings, and the agent server's credentials. */
interface GateNeed {
  settings: GateSettings
  agent: AgentCredentials
}

/** What the gate reads of the run: `gate`, and the agent checks' settings. */
type GateFacts = SectionFacts<'gate', GateSettings> & AgentFacts

export const gateStep = defineStep<'gate', GateNeed, PreparedGate, GateReport, GateFacts>({
  name: 'gate',
  needs: (config) => {
    const agent = agentSettingsOf(config)
    return (
      config.gate && {
        settings: config.gate,
        agent: {
          apiKey: agent?.apiKey ?? config.apiKey,
          ...(agent?.authScheme !== undefined && { authScheme: agent.authScheme })
        } satisfies AgentCredentials
      }
    )
  },
  skippedUnder: {
    rollback: {
      why: `operation rollback ${NOT_AGAIN}`,
      notice: `Evaluation gate skipped: operation rollback ${NOT_AGAIN}.`
    }
  },
  prepare: async ({ settings, agent }, { deployment, name }, context) => {
    const { describeGatePlan, planGate } = await evaluation()
    const deps = await gateDeps(settings, context)
    const url = deployment?.source_config.custom_url
    const checkedUrl = url === undefined || url === null ? undefined : checkHttpUrl(url)
    const planned = await planGate(
      settings,
      {
        deploymentId: deployment?.id,
        deploymentName: name,
        previousRevisionId: deployment?.active_revision_id ?? undefined,
        deploymentUrl: checkedUrl && 'url' in checkedUrl ? checkedUrl.url : undefined
      },
      deps
    )
    switch (planned.kind) {
      case 'refused':
        return { refused: gateRefusal(planned.problems) }
      case 'unreadable':
        return {
          refused: {
            message: planned.why,
            refused: 'the evaluation gate could not read the tracing service'
          }
        }
      case 'skipped':
        context.log.notice(`Evaluation gate skipped: ${planned.why}.`)
        return { skipped: planned.why }
      case 'planned':
        return {
          prepared: { plan: planned.plan, deps, agent },
          plan: describeGatePlan(planned.plan)
        }
    }
  },
  dryRun: 'Dry run: the evaluation gate read what it needs; no experiment was written.',
  prepareWrites: async (prepared, context) => {
    const { runServingBaseline } = await evaluation()
    try {
      const servingBaseline = await runServingBaseline(prepared.plan, prepared.agent, prepared.deps)
      return { prepared: { ...prepared, servingBaseline } }
    } catch (error) {
      if (context.signal?.aborted) throw error
      if (!(error instanceof ControlPlaneError)) throw error
      // A gate whose baseline cannot be made could not conclude: nothing is deployed for it.
      return {
        refused: {
          message: `The evaluation gate could not evaluate the serving revision before the write (the tracing service failed: ${error.message}); nothing was deployed. Run the step again once the tracing service answers.`,
          refused: 'the evaluation gate could not evaluate the serving revision'
        }
      }
    }
  },
  /** The experiment on this run's revision, its scores, its verdict. */
  run: async ({ prepared, revision, context, deadline }) => {
    const { result } = revision
    const { runGate } = await evaluation()
    const report = await runGate(
      prepared.plan,
      {
        revisionId: revision.revisionId,
        deploymentId: revision.deploymentId,
        deploymentUrl: result.deploymentUrl ?? '',
        commit:
          result.promotion?.commit ?? result.promotion?.fromCommit ?? context.workflow?.commit,
        workflowRun: context.workflow?.runUrl
      },
      prepared.agent,
      { ...prepared.deps, deadline, progress: context.progress },
      prepared.servingBaseline
    )
    report.notices.forEach((notice) => context.log.notice(notice))
    const { verdict, why } = report.verdict
    gateLogLines(report).forEach((line) => context.log.info(line))
    return {
      verdict,
      ...(why !== undefined && {
        why: `The evaluation gate ${verdict === 'failed' ? 'failed' : 'could not conclude'}: ${why}.`,
        // The report names the gate beside what it saw.
        saw: `${why}.`
      }),
      payload: report
    }
  },
  // A revision brought back by a rollback served before, and its earlier experiment stands (the
  // report adds the cost when the service was degraded: it alone knows the gate's payload).
  broughtBack: {
    skipped: (toRevisionId) =>
      `revision ${toRevisionId}, brought back, is not evaluated again: it served before, and its earlier experiment still stands`,
    notice: (why) => `Evaluation gate: ${why}.`
  },
  inconclusiveRollsBack: true,
  stopsLaterOn: ENDS_THE_CHECKS
})
