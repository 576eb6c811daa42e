import { formatDuration } from './lib/duration'
import type { ControlPlaneClient } from './control-plane/client'
import { CancelledError } from './operations/deps'
import { type DeployResult, type RevisionLogs } from './result'
import { OUTCOMES } from './outcomes'
import { OPERATIONS } from './operations/operations'
import { deliver } from './safe-delivery'
import { wireRun } from './wiring'
import type { Deadline } from './step-kit/run-context'
import type { Config } from './inputs/parse'
import type { Log } from './report/log'
import { runnerReporter } from './report/reporter'
import type { Redactor } from './report/redact'
import { showRevisionLogs } from './after-deploy/revision-logs'
import { logReadDeadline, recordsDeadline } from './run/deadlines'
import type { DeletedPreview } from './github/cleanup'
import { buildReport } from './report/report-model'
import { renderBuildingComment } from './report/pr-comment-text'
import { githubPlaceFromEnv, runUrl, workflowCommit, type GitHubPlace } from './lib/github-links'
import { expectedEndAt } from './wait/progress-text'
import { readFileSync } from 'node:fs'
import type { World } from './world'
import { policyFacts } from './policy-facts'

/**
 * Runs the operation the config asks for, then the agent checks, records, logs and summary.
 * Everything it writes goes through ./report/, each redacting with `redact` before it escapes:
 * the log as the run goes, and one reporter (./report/reporter.ts) for what the operations report:
 * the outputs, GitHub's final records, the summary and the last line. Time, the cancel signal, the
 * network and the sink are the world's.
 */
export async function execute(
  config: Config,
  redact: Redactor,
  startedAt: number,
  world: World,
  /** The run's log: its annotation budget is the whole run's. */
  log: Log
): Promise<void> {
  const onCancel = () => {
    const reason: unknown = world.signal.reason
    log.info(
      `Received ${reason instanceof CancelledError ? reason.signalName : 'a cancel'}: stopping.`
    )
  }
  world.signal.addEventListener('abort', onCancel, { once: true })
  try {
    await executeWith(config, redact, startedAt, world, log)
  } finally {
    world.signal.removeEventListener('abort', onCancel)
  }
}

async function executeWith(
  config: Config,
  redact: Redactor,
  startedAt: number,
  world: World,
  log: Log
): Promise<void> {
  const { clock, sink } = world
  // Where links point: the workflow's server, repository, run and commit.
  const place = githubPlaceFromEnv(world.env)
  const commit = workflowCommit(world.env, (path) => readFileSync(path, 'utf8'))
  const reporter = runnerReporter(redact, log, sink)
  // The GitHub records open once the run is wired (under its deadline); the wait reports to them.
  const opened: { records?: Awaited<ReturnType<typeof openRecords>> } = {}
  const deps = wireRun({
    config,
    world,
    startedAt,
    io: {
      info: (message: string) => log.info(message),
      notice: (message: string) => log.notice(message),
      warning: (message: string, options?: { rank?: 'own' }) => log.warning(message, options),
      known: (fact) => reporter.known(fact),
      waitStarting: (_revisionId, expected, servingUrl) =>
        opened.records?.waitStarting(expected, servingUrl),
      redeploying: (_revisionId, commit) => opened.records?.redeploying(commit),
      stepProgress: (progress) => opened.records?.stepProgress(progress)
    },
    client: {
      onDebug: (line) => log.debug(line),
      onRetry: ({ method, path, attempt, delayMs, reason }) =>
        log.info(
          `${method} ${path}: ${reason}; retry ${attempt} in ${formatDuration(delayMs, 'fine')}`
        )
    }
  })
  // Beside the deploy: started now, never awaited before the first control-plane request.
  const records = await openRecords(config, redact, log, deps.deadline, world, { place, commit })
  opened.records = records
  const previews = await openPreviews(config, redact, log, deps.deadline, world)
  deps.pullRequestState = previews && ((pullNumber) => previews.pullRequestState(pullNumber))
  // The release policy for the report: on a pull request, its base branch's read beside the deploy.
  const policy = policyFacts(config, redact, log, deps.deadline, world)

  const delivery = await deliver(config, deps)
  const { result, checks, rollback } = delivery
  reporter.finish({ operation: config.operation, ...delivery })
  await previews?.markDeleted(deletedPreviews(result, config, previews.workflowPullRequest))
  const logs = await failureLogs(result, config, deps.client, redact, log, world)
  // A rollback whose redeploy failed or timed out: its own revision's log, as a failed build's.
  const rollbackLogs =
    rollback && result.deploymentId
      ? await failureLogs(
          {
            ...rollback,
            deploymentId: result.deploymentId,
            statusesSeen: rollback.statusesSeen ?? []
          },
          config,
          deps.client,
          redact,
          log,
          world
        )
      : undefined
  const model = buildReport({
    operation: config.operation,
    result,
    checks,
    rollback,
    logs,
    rollbackLogs,
    // A promote's source is the deployments' own (result.promotion), never the input's default.
    source: OPERATIONS[config.operation].sendsSource ? config.source : undefined,
    target: OPERATIONS[config.operation].sendsSource ? deployTarget(config) : undefined,
    workflowCommit: commit,
    place,
    now: clock.now(),
    startedAt,
    inputName: config.name ?? config.deploymentId,
    policy: await policy
  })
  await reporter.end({ result, rollback, model, records, place, commentName: recordName(config) })
}

/** The ref, image or folder a deploy sends, for the summary. */
function deployTarget(config: Config): string | undefined {
  if (config.source === 'git_host') return config.repoRef
  if (config.source === 'internal_source') return `folder ${config.sourceDir}`
  return config.imageUri
}

/** The GitHub deployment and PR comment, when asked for; never fails nor holds the run. */
async function openRecords(
  config: Config,
  redact: Redactor,
  log: Log,
  deadline: Deadline,
  world: World,
  links: { place?: GitHubPlace; commit?: string }
) {
  const operation = OPERATIONS[config.operation]
  const deploymentName = recordName(config)
  if (!config.github || operation.github !== 'records' || config.dryRun) return undefined
  if (deploymentName === undefined) return undefined
  const building = (
    now: Pick<Parameters<typeof renderBuildingComment>[0], 'expectedAt' | 'step' | 'servingUrl'>,
    previousBody: string | undefined
  ) =>
    renderBuildingComment(
      {
        deploymentName,
        // Only an operation that builds the workflow's commit names it; the others' commit is
        // the service's, named once known.
        commit: operation.commit === 'workflow' ? links.commit : undefined,
        runUrl: links.place && runUrl(links.place),
        now: world.clock.now(),
        verb: operation.waiting,
        ...now
      },
      previousBody,
      links.place,
      redact,
      (text) => log.notice(text)
    )
  try {
    // GitHub's code is one chunk (named at each import): the client and the pull request's
    // comment once in dist/, not in a chunk of each module a run may ask for first.
    const { openGitHubRecords } = await import(/* webpackChunkName: "github" */ './github/records')
    const { workflowTarget } = await import(/* webpackChunkName: "github" */ './github/client')
    return openGitHubRecords(
      {
        token: config.github.token,
        environment: config.github.environment,
        releasePolicy: config.releasePolicy && {
          path: config.releasePolicy.path,
          digest: config.releasePolicy.inEffect.digest,
          entry: config.releasePolicy.inEffect.entry
        },
        prComment: config.github.prComment,
        verb: operation.verb,
        commit: operation.commit,
        deploymentName,
        redact,
        deadline: recordsDeadline(deadline, config),
        now: world.clock.now,
        sleep: world.clock.sleep,
        warn: (message) => log.warning(message),
        info: (message) => log.info(message),
        fetch: world.connections.githubFetch,
        buildingComment: (expected, previousBody, servingUrl) =>
          building(
            { expectedAt: expected && expectedEndAt(expected), ...(servingUrl && { servingUrl }) },
            previousBody
          ),
        progressComment: (progress, previousBody) =>
          building(
            {
              step: {
                progress: progress.text,
                ...(progress.deploymentUrl && { servingUrl: progress.deploymentUrl })
              }
            },
            previousBody
          )
      },
      workflowTarget(world.env)
    )
  } catch (error) {
    log.warning(
      `Nothing was recorded on GitHub: ${error instanceof Error ? error.message : String(error)}`
    )
    return undefined
  }
}

/** GitHub's side of deleted previews, for operations delete and prune with github-token. */
async function openPreviews(
  config: Config,
  redact: Redactor,
  log: Log,
  deadline: Deadline,
  world: World
) {
  if (!config.github || OPERATIONS[config.operation].github !== 'previews') return undefined
  try {
    const { openGitHubPreviews } = await import(/* webpackChunkName: "github" */ './github/cleanup')
    const { workflowTarget } = await import(/* webpackChunkName: "github" */ './github/client')
    return openGitHubPreviews(
      {
        token: config.github.token,
        redact,
        place: githubPlaceFromEnv(world.env),
        notice: (text) => log.notice(text),
        deadline: deadline.at,
        now: world.clock.now,
        sleep: world.clock.sleep,
        warn: (message) => log.warning(message),
        fetch: world.connections.githubFetch
      },
      workflowTarget(world.env)
    )
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
  result: Pick<DeployResult, 'outcome' | 'deploymentId' | 'revisionId' | 'statusesSeen'>,
  config: Config,
  client: ControlPlaneClient,
  redact: Redactor,
  log: Log,
  world: World
): Promise<RevisionLogs | undefined> {
  const { deploymentId, revisionId } = result
  if (!OUTCOMES[result.outcome].failureLogs) return undefined
  if (config.logLines === 0 || !deploymentId || !revisionId) return undefined
  return showRevisionLogs(
    (phase, query, call) => client.getRevisionLogs(deploymentId, revisionId, phase, query, call),
    {
      revisionId,
      statusesSeen: result.statusesSeen,
      maxLines: config.logLines,
      redact,
      call: { deadline: logReadDeadline(world.clock), signal: world.signal },
      io: log
    }
  )
}

/**
 * The name the GitHub deployment and PR comment are found by, the same while building and at the
 * end: the input's, so a deployment named by id keeps one comment whatever the service calls it.
 * None for prune, which names no deployment (its GitHub side is the previews it removed).
 */
function recordName(config: Config): string | undefined {
  // As named() names it: the name, else the id.
  return OPERATIONS[config.operation].namesDeployment
    ? (config.name ?? config.deploymentId)
    : undefined
}
