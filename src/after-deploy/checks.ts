import { formatDuration } from '../lib/duration'
import { clearTextHost } from '../lib/url'
import { AgentCheckError, checkA2a, checkAssistant, checkRun } from './agent-checks'
import type { CheckContext, CheckEntry, CheckOutcome } from './check-runner'
import { checkPromotedCommit } from './commit-check'
import { gateCheck } from './gate-check'
import { ACTIVE_REVISION_WAIT_MS, checkActiveRevision, checkInfoHost } from './serving-check'
import { checkSmokeSuite, suiteShortfall } from './smoke-suite'

// The checks after DEPLOYED, in the order they run. Two columns hold the spec's decisions:
// - inconclusiveRollsBack: whether a check that could not conclude rolls back ("Checks that
//   cannot conclude": not when the control plane could not be read, since the same service
//   would carry the redeploy; yes when the new revision's own behaviour is unproven);
// - stopsLaterOn: the verdicts after which no later check runs (a revision that does not serve,
//   or a build nobody verified, is not worth asking; /info that could not confirm still lets
//   the agent checks give a verdict of their own).
// A new check is a function returning a CheckOutcome, and one row here.

const ENDS_THE_CHECKS = ['failed', 'inconclusive'] as const

export const CHECKS: readonly CheckEntry[] = [
  {
    check: 'commit',
    asked: ({ result }) => result.promotion?.fromCommit !== undefined,
    run: async (context) => commitCheck(context),
    inconclusiveRollsBack: false,
    stopsLaterOn: ENDS_THE_CHECKS
  },
  {
    check: 'serving',
    asked: () => true,
    run: servingCheck,
    inconclusiveRollsBack: false,
    stopsLaterOn: ENDS_THE_CHECKS
  },
  {
    check: 'info',
    asked: ({ config }) => config.verify !== undefined,
    run: infoCheck,
    inconclusiveRollsBack: true,
    stopsLaterOn: ['failed']
  },
  {
    check: 'assistant',
    asked: ({ config }) => config.verify !== undefined,
    run: (context) => agentCheck(context, (options) => checkAssistant(options).then(() => ({}))),
    inconclusiveRollsBack: true,
    stopsLaterOn: ENDS_THE_CHECKS
  },
  {
    check: 'run',
    asked: ({ config }) => config.verify?.message !== undefined,
    run: (context) =>
      agentCheck(context, async (options) => ({
        reply: await checkRun({ ...options, message: options.message ?? '' })
      })),
    inconclusiveRollsBack: true,
    stopsLaterOn: ENDS_THE_CHECKS
  },
  {
    check: 'a2a',
    asked: ({ config }) => config.verify?.a2a === true,
    run: (context) =>
      agentCheck(context, async (options) => ({ a2aReply: await checkA2a(options) })),
    inconclusiveRollsBack: true,
    stopsLaterOn: ENDS_THE_CHECKS
  },
  {
    check: 'suite',
    asked: ({ config }) => config.verify?.suite !== undefined,
    run: suiteCheck,
    inconclusiveRollsBack: true,
    stopsLaterOn: ENDS_THE_CHECKS
  },
  {
    check: 'gate',
    // Planned before the write; a rollback's revision is given only why it is skipped.
    asked: ({ gate }) => gate !== undefined,
    run: gateCheck,
    inconclusiveRollsBack: true,
    stopsLaterOn: ENDS_THE_CHECKS
  }
]

/** operation promote (git_host): the new revision was built from the source revision's commit. */
function commitCheck({ result, revisionId, io }: CheckContext): CheckOutcome {
  const promotion = result.promotion
  const fromCommit = promotion?.fromCommit
  if (!promotion || fromCommit === undefined) return { verdict: 'skipped' }
  const target = `deployment ${result.deploymentName ?? '?'} (${result.deploymentId ?? '?'})`
  const found = checkPromotedCommit({ ...promotion, fromCommit }, revisionId, target)
  if (found.verdict === 'passed') {
    io.info(found.why)
    return { verdict: 'passed' }
  }
  return found
}

/** The deployment's `active_revision_id` becomes this revision (read for up to 60 s). */
async function servingCheck(context: CheckContext): Promise<CheckOutcome> {
  const { client, deploymentId, revisionId, result, now, io } = context
  const serving = await checkActiveRevision({
    getDeployment: (call) => client.getDeployment(deploymentId, call),
    revisionId,
    seen: result.activeRevisionId,
    deadline: Math.min(now() + ACTIVE_REVISION_WAIT_MS, context.deadline),
    signal: context.signal,
    now,
    sleep: context.sleep
  })
  const window = `active_revision_id, read for up to ${formatDuration(ACTIVE_REVISION_WAIT_MS)} within timeout`
  switch (serving.kind) {
    case 'other':
      return {
        verdict: 'failed',
        why: `Revision ${revisionId} is DEPLOYED but the deployment serves ${serving.servingId ?? 'no revision'} (${window}).`
      }
    case 'unconfirmed':
      return {
        verdict: 'inconclusive',
        why: `Could not confirm that revision ${revisionId} serves: ${serving.why}; the serving check could not be made (${window}).`
      }
    case 'serving':
      io.info(`Serving check: revision ${revisionId} is active.`)
      return { verdict: 'passed' }
    case 'not-checkable':
      io.notice(`Serving check skipped: ${serving.why}.`)
      return { verdict: 'skipped', why: serving.why }
  }
}

/** Where the agent server is and how to reach it, under `verify-timeout`. */
function agentServer(context: CheckContext) {
  const verify = context.config.verify
  return {
    baseUrl: context.result.deploymentUrl ?? '',
    apiKey: verify?.apiKey ?? '',
    authScheme: verify?.authScheme,
    deadline: context.agentDeadline(),
    signal: context.signal,
    dispatcher: context.dispatcher,
    now: context.now,
    sleep: context.sleep
  }
}

/**
 * The agent server's GET /info names this revision (when it names one). First of the agent
 * checks: a deployment without a URL fails it, and a key sent in clear text is warned of.
 */
async function infoCheck(context: CheckContext): Promise<CheckOutcome> {
  const { result, revisionId, config, io } = context
  if (!result.deploymentUrl) {
    return {
      verdict: 'failed',
      why: 'verify-assistant: the deployment has no URL (source_config.custom_url) to check.'
    }
  }
  const clearHost = clearTextHost(result.deploymentUrl)
  if (clearHost !== undefined && config.verify?.apiKey) {
    io.warning(
      `The deployment URL is http:// to ${clearHost}, not this machine: the agent key travels in clear text to the agent checks. Use https://.`
    )
  }
  const info = await checkInfoHost({ ...agentServer(context), revisionId })
  switch (info.kind) {
    case 'other':
      return {
        verdict: 'failed',
        why: `Revision ${revisionId} is DEPLOYED but the deployment serves ${info.servingId ?? 'no revision'} (the agent server's GET /info names it as host.host_revision_id until verify-timeout).`
      }
    case 'unconfirmed':
      return {
        verdict: 'inconclusive',
        why: `Could not confirm that revision ${revisionId} serves: ${info.why} (GET /info, until verify-timeout).`
      }
    case 'serving':
      io.info(`Agent check: GET /info names revision ${revisionId}.`)
      return { verdict: 'passed' }
    case 'not-checkable':
      io.notice(`The /info check was skipped: ${info.why}.`)
      return { verdict: 'skipped', why: info.why }
  }
}

type AgentOptions = Parameters<typeof checkAssistant>[0]

/**
 * One agent check: what it read, or its AgentCheckError as a verdict. A check that got no
 * answer because the run's `timeout` ended could not conclude; any other is a failure.
 */
async function agentCheck(
  context: CheckContext,
  check: (options: AgentOptions) => Promise<Omit<CheckOutcome, 'verdict'>>
): Promise<CheckOutcome> {
  const verify = context.config.verify
  if (!verify) return { verdict: 'skipped' }
  try {
    const read = await check({
      ...agentServer(context),
      assistantId: verify.assistantId,
      message: verify.message,
      expect: verify.expect,
      a2a: verify.a2a,
      onProgress: (line) => context.io.info(line)
    })
    return { verdict: 'passed', ...read }
  } catch (error) {
    if (!(error instanceof AgentCheckError)) throw error
    const cutByTimeout = error.status === undefined && context.now() >= context.deadline
    return cutByTimeout
      ? {
          verdict: 'inconclusive',
          why: `${error.message} The run's timeout ended during the check, so it could not conclude; the revision is DEPLOYED; outputs are set.`,
          saw: `${error.saw.replace(/\.?$/, '.')} The run's timeout ended during the check, so it could not conclude.`
        }
      : {
          verdict: 'failed',
          why: `${error.message} The revision is DEPLOYED; outputs are set.`,
          saw: error.saw
        }
  }
}

/**
 * `verify-cases`: at least `verify-min-pass` cases pass. Too few because the run's `timeout`
 * ended before some cases were answered could not conclude.
 */
async function suiteCheck(context: CheckContext): Promise<CheckOutcome> {
  const verify = context.config.verify
  if (!verify?.suite) return { verdict: 'skipped' }
  const { suite, failure } = await checkSmokeSuite(
    { ...verify, suite: verify.suite },
    { ...agentServer(context), revisionId: context.revisionId },
    { deadline: context.deadline, now: context.now, info: (line) => context.io.info(line) }
  )
  if (!failure) return { verdict: 'passed', suite }
  const unanswered = suite.cases.some((each) => each.latencyMs === undefined)
  return unanswered && context.now() >= context.deadline
    ? {
        verdict: 'inconclusive',
        why: `${failure} The run's timeout ended before every case was answered, so the suite could not conclude.`,
        saw: `${suiteShortfall(suite)} The run's timeout ended before every case was answered.`,
        suite
      }
    : { verdict: 'failed', why: failure, saw: suiteShortfall(suite), suite }
}
