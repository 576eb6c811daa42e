export const id = 113;
export const ids = [113];
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
/* harmony import */ var _sections__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(3518);
/**
 * The files a policy names: every key a section declares file-valued (./section.ts `files`), in
 * the policy and in each environments entry, read once per path through one reader (the
 * workspace's, or a pull request's base commit's) and parsed by its declaration; an inline list
 * checked the same way. Each problem is on the policy's key that names the file, or on the
 * file's own line. Never throws for the user's mistakes: they are the problems returned.
 */





/** Each key a section declares file-valued, with its key path in a policy (`section.key`). */
const FILE_KEYS = _sections__WEBPACK_IMPORTED_MODULE_3__/* .DECLARATIONS */ .U.flatMap((section) => Object.entries(section.files ?? {}).map(([key, spec]) => ({
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


/***/ })

};

//# sourceMappingURL=113.index.js.map