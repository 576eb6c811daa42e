/**
 * The parked-threads step's code, in the order a deploy uses it: `readBeforeWrite` before the
 * write, `checkAfterDeployed` after DEPLOYED, `readAfterRollback` once a rollback brought the old
 * graph back, and the agent server's thread routes they read through; the canaries parked once
 * every step read (`parkBeforeWrite`), judged after DEPLOYED (`judgeCanaries`) and deleted by their
 * ids (`removeCanaries`). Loaded on first use: a run
 * without `threads.parked: check` never loads it.
 */
export { threadsClient } from '../agent-server/threads'
export {
  checkAfterDeployed,
  judgeBeforePromote,
  readAfterRollback,
  readBeforeWrite,
  type ThreadsOutcome,
  type ThreadsPrepared
} from './run'
export { judgeCanaries, parkBeforeWrite, removeCanaries, type CanaryRun } from './canary-run'
