export const id = 175;
export const ids = [175,584];
export const modules = {

/***/ 6584:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   PD: () => (/* binding */ budgetedCall),
/* harmony export */   githubFetch: () => (/* binding */ githubFetch),
/* harmony export */   o6: () => (/* binding */ openGitHub),
/* harmony export */   workflowTarget: () => (/* binding */ workflowTarget)
/* harmony export */ });
/* unused harmony exports GITHUB_CALL_MS, GITHUB_GRACE_MS, boundedCalls */
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3024);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_fs__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var _actions_github__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(1351);
/* harmony import */ var _actions_github_lib_utils__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(8665);
/* harmony import */ var _control_plane_transport__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(9747);
/* harmony import */ var _lib_duration__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(2543);
/* harmony import */ var _lib_github_links__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(3676);
/* harmony import */ var _report_markdown__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(4285);







// The connection every GitHub call of a run shares (records, cleanup, the pull-request comment):
// the client, where it points, and the budget that keeps each call from holding the run back.
/** Time one GitHub call may take; GitHub records never hold the deploy back. */
const GITHUB_CALL_MS = 10_000;
/** Time past the run's deadline the final records may still take (a timed-out run reports too). */
const GITHUB_GRACE_MS = 5_000;
/**
 * The workflow's repository, commit, pull request and run, read from the runner's variables and
 * event payload as @actions/github's context reads them; the API's base URL from GITHUB_API_URL.
 */
function workflowTarget(env) {
    const [owner = '', repo = ''] = (env.GITHUB_REPOSITORY ?? '').split('/');
    const payload = readEventPayload(env.GITHUB_EVENT_PATH);
    const pullRequest = payload.pull_request;
    const number = pullRequest?.number;
    const headSha = pullRequest?.head?.sha;
    const baseSha = pullRequest?.base?.sha;
    const serverUrl = env.GITHUB_SERVER_URL || 'https://github.com';
    return {
        owner,
        repo,
        sha: typeof headSha === 'string' ? headSha : (env.GITHUB_SHA ?? ''),
        pullRequest: typeof number === 'number' ? number : undefined,
        baseSha: typeof baseSha === 'string' && _lib_github_links__WEBPACK_IMPORTED_MODULE_5__/* .FULL_SHA */ .RG.test(baseSha) ? baseSha : undefined,
        runUrl: (0,_lib_github_links__WEBPACK_IMPORTED_MODULE_5__/* .runUrl */ .Vp)({
            serverUrl,
            repository: `${owner}/${repo}`,
            runId: String(parseInt(env.GITHUB_RUN_ID ?? '', 10))
        }) ?? '',
        apiUrl: env.GITHUB_API_URL || 'https://api.github.com',
        // Set on every runner; without it, the client's own address beside GITHUB_API_URL.
        graphqlUrl: env.GITHUB_GRAPHQL_URL || undefined
    };
}
/** The event's JSON; {} when there is none or it cannot be read (a local run). */
function readEventPayload(path) {
    if (!path)
        return {};
    try {
        const payload = JSON.parse((0,node_fs__WEBPACK_IMPORTED_MODULE_0__.readFileSync)(path, 'utf8'));
        return typeof payload === 'object' && payload !== null ? payload : {};
    }
    catch {
        return {};
    }
}
/** The fetch @actions/github would use (through the runner's proxy settings), else Node's. */
function githubFetch() {
    const proxied = _actions_github_lib_utils__WEBPACK_IMPORTED_MODULE_2__/* .defaults */ .NT.request?.fetch;
    return proxied ?? fetch;
}
/**
 * What every GitHub call of a run shares: the client for the workflow's repository, the markdown
 * its texts go through, and the budget of each call.
 */
function openGitHub(options, target) {
    return {
        octokit: (0,_actions_github__WEBPACK_IMPORTED_MODULE_1__/* .getOctokit */ .Q)(options.token, {
            ...(target.apiUrl === undefined ? {} : { baseUrl: target.apiUrl }),
            // Bodies capped like the service's (a page of comments can be made of any size).
            request: {
                ..._actions_github_lib_utils__WEBPACK_IMPORTED_MODULE_2__/* .defaults */ .NT.request,
                fetch: (0,_control_plane_transport__WEBPACK_IMPORTED_MODULE_3__/* .cappedFetch */ .Ul)(options.fetch ?? githubFetch(), _control_plane_transport__WEBPACK_IMPORTED_MODULE_3__/* .BODY_CAPS */ .V9.githubJson)
            }
        }),
        owner: target.owner,
        repo: target.repo,
        md: (0,_report_markdown__WEBPACK_IMPORTED_MODULE_6__/* .markdownFor */ .DY)(options.redact),
        bounded: boundedCalls(options)
    };
}
/**
 * Runs GitHub calls each under its own budget (never past the run's deadline and a grace): a call
 * that fails or times out resolves undefined, with a warning that says what was not recorded.
 */
function boundedCalls(options) {
    return async (what, call) => {
        try {
            return await budgetedCall(options, call);
        }
        catch (error) {
            options.warn(`${what} was not recorded: ${reason(error)}`);
            return undefined;
        }
    };
}
/**
 * One GitHub call under its own budget (never past the run's deadline and a grace). Rejects with
 * the call's own error, or one that says the time ran out.
 */
async function budgetedCall(options, call) {
    const budget = Math.min(options.callBudgetMs ?? GITHUB_CALL_MS, options.deadline + GITHUB_GRACE_MS - options.now());
    if (budget <= 0)
        throw new Error("the run's timeout had passed.");
    const timer = (0,_control_plane_transport__WEBPACK_IMPORTED_MODULE_3__/* .timeLimit */ .zc)(budget, options.sleep);
    try {
        return await call(timer.signal);
    }
    catch (error) {
        if (!timer.signal.aborted)
            throw error;
        throw new Error(`GitHub did not answer within ${(0,_lib_duration__WEBPACK_IMPORTED_MODULE_4__/* .formatDuration */ .a)(budget)}.`, { cause: error });
    }
    finally {
        timer.stop();
    }
}
/** A failed call's reason for a warning: its HTTP status, when it has one, and message. */
function reason(error) {
    const status = error.status;
    const message = error instanceof Error ? error.message : String(error);
    return typeof status === 'number' ? `HTTP ${status}: ${message}` : message;
}


/***/ }),

/***/ 175:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   readBasePolicy: () => (/* binding */ readBasePolicy)
/* harmony export */ });
/* harmony import */ var zod__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(2857);
/* harmony import */ var _lib_github_links__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3676);
/* harmony import */ var _policy_kit_problems__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(2467);
/* harmony import */ var _policy_sides__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(4466);
/* harmony import */ var _client__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(6584);
/**
 * The release policy at a pull request's base commit, read through GitHub's contents API
 * (`GET /repos/{owner}/{repo}/contents/{path}?ref={base sha}`) with the files it names, and
 * checked as the workspace's file is. What GitHub answers is the base branch's and untrusted:
 * each body capped and parsed, the policy through ../policy/. Best effort, beside the deploy: a
 * read that fails is a sentence in the report, never the step's failure.
 */





/** The raw media type answers the file's bytes as they are (any size GitHub serves). */
const fileBody = zod__WEBPACK_IMPORTED_MODULE_2__/* .union */ .KCZ([zod__WEBPACK_IMPORTED_MODULE_2__/* .string */ .YjP(), zod__WEBPACK_IMPORTED_MODULE_2__/* ["instanceof"] */ .Nlp(ArrayBuffer)]);
/**
 * The base side of the comparison, or undefined when the run is no pull request (no base
 * commit). Never rejects.
 */
async function readBasePolicy(options, target) {
    const baseSha = target.baseSha;
    if (baseSha === undefined)
        return undefined;
    try {
        const { octokit, owner, repo } = (0,_client__WEBPACK_IMPORTED_MODULE_1__/* .openGitHub */ .o6)(options, target);
        const read = async (path, maxBytes) => {
            const parts = (0,_lib_github_links__WEBPACK_IMPORTED_MODULE_0__/* .repositoryPath */ .SH)(path);
            if (parts === undefined)
                return { failed: `${path} is not a path in the repository` };
            try {
                const answer = await (0,_client__WEBPACK_IMPORTED_MODULE_1__/* .budgetedCall */ .PD)(options, (signal) => octokit.rest.repos.getContent({
                    owner,
                    repo,
                    path: parts.join('/'),
                    ref: baseSha,
                    mediaType: { format: 'raw' },
                    request: { signal }
                }));
                const body = fileBody.safeParse(answer.data);
                if (!body.success)
                    return { failed: `${path} is not a file at the base commit` };
                const bytes = typeof body.data === 'string' ? Buffer.from(body.data, 'utf8') : Buffer.from(body.data);
                if (bytes.length > maxBytes)
                    return { failed: `${path} is over ${maxBytes} bytes at the base commit` };
                return { bytes };
            }
            catch (error) {
                if (error.status === 404)
                    return { absent: true };
                return { failed: `${path}: ${reason(error)}` };
            }
        };
        // The policy's reader is the chunk the step's own policy loaded: one copy in dist/.
        const { checkPolicy, MAX_POLICY_BYTES } = await Promise.all(/* import() */[__webpack_require__.e(815), __webpack_require__.e(231)]).then(__webpack_require__.bind(__webpack_require__, 6231));
        const { MAX_NAMED_FILE_BYTES } = await __webpack_require__.e(/* import() */ 113).then(__webpack_require__.bind(__webpack_require__, 2113));
        const policy = await read(options.path, MAX_POLICY_BYTES);
        if ('absent' in policy) {
            // GitHub answers 404 as well for a repository the token cannot see: the file is new only
            // where the base commit itself can be read.
            const commit = await readCommit(options, octokit, { owner, repo, baseSha });
            if (commit.why === undefined)
                return { kind: 'new', baseSha };
            return {
                kind: 'failed',
                baseSha,
                why: `${options.path} was not found at the base commit, and the base commit could not be read either (${commit.why}), so the file is not known to be new (GitHub answers 404 for a repository the token cannot read)`
            };
        }
        if ('failed' in policy)
            return { kind: 'failed', baseSha, why: policy.failed };
        const readNamed = async (named) => {
            const file = await read(named, MAX_NAMED_FILE_BYTES);
            if ('bytes' in file)
                return { bytes: file.bytes };
            const problem = 'absent' in file ? `${named} is not at the base commit` : file.failed;
            return { problem, kind: 'unreadable' };
        };
        const load = await checkPolicy(policy.bytes.toString('utf8'), options.path, readNamed);
        if (load.policy === undefined) {
            const [first] = load.problems;
            const more = load.problems.length > 1 ? ` (and ${load.problems.length - 1} more)` : '';
            return {
                kind: 'failed',
                baseSha,
                why: `the base commit's policy has problems: ${first ? (0,_policy_kit_problems__WEBPACK_IMPORTED_MODULE_3__/* .problemLine */ .YK)(first) : ''}${more}`
            };
        }
        const sides = (0,_policy_sides__WEBPACK_IMPORTED_MODULE_4__/* .policySides */ .B)(load.policy);
        return { kind: 'read', baseSha, side: sides.side(options.environment), sides };
    }
    catch (error) {
        return { kind: 'failed', baseSha, why: reason(error) };
    }
}
/** The `sha` media type answers the commit's SHA alone: all that is asked is whether it is read. */
const shaBody = zod__WEBPACK_IMPORTED_MODULE_2__/* .union */ .KCZ([zod__WEBPACK_IMPORTED_MODULE_2__/* .string */ .YjP(), zod__WEBPACK_IMPORTED_MODULE_2__/* ["instanceof"] */ .Nlp(ArrayBuffer)]);
/**
 * `GET /repos/{owner}/{repo}/commits/{base sha}`: no `why` when GitHub answers the commit, else
 * why not (a 404 for a repository the token cannot see, a 422 for a commit the repository lacks).
 */
async function readCommit(options, octokit, commit) {
    try {
        const answer = await (0,_client__WEBPACK_IMPORTED_MODULE_1__/* .budgetedCall */ .PD)(options, (signal) => octokit.rest.repos.getCommit({
            owner: commit.owner,
            repo: commit.repo,
            ref: commit.baseSha,
            mediaType: { format: 'sha' },
            request: { signal }
        }));
        const body = shaBody.safeParse(answer.data);
        const sha = !body.success
            ? undefined
            : typeof body.data === 'string'
                ? body.data
                : Buffer.from(body.data).toString('utf8');
        return sha?.trim().toLowerCase() === commit.baseSha.toLowerCase()
            ? {}
            : { why: 'GitHub answered another commit' };
    }
    catch (error) {
        return { why: reason(error) };
    }
}
/** A failed read's reason: its HTTP status, when it has one, and message. */
function reason(error) {
    const status = error.status;
    const message = error instanceof Error ? error.message : String(error);
    return typeof status === 'number' ? `HTTP ${status}: ${message}` : message;
}


/***/ })

};

//# sourceMappingURL=175.index.js.map