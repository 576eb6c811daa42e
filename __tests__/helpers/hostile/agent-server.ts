import { send, startRecordingServer, type Answer, type HugeStats, type Seen } from './http'

export type AgentRoute = 'assistant' | 'run' | 'agent-card' | 'a2a' | 'info' | 'unknown'

export interface AgentScript {
  /** The last message of the `/runs/wait` answer. */
  reply?: string
  /** The text part of the A2A answer. */
  a2aReply?: string
  /** Answers a call differently; undefined keeps the plain answer. */
  answer?: (route: AgentRoute, seen: Seen) => Answer | undefined
}

function routeOf(seen: Seen): AgentRoute {
  const [first] = seen.segments
  if (first === 'assistants') return 'assistant'
  if (first === 'runs') return 'run'
  if (first === '.well-known') return 'agent-card'
  if (first === 'a2a') return 'a2a'
  if (first === 'info') return 'info'
  return 'unknown'
}

/**
 * A scripted agent server on 127.0.0.1: the assistant exists, `/runs/wait` and A2A answer with
 * the script's replies (or anything else the script answers).
 */
export async function startHostileAgentServer(script: AgentScript = {}) {
  const huge: HugeStats = { requests: 0, bytesSent: 0 }
  const plain = (route: AgentRoute, seen: Seen): Answer => {
    switch (route) {
      case 'assistant':
        return { json: { assistant_id: seen.segments[1] ?? 'agent', graph_id: 'agent' } }
      case 'run':
        return {
          json: {
            messages: [
              { type: 'human', content: 'hello' },
              { type: 'ai', content: script.reply ?? 'Hello there, how are you?' }
            ]
          }
        }
      case 'agent-card':
        return { json: { name: 'agent', url: `${server.url}/a2a/agent` } }
      case 'a2a':
        return {
          json: {
            jsonrpc: '2.0',
            id: '1',
            result: {
              kind: 'task',
              artifacts: [{ parts: [{ kind: 'text', text: script.a2aReply ?? 'Hi over A2A' }] }]
            }
          }
        }
      case 'info':
        return { json: { version: '1' } }
      case 'unknown':
        return { status: 404, json: { detail: 'Not Found' } }
    }
  }
  const server = await startRecordingServer((seen, res) => {
    const route = routeOf(seen)
    send(res, script.answer?.(route, seen) ?? plain(route, seen), huge)
  })
  return {
    url: server.url,
    seen: server.seen,
    huge,
    calls: (route: AgentRoute) => server.seen.filter((seen) => routeOf(seen) === route),
    close: server.close
  }
}
