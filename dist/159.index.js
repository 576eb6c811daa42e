export const id = 159;
export const ids = [159];
export const modules = {

/***/ 1159:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   deleteDeployment: () => (/* binding */ deleteDeployment)
/* harmony export */ });
/* harmony import */ var _target__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(9325);
/* harmony import */ var _control_plane_errors__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(4007);
/* harmony import */ var _control_plane_client__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(5319);



/**
 * operation: delete, for pull-request previews: find the deployment (exact name, or id) and
 * delete it, with its tracing project when asked. Already absent is a success. Dry run looks up
 * and says what it would delete.
 */
async function deleteDeployment(config, deps) {
    const { client, io, signal } = deps;
    const now = deps.clock.now;
    const call = { deadline: deps.deadline.at, signal };
    const state = {
        created: false,
        statusesSeen: []
    };
    const finish = (outcome, message) => ({
        ...state,
        outcome,
        message,
        elapsedMs: now() - deps.deadline.startedAt
    });
    const wanted = (0,_target__WEBPACK_IMPORTED_MODULE_0__/* .named */ .KT)(config);
    try {
        const existing = await (0,_target__WEBPACK_IMPORTED_MODULE_0__/* .findTarget */ .FB)(config, client, call, true);
        if (!existing) {
            io.notice(`No deployment ${wanted} exists: nothing to delete.`);
            return finish('absent', `No deployment ${wanted} exists; nothing was deleted.`);
        }
        state.deploymentId = existing.id;
        state.deploymentName = existing.name;
        const request = (0,_control_plane_client__WEBPACK_IMPORTED_MODULE_2__/* .describeDeleteRequest */ .YJ)(existing.id, {
            deleteTracingProject: config.deleteTracingProject
        });
        if (config.dryRun) {
            const planLines = [`Would delete ${(0,_target__WEBPACK_IMPORTED_MODULE_0__/* .describe */ .q0)(state)}: ${request}`];
            planLines.forEach((line) => io.info(line));
            return {
                ...finish('dry-run', `Dry run: ${(0,_target__WEBPACK_IMPORTED_MODULE_0__/* .describe */ .q0)(state)} would be deleted. Nothing was sent that changes state.`),
                planLines
            };
        }
        try {
            await client.deleteDeployment(existing.id, { deleteTracingProject: config.deleteTracingProject }, call);
        }
        catch (error) {
            // Deleted meanwhile, by another run: the wanted end state.
            if (!(error instanceof _control_plane_errors__WEBPACK_IMPORTED_MODULE_1__/* .HttpStatusError */ .F9 && error.status === 404))
                throw error;
        }
        const tracing = config.deleteTracingProject
            ? ' and its tracing project'
            : `; its tracing project is kept, so the name ${existing.name} stays taken until that is deleted (delete-tracing-project: true)`;
        return finish('deleted', `Deleted ${(0,_target__WEBPACK_IMPORTED_MODULE_0__/* .describe */ .q0)(state)}${tracing}.`);
    }
    catch (error) {
        if (signal?.aborted)
            return finish('cancelled', `Cancelled before the delete of ${wanted} was confirmed; check the service.`);
        return finish('error', (0,_target__WEBPACK_IMPORTED_MODULE_0__/* .withHint */ .mu)(error));
    }
}


/***/ })

};

//# sourceMappingURL=159.index.js.map