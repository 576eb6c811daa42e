/**
 * Who writes what the action stamps as its own on the agent server (assistants as code, the
 * canary threads): the value of their `managed-by` metadata.
 */
export const MANAGED_BY = 'deploy-agent-action'
