export const id = 10;
export const ids = [10];
export const modules = {

/***/ 2010:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   MAX_ARCHIVE_BYTES: () => (/* binding */ MAX_ARCHIVE_BYTES),
/* harmony export */   WARN_ARCHIVE_BYTES: () => (/* binding */ WARN_ARCHIVE_BYTES),
/* harmony export */   checkSourceDir: () => (/* binding */ checkSourceDir),
/* harmony export */   listSourceFiles: () => (/* binding */ listSourceFiles),
/* harmony export */   packSource: () => (/* binding */ packSource)
/* harmony export */ });
/* harmony import */ var node_child_process__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(1421);
/* harmony import */ var node_child_process__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_child_process__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(3024);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_fs__WEBPACK_IMPORTED_MODULE_1__);
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(1455);
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_2___default = /*#__PURE__*/__webpack_require__.n(node_fs_promises__WEBPACK_IMPORTED_MODULE_2__);
/* harmony import */ var node_os__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(8161);
/* harmony import */ var node_os__WEBPACK_IMPORTED_MODULE_3___default = /*#__PURE__*/__webpack_require__.n(node_os__WEBPACK_IMPORTED_MODULE_3__);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(6760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_4___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_4__);
/* harmony import */ var node_stream_promises__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(6466);
/* harmony import */ var node_stream_promises__WEBPACK_IMPORTED_MODULE_5___default = /*#__PURE__*/__webpack_require__.n(node_stream_promises__WEBPACK_IMPORTED_MODULE_5__);
/* harmony import */ var node_util__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(7975);
/* harmony import */ var node_util__WEBPACK_IMPORTED_MODULE_6___default = /*#__PURE__*/__webpack_require__.n(node_util__WEBPACK_IMPORTED_MODULE_6__);
/* harmony import */ var ignore__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(298);
/* harmony import */ var ignore__WEBPACK_IMPORTED_MODULE_7___default = /*#__PURE__*/__webpack_require__.n(ignore__WEBPACK_IMPORTED_MODULE_7__);
/* harmony import */ var tar__WEBPACK_IMPORTED_MODULE_8__ = __webpack_require__(8697);
/* harmony import */ var _lib_bytes__WEBPACK_IMPORTED_MODULE_11__ = __webpack_require__(9792);
/* harmony import */ var _control_plane_errors__WEBPACK_IMPORTED_MODULE_9__ = __webpack_require__(4007);
/* harmony import */ var _inputs_parse__WEBPACK_IMPORTED_MODULE_10__ = __webpack_require__(1978);












/** The service's limit for an uploaded tarball, and the size above which the action warns. */
const MAX_ARCHIVE_BYTES = 200 * 1024 * 1024;
const WARN_ARCHIVE_BYTES = 50 * 1024 * 1024;
/**
 * tar reads files in pieces of up to 16 MB by default; smaller pieces keep packing memory flat
 * (peak RSS of the bench's 197-MB folder on Node 24: 158 MB at 1 MB, 142 MB at 256 kB, in about
 * the same time).
 */
const READ_SIZE = 256 * 1024;
/**
 * Checks, before anything is sent, that `source-dir` is a folder and `graph-config-path` a file
 * inside it.
 */
async function checkSourceDir(config) {
    const dir = (0,node_path__WEBPACK_IMPORTED_MODULE_4__.resolve)(config.sourceDir);
    const dirStat = await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_2__.stat)(dir).catch(() => undefined);
    if (!dirStat?.isDirectory()) {
        throw new _inputs_parse__WEBPACK_IMPORTED_MODULE_10__/* .InputError */ .dz([{ input: 'source-dir', message: `${config.sourceDir} is not a folder` }]);
    }
    if (config.graphConfigPath === undefined)
        return;
    const configPath = (0,node_path__WEBPACK_IMPORTED_MODULE_4__.resolve)(dir, config.graphConfigPath);
    if ((0,node_path__WEBPACK_IMPORTED_MODULE_4__.relative)(dir, configPath).startsWith('..')) {
        throw new _inputs_parse__WEBPACK_IMPORTED_MODULE_10__/* .InputError */ .dz([
            {
                input: 'graph-config-path',
                message: `${config.graphConfigPath} is outside source-dir ${config.sourceDir}`
            }
        ]);
    }
    const configStat = await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_2__.stat)(configPath).catch(() => undefined);
    if (!configStat?.isFile()) {
        throw new _inputs_parse__WEBPACK_IMPORTED_MODULE_10__/* .InputError */ .dz([
            {
                input: 'graph-config-path',
                message: `${config.graphConfigPath} is not a file in source-dir ${config.sourceDir} (it is read relative to source-dir)`
            }
        ]);
    }
}
/**
 * Lists the files of `dir` to upload: what git would commit when the folder is in a git work tree
 * (tracked and untracked-but-not-ignored files), otherwise every file not matched by a
 * `.gitignore` in the folder or above it within the folder. `.git` is always left out.
 */
async function listSourceFiles(dir, signal = new AbortController().signal) {
    const fromGit = await gitFiles(dir, signal);
    const files = fromGit ?? (await walk(dir, '', [], signal));
    return files.filter((file) => !file.split('/').includes('.git')).sort();
}
async function gitFiles(dir, signal) {
    try {
        const run = (0,node_util__WEBPACK_IMPORTED_MODULE_6__.promisify)(node_child_process__WEBPACK_IMPORTED_MODULE_0__.execFile);
        const inside = await run('git', ['-C', dir, 'rev-parse', '--is-inside-work-tree'], { signal });
        if (inside.stdout.trim() !== 'true')
            return undefined;
        const listed = await run('git', ['-C', dir, 'ls-files', '-z', '--cached', '--others', '--exclude-standard'], { maxBuffer: 256 * 1024 * 1024, signal });
        return listed.stdout.split('\0').filter((file) => file !== '');
    }
    catch {
        // Stopped by the deadline or a cancel: not a reason to walk the folder instead.
        signal.throwIfAborted();
        return undefined;
    }
}
async function walk(root, sub, rules, signal) {
    signal.throwIfAborted();
    const here = (0,node_path__WEBPACK_IMPORTED_MODULE_4__.join)(root, sub);
    const gitignore = await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_2__.readFile)((0,node_path__WEBPACK_IMPORTED_MODULE_4__.join)(here, '.gitignore'), 'utf8').catch(() => undefined);
    const scoped = gitignore === undefined ? rules : [...rules, { base: sub, ig: ignore__WEBPACK_IMPORTED_MODULE_7___default()().add(gitignore) }];
    const ignored = (path, isDir) => scoped.some(({ base, ig }) => {
        const inBase = base === '' ? path : node_path__WEBPACK_IMPORTED_MODULE_4__.posix.relative(base, path);
        return ig.ignores(isDir ? `${inBase}/` : inBase);
    });
    const files = [];
    for (const entry of await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_2__.readdir)(here, { withFileTypes: true })) {
        const path = sub === '' ? entry.name : `${sub}/${entry.name}`;
        if (entry.name === '.git' || ignored(path, entry.isDirectory()))
            continue;
        if (entry.isDirectory())
            files.push(...(await walk(root, path, scoped, signal)));
        else
            files.push(path);
    }
    return files;
}
/**
 * Packs the folder into a gzip tarball in a temp folder (under RUNNER_TEMP on a runner), streamed
 * from disk to disk. Symbolic links, hard links and paths that would leave the folder are left
 * out (a file with several names is packed once, under the first). Refuses a tarball over the
 * service's limit, naming the largest files. Listing and packing stop when the run's deadline
 * passes (a DeadlineError) or the job is cancelled.
 */
async function packSource(dir, tempRoot = process.env.RUNNER_TEMP || (0,node_os__WEBPACK_IMPORTED_MODULE_3__.tmpdir)(), limits = {}) {
    const root = (0,node_path__WEBPACK_IMPORTED_MODULE_4__.resolve)(dir);
    const signal = packSignal(limits);
    try {
        return await pack(root, tempRoot, signal, limits.maxBytes ?? MAX_ARCHIVE_BYTES);
    }
    catch (error) {
        if (signal.aborted && signal.reason instanceof _control_plane_errors__WEBPACK_IMPORTED_MODULE_9__/* .DeadlineError */ .j3)
            throw signal.reason;
        throw error;
    }
}
/**
 * Aborted when the deadline passes (its reason a DeadlineError) or the caller's signal is. The
 * time left is read on the run's clock and waited in real time: packing is work on this machine
 * (git, the disk), which a test's virtual clock cannot see, so it may not jump past it.
 */
function packSignal({ deadline, now = Date.now, signal }) {
    const signals = signal ? [signal] : [];
    if (deadline !== undefined) {
        const timedOut = new AbortController();
        const timeout = new _control_plane_errors__WEBPACK_IMPORTED_MODULE_9__/* .DeadlineError */ .j3('packing', 'source-dir');
        const left = deadline - now();
        if (left <= 0)
            timedOut.abort(timeout);
        else
            setTimeout(() => timedOut.abort(timeout), left).unref();
        signals.push(timedOut.signal);
    }
    return AbortSignal.any(signals);
}
async function pack(root, tempRoot, signal, maxBytes) {
    const candidates = await listSourceFiles(root, signal);
    const files = [];
    const skipped = [];
    const sizes = [];
    // A second name of a file already packed would become a hard-link entry: leave it out.
    const inodes = new Set();
    for (const file of candidates) {
        const normalised = node_path__WEBPACK_IMPORTED_MODULE_4__.posix.normalize(file);
        const escapes = normalised.startsWith('../') || normalised === '..' || node_path__WEBPACK_IMPORTED_MODULE_4__.posix.isAbsolute(normalised);
        const info = escapes
            ? undefined
            : await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_2__.lstat)((0,node_path__WEBPACK_IMPORTED_MODULE_4__.join)(root, ...normalised.split('/'))).catch(() => undefined);
        if (info === undefined) {
            if (escapes)
                skipped.push(file);
            continue; // listed by git but deleted from the work tree
        }
        const inode = `${info.dev}:${info.ino}`;
        if (info.isSymbolicLink() || (info.isFile() && inodes.has(inode))) {
            skipped.push(file);
            continue;
        }
        if (!info.isFile())
            continue;
        signal.throwIfAborted();
        inodes.add(inode);
        files.push(normalised);
        sizes.push({ path: normalised, bytes: info.size });
    }
    const folder = await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_2__.mkdtemp)((0,node_path__WEBPACK_IMPORTED_MODULE_4__.join)(tempRoot, 'agent-source-'));
    const path = (0,node_path__WEBPACK_IMPORTED_MODULE_4__.join)(folder, 'source.tar.gz');
    const dispose = () => (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_2__.rm)(folder, { recursive: true, force: true });
    try {
        signal.throwIfAborted();
        const tarball = (0,tar__WEBPACK_IMPORTED_MODULE_8__/* .create */ .vt)({
            gzip: true,
            cwd: root,
            portable: true,
            noDirRecurse: true,
            follow: false,
            maxReadSize: READ_SIZE
        }, files);
        // Stopped at the deadline: pipeline stops reading the files and closes the tarball.
        await (0,node_stream_promises__WEBPACK_IMPORTED_MODULE_5__.pipeline)(tarball, (0,node_fs__WEBPACK_IMPORTED_MODULE_1__.createWriteStream)(path), { signal });
        const bytes = (await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_2__.stat)(path)).size;
        if (bytes > maxBytes) {
            const largest = [...sizes]
                .sort((a, b) => b.bytes - a.bytes)
                .slice(0, 5)
                .map((entry) => `${entry.path} (${(0,_lib_bytes__WEBPACK_IMPORTED_MODULE_11__/* .formatBytes */ .z)(entry.bytes)})`);
            throw new _inputs_parse__WEBPACK_IMPORTED_MODULE_10__/* .InputError */ .dz([
                {
                    input: 'source-dir',
                    message: `packs to ${(0,_lib_bytes__WEBPACK_IMPORTED_MODULE_11__/* .formatBytes */ .z)(bytes)}, over the service's limit of ${(0,_lib_bytes__WEBPACK_IMPORTED_MODULE_11__/* .formatBytes */ .z)(maxBytes)}. Largest files: ${largest.join(', ')}. Leave build output and data out with .gitignore.`
                }
            ]);
        }
        return { path, bytes, files, skipped, dispose };
    }
    catch (error) {
        await dispose();
        throw error;
    }
}


/***/ })

};

//# sourceMappingURL=10.index.js.map