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

// EXTERNAL MODULE: ./src/policy/schema.ts
var schema = __webpack_require__(4139);
// EXTERNAL MODULE: ./src/policy/describe.ts
var describe = __webpack_require__(8621);
// EXTERNAL MODULE: ./src/report/markdown.ts
var markdown = __webpack_require__(4285);
// EXTERNAL MODULE: ./src/report/policy-model.ts
var policy_model = __webpack_require__(3034);
// EXTERNAL MODULE: ./src/report/policy-text.ts
var policy_text = __webpack_require__(5132);
;// CONCATENATED MODULE: ./src/report/validate-summary.ts





/** A policy under an entry in words, a section the entry removed said as off. */
function entryWords(written, underEntry) {
    const removed = schema/* SECTIONS */.bP.filter((section) => written[section] !== undefined && underEntry[section] === undefined).map((section) => `${section}: off`);
    return [...(0,describe/* describePolicy */.w)(underEntry), ...removed].join('; ') || 'only the serving check';
}
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
    await report.summary(renderValidateSummary(validated, report.redact, report.links));
}
function renderValidateSummary(validated, redact, links = {}) {
    const md = (0,markdown/* markdownFor */.DY)(redact);
    const policy = (0,policy_model/* policyInWords */.V)(validated, true, links.place, links.commit);
    if (policy === undefined || !policy.given)
        throw new Error('validate ran without a policy.');
    const entries = validated.entryEffects ?? [];
    const checked = entries.length === 0
        ? 'as written'
        : `as written and under each of its ${entries.length} environments entr${entries.length === 1 ? 'y' : 'ies'}`;
    return (0,markdown/* capMarkdown */.y3)([
        `## ✅ Validate: no problems in the release policy ${md.code(policy.path)}`,
        '',
        md.paragraph(`Checked ${checked}. Nothing was sent: a deploy records the same digest for the same policy.`),
        '',
        `- **File:** ${md.linkAs(policy.path, policy.link)}`,
        `- **Digest:** ${md.code((0,policy_text/* shortDigest */.VK)(policy.digest))}`,
        // Each entry in one line: what a deploy under it checks, and its digest.
        ...(entries.length === 0
            ? (0,policy_text/* policyInEffectLines */.CW)(policy, md)
            : [
                `- **As written:** ${md.cell((0,describe/* describePolicy */.w)(validated.inEffect.policy).join('; ') || 'only the serving check')}`,
                ...entries.map(({ name, inEffect }) => `- ${md.code(`environments.${name}`)} (${md.code((0,policy_text/* shortDigest */.VK)(inEffect.digest))}): ${md.cell(entryWords(validated.inEffect.policy, inEffect.policy))}`),
                // The entry the job's `environment` picks, when it names one: what its deploy applies.
                ...(validated.inEffect.entry === null
                    ? []
                    : [`- **Entry applied:** ${md.cell(`environments.${validated.inEffect.entry}`)}`])
            ]),
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
    await reportValidated({
        path: policy.path,
        inEffect: policy.inEffect,
        entriesChecked: policy.entries.length,
        entryEffects: policy.entryEffects ?? []
    }, log, report);
}


/***/ }),

/***/ 4139:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   bP: () => (/* binding */ SECTIONS),
/* harmony export */   qh: () => (/* binding */ sectionsSchema),
/* harmony export */   wh: () => (/* binding */ policySchema)
/* harmony export */ });
/* unused harmony exports DEFAULTS, base, entrySchema */
/* harmony import */ var zod__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(2857);
/* harmony import */ var _policy_kit_schema_kit__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(6985);
/* harmony import */ var _sections__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3518);
/**
 * The release policy file, one zod schema made from the sections' declarations (./sections.ts):
 * what every key may hold, its description and its default (for the published JSON Schema and
 * the README's reference), and the partial policy an `environments` entry holds (`null` removes
 * a key, `false` a section).
 */



/** The sections a policy (and an environments entry) may hold, in the order they are shown. */
const SECTIONS = _sections__WEBPACK_IMPORTED_MODULE_0__/* .DECLARED */ .X.map((section) => section.name);
/** Each key's default, as written in a file (filled in only in the sections present). */
const DEFAULTS = Object.fromEntries(_sections__WEBPACK_IMPORTED_MODULE_0__/* .DECLARATIONS */ .U.map((section) => [section.name, section.defaults]));
/** The sections' schemas as a policy holds them (their shapes name the known keys). */
const base = Object.fromEntries(_sections__WEBPACK_IMPORTED_MODULE_0__/* .DECLARED */ .X.map((section) => [section.name, section.file]));
const removable = (schema) => zod__WEBPACK_IMPORTED_MODULE_1__/* .union */ .KCZ([zod__WEBPACK_IMPORTED_MODULE_1__/* .literal */ .euz(false), schema]).optional();
/** An environments entry: any section but version and environments, `false` removing one. */
const entrySchema = zod__WEBPACK_IMPORTED_MODULE_1__/* .strictObject */ .rej(Object.fromEntries(_sections__WEBPACK_IMPORTED_MODULE_0__/* .DECLARATIONS */ .U.map((section) => [section.name, removable(section.entry)])), { error: (0,_policy_kit_schema_kit__WEBPACK_IMPORTED_MODULE_2__/* .mappingError */ .H7)(`a partial policy (${SECTIONS.join(', ')})`) })
    .meta({ description: 'a partial policy applied over the rest for this GitHub environment' });
/** An entry's name: the environment's, or a prefix of names ending in `*`. */
const entryName = zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP()
    .regex(/^[^*]+\*?$/, 'must be an environment name, or a prefix ending in * (pr-*)');
const version = zod__WEBPACK_IMPORTED_MODULE_1__/* .literal */ .euz(1, { error: 'must be 1 (the only version of the release policy so far)' })
    .meta({ description: '`1` (required; a later schema is a new number)' });
/** The sections of a policy without `environments`: what a policy in effect holds. */
const sectionsSchema = zod__WEBPACK_IMPORTED_MODULE_1__/* .strictObject */ .rej({
    version,
    ...Object.fromEntries(_sections__WEBPACK_IMPORTED_MODULE_0__/* .DECLARATIONS */ .U.map((section) => [section.name, section.file.optional()]))
}, {
    error: (0,_policy_kit_schema_kit__WEBPACK_IMPORTED_MODULE_2__/* .mappingError */ .H7)(`a mapping of version, ${SECTIONS.join(', ')} and environments`)
});
/** The file as written. */
const policySchema = sectionsSchema
    .extend({
    environments: zod__WEBPACK_IMPORTED_MODULE_1__/* .record */ .g1P(entryName, entrySchema, {
        error: 'must be a mapping of environment names to partial policies'
    })
        .optional()
        .meta({
        description: 'environment name (or prefix ending in *) → a partial policy merged over the rest'
    })
})
    .meta({
    title: 'Release policy',
    description: 'What must hold before a new revision stays (deploy-agent-action)'
});


/***/ })

};

//# sourceMappingURL=407.index.js.map