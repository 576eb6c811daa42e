/**
 * The bake window (`bake.duration`), in the order a deploy uses it: `prepareBake` before the
 * write (the project, the previous window), `describeBakePlan` for the log and `dry-run`,
 * `runBake` after every check passed. Loaded on first use: a run without a bake never loads it,
 * nor the tracing client.
 */
export { bakeClient } from './client'
export { describeBakePlan } from './plan'
export { prepareBake, type BakeTarget, type PreparedBake } from './prepare'
export { runBake, type BakeOutcome } from './run'
export type { BakeReport } from './report-types'
