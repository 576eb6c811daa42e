export const id = 542;
export const ids = [542];
export const modules = {

/***/ 542:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   validate: () => (/* binding */ validate)
/* harmony export */ });
/* harmony import */ var _policy_describe__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(8621);

/** Prints the policy in effect (for `environment`, else as written) and its digest. */
function validate(config, log) {
    const policy = config.releasePolicy;
    // The rules require release-policy with validate; parseInputs refuses a policy with problems.
    if (policy === undefined)
        throw new Error('operation validate ran without a release policy.');
    const { entry, digest, policy: inEffect } = policy.inEffect;
    const entries = policy.entries;
    log.info(`Release policy ${policy.path}: no problems (checked as written${entries.length === 0 ? '' : ` and with each of ${entries.length} environments entries merged`}).`);
    log.info(`Policy in effect${entry === null ? '' : ` with environments.${entry}`}: digest ${digest}`);
    for (const line of (0,_policy_describe__WEBPACK_IMPORTED_MODULE_0__/* .describePolicy */ .w)(inEffect))
        log.info(`  ${line}`);
    log.startGroup('The policy in effect, as JSON');
    log.info(JSON.stringify(inEffect, null, 2));
    log.endGroup();
}


/***/ })

};

//# sourceMappingURL=542.index.js.map