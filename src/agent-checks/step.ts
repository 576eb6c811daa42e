import { defineStep } from '../step-kit/define'
import { agentServer, ENDS_THE_CHECKS } from '../step-kit/kit'
import type { DeployedRevision, SectionFacts, StepInput, StepOutcome } from '../step-kit/step'
import {
  AgentCheckError,
  checkA2a,
  checkAssistant,
  checkRun,
  type AgentCheckOptions
} from './checks'
import { AGENT_KEYS, type AgentSettings } from './section'

/** `agent` as the agent steps need it (the policy asked for agent checks). */
type Verify = AgentSettings

/** What the agent steps read of the run: `agent` (the config has it). */
type AgentFacts = SectionFacts<'agent', AgentSettings>

// The steps that ask the agent server itself, once /info proved it is this revision's: the
// assistant, a run of `agent.message` and A2A (the smoke suite is ../smoke/step.ts).

/** What an agent step needs: `verify-*`, and the deployment's URL (/info fails without one). */
function agentNeeds<Extra extends object>(
  config: AgentFacts,
  revision: DeployedRevision | undefined,
  extra: (verify: Verify) => Extra | undefined
): ({ verify: Verify; url: string } & Extra) | undefined {
  const verify = config.agent
  const url = revision?.result.deploymentUrl
  if (!verify || !url) return undefined
  const more = extra(verify)
  return more && { verify, url, ...more }
}

/**
 * One agent check: what it read, or its AgentCheckError as a verdict. A check that got no
 * answer because the run's `timeout` ended could not conclude; any other is a failure.
 */
async function agentCheck<Payload>(
  input: StepInput<{ verify: Verify; url: string }>,
  check: (options: AgentCheckOptions) => Promise<Pick<StepOutcome<Payload>, 'payload'>>
): Promise<StepOutcome<Payload>> {
  const { verify, url } = input.need
  try {
    const read = await check({
      ...agentServer(input, verify, url, AGENT_KEYS.timeout),
      assistantId: verify.assistantId,
      message: verify.message,
      expect: verify.expect,
      a2a: verify.a2a,
      onProgress: (line) => input.context.log.info(line)
    })
    return { verdict: 'passed', ...read }
  } catch (error) {
    if (!(error instanceof AgentCheckError)) throw error
    const cutByTimeout = error.status === undefined && input.context.clock.now() >= input.deadline
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

export const assistantStep = defineStep({
  name: 'assistant',
  needs: (config: AgentFacts, revision) => agentNeeds(config, revision, () => ({})),
  run: (input) =>
    agentCheck<undefined>(input, (options) => checkAssistant(options).then(() => ({}))),
  broughtBack: 'again',
  inconclusiveRollsBack: true,
  stopsLaterOn: ENDS_THE_CHECKS
})

export const runStep = defineStep({
  name: 'run',
  needs: (config: AgentFacts, revision) =>
    agentNeeds(config, revision, ({ message }) =>
      message === undefined ? undefined : { message }
    ),
  run: (input) =>
    agentCheck<string>(input, async (options) => ({
      payload: await checkRun({ ...options, message: input.need.message })
    })),
  broughtBack: 'again',
  inconclusiveRollsBack: true,
  stopsLaterOn: ENDS_THE_CHECKS
})

export const a2aStep = defineStep({
  name: 'a2a',
  needs: (config: AgentFacts, revision) =>
    agentNeeds(config, revision, ({ a2a }) => (a2a ? {} : undefined)),
  run: (input) =>
    agentCheck<string>(input, async (options) => ({ payload: await checkA2a(options) })),
  broughtBack: 'again',
  inconclusiveRollsBack: true,
  stopsLaterOn: ENDS_THE_CHECKS
})

/**
 * `smoke.cases`: at least `smoke.min-pass` cases pass. Too few because the run's `timeout`
 * ended before some cases were answered could not conclude.
 */
