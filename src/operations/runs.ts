// The operations' runs in one module, loaded on first use by the operation table: one chunk, so
// the toolkit they share (deploy-run.ts, revision-outcome.ts) is bundled once.
export { deleteDeployment } from './delete'
export { deploy } from './deploy'
export { promote } from './promote'
export { prunePreviews } from './prune'
export { rollbackOperation } from './rollback'
