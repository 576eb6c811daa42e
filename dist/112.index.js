export const id = 112;
export const ids = [112];
export const modules = {

/***/ 6112:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   caseEntries: () => (/* binding */ caseEntries)
/* harmony export */ });
/* unused harmony export parseCases */
/* harmony import */ var yaml__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(8815);
/* harmony import */ var _cases__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(8288);
/**
 * A case file's text → its cases: the YAML (or JSON Lines) reading of `smoke.cases`, apart from
 * the cases' shape (./cases.ts) so that the YAML parser loads only with a policy that names one.
 */


/** A case file's text → its cases: a YAML list, or JSON Lines (one case a line). Pure. */
function parseCases(text, jsonLines) {
    // Editors on Windows start a UTF-8 file with a byte-order mark; JSON.parse refuses it.
    text = text.replace(/^\uFEFF/, '');
    const entries = caseEntries(text, jsonLines);
    if ('problem' in entries)
        return { problems: [entries.problem] };
    if (entries.list.length === 0)
        return { problems: ['the file holds no cases'] };
    if (entries.list.length > MAX_CASES)
        return {
            problems: [
                `the file holds ${entries.list.length} cases, more than ${MAX_CASES}: a smoke suite gates a deploy, keep it small`
            ]
        };
    const problems = [];
    const cases = [];
    for (const { where, value } of entries.list) {
        const parsed = toCase(value, where);
        if ('problems' in parsed)
            problems.push(...parsed.problems);
        else
            cases.push(parsed.case);
    }
    return problems.length > 0 ? { problems } : { cases, problems: [] };
}
/** A case file's text → its entries as written, each with its place ("case 3", "line 3"). */
function caseEntries(text, jsonLines) {
    text = text.replace(/^\uFEFF/, '');
    return jsonLines ? jsonLineEntries(text) : yamlEntries(text);
}
function yamlEntries(text) {
    let value;
    try {
        value = (0,yaml__WEBPACK_IMPORTED_MODULE_0__/* .parse */ .qg)(text);
    }
    catch (error) {
        // Where, never what: a file of another kind must not be quoted.
        const line = error.linePos?.[0]?.line;
        return { problem: `is not valid YAML${line === undefined ? '' : ` at line ${line}`}` };
    }
    if (!Array.isArray(value))
        return {
            problem: 'must be a list of cases (YAML "- message: …" items, or a .jsonl file with a case a line)'
        };
    return { list: value.map((item, index) => ({ where: `case ${index + 1}`, value: item })) };
}
function jsonLineEntries(text) {
    const list = [];
    const lines = text.split(/\r?\n/);
    for (const [index, line] of lines.entries()) {
        if (line.trim() === '')
            continue;
        try {
            list.push({ where: `line ${index + 1}`, value: JSON.parse(line) });
        }
        catch {
            return { problem: `line ${index + 1} is not JSON (a .jsonl file holds one case a line)` };
        }
    }
    return { list };
}


/***/ })

};

//# sourceMappingURL=112.index.js.map