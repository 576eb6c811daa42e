import { formatDuration } from '../lib/duration'
import { clearTextHost } from '../lib/url'
import { within } from '../step-kit/kit'
import type { Promotion } from '../result'
import { AGENT_KEYS, agentSettingsOf, type AgentFacts } from '../agent-checks/section'
import { defineStep } from '../step-kit/define'
import { checkPromotedCommit } from './commit-check'
import { ACTIVE_REVISION_WAIT_MS, checkActiveRevision, checkInfoHost } from './serving-check'
import { agentServer, ENDS_THE_CHECKS } from '../step-kit/kit'

// The steps that prove which revision serves: the promoted commit, the control plane's
// active_revision_id, and the agent server's own GET /info.

/** operation promote (git_host): the new revision was built from the source revision's commit. */
export const commitStep = defineStep({
  name: 'commit',
  // A fact of the DEPLOYED revision: a git_host promote's source commit, once both were read.
  needs: (_config, revision) => {
    const promotion = revision?.result.promotion
    const fromCommit = promotion?.fromCommit
    return promotion && fromCommit !== undefined
      ? { promotion: { ...promotion, fromCommit } satisfies Promotion }
      : undefined
  },
  run: async ({ need, revision, context }) => {
    const { result, revisionId } = revision
    const target = `deployment ${result.deploymentName ?? '?'} (${result.deploymentId ?? '?'})`
    const found = checkPromotedCommit(need.promotion, revisionId, target)
    if (found.verdict !== 'passed') return found
    context.log.info(found.why)
    return { verdict: 'passed' }
  },
  broughtBack: 'again',
  inconclusiveRollsBack: false,
  stopsLaterOn: ENDS_THE_CHECKS
})

/** The deployment's `active_revision_id` becomes this revision (read for up to 60 s). */
export const servingStep = defineStep({
  name: 'serving',
  needs: () => ({}),
  deadline: (phase, context) => within(context.clock, ACTIVE_REVISION_WAIT_MS, phase),
  run: async ({ revision, context, deadline }) => {
    const { deploymentId, revisionId, result } = revision
    const serving = await checkActiveRevision({
      getDeployment: (call) => context.client.getDeployment(deploymentId, call),
      revisionId,
      seen: result.activeRevisionId,
      deadline,
      signal: context.signal,
      now: context.clock.now,
      sleep: context.clock.sleep
    })
    const window = `active_revision_id, read for up to ${formatDuration(ACTIVE_REVISION_WAIT_MS)} within ${context.deadline.input}`
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
        context.log.info(`Serving check: revision ${revisionId} is active.`)
        return { verdict: 'passed' }
      case 'not-checkable':
        context.log.notice(`Serving check skipped: ${serving.why}.`)
        return { verdict: 'skipped', why: serving.why }
    }
  },
  broughtBack: 'again',
  inconclusiveRollsBack: false,
  stopsLaterOn: ENDS_THE_CHECKS
})

/**
 * The agent server's GET /info names this revision (when it names one). First of the agent
 * checks: a deployment without a URL fails it, and a key sent in clear text is warned of.
 */
export const infoStep = defineStep({
  name: 'info',
  needs: (config: AgentFacts) => {
    const verify = agentSettingsOf(config)
    return verify && { verify }
  },
  run: async (input) => {
    const { revision, context, need } = input
    const { result, revisionId } = revision
    if (!result.deploymentUrl) {
      return {
        verdict: 'failed',
        why: 'agent.assistant: the deployment has no URL (source_config.custom_url) to check.'
      }
    }
    const clearHost = clearTextHost(result.deploymentUrl)
    if (clearHost !== undefined && need.verify.apiKey) {
      context.log.warning(
        `The deployment URL is http:// to ${clearHost}, not this machine: the agent key travels in clear text to the agent checks. Use https://.`,
        { rank: 'own' }
      )
    }
    const info = await checkInfoHost({
      ...agentServer(input, need.verify, result.deploymentUrl, AGENT_KEYS.timeout),
      revisionId
    })
    switch (info.kind) {
      case 'other':
        return {
          verdict: 'failed',
          why: `Revision ${revisionId} is DEPLOYED but the deployment serves ${info.servingId ?? 'no revision'} (the agent server's GET /info names it as host.host_revision_id until agent.timeout).`
        }
      case 'unconfirmed':
        return {
          verdict: 'inconclusive',
          why: `Could not confirm that revision ${revisionId} serves: ${info.why} (GET /info, until agent.timeout).`
        }
      case 'serving':
        context.log.info(`Agent check: GET /info names revision ${revisionId}.`)
        return { verdict: 'passed' }
      case 'not-checkable':
        context.log.notice(`The /info check was skipped: ${info.why}.`)
        return { verdict: 'skipped', why: info.why }
    }
  },
  broughtBack: 'again',
  inconclusiveRollsBack: true,
  stopsLaterOn: ['failed']
})
