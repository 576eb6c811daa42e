/**
 * The code of the steps that ask the agent server's resource routes (assistants as code, parked
 * threads), loaded on first use. Both ask through the one retrying exchange and stamp what they
 * write as managed by the action: each step's own code loads from here, so that the bundle holds
 * what they share once, in this module's chunk, rather than a copy in each step's chunk. A run
 * with neither step loads none of it.
 */
export { AgentReadError, retryingExchange } from '../agent-server/retrying'
export { MANAGED_BY } from '../assistants/content'

export const threadsCode = () => import('../threads')
export const assistantsCode = () => import('../assistants')
