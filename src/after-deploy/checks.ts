import type { Dispatcher } from '../control-plane/transport'
import type { Config } from '../inputs/parse'
import type { AfterDeployChecks, DeployResult } from '../result'
import { AgentCheckError, checkAgent } from './agent-checks'
import { checkInfoHost } from './serving-check'
import { clearTextHost } from '../lib/url'
import { withSmokeSuite } from './smoke-suite'

export interface CheckDeps {
  /** The run's deadline (or the rollback's): the checks end by it and by `verify-timeout`. */
  deadline: number
  signal?: AbortSignal
  dispatcher?: Dispatcher
  now: () => number
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>
  info: (line: string) => void
  notice: (line: string) => void
  warning?: (line: string) => void
}

/**
 * With `verify-assistant`, after DEPLOYED: the agent server's /info must name this revision (when
 * it names one), then the agent checks. A failure is returned, never thrown.
 */
export async function agentChecks(
  result: DeployResult,
  revisionId: string,
  verify: NonNullable<Config['verify']>,
  deps: CheckDeps
): Promise<AfterDeployChecks> {
  if (!result.deploymentUrl) {
    return {
      passed: [],
      skipped: [],
      failure: 'verify-assistant: the deployment has no URL (source_config.custom_url) to check.'
    }
  }
  const clearHost = clearTextHost(result.deploymentUrl)
  if (clearHost !== undefined && verify.apiKey) {
    deps.warning?.(
      `The deployment URL is http:// to ${clearHost}, not this machine: the agent key travels in clear text to the agent checks. Use https://.`
    )
  }
  const deadline = Math.min(deps.now() + verify.timeoutMs, deps.deadline)
  const common = {
    baseUrl: result.deploymentUrl,
    apiKey: verify.apiKey,
    authScheme: verify.authScheme,
    deadline,
    signal: deps.signal,
    dispatcher: deps.dispatcher,
    now: deps.now,
    sleep: deps.sleep
  }
  const info = await checkInfoHost({ ...common, revisionId })
  if (info.kind === 'other') {
    return {
      passed: [],
      skipped: [],
      failure: `Revision ${revisionId} is DEPLOYED but the deployment serves ${info.servingId ?? 'no revision'} (the agent server's GET /info names it as host.host_revision_id until verify-timeout).`
    }
  }
  const passed: string[] = []
  const skipped: string[] = []
  // Could not confirm: the agent checks still run (their failure is a verdict of its own).
  const inconclusive =
    info.kind === 'unconfirmed'
      ? `Could not confirm that revision ${revisionId} serves: ${info.why} (GET /info, until verify-timeout).`
      : undefined
  if (info.kind === 'serving') {
    passed.push('info')
    deps.info(`Agent check: GET /info names revision ${revisionId}.`)
  } else if (info.kind === 'not-checkable') {
    skipped.push(`info: ${info.why}`)
    deps.notice(`The /info check was skipped: ${info.why}.`)
  }
  try {
    const report = await checkAgent({
      ...common,
      assistantId: verify.assistantId,
      message: verify.message,
      expect: verify.expect,
      a2a: verify.a2a,
      onProgress: deps.info
    })
    const agent = { ...report, passed: [...passed, ...report.passed], skipped, inconclusive }
    return verify.suite
      ? await withSmokeSuite(agent, verify, { ...common, revisionId }, deps)
      : agent
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    return {
      passed: [...passed, ...(error instanceof AgentCheckError ? error.passed : [])],
      skipped,
      failure: `${message} The revision is DEPLOYED; outputs are set.`,
      inconclusive
    }
  }
}
