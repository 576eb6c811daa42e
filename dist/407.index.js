export const id = 407;
export const ids = [407];
export const modules = {

/***/ 6407:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  validate: () => (/* binding */ validate)
});

// EXTERNAL MODULE: ./src/policy/describe.ts
var describe = __webpack_require__(8621);
// EXTERNAL MODULE: ./src/report/markdown.ts
var markdown = __webpack_require__(4285);
// EXTERNAL MODULE: ./src/report/policy-model.ts + 1 modules
var policy_model = __webpack_require__(8901);
// EXTERNAL MODULE: ./src/report/policy-text.ts
var policy_text = __webpack_require__(5132);
;// CONCATENATED MODULE: ./src/report/validate-summary.ts




/**
 * What operation validate says: that the policy has no problems and its digest, the policy in
 * effect in words and as JSON in the log, and the job summary (written in every case).
 */
async function reportValidated(validated, log, report) {
    const { path, entriesChecked: entries } = validated;
    const { entry, digest, policy: inEffect } = validated.inEffect;
    log.info(`Release policy ${path}: no problems (checked as written${entries === 0 ? '' : ` and with each of ${entries} environments entries merged`}).`);
    log.info(`Policy in effect${entry === null ? '' : ` with environments.${entry}`}: digest ${digest}`);
    for (const line of (0,describe/* describePolicy */.w)(inEffect))
        log.info(`  ${line}`);
    log.startGroup('The policy in effect, as JSON');
    log.info(JSON.stringify(inEffect, null, 2));
    log.endGroup();
    await report.summary(renderValidateSummary(validated, report.redact));
}
function renderValidateSummary(validated, redact, links = {}) {
    const md = (0,markdown/* markdownFor */.DY)(redact);
    const policy = (0,policy_model/* policyInWords */.V)(validated, true, links.place, links.commit);
    if (policy === undefined || !policy.given)
        throw new Error('validate ran without a policy.');
    const entries = validated.entriesChecked;
    const checked = entries === 0
        ? 'checked as written'
        : `checked as written and with each of its ${entries} environments entr${entries === 1 ? 'y' : 'ies'} merged`;
    return (0,markdown/* capMarkdown */.y3)([
        '## ✅ Release policy: no problems',
        '',
        md.paragraph(`${checked}; nothing was sent.`),
        '',
        `- **File:** ${md.linkAs(policy.path, policy.link)}`,
        `- **Digest:** ${md.code(policy.digest)}`,
        ...(0,policy_text/* policyInEffectLines */.CW)(policy, md),
        ''
    ].join('\n'));
}

;// CONCATENATED MODULE: ./src/operations/validate.ts

/** The policy checked, as the report says it: in effect for `environment`, else as written. */
async function validate(config, log, report) {
    const policy = config.releasePolicy;
    // The rules require release-policy with validate; parseInputs refuses a policy with problems.
    if (policy === undefined)
        throw new Error('operation validate ran without a release policy.');
    await reportValidated({ path: policy.path, inEffect: policy.inEffect, entriesChecked: policy.entries.length }, log, report);
}


/***/ })

};

//# sourceMappingURL=407.index.js.map