import { ControlPlaneClient } from './control-plane/client'
import { sleep } from './control-plane/retry'
import { CancelledError } from './operations/deps'
import { SUCCEEDS, type DeployResult, type RevisionLogs, type RollbackReport } from './result'
import { deleteDeployment } from './operations/delete'
import { createDispatcher, type Dispatcher } from './control-plane/transport'
import { deliver, type Delivery } from './safe-delivery'
import { prunePreviews } from './operations/prune'
import { describeRollback } from './report/rollback-text'
import type { DeliveryDeps } from './safe-delivery'
import type { Config } from './inputs/parse'
import { writeSummary } from './report/job-summary'
import { createLog, type Log } from './report/log'
import { createOutputs } from './report/outputs'
import type { Redactor } from './report/redact'
import { LOG_BUDGET_MS, showRevisionLogs } from './after-deploy/revision-logs'
import type { DeletedPreview } from './after-deploy/github-cleanup'
import { renderSummary } from './report/summary'
import { buildReport, type ReportModel } from './report/report-model'
import { renderBuildingComment, renderComment, WAITING_VERBS } from './report/pr-comment-text'
import { statusDescription } from './report/status-text'
import { githubPlaceFromEnv, runUrl, workflowCommit, type GitHubPlace } from './lib/github-links'
import { expectedEndAt } from './wait/progress-text'
import { readFileSync } from 'node:fs'
import { ACTION_VERSION } from './version'

/** The job is cancelled: what is left must finish within this, the contract allows 2 s. */
const CANCEL_GRACE_MS = 1_500

/**
 * Runs the operation the config asks for, then the agent checks, records, logs and summary.
 * Everything it writes goes through ./report/: the log, the outputs and the summary, each
 * redacting with `redact` before it escapes.
 */
export async function execute(config: Config, redact: Redactor, startedAt: number): Promise<void> {
  const dispatcher = createDispatcher()
  try {
    await executeWith(config, redact, startedAt, dispatcher)
  } finally {
    // Nothing may keep the process alive once the run ends: a request still queued (behind a
    // proxy's CONNECT, say) and its connection attempts end here.
    await dispatcher.destroy().catch(() => undefined)
  }
}

async function executeWith(
  config: Config,
  redact: Redactor,
  startedAt: number,
  dispatcher: Dispatcher
): Promise<void> {
  const log = createLog(redact)
  const controller = new AbortController()
  const onSignal = (signalName: NodeJS.Signals) => {
    log.info(`Received ${signalName}: stopping.`)
    controller.abort(new CancelledError(signalName))
    setTimeout(() => process.exit(1), CANCEL_GRACE_MS).unref()
  }
  process.once('SIGINT', onSignal)
  process.once('SIGTERM', onSignal)

  // Where links point: the workflow's server, repository, run and commit.
  const place = githubPlaceFromEnv(process.env)
  const commit = workflowCommit(process.env, (path) => readFileSync(path, 'utf8'))
  // Beside the deploy: started now, never awaited before the first control-plane request.
  const records = await openRecords(config, redact, log, startedAt, { place, commit })
  const client = new ControlPlaneClient({
    baseUrl: config.apiUrl,
    apiKey: config.apiKey,
    tenantId: config.tenantId,
    userAgent: `deploy-agent-action/${ACTION_VERSION}`,
    dispatcher,
    onDebug: (line) => log.debug(line),
    onRetry: ({ method, path, attempt, delayMs, reason }) =>
      log.info(`${method} ${path}: ${reason}; retry ${attempt} in ${(delayMs / 1000).toFixed(1)} s`)
  })

  const previews = await openPreviews(config, redact, log, startedAt)
  const deps: DeliveryDeps = {
    client,
    io: {
      info: (message: string) => log.info(message),
      notice: (message: string) => log.notice(message),
      warning: (message: string) => log.warning(message),
      setOutput: createOutputs(redact, log),
      waitStarting: (_revisionId, expected) => records?.waitStarting(expected),
      redeploying: (_revisionId, commit) => records?.redeploying(commit)
    },
    signal: controller.signal,
    startedAt,
    now: Date.now,
    sleep,
    dispatcher,
    pullRequestState: previews && ((pullNumber) => previews.pullRequestState(pullNumber))
  }
  const { result, checks, rollback } = await runOperation(config, deps)
  await previews?.markDeleted(deletedPreviews(result, config, previews.workflowPullRequest))
  const logs = await failureLogs(result, config, client, redact, log, controller.signal)
  const model = buildReport({
    operation: config.operation,
    result,
    checks,
    rollback,
    logs,
    // A promote's source is the deployments' own (result.promotion), never the input's default.
    source: config.operation === 'promote' ? undefined : config.source,
    target: config.operation === 'promote' ? undefined : deployTarget(config),
    workflowCommit: commit,
    place,
    now: Date.now(),
    startedAt,
    inputName: config.name ?? config.deploymentId
  })
  await records?.finish({
    outcome: result.outcome,
    deploymentUrl: result.deploymentUrl,
    description: statusDescription(model, redact),
    comment: (previousBody) =>
      renderComment(model, previousBody, place, redact, commentName(config, model))
  })
  await report(result, model, redact, log, rollback)
  process.off('SIGINT', onSignal)
  process.off('SIGTERM', onSignal)
}

/** The operation the inputs ask for; a deploy or a rollback goes on to its checks (and rollback). */
async function runOperation(config: Config, deps: DeliveryDeps): Promise<Delivery> {
  switch (config.operation) {
    case 'delete':
      return { result: await deleteDeployment(config, deps) }
    case 'prune':
      return { result: await prunePreviews(config, deps) }
    case 'deploy':
    case 'rollback':
    case 'promote':
      return deliver(config, deps)
  }
}

/** The ref, image or folder a deploy sends, for the summary. */
function deployTarget(config: Config): string | undefined {
  if (config.source === 'git_host') return config.repoRef
  if (config.source === 'internal_source') return `folder ${config.sourceDir}`
  return config.imageUri
}

/**
 * What each operation leaves on GitHub: an operation that changes what serves records its GitHub
 * deployment and PR comment; one that removes previews marks their traces deleted.
 */
const GITHUB_SIDE: Record<Config['operation'], 'records' | 'previews'> = {
  deploy: 'records',
  rollback: 'records',
  promote: 'records',
  delete: 'previews',
  prune: 'previews'
}

/** The GitHub deployment and PR comment, when asked for; never fails nor holds the run. */
async function openRecords(
  config: Config,
  redact: Redactor,
  log: Log,
  startedAt: number,
  links: { place?: GitHubPlace; commit?: string }
) {
  if (!config.github || GITHUB_SIDE[config.operation] !== 'records' || config.dryRun)
    return undefined
  try {
    const { openGitHubRecords } = await import('./after-deploy/github-records')
    return openGitHubRecords({
      token: config.github.token,
      environment: config.github.environment,
      prComment: config.github.prComment,
      operation: config.operation,
      deploymentName: config.name ?? config.deploymentId ?? '',
      redact,
      deadline: startedAt + config.timeoutMs,
      now: Date.now,
      warn: (message) => log.warning(message),
      info: (message) => log.info(message),
      buildingComment: (expected, previousBody) =>
        renderBuildingComment(
          {
            deploymentName: commentName(config),
            // Only a deploy builds the workflow's commit; the others' commit is the service's.
            commit: config.operation === 'deploy' ? links.commit : undefined,
            expectedAt: expected && expectedEndAt(expected),
            runUrl: links.place && runUrl(links.place),
            now: Date.now(),
            verb:
              config.operation === 'deploy' ||
              config.operation === 'rollback' ||
              config.operation === 'promote'
                ? WAITING_VERBS[config.operation]
                : 'waiting'
          },
          previousBody,
          links.place,
          redact
        )
    })
  } catch (error) {
    log.warning(
      `Nothing was recorded on GitHub: ${error instanceof Error ? error.message : String(error)}`
    )
    return undefined
  }
}

/** GitHub's side of deleted previews, for operations delete and prune with github-token. */
async function openPreviews(config: Config, redact: Redactor, log: Log, startedAt: number) {
  if (!config.github || GITHUB_SIDE[config.operation] !== 'previews') return undefined
  try {
    const { openGitHubPreviews } = await import('./after-deploy/github-cleanup')
    return openGitHubPreviews({
      token: config.github.token,
      redact,
      deadline: startedAt + config.timeoutMs,
      now: Date.now,
      warn: (message) => log.warning(message)
    })
  } catch (error) {
    log.warning(
      `GitHub cannot be reached: ${error instanceof Error ? error.message : String(error)}`
    )
    return undefined
  }
}

/**
 * The previews whose GitHub traces go: a deleted (or absent) deployment's `environment` and the
 * workflow's pull request; each pruned one's environment of its name and the pull request whose
 * number ends it. None on a dry run.
 */
function deletedPreviews(
  result: DeployResult,
  config: Config,
  workflowPullRequest: number | undefined
): DeletedPreview[] {
  if (result.pruneRows) {
    return result.pruneRows
      .filter((row) => row.result === 'deleted' || row.result === 'already gone')
      .map((row) => ({
        deploymentName: row.name,
        environment: row.name,
        pullRequest: row.pullRequest
      }))
  }
  if (result.outcome !== 'deleted' && result.outcome !== 'absent') return []
  const deploymentName = result.deploymentName ?? config.name
  if (deploymentName === undefined) return []
  return [
    {
      deploymentName,
      environment: config.github?.environment,
      pullRequest: workflowPullRequest
    }
  ]
}

/** The logs that explain a failed or timed-out revision, shown in the log; best effort. */
async function failureLogs(
  result: DeployResult,
  config: Config,
  client: ControlPlaneClient,
  redact: Redactor,
  log: Log,
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
      io: log
    }
  )
}

/**
 * The name the PR comment is found by, the same while building and at the end: the input's, so
 * a deployment named by id keeps one comment whatever the service calls it.
 */
function commentName(config: Config, model?: ReportModel): string {
  return config.name ?? config.deploymentId ?? model?.deploymentName ?? ''
}

/** The summary, and the step's last line: its outcome. */
async function report(
  result: DeployResult,
  model: ReportModel,
  redact: Redactor,
  log: Log,
  rollback: RollbackReport | undefined
) {
  await writeSummary(renderSummary(model, redact), log)
  const rolledBack = rollback ? `\n${describeRollback(rollback)}` : ''
  if (SUCCEEDS[result.outcome]) log.info(result.message)
  else log.fail(`${result.message}${rolledBack}`)
}
