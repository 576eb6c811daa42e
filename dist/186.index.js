export const id = 186;
export const ids = [186];
export const modules = {

/***/ 1186:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   prunePreviews: () => (/* binding */ prunePreviews),
/* harmony export */   pruneTable: () => (/* binding */ pruneTable),
/* harmony export */   pullRequestOf: () => (/* binding */ pullRequestOf)
/* harmony export */ });
/* harmony import */ var _control_plane_errors__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(4007);
/* harmony import */ var _lib_duration__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(2543);
/* harmony import */ var _target__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(9325);



/**
 * operation prune: every deployment whose name starts with `prune-prefix` (all pages of the
 * name filter) that is stale by a criterion is deleted, one by one; a table says which and why.
 * A deployment gone meanwhile is no error; a failed delete fails the step once every other delete
 * was tried. Never touches a name that does not start with the prefix.
 */
async function prunePreviews(config, deps) {
    const { io, signal } = deps;
    const now = deps.clock.now;
    const call = { deadline: deps.deadline.at, signal };
    const finish = (outcome, message, rows) => ({
        outcome,
        message,
        created: false,
        statusesSeen: [],
        elapsedMs: now() - deps.deadline.startedAt,
        pruneRows: rows
    });
    const criteria = config.prune;
    let rows = [];
    // Previews kept because GitHub could not say whether their pull request is closed: said at the
    // end, so "could not tell" never reads as "not stale".
    const undecided = [];
    try {
        const named = await deps.client.listDeployments(criteria.prefix, call);
        // The service's filter is a substring match: only names that start with the prefix count.
        const candidates = named.filter((deployment) => deployment.name.startsWith(criteria.prefix));
        rows = await staleRows(candidates, criteria, deps, undecided);
        io.info(`${candidates.length} deployment${candidates.length === 1 ? '' : 's'} named ${criteria.prefix}…; ${rows.length} stale.`);
        pruneTable(rows).forEach((line) => io.info(line));
        if (config.dryRun) {
            return finish('dry-run', `Dry run: ${rows.length} deployment${rows.length === 1 ? '' : 's'} would be deleted. Nothing was sent that changes state.`, rows);
        }
        for (const row of rows) {
            if (signal?.aborted)
                break;
            row.result = await deleteOne(row, config.deleteTracingProject, deps, call);
            io.info(`${row.name} (${row.id}): ${row.failure ? `failed: ${row.failure}` : row.result}`);
        }
    }
    catch (error) {
        if (signal?.aborted)
            return finish('cancelled', cancelledMessage(rows), rows);
        return finish('error', (0,_target__WEBPACK_IMPORTED_MODULE_2__/* .withHint */ .mu)(error), rows);
    }
    if (signal?.aborted)
        return finish('cancelled', cancelledMessage(rows), rows);
    const failed = rows.filter((row) => row.result === 'failed');
    const kept = undecided.length > 0
        ? ` Kept, since the state of their pull request could not be read: ${undecided.join(', ')}.`
        : '';
    const summary = `${pruneSummary(rows, config.deleteTracingProject)}${kept}`;
    if (failed.length > 0) {
        const each = failed.map((row) => `\n  - ${row.name} (${row.id}): ${row.failure ?? ''}`);
        return finish('error', `${failed.length} of ${rows.length} deletes failed; every other one was tried. ${summary}${each.join('')}`, rows);
    }
    return finish('pruned', summary, rows);
}
/** The stale ones among the candidates, each with its reason; oldest update first. */
async function staleRows(candidates, criteria, deps, undecided) {
    const rows = [];
    for (const deployment of candidates) {
        const pullRequest = pullRequestOf(deployment.name, criteria.prefix);
        const reason = staleByAge(deployment, criteria, deps.clock.now()) ??
            (criteria.closedPullRequests && pullRequest !== undefined
                ? await staleByPullRequest(pullRequest, deps, () => undecided.push(deployment.name))
                : undefined);
        if (reason === undefined)
            continue;
        rows.push({
            name: deployment.name,
            id: deployment.id,
            updatedAt: deployment.updated_at ?? undefined,
            reason,
            pullRequest,
            result: 'would delete'
        });
    }
    const updated = (row) => Date.parse(row.updatedAt ?? '') || 0;
    return rows.sort((a, b) => updated(a) - updated(b) || a.name.localeCompare(b.name));
}
/** The number that ends a name made of the prefix and a pull request's number. */
function pullRequestOf(name, prefix) {
    const rest = name.slice(prefix.length);
    return name.startsWith(prefix) && /^[1-9]\d{0,9}$/.test(rest) ? Number(rest) : undefined;
}
function staleByAge(deployment, criteria, now) {
    if (criteria.olderThanMs === undefined)
        return undefined;
    const updatedAt = Date.parse(deployment.updated_at ?? '');
    // A deployment without a readable update time is never judged old.
    if (!Number.isFinite(updatedAt))
        return undefined;
    const age = now - updatedAt;
    return age > criteria.olderThanMs
        ? `not updated for ${(0,_lib_duration__WEBPACK_IMPORTED_MODULE_1__/* .formatDuration */ .a)(age)} (prune-older-than ${(0,_lib_duration__WEBPACK_IMPORTED_MODULE_1__/* .formatDuration */ .a)(criteria.olderThanMs)})`
        : undefined;
}
async function staleByPullRequest(pullRequest, deps, couldNotTell) {
    if (!deps.pullRequestState)
        return undefined;
    try {
        const state = await deps.pullRequestState(pullRequest);
        return state === 'closed' ? `pull request #${pullRequest} is closed` : undefined;
    }
    catch (error) {
        couldNotTell();
        deps.io.warning(`Pull request #${pullRequest} could not be read, so its preview is kept: ${error instanceof Error ? error.message : String(error)}`);
        return undefined;
    }
}
async function deleteOne(row, deleteTracingProject, deps, call) {
    try {
        await deps.client.deleteDeployment(row.id, { deleteTracingProject }, call);
        return 'deleted';
    }
    catch (error) {
        // Deleted meanwhile (another run, a person): the wanted end state.
        if (error instanceof _control_plane_errors__WEBPACK_IMPORTED_MODULE_0__/* .HttpStatusError */ .F9 && error.status === 404)
            return 'already gone';
        if (deps.signal?.aborted)
            throw error;
        row.failure = (0,_target__WEBPACK_IMPORTED_MODULE_2__/* .withHint */ .mu)(error);
        return 'failed';
    }
}
function deletedNames(rows) {
    return rows.filter((row) => row.result === 'deleted').map((row) => row.name);
}
function pruneSummary(rows, deleteTracingProject) {
    const deleted = rows.filter((row) => row.result === 'deleted').length;
    const gone = rows.filter((row) => row.result === 'already gone').length;
    if (rows.length === 0)
        return 'No stale deployment: nothing was deleted.';
    const tracing = deleteTracingProject
        ? ', with their tracing projects'
        : '; their tracing projects are kept (delete-tracing-project: true deletes them too)';
    const goneText = gone > 0 ? ` ${gone} had already gone.` : '';
    return `Deleted ${deleted} stale deployment${deleted === 1 ? '' : 's'}${tracing}.${goneText}`;
}
function cancelledMessage(rows) {
    return `Cancelled after deleting ${deletedNames(rows).length} of ${rows.length} stale deployments; the rest were not tried.`;
}
/** The table of the log: name, last update, why, and what became of it. */
function pruneTable(rows) {
    if (rows.length === 0)
        return [];
    const table = [
        ['name', 'last update', 'why', 'result'],
        ...rows.map((row) => [
            row.name,
            row.updatedAt ?? '?',
            row.reason,
            row.failure ? `${row.result}: ${row.failure.split('\n')[0] ?? ''}` : row.result
        ])
    ];
    const widths = [0, 1, 2].map((column) => Math.max(...table.map((cells) => (cells[column] ?? '').length)));
    return table.map((cells) => cells
        .map((cell, column) => cell.padEnd(widths[column] ?? 0))
        .join('  ')
        .trimEnd());
}


/***/ })

};

//# sourceMappingURL=186.index.js.map