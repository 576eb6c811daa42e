export const id = 477;
export const ids = [477];
export const modules = {

/***/ 6197:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   s: () => (/* binding */ readWorkspaceFile)
/* harmony export */ });
/* unused harmony export outsideByName */
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3024);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_fs__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(1455);
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_fs_promises__WEBPACK_IMPORTED_MODULE_1__);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(6760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_2___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_2__);



/** Why a path is refused by its name alone: absolute, or climbing out with "..". */
function outsideByName(path) {
    if ((0,node_path__WEBPACK_IMPORTED_MODULE_2__.isAbsolute)(path) || /^[a-z]:/i.test(path) || path.startsWith('\\'))
        return 'is an absolute path';
    if (path.split(/[\\/]/).includes('..'))
        return 'climbs out of its folder with ".."';
    return undefined;
}
/**
 * Whether a path leads into the checkout's `.git/` (its config may hold the persisted token):
 * never a file the repository's policy names, whatever its case.
 */
function insideGit(path) {
    return path.split(/[\\/]/).some((part) => part.toLowerCase() === '.git');
}
const GIT_PROBLEM = (path) => `${path} is inside .git/, the checkout's own files (they may hold its credential), not the repository's; name a file of the repository`;
/** What a path that is not a regular file is, by its type (found without opening it). */
function typeWords(info) {
    if (info.isDirectory())
        return 'a directory';
    if (info.isFIFO())
        return 'a FIFO (a named pipe)';
    if (info.isSocket())
        return 'a socket';
    if (info.isBlockDevice() || info.isCharacterDevice())
        return 'a device';
    return 'not a regular file';
}
/**
 * Reads `path`, relative to `workspace` (the runner's GITHUB_WORKSPACE, else the working
 * directory), at most `maxBytes`; `what` names the file in a sentence ("the case file"). Never throws: every way it can fail is a sentence that starts
 * with the path.
 */
async function readWorkspaceFile(path, workspace, limits) {
    const { maxBytes, what } = limits;
    const refused = outsideByName(path);
    if (refused)
        return {
            kind: 'outside',
            problem: `${path} ${refused}; give a path inside the workspace, relative to it`
        };
    if (insideGit(path))
        return { kind: 'git', problem: GIT_PROBLEM(path) };
    try {
        const root = await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_1__.realpath)(workspace ?? process.cwd());
        // Symbolic links followed: where the file really is must still be inside the workspace.
        const fullPath = await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_1__.realpath)((0,node_path__WEBPACK_IMPORTED_MODULE_2__.resolve)(root, path));
        const inside = (0,node_path__WEBPACK_IMPORTED_MODULE_2__.relative)(root, fullPath);
        if (inside === '..' || inside.startsWith(`..${node_path__WEBPACK_IMPORTED_MODULE_2__.sep}`) || (0,node_path__WEBPACK_IMPORTED_MODULE_2__.isAbsolute)(inside))
            return {
                kind: 'outside',
                problem: `${path} leads outside the workspace (a symbolic link to a file elsewhere); ${what} must be in the repository`
            };
        if (insideGit(inside))
            return { kind: 'git', problem: GIT_PROBLEM(path) };
        // Only a regular file is opened: a FIFO would block the run until something writes to it.
        const info = await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_1__.stat)(fullPath);
        if (!info.isFile())
            return {
                kind: 'not-a-file',
                problem: `${path} is ${typeWords(info)}, not a file; ${what} must be a file`
            };
        const bytes = await readCapped(fullPath, maxBytes);
        if (bytes === undefined)
            return { kind: 'not-a-file', problem: `${path} is not a file; ${what} must be a file` };
        if (bytes === TOO_LARGE)
            return { kind: 'too-large', problem: `${path} is more than ${formatBytes(maxBytes)}` };
        return { bytes };
    }
    catch (error) {
        const code = error.code;
        const why = code === 'ENOENT' ? 'there is no such file' : (code ?? String(error));
        return {
            kind: 'unreadable',
            problem: `${path} cannot be read (${why}); the path is relative to the workspace`
        };
    }
}
const formatBytes = (bytes) => bytes % (1024 * 1024) === 0 ? `${bytes / 1024 / 1024} MiB` : `${bytes} bytes`;
const TOO_LARGE = Symbol('too large');
/** Windows has no O_NONBLOCK (nor FIFOs in the workspace). */
const NON_BLOCKING = node_fs__WEBPACK_IMPORTED_MODULE_0__.constants.O_NONBLOCK ?? 0;
/**
 * The file's bytes, counted as they are read: a size from `stat` is not trusted (a /proc file
 * says 0 bytes and goes on). Undefined when it is not a regular file.
 */
async function readCapped(fullPath, maxBytes) {
    // Non-blocking, should the path have turned into a FIFO since it was seen a file.
    const handle = await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_1__.open)(fullPath, node_fs__WEBPACK_IMPORTED_MODULE_0__.constants.O_RDONLY | NON_BLOCKING);
    try {
        if (!(await handle.stat()).isFile())
            return undefined;
        const chunks = [];
        let total = 0;
        for (;;) {
            const chunk = Buffer.alloc(64 * 1024);
            const { bytesRead } = await handle.read(chunk, 0, chunk.length, null);
            if (bytesRead === 0)
                break;
            total += bytesRead;
            if (total > maxBytes)
                return TOO_LARGE;
            chunks.push(chunk.subarray(0, bytesRead));
        }
        return Buffer.concat(chunks);
    }
    finally {
        await handle.close();
    }
}


/***/ }),

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

/***/ 2724:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   readPolicySource: () => (/* binding */ readPolicySource)
/* harmony export */ });
/* harmony import */ var yaml__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(8815);
/* harmony import */ var _problems__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(2467);
/**
 * The policy's YAML with every node's place kept: parse problems, duplicate keys and `${{ }}`
 * found on the tree, and any key path turned into a line and column.
 */


const EXPRESSION = /\$\{\{/;
function readPolicySource(text) {
    const lineCounter = new yaml__WEBPACK_IMPORTED_MODULE_0__/* .LineCounter */ .HN();
    // Duplicate keys are found below, with their key paths: the parser's own check names neither.
    const document = (0,yaml__WEBPACK_IMPORTED_MODULE_0__/* .parseDocument */ .Tp)(text.replace(/^\uFEFF/, ''), {
        lineCounter,
        uniqueKeys: false,
        prettyErrors: false
    });
    const place = (offset) => {
        if (offset === undefined)
            return undefined;
        const { line, col } = lineCounter.linePos(offset);
        return { line, col };
    };
    const locate = (path, options = {}) => {
        const node = nodeAt(document, path, options.key ?? false);
        return place(node?.range?.[0]);
    };
    if (document.errors.length > 0) {
        return {
            value: undefined,
            locate,
            problems: document.errors.map((error) => ({
                // The parser's code in words, never its message: it may quote the text, and a file that
                // is not YAML at all (a named file of another kind) must not be shown.
                message: `is not valid YAML: ${error.code.toLowerCase().replace(/_/g, ' ')}`,
                path: [],
                ...place(error.pos[0])
            }))
        };
    }
    const problems = [];
    walk(document.contents, [], (node, path, isKey) => {
        if ((0,yaml__WEBPACK_IMPORTED_MODULE_0__/* .isScalar */ .jn)(node) && typeof node.value === 'string' && EXPRESSION.test(node.value))
            problems.push({
                message: `${(0,_problems__WEBPACK_IMPORTED_MODULE_1__/* .keyPathText */ .Cm)(path) || 'the file'} holds a \${{ }} expression${isKey ? ' in a key' : ''}: the release policy is not a workflow, nothing in it is evaluated; write the value itself`,
                path,
                ...place(node.range?.[0])
            });
        if ((0,yaml__WEBPACK_IMPORTED_MODULE_0__/* .isMap */ .jh)(node)) {
            const seen = new Map();
            for (const pair of node.items) {
                const name = keyName(pair.key);
                const keyNode = pair.key;
                const at = place(keyNode?.range?.[0]);
                if (seen.has(name))
                    problems.push({
                        message: `${(0,_problems__WEBPACK_IMPORTED_MODULE_1__/* .keyPathText */ .Cm)([...path, name])} is given twice (first on line ${seen.get(name)}); keep one`,
                        path: [...path, name],
                        ...at
                    });
                else
                    seen.set(name, at?.line);
            }
        }
    });
    let value;
    try {
        value = document.toJS({ maxAliasCount: 100 });
    }
    catch (error) {
        problems.push({
            message: `cannot be read as data: ${error instanceof Error ? error.message : String(error)}`,
            path: []
        });
    }
    return { value, problems, locate };
}
function keyName(key) {
    return (0,yaml__WEBPACK_IMPORTED_MODULE_0__/* .isScalar */ .jn)(key) ? String(key.value) : String(key);
}
/** Every node of the tree with its key path (keys visited too: `${{` may hide in one). */
function walk(node, path, visit) {
    visit(node, path, false);
    if ((0,yaml__WEBPACK_IMPORTED_MODULE_0__/* .isMap */ .jh)(node))
        for (const pair of node.items) {
            const name = keyName(pair.key);
            visit(pair.key, [...path, name], true);
            walk(pair.value, [...path, name], visit);
        }
    else if ((0,yaml__WEBPACK_IMPORTED_MODULE_0__/* .isSeq */ .oP)(node))
        node.items.forEach((item, index) => walk(item, [...path, index], visit));
}
/** Each mapping's pairs by key name (the last of a duplicate), so a lookup is not a scan. */
const pairIndex = new WeakMap();
function pairsOf(node) {
    let index = pairIndex.get(node);
    if (index === undefined) {
        index = new Map(node.items.map((item) => [keyName(item.key), item]));
        pairIndex.set(node, index);
    }
    return index;
}
/** The node at a key path: the key's node when asked, else the value's (or the key's, for a null). */
function nodeAt(document, path, wantKey) {
    let node = document.contents;
    let keyNode;
    for (const part of path) {
        keyNode = undefined;
        if ((0,yaml__WEBPACK_IMPORTED_MODULE_0__/* .isMap */ .jh)(node)) {
            const pair = pairsOf(node).get(String(part));
            if (!pair)
                return undefined;
            keyNode = pair.key;
            node = pair.value;
        }
        else if ((0,yaml__WEBPACK_IMPORTED_MODULE_0__/* .isSeq */ .oP)(node) && typeof part === 'number') {
            node = node.items[part];
        }
        else
            return undefined;
    }
    const chosen = wantKey && keyNode !== undefined ? keyNode : (node ?? keyNode);
    return (chosen ?? undefined);
}


/***/ }),

/***/ 6231:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  MAX_POLICY_BYTES: () => (/* binding */ MAX_POLICY_BYTES),
  checkPolicy: () => (/* binding */ checkPolicy),
  loadPolicy: () => (/* binding */ loadPolicy)
});

// EXTERNAL MODULE: ./src/lib/workspace-file.ts
var workspace_file = __webpack_require__(6197);
// EXTERNAL MODULE: external "node:crypto"
var external_node_crypto_ = __webpack_require__(7598);
// EXTERNAL MODULE: ./node_modules/canonicalize/lib/canonicalize.js
var canonicalize = __webpack_require__(8799);
// EXTERNAL MODULE: ./src/policy/environments.ts
var environments = __webpack_require__(7974);
// EXTERNAL MODULE: ./src/policy/named-files.ts
var named_files = __webpack_require__(2113);
// EXTERNAL MODULE: ./src/policy/schema.ts
var schema = __webpack_require__(4139);
// EXTERNAL MODULE: ./src/policy/sections.ts + 5 modules
var sections = __webpack_require__(9594);
;// CONCATENATED MODULE: ./src/policy/effective.ts
/**
 * The policy in effect for an environment: the entry merged over the rest, defaults filled in the
 * sections present, values parsed, the lists its file-valued keys hold resolved (a named file to
 * its path and digest); and its digest. Pure: the files the policy names were read by the loader.
 */






const isMapping = (value) => typeof value === 'object' && value !== null && !Array.isArray(value);
/** The file as written, with `entry` merged over it and each present section's defaults filled. */
function writtenInEffect(written, entry) {
    const entries = written.environments;
    const merged = (0,environments/* mergeEntry */.z$)(written, entry === undefined ? undefined : entries?.[entry]);
    for (const section of sections/* DECLARATIONS */.UJ) {
        const value = merged[section.name];
        if (isMapping(value))
            merged[section.name] = { ...section.defaults, ...value };
    }
    return merged;
}
/**
 * The policy in effect for `environment` (the input; undefined when not given). `written` is a
 * policy the loader found free of problems, `files` every file it names, as read.
 */
function policyInEffect(written, files, environment) {
    const names = Object.keys(written.environments ?? {});
    const entry = (0,environments/* selectEntry */.J9)(names, environment);
    const parsed = schema/* sectionsSchema */.qh.safeParse(writtenInEffect(written, entry));
    // The loader refuses a policy whose merged entries do not parse; one here is a defect.
    if (!parsed.success)
        throw new Error(`The release policy in effect does not parse: ${parsed.error.message}`);
    const effective = { ...parsed.data };
    const lists = {};
    for (const { path, keyPath, spec } of named_files/* FILE_KEYS */.AH) {
        const section = effective[path[0]];
        if (!isMapping(section) || section[path[1]] == null)
            continue;
        const value = section[path[1]];
        const copy = { ...section };
        effective[path[0]] = copy;
        if (Array.isArray(value)) {
            const inline = spec.inline(value);
            if ('problems' in inline)
                throw new Error(`An inline list the policy accepted does not parse (${keyPath}): ${inline.problems.map((p) => p.message).join('; ')}`);
            lists[keyPath] = { written: value, items: inline.items };
            continue;
        }
        const named = String(value);
        const read = files.get(keyPath)?.get(named);
        if (read === undefined)
            throw new Error(`The file ${named} was not read with the policy.`);
        copy[path[1]] = { path: named, sha256: read.sha256 };
        lists[keyPath] = { written: read.written, items: read.items };
    }
    const policy = effective;
    return { entry: entry ?? null, policy, digest: policyDigest(policy), files: lists };
}
/** SHA-256, 64 lower-case hex, of the RFC 8785 canonical JSON of a policy in effect. */
function policyDigest(policy) {
    const canonical = (0,canonicalize/* default */.A)(policy);
    if (canonical === undefined)
        throw new Error('The release policy has no JSON form.');
    return (0,external_node_crypto_.createHash)('sha256').update(canonical, 'utf8').digest('hex');
}

// EXTERNAL MODULE: ./src/policy-kit/problems.ts
var policy_kit_problems = __webpack_require__(2467);
// EXTERNAL MODULE: ./src/policy/rules.ts
var rules = __webpack_require__(1821);
;// CONCATENATED MODULE: ./src/policy/schema-issues.ts



const SECTIONS = sections/* DECLARATIONS */.UJ.map((section) => section.name);
const TOP_KEYS = ['version', ...SECTIONS, 'environments'];
const SECTION_KEYS = Object.fromEntries(sections/* DECLARATIONS */.UJ.map((section) => [section.name, Object.keys(section.file.shape)]));
/** The file-valued key (an inline list) a key path stands inside, and where its list starts. */
function inList(path) {
    const start = path[0] === 'environments' ? 2 : 0;
    const found = named_files/* FILE_KEYS */.AH.find(({ path: [section, key] }) => path[start] === section && path[start + 1] === key);
    return found && { spec: found.spec, list: start + 2 };
}
/** The keys known where `path` points (a mapping of the policy), and what it is called. */
function knownAt(path) {
    const inEntry = path[0] === 'environments';
    const rest = inEntry ? path.slice(2) : path;
    if (rest.length === 0)
        return { keys: inEntry ? [...SECTIONS] : TOP_KEYS, entry: inEntry };
    const list = inList(path);
    if (list !== undefined)
        return { keys: [...list.spec.itemKeys], entry: inEntry };
    return { keys: SECTION_KEYS[String(rest[0])] ?? [], entry: inEntry };
}
/** Where else a key is known: "min-pass is a key of smoke". */
function sectionOf(name) {
    return SECTIONS.find((section) => SECTION_KEYS[section]?.includes(name));
}
function unknownKey(path, name) {
    const keyPath = (0,policy_kit_problems/* keyPathText */.Cm)([...path, name]);
    const { keys, entry } = knownAt(path);
    const atTop = path.length === (entry ? 2 : 0);
    if (atTop && entry && (name === 'version' || name === 'environments'))
        return {
            path: [...path, name],
            key: true,
            message: `${keyPath}: an environments entry holds sections only (${SECTIONS.join(', ')}), not ${name}`
        };
    const suggestion = (0,policy_kit_problems/* nearest */.pA)(name, keys);
    const elsewhere = atTop ? undefined : sectionOf(name);
    const hint = suggestion !== undefined
        ? `; did you mean \`${suggestion}\`?`
        : elsewhere !== undefined
            ? `; ${name} is a key of ${elsewhere}`
            : keys.length > 0
                ? ` (known here: ${keys.join(', ')})`
                : '';
    return {
        path: [...path, name],
        key: true,
        message: `${keyPath} is not a key of the release policy${hint}`,
        ...(suggestion === undefined ? {} : { meant: suggestion })
    };
}
function explainIssue(issue) {
    const path = issue.path.map((part) => (typeof part === 'symbol' ? String(part) : part));
    const list = inList(path);
    // An item of a list that explains its own issues (an assistant entry): its own keys, its words.
    if (list?.spec.explainIssue !== undefined && path.length > list.list)
        return list.spec.explainIssue({ ...issue, path: path.slice(list.list + 1) }, path.slice(0, list.list + 1));
    if (issue.code === 'unrecognized_keys')
        return issue.keys.map((name) => unknownKey(path, name));
    if (issue.code === 'invalid_key')
        return [
            {
                path,
                key: true,
                message: `${(0,policy_kit_problems/* keyPathText */.Cm)(path)}: the key ${issue.issues[0]?.message ?? issue.message}`
            }
        ];
    const keyPath = (0,policy_kit_problems/* keyPathText */.Cm)(path);
    // A section of an entry is a mapping or false; zod says only "Invalid input" for neither.
    if (issue.code === 'invalid_union' && path[0] === 'environments' && path.length === 3)
        return [{ path, message: `${keyPath} must be a mapping of its keys, or false to remove it` }];
    return [
        { path, message: keyPath === '' ? `the file ${issue.message}` : `${keyPath} ${issue.message}` }
    ];
}

;// CONCATENATED MODULE: ./src/policy/judgeable.ts
/**
 * The policy as written with what the schema refused taken out, so that every other check still
 * runs on the rest (every problem at once): an unknown key is dropped, and a value the schema
 * refused is dropped with the rules on it left unjudged (they would only say it again, or say a
 * key is missing that is there). Pure.
 */



const judgeable_isMapping = (value) => typeof value === 'object' && value !== null && !Array.isArray(value);
/** Passes of the schema at most: each takes out what the last refused (a refinement runs later). */
const MAX_PASSES = 5;
function judgeable(written) {
    const issues = [];
    const seen = new Set();
    const refused = [];
    const onRefused = (keyPath, message) => {
        const named = [keyPath, ...(message.match(KEY_PATH) ?? [])];
        return refused.some((path) => named.some((each) => onPath(each, path)));
    };
    if (!judgeable_isMapping(written)) {
        const parsed = schema/* policySchema */.wh.safeParse(written);
        if (!parsed.success)
            issues.push(...parsed.error.issues.flatMap(explainIssue));
        return { issues, onRefused };
    }
    let value = structuredClone(written);
    for (let pass = 0; pass < MAX_PASSES; pass++) {
        const parsed = schema/* policySchema */.wh.safeParse(value);
        if (parsed.success)
            return { issues, value, policy: parsed.data, onRefused };
        for (const issue of parsed.error.issues) {
            for (const explained of explainIssue(issue)) {
                const id = `${(0,policy_kit_problems/* keyPathText */.Cm)(explained.path)}\n${explained.message}`;
                if (!seen.has(id))
                    issues.push(explained);
                seen.add(id);
                // A typo for a known key: the rules on the key meant are not judged without it.
                if (explained.meant !== undefined)
                    refused.push((0,policy_kit_problems/* keyPathText */.Cm)(inEffect([...explained.path.slice(0, -1), explained.meant])));
            }
            const path = issue.path.map((part) => (typeof part === 'symbol' ? String(part) : part));
            if (issue.code === 'unrecognized_keys') {
                for (const name of issue.keys)
                    removeAt(value, [...path, name]);
                continue;
            }
            // A list is judged whole: a refused item takes the list out.
            const firstIndex = path.findIndex((part) => typeof part === 'number');
            const cut = firstIndex === -1 ? path : path.slice(0, firstIndex);
            if (cut.length === 0)
                return { issues, onRefused };
            if (cut.length === 1 && cut[0] === 'version')
                value.version = 1;
            else
                removeAt(value, cut);
            refused.push((0,policy_kit_problems/* keyPathText */.Cm)(inEffect(cut)));
        }
        value = structuredClone(value);
    }
    return { issues, onRefused };
}
/** A key path of an entry as the policy in effect has it: `environments.pr-*.gate.x` → `gate.x`. */
function inEffect(path) {
    return path[0] === 'environments' && path.length > 2 ? path.slice(2) : path;
}
/** A key path as a sentence names it: `gate.min-scores`, `agent.message`. */
const KEY_PATH = /[a-z0-9-]+(?:\.[a-z0-9*_-]+)+/gi;
/**
 * Whether a rule that names `named` stands on the refused `path`: it names the path, a key under
 * it, or the mapping that holds it (a section alone is not a key path: `gate.x` names no other).
 */
function onPath(named, path) {
    return named === path || named.startsWith(`${path}.`) || path.startsWith(`${named}.`);
}
function removeAt(value, path) {
    let node = value;
    for (const part of path.slice(0, -1)) {
        if (!judgeable_isMapping(node))
            return;
        node = node[String(part)];
    }
    const last = path.at(-1);
    if (judgeable_isMapping(node) && last !== undefined)
        Reflect.deleteProperty(node, String(last));
}

// EXTERNAL MODULE: ./src/policy-kit/yaml-source.ts
var yaml_source = __webpack_require__(2724);
;// CONCATENATED MODULE: ./src/policy/load.ts
/**
 * Reads the release policy and finds every problem with it at once, each with its key path and
 * place: the YAML, duplicate keys, `${{ }}`, the schema (unknown keys with the nearest known one),
 * the files it names, and the rules between keys judged on the policy as written and with
 * each environments entry merged over it. Sends nothing.
 */










/** A release policy over this is not a policy. */
const MAX_POLICY_BYTES = 1024 * 1024;
/**
 * Reads `path` (relative to `workspace`) and the case files it names, under the workspace's path
 * rules. Never throws for the user's mistakes: they are the problems returned.
 */
async function loadPolicy(path, workspace, options = {}) {
    const file = await (0,workspace_file/* readWorkspaceFile */.s)(path, workspace, {
        maxBytes: MAX_POLICY_BYTES,
        what: 'the release policy'
    });
    if (file.bytes === undefined)
        return { problems: [{ message: `release-policy: ${file.problem}`, keyPath: '', file: path }] };
    const graphs = await (0,named_files/* readGraphNames */.zP)(options.graphConfigPath, workspace);
    return checkPolicy(file.bytes.toString('utf8'), path, (named, what) => 
    // The largest kind's cap; a smaller kind's is checked on its bytes.
    (0,workspace_file/* readWorkspaceFile */.s)(named, workspace, { maxBytes: named_files.MAX_NAMED_FILE_BYTES, what }), graphs);
}
/**
 * The policy's text → the loaded policy, or every problem with it. `file` is the path written in
 * `release-policy`; `readNamed` reads the files the policy names (from the workspace, or from a
 * pull request's base commit); `graphs` the graph names of the application's configuration, when
 * it could be read.
 */
async function checkPolicy(text, file, readNamed, graphs) {
    const source = (0,yaml_source.readPolicySource)(text);
    const at = (path, options) => locateNearest(source, path, options);
    const problems = source.problems.map((problem) => ({
        message: problem.message,
        keyPath: (0,policy_kit_problems/* keyPathText */.Cm)(problem.path),
        file,
        ...(problem.line === undefined ? at(problem.path) : { line: problem.line, col: problem.col })
    }));
    if (source.value === undefined)
        return { problems: withFallback(problems, file) };
    const asWritten = writtenPolicy(source, file);
    for (const { name, first } of (0,environments/* sameNamedEntries */.M5)(asWritten?.entries ?? [])) {
        const path = ['environments', name];
        problems.push({
            message: `environments.${name} is environments.${first} again (first on line ${at(['environments', first], { key: true }).line ?? 1}): GitHub matches environment names without regard to case; keep one`,
            keyPath: (0,policy_kit_problems/* keyPathText */.Cm)(path),
            file,
            ...at(path, { key: true })
        });
    }
    const expressions = source.problems.map((problem) => (0,policy_kit_problems/* keyPathText */.Cm)(problem.path));
    // What the schema refuses is taken out, and every other check runs on the rest.
    const checked = judgeable(source.value);
    for (const explained of checked.issues) {
        const keyPath = (0,policy_kit_problems/* keyPathText */.Cm)(explained.path);
        // A `${{ }}` value is not also said to be of the wrong type.
        if (expressions.includes(keyPath))
            continue;
        problems.push({ message: explained.message, keyPath, file, ...at(explained.path, explained) });
    }
    const { value: judged, policy } = checked;
    if (judged === undefined || policy === undefined)
        return { problems: withFallback(problems, file), written: asWritten };
    const named = await (0,named_files/* readNamedFiles */.vP)(policy, file, readNamed, at, { graphs });
    const files = named.files;
    problems.push(...named.problems);
    const entries = Object.keys(load_isMapping(policy.environments) ? policy.environments : {});
    // A rule broken as written, or by several entries, is said once for its line; a rule on a
    // value the schema refused is not judged.
    const rules = [undefined, ...entries]
        .flatMap((entry) => mergedProblems(judged, entry, files, file, at))
        .filter(({ problem }) => !checked.onRefused(problem.keyPath, problem.message));
    problems.push(...(0,policy_kit_problems/* saidOnce */.Xf)(rules));
    if (problems.length > 0)
        return { problems: withFallback((0,policy_kit_problems/* uniqueProblems */.OH)(problems), file), written: asWritten };
    const written = source.value;
    if (asWritten === undefined)
        throw new Error('A release policy that parsed is not a mapping.');
    return {
        problems: [],
        written: asWritten,
        policy: {
            ...asWritten,
            inEffect: (environment) => policyInEffect(written, files, environment)
        }
    };
}
/** The file as written, when its YAML is a mapping (else the schema says what it is). */
function writtenPolicy(source, file) {
    const value = source.value;
    if (!load_isMapping(value))
        return undefined;
    const environments = value.environments;
    return {
        file,
        value,
        entries: load_isMapping(environments) ? Object.keys(environments) : [],
        locate: (path, entry) => {
            const inEntry = entry === null ? undefined : ['environments', entry, ...path];
            if (inEntry !== undefined && keyLocatedExactly(value, inEntry))
                return locateNearest(source, inEntry, { key: true });
            return locateNearest(source, path, { key: true });
        },
        placeOf: (path, entry) => {
            const inEntry = entry === null ? [] : ['environments', entry];
            if (inEntry.length > 0 && keyLocatedExactly(value, inEntry))
                return locateNearest(source, [...inEntry, ...path], { key: true });
            return locateNearest(source, path, { key: true });
        }
    };
}
const load_isMapping = (value) => typeof value === 'object' && value !== null && !Array.isArray(value);
/** The place of a key path, else of its nearest ancestor that is in the file, else line 1. */
function locateNearest(source, path, options) {
    for (let length = path.length; length >= 0; length--) {
        const place = source.locate(path.slice(0, length), length === path.length ? options : { key: true });
        if (place)
            return place;
    }
    return { line: 1, col: 1 };
}
/** Every problem is annotated somewhere: one with no place is on the file's first line. */
function withFallback(problems, file) {
    return problems
        .map((problem) => problem.line === undefined ? { ...problem, file, line: 1, col: 1 } : problem)
        .sort((a, b) => (a.line ?? 0) - (b.line ?? 0) || (a.col ?? 0) - (b.col ?? 0));
}
/**
 * The rules judged on the policy in effect: as written (`entry` undefined) or with an entry
 * merged over it. A problem is placed on the key that needs the other, in the entry when the entry
 * sets it.
 */
function mergedProblems(written, entry, files, file, at) {
    const place = (path) => {
        if (entry !== undefined) {
            const inEntry = ['environments', entry, ...path];
            const found = at(inEntry, { key: true });
            if (found.line !== undefined && keyLocatedExactly(written, inEntry))
                return found;
        }
        return at(path, { key: true });
    };
    const parsed = schema/* sectionsSchema */.qh.safeParse(writtenInEffect(written, entry));
    const merged = (0,environments/* mergeEntry */.z$)(written, entry === undefined ? undefined : entryOf(written, entry));
    const given = (section, key) => keyLocatedExactly(merged, [section, key]);
    const found = parsed.success
        ? (0,rules/* policyRules */.c)(parsed.data, given, (keyPath, named) => files.get(keyPath)?.get(named)?.items.length)
        : parsed.error.issues.flatMap(explainIssue);
    return found.map(({ path, message }) => ({
        entry,
        problem: { message, keyPath: (0,policy_kit_problems/* keyPathText */.Cm)(path), file, ...place(path) }
    }));
}
function entryOf(written, entry) {
    return written.environments?.[entry];
}
/** Whether the file as written holds the key path itself (not only an ancestor of it). */
function keyLocatedExactly(written, path) {
    let node = written;
    for (const part of path) {
        if (typeof node !== 'object' || node === null || !(part in node))
            return false;
        node = node[part];
    }
    return true;
}


/***/ }),

/***/ 2113:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   AH: () => (/* binding */ FILE_KEYS),
/* harmony export */   MAX_NAMED_FILE_BYTES: () => (/* binding */ MAX_NAMED_FILE_BYTES),
/* harmony export */   vP: () => (/* binding */ readNamedFiles),
/* harmony export */   zP: () => (/* binding */ readGraphNames)
/* harmony export */ });
/* harmony import */ var node_crypto__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(7598);
/* harmony import */ var node_crypto__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_crypto__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(6760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_1__);
/* harmony import */ var _lib_workspace_file__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(6197);
/* harmony import */ var _policy_kit_problems__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(2467);
/* harmony import */ var _sections__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(9594);
/**
 * The files a policy names: every key a section declares file-valued (./section.ts `files`), in
 * the policy and in each environments entry, read once per path through one reader (the
 * workspace's, or a pull request's base commit's) and parsed by its declaration; an inline list
 * checked the same way. Each problem is on the policy's key that names the file, or on the
 * file's own line. Never throws for the user's mistakes: they are the problems returned.
 */





/** Each key a section declares file-valued, with its key path in a policy (`section.key`). */
const FILE_KEYS = _sections__WEBPACK_IMPORTED_MODULE_3__/* .DECLARATIONS */ .UJ.flatMap((section) => Object.entries(section.files ?? {}).map(([key, spec]) => ({
    path: [section.name, key],
    keyPath: `${section.name}.${key}`,
    spec
})));
/** The largest file a policy may name (each kind then holds to its own size). */
const MAX_NAMED_FILE_BYTES = Math.max(...FILE_KEYS.map(({ spec }) => spec.maxBytes));
const isMapping = (value) => typeof value === 'object' && value !== null && !Array.isArray(value);
/** Every value of `path` in the policy and in each entry, with the key path that holds it. */
function valuesOf(policy, path) {
    const found = [];
    const at = (root, prefix) => {
        const section = isMapping(root) ? root[path[0]] : undefined;
        const value = isMapping(section) ? section[path[1]] : undefined;
        if (value != null)
            found.push({ at: [...prefix, ...path], value });
    };
    at(policy, []);
    const entries = policy.environments;
    if (isMapping(entries))
        for (const [name, entry] of Object.entries(entries))
            at(entry, ['environments', name]);
    return found;
}
/**
 * Reads every file the parsed policy names (each path once per kind), and checks every list in
 * it, inline or read, against `facts`. `policyFile` is the path written in `release-policy`.
 */
async function readNamedFiles(policy, policyFile, readNamed, at, facts) {
    const files = new Map();
    const problems = [];
    readNamed = readOncePerFile(readNamed);
    for (const { path: keyPath, keyPath: name, spec } of FILE_KEYS) {
        const read = new Map();
        files.set(name, read);
        // Parsed and judged once per kind, whatever spellings of its path name it (said once).
        const parsedOnce = new Map();
        // A file with problems: what of its list can still be checked beside the policy.
        const partial = new Map();
        const lists = valuesOf(policy, keyPath);
        for (const { at: path, value } of lists) {
            const onPolicy = (message, where = path) => problems.push({
                message: `${(0,_policy_kit_problems__WEBPACK_IMPORTED_MODULE_4__/* .keyPathText */ .Cm)(path)}: ${message}`,
                keyPath: (0,_policy_kit_problems__WEBPACK_IMPORTED_MODULE_4__/* .keyPathText */ .Cm)(where),
                file: policyFile,
                ...at(where)
            });
            if (Array.isArray(value)) {
                const inline = spec.inline(value);
                if ('problems' in inline)
                    for (const { index, message } of inline.problems)
                        onPolicy(message, [...path, index]);
                continue;
            }
            if (typeof value !== 'string' || read.has(value))
                continue;
            const bytes = await readNamed(value, spec.what);
            if (bytes.bytes === undefined) {
                onPolicy(bytes.problem);
                continue;
            }
            if (parsedOnce.has(bytes.bytes)) {
                const seen = parsedOnce.get(bytes.bytes);
                if (seen !== undefined)
                    read.set(value, seen);
                continue;
            }
            parsedOnce.set(bytes.bytes, undefined);
            const parsed = await spec.parse(bytes.bytes, value);
            if ('problems' in parsed) {
                if (parsed.partial !== undefined)
                    partial.set(value, parsed.partial);
                for (const problem of parsed.problems)
                    if (problem.inFile === undefined)
                        onPolicy(problem.message);
                    else
                        problems.push({
                            message: `${problem.message} (in ${value})`,
                            keyPath: (0,_policy_kit_problems__WEBPACK_IMPORTED_MODULE_4__/* .keyPathText */ .Cm)([...keyPath, ...problem.inFile]),
                            file: value,
                            line: problem.line,
                            col: problem.col
                        });
                continue;
            }
            const fileRead = {
                ...parsed.read,
                sha256: (0,node_crypto__WEBPACK_IMPORTED_MODULE_0__.createHash)('sha256').update(bytes.bytes).digest('hex')
            };
            parsedOnce.set(bytes.bytes, fileRead);
            read.set(value, fileRead);
        }
        if (spec.check !== undefined)
            for (const { at: path, value } of lists)
                problems.push(...checked(spec, path, value, read.get(String(value)) ?? partial.get(String(value)), facts, policyFile, at));
    }
    return { files, problems };
}
/**
 * `read`, once per file whatever spelling of its path names it (`./cases.yml`, `a//b.yml`): a
 * policy may name one large file under many spellings, and each file is read once per run.
 */
function readOncePerFile(read) {
    const reads = new Map();
    return (path, what) => {
        const parts = path.split(/[\\/]/);
        // A path that climbs out is refused as written, never folded into another.
        const key = `${what}\n${parts.includes('..') ? path : node_path__WEBPACK_IMPORTED_MODULE_1__.posix.normalize(parts.join('/'))}`;
        let reading = reads.get(key);
        if (reading === undefined) {
            reading = read(path, what);
            reads.set(key, reading);
        }
        return reading;
    };
}
/** A list's problems against the facts read beside the policy, on the line of the item. */
function checked(spec, path, value, read, facts, policyFile, at) {
    const inline = Array.isArray(value) ? spec.inline(value) : undefined;
    const items = read?.items ?? (inline !== undefined && 'items' in inline ? inline.items : []);
    return (spec.check?.({ written: [], items }, facts) ?? []).map((found) => {
        const keyPath = (0,_policy_kit_problems__WEBPACK_IMPORTED_MODULE_4__/* .keyPathText */ .Cm)([...path, ...found.path]);
        return {
            message: `${keyPath}: ${found.message}`,
            keyPath,
            ...(read !== undefined && typeof value === 'string'
                ? { file: value, ...read.locate?.(found.path) }
                : { file: policyFile, ...at([...path, ...found.path]) })
        };
    });
}
/**
 * The graph names of the application's configuration file (`graph-config-path`, else
 * `langgraph.json`): the keys of its `graphs`; undefined when it cannot be read or holds none.
 */
async function readGraphNames(graphConfigPath, workspace) {
    const read = await (0,_lib_workspace_file__WEBPACK_IMPORTED_MODULE_2__/* .readWorkspaceFile */ .s)(graphConfigPath ?? 'langgraph.json', workspace, {
        maxBytes: 1024 * 1024,
        what: "the application's graph configuration"
    });
    if (read.bytes === undefined)
        return undefined;
    try {
        const graphs = JSON.parse(read.bytes.toString('utf8')).graphs;
        if (typeof graphs !== 'object' || graphs === null || Array.isArray(graphs))
            return undefined;
        return Object.keys(graphs);
    }
    catch {
        return undefined;
    }
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
/* harmony import */ var _sections__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(9594);
/**
 * The release policy file, one zod schema made from the sections' declarations (./sections.ts):
 * what every key may hold, its description and its default (for the published JSON Schema and
 * the README's reference), and the partial policy an `environments` entry holds (`null` removes
 * a key, `false` a section).
 */



/** The sections a policy (and an environments entry) may hold, in the order they are shown. */
const SECTIONS = _sections__WEBPACK_IMPORTED_MODULE_0__/* .DECLARED */ .XS.map((section) => section.name);
/** Each key's default, as written in a file (filled in only in the sections present). */
const DEFAULTS = Object.fromEntries(_sections__WEBPACK_IMPORTED_MODULE_0__/* .DECLARATIONS */ .UJ.map((section) => [section.name, section.defaults]));
/** The sections' schemas as a policy holds them (their shapes name the known keys). */
const base = Object.fromEntries(_sections__WEBPACK_IMPORTED_MODULE_0__/* .DECLARED */ .XS.map((section) => [section.name, section.file]));
const removable = (schema) => zod__WEBPACK_IMPORTED_MODULE_1__/* .union */ .KCZ([zod__WEBPACK_IMPORTED_MODULE_1__/* .literal */ .euz(false), schema]).optional();
/** An environments entry: any section but version and environments, `false` removing one. */
const entrySchema = zod__WEBPACK_IMPORTED_MODULE_1__/* .strictObject */ .rej(Object.fromEntries(_sections__WEBPACK_IMPORTED_MODULE_0__/* .DECLARATIONS */ .UJ.map((section) => [section.name, removable(section.entry)])), { error: (0,_policy_kit_schema_kit__WEBPACK_IMPORTED_MODULE_2__/* .mappingError */ .H7)(`a partial policy (${SECTIONS.join(', ')})`) })
    .meta({ description: 'a partial policy applied over the rest for this GitHub environment' });
/** An entry's name: the environment's, or a prefix of names ending in `*`. */
const entryName = zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP()
    .regex(/^[^*]+\*?$/, 'must be an environment name, or a prefix ending in * (pr-*)');
const version = zod__WEBPACK_IMPORTED_MODULE_1__/* .literal */ .euz(1, { error: 'must be 1 (the only version of the release policy so far)' })
    .meta({ description: '`1` (required; a later schema is a new number)' });
/** The sections of a policy without `environments`: what a policy in effect holds. */
const sectionsSchema = zod__WEBPACK_IMPORTED_MODULE_1__/* .strictObject */ .rej({
    version,
    ...Object.fromEntries(_sections__WEBPACK_IMPORTED_MODULE_0__/* .DECLARATIONS */ .UJ.map((section) => [section.name, section.file.optional()]))
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

//# sourceMappingURL=477.index.js.map