import { agentExchange, type AgentServer } from './exchange'
import { readAgentReply, sentMessageCount, type AgentReply } from './reply'

/** A stateless run that answers once the graph ends: what the checks, the suite and the gate send. */
export const RUN_PATH = '/runs/wait'

/** A stateless run's answer: its status and body, and the agent's reply read from it. */
export interface RunAnswer {
  status: number
  text: string
  reply: AgentReply
}

/**
 * One stateless run: `input` sent to `assistantId`, the answer read by the one reader of the
 * agent's reply. Throws the transport's error (no answer, none in time, too large).
 */
export async function statelessRun(
  server: AgentServer,
  run: { assistantId: string; input: unknown; timeoutMs?: number }
): Promise<RunAnswer> {
  const answer = await agentExchange(server, {
    method: 'POST',
    path: RUN_PATH,
    body: { assistant_id: run.assistantId, input: run.input },
    timeoutMs: run.timeoutMs
  })
  return runAnswer(answer.status, answer.text, run.input)
}

/** A run's answer as read: its reply stands after the messages its input sent. Pure. */
export function runAnswer(status: number, text: string, input: unknown): RunAnswer {
  return { status, text, reply: readAgentReply(text, sentMessageCount(input)) }
}
