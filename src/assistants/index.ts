/**
 * Assistants as code (`assistants.entries`), loaded on first use: a run without it never loads
 * this code nor the agent server's assistants client. In the order a run uses it:
 * 1. `observe` before the control plane's write (drift judged then), `planLines` for the log;
 * 2. `applyEntries` on the new revision;
 * 3. `restoreWritten` on a revision a rollback brought back, `restoreStamped` under
 *    `operation: rollback`.
 */
export { assistantsClient } from '../agent-server/assistants'
export { applyEntries, driftRefusal, observe, planLines } from './apply'
export type { ObservedAssistants } from './apply'
export { restoreStamped, restoreWritten } from './restore'
