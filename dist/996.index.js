export const id = 996;
export const ids = [996];
export const modules = {

/***/ 1996:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  rollBackAfterFailure: () => (/* binding */ rollBackAfterFailure),
  rollbackOperation: () => (/* binding */ rollbackOperation)
});

// EXTERNAL MODULE: ./src/control-plane/client.ts + 1 modules
var client = __webpack_require__(5319);
// EXTERNAL MODULE: ./src/lib/duration.ts
var duration = __webpack_require__(2543);
// EXTERNAL MODULE: ./src/operations/deploy-run.ts
var deploy_run = __webpack_require__(7995);
// EXTERNAL MODULE: ./src/operations/revision-outcome.ts + 4 modules
var revision_outcome = __webpack_require__(5140);
// EXTERNAL MODULE: ./src/operations/revision-match.ts
var revision_match = __webpack_require__(453);
// EXTERNAL MODULE: ./src/lib/read-again.ts
var read_again = __webpack_require__(6894);
// EXTERNAL MODULE: ./src/operations/safe-writes.ts
var safe_writes = __webpack_require__(582);
;// CONCATENATED MODULE: ./src/operations/redeploy-once.ts





/**
 * Redeploys `source` (an earlier revision) exactly once. A lost answer is settled as a lost PATCH
 * is: the deployment is read until its newest revision is a new one made from `source`'s
 * configuration (adopted), for as long as a request the client gave up on may still be carried
 * out. The POST is never sent again: two redeploys would start two revisions.
 */
async function redeployOnce(deploymentId, source, revisionBefore, deps) {
    const path = `POST ${client/* controlPlanePaths */.oH.redeploy(deploymentId, source.id)}`;
    try {
        const deployment = await deps.client.redeployRevision(deploymentId, source.id, deps.call);
        const revisionId = await newRevisionOf(deployment, revisionBefore, deps);
        if (revisionId)
            return { deployment, revisionId, adopted: false };
        throw new Error(`The service accepted ${path} but shows no new revision (latest revision: ${deployment.latest_revision_id ?? 'none'}). It is not sent again; check the deployment on the service.`);
    }
    catch (error) {
        if (!(0,safe_writes/* isLostAnswer */.vd)(error))
            throw error;
        const found = await settle(deploymentId, source, revisionBefore, deps);
        if (found) {
            deps.notice(`The answer to ${path} was lost (${error instanceof Error ? error.message : String(error)}), but the deployment has a new revision ${found.revisionId} made from revision ${source.id}: this run created it, and waits for it instead of redeploying again.`);
            return found;
        }
        throw new Error(`The answer to ${path} was lost and no new revision made from ${source.id} appeared within ${(0,duration/* formatDuration */.a)(deps.settleMs)}. It is not sent again (a second redeploy could start two revisions): check the deployment on the service.`, { cause: error });
    }
}
/** The redeploy's revision: the answer's latest revision, or the newest listed when unchanged. */
async function newRevisionOf(deployment, revisionBefore, deps) {
    const latest = deployment.latest_revision_id;
    if (latest && latest !== revisionBefore)
        return latest;
    const [newest] = await deps.client.listRevisions(deployment.id, 1, deps.call);
    return newest && newest.id !== revisionBefore ? newest.id : undefined;
}
async function settle(deploymentId, source, revisionBefore, deps) {
    const settled = await (0,read_again/* readAgain */.n)({
        read: async () => {
            const current = await deps.client.getDeployment(deploymentId, deps.call);
            const latest = current.latest_revision_id;
            if (!latest || latest === revisionBefore)
                return { kind: 'not-seen', value: null };
            // The commit is left out: the service may rebuild the ref rather than the commit.
            const sourceConfig = { ...source.source_revision_config, repo_commit_sha: undefined };
            const differs = (0,revision_match/* configDifferences */.$)(sourceConfig, current.source_revision_config);
            if (differs && differs.length > 0)
                return { kind: 'not-seen', value: null };
            return { kind: 'seen', value: { deployment: current, revisionId: latest, adopted: true } };
        },
        ...(0,safe_writes/* settleWindow */._T)(deps)
    });
    return settled.kind === 'seen' ? settled.value : undefined;
}

// EXTERNAL MODULE: ./src/operations/target.ts
var target = __webpack_require__(9325);
;// CONCATENATED MODULE: ./src/operations/rollback.ts






/**
 * A redeploy created `revisionId` from `source`: the log says so at once.
 */
function redeployedNow(run, revisionId, source) {
    const { io } = run.deps;
    run.known.revisionId = revisionId;
    io.info(`Revision ${revisionId} created by the redeploy of ${source.id}.`);
}
/** DEPLOYED revisions read to find the one older than the active revision. */
const DEPLOYED_HISTORY = 100;
/**
 * `operation: rollback`: redeploys `to-revision`, or the newest DEPLOYED revision older than the
 * active one, exactly once, then waits for the revision that creates like a deploy (under
 * `timeout`). Ends in a result, never throws.
 */
async function rollbackOperation(config, deps) {
    const run = new deploy_run/* DeployRun */.j(config, deps);
    try {
        const existing = await (0,target/* findTarget */.FB)(config, deps.client, run.call);
        if (!existing) {
            throw new Error(`name: there is no deployment ${(0,target/* named */.KT)(config)} to roll back. Check name (or give deployment-id).`);
        }
        run.found(existing);
        const active = existing.active_revision_id ?? undefined;
        if (active)
            run.servedBefore(active);
        const source = await chooseRevision(run, existing.id, active);
        if (source.id === active) {
            return run.finish('deployed', `Revision ${source.id} already serves ${run.target}; nothing to roll back, nothing was sent.`);
        }
        if (config.dryRun) {
            const request = `POST ${client/* controlPlanePaths */.oH.redeploy(existing.id, source.id)}`;
            return {
                ...run.finish('dry-run', `Dry run: ${run.target} would be rolled back to revision ${source.id} (${request}). Nothing was sent that changes state.`),
                planLines: [request]
            };
        }
        run.known.redeployOf = source.id;
        run.known.redeployCommit = source.source_revision_config?.repo_commit_sha ?? undefined;
        deps.io.redeploying?.(source.id, run.known.redeployCommit);
        deps.io.info(`Rolling ${run.target} back to revision ${source.id}…`);
        const redeployed = await redeployOnce(existing.id, source, existing.latest_revision_id, run.writeDeps());
        redeployedNow(run, redeployed.revisionId, source);
        if (!config.wait) {
            return run.finish('revision-created', `Revision ${redeployed.revisionId} (a redeploy of ${source.id}) of ${run.target} exists; not waiting for it (wait: false).`);
        }
        return (await (0,revision_outcome/* waitForOutcome */.rf)(run, existing, redeployed.revisionId)).result;
    }
    catch (error) {
        return (0,revision_outcome/* endedByError */.Qr)(run, error);
    }
}
/** `to-revision`, which must have been DEPLOYED; else the newest DEPLOYED one older than active. */
async function chooseRevision(run, deploymentId, active) {
    const { client } = run.deps;
    const wanted = run.config.toRevision;
    if (wanted) {
        const revision = await client.getRevision(deploymentId, wanted, run.call);
        if (revision.status !== 'DEPLOYED') {
            throw new Error(`to-revision: revision ${wanted} of ${run.target} is ${revision.status}; only a revision that was DEPLOYED can be redeployed.`);
        }
        return revision;
    }
    const deployed = await client.listRevisions(deploymentId, DEPLOYED_HISTORY, run.call, [
        'DEPLOYED'
    ]);
    const activeAt = deployed.findIndex((revision) => revision.id === active);
    const older = activeAt < 0 ? undefined : deployed[activeAt + 1];
    if (!older) {
        throw new Error(active === undefined
            ? `${run.target} reports no active revision, so "older than the active one" means nothing: give to-revision.`
            : `${run.target} has no DEPLOYED revision older than the active one (${active}) among its newest ${DEPLOYED_HISTORY}: give to-revision.`);
    }
    return older;
}
/**
 * rollback-on-failure: decides whether a rollback is due (the deployment must no longer serve the
 * previous revision, and must not serve another run's), redeploys the previous revision exactly
 * once and waits for it under `rollback-timeout`, which starts now. Its report holds the
 * revision the redeploy created; `skipped` says why nothing was sent.
 */
async function rollBackAfterFailure(config, deps, request) {
    const { failedRevisionId, previousRevisionId, deploymentId } = request;
    const startedAt = deps.deadline.startedAt;
    const io = {
        ...deps.io,
        // The records are the failed deploy's: they say how the rollback ended, at the end.
        waitStarting: undefined,
        redeploying: undefined
    };
    const run = new deploy_run/* DeployRun */.j(config, { ...deps, io });
    const report = (outcome, message, revisionId) => ({
        report: {
            failedRevisionId,
            toRevisionId: previousRevisionId,
            revisionId,
            outcome,
            elapsedMs: deps.clock.now() - startedAt,
            message,
            // Settled once its checks ran and what serves was read (../safe-delivery.ts).
            restored: false
        }
    });
    try {
        const current = await deps.client.getDeployment(deploymentId, run.call);
        run.found(current);
        const active = current.active_revision_id ?? null;
        if (active === previousRevisionId) {
            return { skipped: `Revision ${previousRevisionId} still serves; nothing to roll back.` };
        }
        if (active !== null && active !== failedRevisionId) {
            return {
                skipped: `Revision ${active} serves now, neither this run's (${failedRevisionId}) nor the one before (${previousRevisionId}): another run or a push deployed it, and a rollback would undo it. Nothing was sent.`
            };
        }
        const source = await deps.client.getRevision(deploymentId, previousRevisionId, run.call);
        deps.io.info(`Rolling back: revision ${failedRevisionId} ${request.reason}; redeploying revision ${previousRevisionId} (rollback-timeout ${(0,duration/* formatDuration */.a)(config.rollbackTimeoutMs)})…`);
        const redeployed = await redeployOnce(deploymentId, source, current.latest_revision_id, run.writeDeps());
        redeployedNow(run, redeployed.revisionId, source);
        const { result: waited } = await (0,revision_outcome/* waitForOutcome */.rf)(run, redeployed.deployment, redeployed.revisionId);
        return { ...report(waited.outcome, waited.message, redeployed.revisionId), result: waited };
    }
    catch (error) {
        const ended = (0,revision_outcome/* endedByError */.Qr)(run, error);
        return report(ended.outcome, ended.message, run.known.revisionId);
    }
}


/***/ })

};

//# sourceMappingURL=996.index.js.map