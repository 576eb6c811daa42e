/** Inputs and a runner's variables most tests start from (no test framework needed: bench uses them). */

export const INTEGRATION_ID = '123e4567-e89b-42d3-a456-426614174000'
export const BRANCH_ENV = {
  GITHUB_EVENT_NAME: 'push',
  GITHUB_REF: 'refs/heads/main',
  GITHUB_SERVER_URL: 'https://github.com',
  GITHUB_REPOSITORY: 'acme/support-agent'
}

/** The inputs of a git_host deploy step against `apiUrl`, the starting point of most tests. */
export function gitHostStep(apiUrl: string, name = 'support-agent') {
  return {
    'api-url': apiUrl,
    name,
    'integration-id': INTEGRATION_ID,
    'graph-config-path': 'graph.json'
  }
}
