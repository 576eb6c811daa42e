/**
 * The evaluation gate in the delivery: planned once the deployment was read and before anything
 * is written (its reads, its refusals, the serving revision's experiment when no baseline
 * exists), then run as the last check after DEPLOYED. The gate itself is ../evaluation/.
 */
import { ControlPlaneError } from '../control-plane/errors'
import type { Dispatcher } from '../control-plane/transport'
import {
  describeGatePlan,
  planGate,
  runGate,
  runServingBaseline,
  TracingClient,
  type AgentCredentials,
  type ExperimentRuns,
  type GateDeps,
  type GateForCheck,
  type GateProblem
} from '../evaluation'
import type { Config } from '../inputs/parse'
import { checkHttpUrl } from '../lib/url'
import { gateLogLines } from '../report/gate'
import type { DeployDeps, WriteTarget } from '../operations/deps'
import { ACTION_VERSION } from '../version'
import type { CheckContext, CheckOutcome } from './check-runner'

/** The gate's reads refused what the policy asks: every problem, each naming its key. */
export class GateRefusal extends Error {
  constructor(readonly problems: GateProblem[]) {
    super(
      `The evaluation gate refused ${problems.length === 1 ? 'a setting' : `${problems.length} settings`} of the release policy after reading the tracing service; nothing was written:\n` +
        problems.map((problem) => `  - ${problem.key}: ${problem.message}`).join('\n')
    )
    this.name = 'GateRefusal'
  }
}

export interface GateOpening {
  /** DeployDeps.beforeWrite: reads, refusals, the serving revision's experiment when needed. */
  beforeWrite(target: WriteTarget): Promise<void>
  /** The plan once made, or why the gate is skipped; undefined before the reads (a dry run). */
  forCheck(): GateForCheck | undefined
}

/**
 * The gate of a delivery, when `eval-dataset` asks for one and the operation is gated;
 * undefined otherwise (operation rollback says with a notice that it skips it).
 */
export function openGate(
  config: Config,
  deps: DeployDeps & { dispatcher?: Dispatcher },
  gated: boolean
): GateOpening | undefined {
  const settings = config.gate
  if (!settings) return undefined
  if (!gated) {
    const why = `operation ${config.operation} brings back a revision that served before, so it is not evaluated again`
    deps.io.notice(`Evaluation gate skipped: ${why}.`)
    return { beforeWrite: async () => undefined, forCheck: () => ({ skipped: why }) }
  }
  const client = new TracingClient({
    baseUrl: settings.tracingUrl,
    apiKey: config.apiKey,
    tenantId: config.tenantId,
    userAgent: `deploy-agent-action/${ACTION_VERSION}`,
    dispatcher: deps.dispatcher,
    now: deps.now,
    sleep: deps.sleep,
    onRetry: ({ method, path, attempt, delayMs, reason }) =>
      deps.io.info(
        `Tracing service: ${method} ${path}: ${reason}; retry ${attempt} in ${(delayMs / 1000).toFixed(1)} s`
      )
  })
  const gateDeps: GateDeps = {
    client,
    deadline: deps.startedAt + config.timeoutMs,
    signal: deps.signal,
    dispatcher: deps.dispatcher,
    now: deps.now,
    sleep: deps.sleep,
    info: (line) => deps.io.info(line),
    notice: (line) => deps.io.notice(line)
  }
  const agent: AgentCredentials = {
    apiKey: config.verify?.apiKey ?? config.apiKey,
    ...(config.verify?.authScheme !== undefined && { authScheme: config.verify.authScheme })
  }
  let prepared: GateForCheck | undefined
  return {
    forCheck: () => prepared,
    beforeWrite: async (target) => {
      const checkedUrl =
        target.deploymentUrl === undefined ? undefined : checkHttpUrl(target.deploymentUrl)
      const planned = await planGate(
        settings,
        {
          ...target,
          deploymentUrl: checkedUrl && 'url' in checkedUrl ? checkedUrl.url : undefined
        },
        gateDeps
      )
      switch (planned.kind) {
        case 'refused':
          throw new GateRefusal(planned.problems)
        case 'unreadable':
          throw new Error(planned.why)
        case 'skipped':
          deps.io.notice(`Evaluation gate skipped: ${planned.why}.`)
          prepared = { skipped: planned.why }
          return
        case 'planned':
          break
      }
      describeGatePlan(planned.plan).forEach((line) => deps.io.info(line))
      if (config.dryRun) {
        deps.io.info('Dry run: the evaluation gate read what it needs; no experiment was written.')
        return
      }
      let servingBaseline: ExperimentRuns | undefined
      try {
        servingBaseline = await runServingBaseline(planned.plan, agent, gateDeps)
      } catch (error) {
        if (deps.signal?.aborted) throw error
        if (!(error instanceof ControlPlaneError)) throw error
        // A gate whose baseline cannot be made could not conclude: nothing is deployed for it.
        throw new Error(
          `The evaluation gate could not evaluate the serving revision before the write (the tracing service failed: ${error.message}); nothing was deployed. Run the step again once the tracing service answers.`
        )
      }
      prepared = { plan: planned.plan, servingBaseline, deps: gateDeps, agent }
    }
  }
}

/**
 * The check after DEPLOYED: the experiment on this run's revision, its scores, its verdict. A
 * revision brought back by a rollback is given no plan, only why (it served before).
 */
export async function gateCheck(context: CheckContext): Promise<CheckOutcome> {
  const gate = context.gate
  // Said by a notice when it was decided: before the write, or when the rollback began.
  if (!gate || 'skipped' in gate) return { verdict: 'skipped', why: gate?.skipped }
  const report = await runGate(
    gate.plan,
    {
      revisionId: context.revisionId,
      deploymentId: context.deploymentId,
      deploymentUrl: context.result.deploymentUrl ?? '',
      commit:
        context.result.promotion?.commit ??
        context.result.promotion?.fromCommit ??
        context.workflow?.commit,
      workflowRun: context.workflow?.runUrl
    },
    gate.agent,
    { ...gate.deps, deadline: context.deadline },
    gate.servingBaseline
  )
  report.notices.forEach((notice) => context.io.notice(notice))
  const { verdict, why } = report.verdict
  gateLogLines(report).forEach((line) => context.io.info(line))
  return {
    verdict,
    ...(why !== undefined && {
      why: `The evaluation gate ${verdict === 'failed' ? 'failed' : 'could not conclude'}: ${why}.`,
      // The report names the gate beside what it saw.
      saw: `${why}.`
    }),
    gate: report
  }
}
