import { AGENT_KEYS, agentSettingsOf, type AgentFacts } from '../agent-checks/section'
import type { SuiteReport } from '../result'
import { defineStep } from '../step-kit/define'
import { agentServer, ENDS_THE_CHECKS, within } from '../step-kit/kit'
import type { SectionFacts, StepOutcome } from '../step-kit/step'
import type { SmokeSettings } from './section'
import { checkSmokeSuite, suiteShortfall } from './suite'

// The smoke suite as a step after DEPLOYED: its cases asked of the agent server, once /info
// proved it is this revision's, under `agent.timeout` (read through the agent checks' accessor).

/** What the smoke suite reads of the run: `smoke`, and the agent checks' settings. */
type SmokeFacts = SectionFacts<'smoke', SmokeSettings> & AgentFacts

export const suiteStep = defineStep({
  name: 'suite',
  needs: (config: SmokeFacts, revision) => {
    const verify = agentSettingsOf(config)
    const url = revision?.result.deploymentUrl
    if (!verify || !url || !config.smoke) return undefined
    return { verify, url, suite: config.smoke }
  },
  run: async (input): Promise<StepOutcome<SuiteReport>> => {
    const { verify, suite: cases, url } = input.need
    const { context, deadline } = input
    const { suite, failure } = await checkSmokeSuite(
      { ...verify, suite: cases },
      {
        ...agentServer(input, verify, url, AGENT_KEYS.timeout),
        revisionId: input.revision.revisionId
      },
      {
        // The suite's own agent.timeout, from its start.
        deadline: within(context.clock, verify.timeoutMs, deadline),
        info: (line) => context.log.info(line)
      }
    )
    if (!failure) return { verdict: 'passed', payload: suite }
    const unanswered = suite.cases.some((each) => each.latencyMs === undefined)
    return unanswered && context.clock.now() >= deadline
      ? {
          verdict: 'inconclusive',
          why: `${failure} The run's timeout ended before every case was answered, so the suite could not conclude.`,
          saw: `${suiteShortfall(suite)} The run's timeout ended before every case was answered.`,
          payload: suite
        }
      : { verdict: 'failed', why: failure, saw: suiteShortfall(suite), payload: suite }
  },
  broughtBack: 'again',
  inconclusiveRollsBack: true,
  stopsLaterOn: ENDS_THE_CHECKS
})
