import * as core from '@actions/core'
import { ControlPlaneClient } from './control-plane/client'
import { sleep } from './control-plane/retry'
import { CancelledError, deploy, type DeployResult } from './operations/deploy'
import { deleteDeployment } from './operations/delete'
import { createDispatcher, type Dispatcher } from './control-plane/transport'
import type { Config } from './inputs/parse'
import { writeSummary } from './report/job-summary'
import { LOG_BUDGET_MS, showRevisionLogs, type RevisionLogs } from './after-deploy/revision-logs'
import { renderDeploySummary, type SummaryExtras } from './report/summary'
import { ACTION_VERSION } from './version'

/** Endings of a run that exit 0. */
const SUCCESSES: ReadonlySet<DeployResult['outcome']> = new Set([
  'deployed',
  'revision-created',
  'dry-run',
  'deleted',
  'absent'
])

/** The job is cancelled: what is left must finish within this, the contract allows 2 s. */
const CANCEL_GRACE_MS = 1_500

/** Runs the operation the config asks for, then the agent checks, records, logs and summary. */
export async function execute(
  config: Config,
  redact: (text: string) => string,
  startedAt: number
): Promise<void> {
  const controller = new AbortController()
  const onSignal = (signalName: NodeJS.Signals) => {
    core.info(`Received ${signalName}: stopping.`)
    controller.abort(new CancelledError(signalName))
    setTimeout(() => process.exit(1), CANCEL_GRACE_MS).unref()
  }
  process.once('SIGINT', onSignal)
  process.once('SIGTERM', onSignal)

  const dispatcher = createDispatcher()
  const records = await openRecords(config, redact)
  const client = new ControlPlaneClient({
    baseUrl: config.apiUrl,
    apiKey: config.apiKey,
    tenantId: config.tenantId,
    userAgent: `deploy-agent-action/${ACTION_VERSION}`,
    dispatcher,
    onDebug: (line) => {
      if (core.isDebug()) core.debug(redact(line()))
    },
    onRetry: ({ method, path, attempt, delayMs, reason }) =>
      core.info(
        redact(`${method} ${path}: ${reason}; retry ${attempt} in ${(delayMs / 1000).toFixed(1)} s`)
      )
  })

  const operation = config.operation === 'delete' ? deleteDeployment : deploy
  const result = await operation(config, {
    client,
    io: {
      info: (message) => core.info(redact(message)),
      notice: (message) => core.notice(redact(message)),
      setOutput: (name, value) => core.setOutput(name, value),
      waitStarting: () => records?.waitStarting()
    },
    signal: controller.signal,
    startedAt,
    now: Date.now,
    sleep
  })
  const runDeadline = startedAt + config.timeoutMs
  const checks = await agentChecks(
    result,
    config,
    dispatcher,
    redact,
    controller.signal,
    runDeadline
  )
  const logs = await failureLogs(result, config, client, redact, controller.signal)
  await records?.finish({
    outcome: checks?.failure ? 'failed' : result.outcome,
    deploymentName: result.deploymentName ?? config.name ?? '',
    deploymentUrl: result.deploymentUrl,
    revisionId: result.revisionId,
    revisionStatus: result.revisionStatus,
    elapsedMs: Date.now() - startedAt,
    checksPassed: checks?.passed ?? []
  })
  await report(result, config, redact, { logs, checks, target: deployTarget(config) })
  process.off('SIGINT', onSignal)
  process.off('SIGTERM', onSignal)
}

type Checks = NonNullable<SummaryExtras['checks']>

/** After DEPLOYED: the agent checks the inputs ask for. A failure fails the step. */
async function agentChecks(
  result: DeployResult,
  config: Config,
  dispatcher: Dispatcher,
  redact: (text: string) => string,
  signal: AbortSignal,
  runDeadline: number
): Promise<Checks | undefined> {
  const verify = config.verify
  if (!verify || result.outcome !== 'deployed') return undefined
  if (!result.deploymentUrl) {
    return {
      passed: [],
      failure: 'verify-assistant: the deployment has no URL (source_config.custom_url) to check.'
    }
  }
  const { AgentCheckError, checkAgent } = await import('./after-deploy/agent-checks')
  try {
    const report = await checkAgent({
      baseUrl: result.deploymentUrl,
      assistantId: verify.assistantId,
      message: verify.message,
      a2a: verify.a2a,
      apiKey: verify.apiKey,
      authScheme: verify.authScheme,
      deadline: Math.min(runDeadline, Date.now() + verify.timeoutMs),
      signal,
      dispatcher,
      now: Date.now,
      sleep,
      onProgress: (line) => core.info(redact(line))
    })
    return {
      ...report,
      reply: report.reply && redact(report.reply),
      a2aReply: report.a2aReply && redact(report.a2aReply)
    }
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    return {
      passed: error instanceof AgentCheckError ? error.passed : [],
      failure: redact(`${message} The revision is DEPLOYED; outputs are set.`)
    }
  }
}

/** The ref, image or folder a deploy sends, for the summary. */
function deployTarget(config: Config): string | undefined {
  if (config.source === 'git_host') return config.repoRef
  if (config.source === 'internal_source') return `folder ${config.sourceDir}`
  return config.imageUri
}

/** The GitHub deployment and PR comment, when asked for; never fails the run. */
async function openRecords(config: Config, redact: (text: string) => string) {
  if (!config.github || config.operation !== 'deploy' || config.dryRun) return undefined
  try {
    const { openGitHubRecords } = await import('./after-deploy/github-records')
    return await openGitHubRecords({
      token: config.github.token,
      environment: config.github.environment,
      prComment: config.github.prComment,
      deploymentName: config.name ?? config.deploymentId ?? '',
      warn: (message) => core.warning(redact(message)),
      info: (message) => core.info(redact(message))
    })
  } catch (error) {
    core.warning(
      redact(
        `Nothing was recorded on GitHub: ${error instanceof Error ? error.message : String(error)}`
      )
    )
    return undefined
  }
}

/** The logs that explain a failed or timed-out revision, shown in the log; best effort. */
async function failureLogs(
  result: DeployResult,
  config: Config,
  client: ControlPlaneClient,
  redact: (text: string) => string,
  signal: AbortSignal
): Promise<RevisionLogs | undefined> {
  const { deploymentId, revisionId } = result
  if (result.outcome !== 'failed' && result.outcome !== 'timeout') return undefined
  if (config.logLines === 0 || !deploymentId || !revisionId) return undefined
  return showRevisionLogs(
    (phase, query, call) => client.getRevisionLogs(deploymentId, revisionId, phase, query, call),
    {
      revisionId,
      statusesSeen: result.statusesSeen,
      maxLines: config.logLines,
      redact,
      call: { deadline: Date.now() + LOG_BUDGET_MS, signal },
      io: {
        startGroup: (title) => core.startGroup(title),
        endGroup: () => core.endGroup(),
        info: (message) => core.info(message),
        error: (message, title) => core.error(message, { title }),
        notice: (message) => core.notice(message)
      }
    }
  )
}

async function report(
  result: DeployResult,
  config: Config,
  redact: (text: string) => string,
  extras: SummaryExtras
) {
  await writeSummary(redact(renderDeploySummary(result, config.source, extras)))
  const message = redact(result.message)
  if (!SUCCESSES.has(result.outcome)) core.setFailed(message)
  else if (extras.checks?.failure) {
    core.info(message)
    core.setFailed(extras.checks.failure)
  } else core.info(message)
}
