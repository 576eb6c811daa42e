import type { Step } from '../policy-file'
import { API_KEY, SECRETS_INPUT } from './secrets'

const INTEGRATION_ID = '123e4567-e89b-42d3-a456-426614174000'

/**
 * The inputs of a git_host deploy against a hostile control plane, holding every kind of secret
 * the action knows (`api-key` and a `secrets` value; tests add the agent key and GitHub token).
 */
export function hostileStep(apiUrl: string, extra: Step = {}): Step {
  return {
    'api-url': apiUrl,
    'api-key': API_KEY,
    name: 'support-agent',
    'integration-id': INTEGRATION_ID,
    'graph-config-path': 'graph.json',
    secrets: SECRETS_INPUT,
    'poll-interval': '1s',
    timeout: '30s',
    ...extra
  }
}

/** A hostile deployment name: it closes an HTML comment, adds an image, and issues a command. */
export const HOSTILE_NAME = 'x --> <img src=x onerror=alert(1)> <!--\n::warning::PWNED-name'
