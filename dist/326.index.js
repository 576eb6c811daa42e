export const id = 326;
export const ids = [326,463];
export const modules = {

/***/ 8003:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   openGitHubPreviews: () => (/* binding */ openGitHubPreviews)
/* harmony export */ });
/* harmony import */ var _report_pr_comment_text__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(7299);
/* harmony import */ var _client__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(127);
/* harmony import */ var _pr_comment__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(1685);



/** Pages of 100 GitHub deployments of one environment read to mark them inactive. */
const MAX_DEPLOYMENT_PAGES = 3;
/** GitHub's side of deleted previews (operations delete and prune). */
function openGitHubPreviews(options, target) {
    const { octokit, owner, repo, md, bounded } = (0,_client__WEBPACK_IMPORTED_MODULE_1__/* .openGitHub */ .o6)(options, target);
    // Who the token writes as: only a comment of its own is corrected.
    const ownIdentity = (0,_pr_comment__WEBPACK_IMPORTED_MODULE_2__/* .identityOnce */ .Mw)(octokit, target.graphqlUrl, options.warn, "no pull-request comment is changed, as none can be told for this action's own");
    const markInactive = async (environment) => {
        for (let page = 1; page <= MAX_DEPLOYMENT_PAGES; page++) {
            const listed = await bounded(`The GitHub deployments of ${environment} (to mark them inactive)`, (signal) => octokit.rest.repos.listDeployments({
                owner,
                repo,
                environment,
                per_page: 100,
                page,
                request: { signal }
            }));
            if (!listed)
                return;
            for (const deployment of listed.data) {
                await bounded(`The inactive status of GitHub deployment ${deployment.id}`, (signal) => octokit.rest.repos.createDeploymentStatus({
                    owner,
                    repo,
                    deployment_id: deployment.id,
                    state: 'inactive',
                    log_url: target.runUrl,
                    description: md.plain('The preview was deleted.', 140),
                    request: { signal }
                }));
            }
            if (listed.data.length < 100)
                return;
        }
    };
    const updateComment = (preview, issue) => bounded(`The comment on pull request #${issue}`, async (signal) => {
        const marker = md.marker(preview.deploymentName);
        const ours = await (0,_pr_comment__WEBPACK_IMPORTED_MODULE_2__/* .findComment */ .h1)(octokit, {
            owner,
            repo,
            issue,
            marker,
            identity: ownIdentity,
            signal
        });
        // No comment of ours: the preview was never announced there, so nothing to correct.
        if (!ours)
            return;
        const body = (0,_report_pr_comment_text__WEBPACK_IMPORTED_MODULE_0__/* .renderDeletedComment */ .Rd)({ deploymentName: preview.deploymentName, runUrl: target.runUrl, now: options.now() }, ours.body, options.place, options.redact, (text) => options.notice?.(text));
        await (0,_pr_comment__WEBPACK_IMPORTED_MODULE_2__/* .replaceComment */ .cx)(octokit, { owner, repo, signal }, ours.id, body);
    });
    return {
        workflowPullRequest: target.pullRequest,
        async pullRequestState(pullNumber) {
            try {
                const { data } = await (0,_client__WEBPACK_IMPORTED_MODULE_1__/* .budgetedCall */ .PD)(options, (signal) => octokit.rest.pulls.get({ owner, repo, pull_number: pullNumber, request: { signal } }));
                return data.state === 'closed' ? 'closed' : 'open';
            }
            catch (error) {
                if (error.status === 404)
                    return undefined;
                throw error;
            }
        },
        async markDeleted(previews) {
            for (const preview of previews) {
                if (preview.environment !== undefined)
                    await markInactive(preview.environment);
                if (preview.pullRequest !== undefined)
                    await updateComment(preview, preview.pullRequest);
            }
        }
    };
}


/***/ }),

/***/ 127:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  PD: () => (/* binding */ budgetedCall),
  o6: () => (/* binding */ openGitHub),
  workflowTarget: () => (/* binding */ workflowTarget)
});

// UNUSED EXPORTS: GITHUB_CALL_MS, GITHUB_GRACE_MS, boundedCalls

// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __webpack_require__(3024);
// EXTERNAL MODULE: ./node_modules/@actions/github/lib/context.js
var context = __webpack_require__(7157);
// EXTERNAL MODULE: ./node_modules/@actions/github/lib/utils.js + 20 modules
var utils = __webpack_require__(8665);
;// CONCATENATED MODULE: ./node_modules/@actions/github/lib/github.js


const github_context = new context/* Context */.o();
/**
 * Returns a hydrated octokit ready to use for GitHub Actions
 *
 * @param     token    the repo PAT or GITHUB_TOKEN
 * @param     options  other options to set
 */
function getOctokit(token, options, ...additionalPlugins) {
    const GitHubWithPlugins = utils/* GitHub */.gq.plugin(...additionalPlugins);
    return new GitHubWithPlugins((0,utils/* getOctokitOptions */.EG)(token, options));
}
//# sourceMappingURL=github.js.map
// EXTERNAL MODULE: ./src/control-plane/transport.ts
var transport = __webpack_require__(9747);
// EXTERNAL MODULE: ./src/lib/duration.ts
var duration = __webpack_require__(2543);
// EXTERNAL MODULE: ./src/lib/github-links.ts
var github_links = __webpack_require__(3676);
// EXTERNAL MODULE: ./src/report/markdown.ts
var markdown = __webpack_require__(4285);
// EXTERNAL MODULE: ./src/github/fetch.ts
var fetch = __webpack_require__(6463);
;// CONCATENATED MODULE: ./src/github/client.ts








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
        baseSha: typeof baseSha === 'string' && github_links/* FULL_SHA */.RG.test(baseSha) ? baseSha : undefined,
        runUrl: (0,github_links/* runUrl */.Vp)({
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
        const payload = JSON.parse((0,external_node_fs_.readFileSync)(path, 'utf8'));
        return typeof payload === 'object' && payload !== null ? payload : {};
    }
    catch {
        return {};
    }
}
/**
 * What every GitHub call of a run shares: the client for the workflow's repository, the markdown
 * its texts go through, and the budget of each call.
 */
function openGitHub(options, target) {
    return {
        octokit: getOctokit(options.token, {
            ...(target.apiUrl === undefined ? {} : { baseUrl: target.apiUrl }),
            // Bodies capped like the service's (a page of comments can be made of any size).
            request: {
                ...utils/* defaults */.NT.request,
                fetch: (0,transport/* cappedFetch */.Ul)(options.fetch ?? (0,fetch.githubFetch)(), transport/* BODY_CAPS */.V9.githubJson)
            }
        }),
        owner: target.owner,
        repo: target.repo,
        md: (0,markdown/* markdownFor */.DY)(options.redact),
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
    const timer = (0,transport/* timeLimit */.zc)(budget, options.sleep);
    try {
        return await call(timer.signal);
    }
    catch (error) {
        if (!timer.signal.aborted)
            throw error;
        throw new Error(`GitHub did not answer within ${(0,duration/* formatDuration */.a)(budget)}.`, { cause: error });
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

/***/ 6463:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   githubFetch: () => (/* binding */ githubFetch)
/* harmony export */ });
/* harmony import */ var _actions_github_lib_utils__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(8665);

// A module of its own: the real world loads the fetch of GitHub's calls on its own, and only
// this (not the client's other code, which the GitHub records' chunk holds) then comes twice.
/** The fetch @actions/github would use (through the runner's proxy settings), else Node's. */
function githubFetch() {
    const proxied = _actions_github_lib_utils__WEBPACK_IMPORTED_MODULE_0__/* .defaults */ .NT.request?.fetch;
    return proxied ?? fetch;
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
/* harmony import */ var _client__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(127);
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
        // The policy's reader is the chunk the step's own policy loaded (named "policy" at each of
        // its imports): one copy in dist/.
        const { checkPolicy, MAX_POLICY_BYTES } = await Promise.all(/* import() | policy */[__webpack_require__.e(815), __webpack_require__.e(477)]).then(__webpack_require__.bind(__webpack_require__, 6231));
        const { MAX_NAMED_FILE_BYTES } = await Promise.all(/* import() | policy */[__webpack_require__.e(815), __webpack_require__.e(477)]).then(__webpack_require__.bind(__webpack_require__, 2113));
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


/***/ }),

/***/ 1685:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Mw: () => (/* binding */ identityOnce),
/* harmony export */   cx: () => (/* binding */ replaceComment),
/* harmony export */   h1: () => (/* binding */ findComment),
/* harmony export */   lB: () => (/* binding */ upsertComment)
/* harmony export */ });
/* unused harmony export tokenIdentity */
/* harmony import */ var zod__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(2857);
/* harmony import */ var _control_plane_paging__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(9696);


// The action's pull-request comment: anyone may post its marker, so a comment is taken for the
// action's own only when the token's identity wrote it; otherwise a new one is made.
/** Pages of 100 comments read to find this action's comment on a pull request. */
const MAX_COMMENT_PAGES = 10;
const viewerSchema = zod__WEBPACK_IMPORTED_MODULE_1__/* .object */ .Ikc({ viewer: zod__WEBPACK_IMPORTED_MODULE_1__/* .object */ .Ikc({ login: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP().min(1) }) });
/**
 * Reads the token's identity from GraphQL (`graphqlUrl`: the runner's GITHUB_GRAPHQL_URL; by
 * default the client's). An answer that names no login, or a refusal, is `unknown`, and then no
 * earlier comment is edited. Rejects only when `signal` ended the call: the time ran out, which
 * says nothing of the token.
 */
async function tokenIdentity(octokit, signal, graphqlUrl) {
    try {
        // The object form: with a query string, `url` would be taken for a variable.
        const data = await octokit.graphql({
            query: 'query { viewer { login } }',
            ...(graphqlUrl === undefined ? {} : { url: graphqlUrl }),
            request: { signal }
        });
        const parsed = viewerSchema.safeParse(data);
        return parsed.success
            ? { login: parsed.data.viewer.login }
            : { unknown: 'GraphQL viewer named no login' };
    }
    catch (error) {
        if (signal.aborted)
            throw error;
        const status = error.status;
        const message = error instanceof Error ? error.message : String(error);
        return { unknown: typeof status === 'number' ? `HTTP ${status}: ${message}` : message };
    }
}
/**
 * The token's identity, read once, when a comment first needs it (again after a read that ran
 * out of time); `warn` is told once when it cannot be read, with `instead`: what the action
 * does then.
 */
function identityOnce(octokit, graphqlUrl, warn, instead = 'a new pull-request comment is made, and no earlier one is edited') {
    let identity;
    return (signal) => (identity ??= tokenIdentity(octokit, signal, graphqlUrl).then((found) => {
        if ('unknown' in found)
            warn(`The GitHub token's identity could not be read (${found.unknown}): ${instead}.`);
        return found;
    }, (error) => {
        identity = undefined;
        throw error;
    }));
}
const BOT_SUFFIX = /\[bot\]$/;
/**
 * Whether `login` (the token's identity) wrote a comment of `author`. A person is matched by
 * login. A bot only as an author of type Bot, by its login with or without the `[bot]` suffix
 * (GitHub's answers give it or leave it out); an app's name cannot be another account's, so
 * "name[bot]" is that app's and no one else's.
 */
function writtenBy(login, author) {
    if (!author?.login)
        return false;
    if (author.type === 'Bot')
        return author.login.replace(BOT_SUFFIX, '') === login.replace(BOT_SUFFIX, '');
    return author.login === login;
}
/**
 * This action's comment on a pull request: the first whose body starts with `marker` and that
 * the token's own identity wrote. Anyone may post the marker; only our own comment is edited.
 * None when the identity is unknown.
 */
async function findComment(octokit, where) {
    const { owner, repo, issue, marker, signal } = where;
    const identity = await where.identity(signal);
    if (!('login' in identity))
        return undefined;
    // A GitHub that ignores `page` would otherwise be read MAX_COMMENT_PAGES times for nothing.
    const seen = new _control_plane_paging__WEBPACK_IMPORTED_MODULE_0__/* .SeenPages */ .i(`the comments of pull request #${issue}`, 'GET', `/repos/${owner}/${repo}/issues/${issue}/comments`);
    // Page by page rather than with octokit.paginate, which drops the request's abort signal.
    for (let page = 1; page <= MAX_COMMENT_PAGES; page++) {
        const { data } = await octokit.rest.issues.listComments({
            owner,
            repo,
            issue_number: issue,
            per_page: 100,
            page,
            request: { signal }
        });
        seen.check(data.map((comment) => String(comment.id)));
        const ours = data.find((comment) => comment.body?.startsWith(marker) && writtenBy(identity.login, comment.user));
        if (ours)
            return ours;
        if (data.length < 100)
            break;
    }
    return undefined;
}
/**
 * Writes `body` as the action's comment: the one this run wrote before (`thisRun`, kept between
 * calls), else our earlier one, else a new one; `thisRun` then keeps its id.
 */
async function upsertComment(octokit, where) {
    const { owner, repo, issue, signal, thisRun } = where;
    const bodyOf = typeof where.body === 'string' ? () => where.body : where.body;
    const marker = bodyOf(undefined).split('\n')[0] ?? '';
    const ours = thisRun.commentId !== undefined
        ? { id: thisRun.commentId, body: thisRun.body }
        : await findComment(octokit, { ...where, marker });
    const body = bodyOf(ours?.body ?? undefined);
    if (ours) {
        await replaceComment(octokit, where, ours.id, body);
        thisRun.commentId = ours.id;
        thisRun.body = body;
        return;
    }
    const { data } = await octokit.rest.issues.createComment({
        owner,
        repo,
        issue_number: issue,
        body,
        request: { signal }
    });
    thisRun.commentId = data.id;
    thisRun.body = body;
}
/** Replaces the body of a comment of ours, found before. */
async function replaceComment(octokit, where, commentId, body) {
    await octokit.rest.issues.updateComment({
        owner: where.owner,
        repo: where.repo,
        comment_id: commentId,
        body,
        request: { signal: where.signal }
    });
}


/***/ }),

/***/ 7997:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   openGitHubRecords: () => (/* binding */ openGitHubRecords)
/* harmony export */ });
/* harmony import */ var _outcomes__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3558);
/* harmony import */ var _report_markdown__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(4285);
/* harmony import */ var _report_status_text__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(7580);
/* harmony import */ var _lib_url__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(5194);
/* harmony import */ var _wait_progress_text__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(8432);
/* harmony import */ var _client__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(127);
/* harmony import */ var _pr_comment__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(1685);







/**
 * The GitHub side of a deploy, all best effort and beside it: a GitHub deployment for the commit
 * (created at once without being awaited, in_progress when the wait starts, its final state at
 * the end) when `environment` is given, and one pull-request comment kept up to date. Each call
 * has its own short budget, never past the run's deadline and a grace; any failure, refusal or
 * silence of the GitHub API is a warning that says what was not recorded.
 */
function openGitHubRecords(options, target) {
    const { octokit, owner, repo, md, bounded } = (0,_client__WEBPACK_IMPORTED_MODULE_5__/* .openGitHub */ .o6)(options, target);
    let begun = false;
    let resolveRef = () => undefined;
    const ref = new Promise((resolve) => (resolveRef = resolve));
    const begin = (commit) => {
        if (begun)
            return;
        begun = true;
        resolveRef(commit !== undefined && FULL_SHA.test(commit) ? commit : target.sha);
    };
    const deploymentId = options.environment
        ? ref.then((sha) => bounded(`The GitHub deployment for ${options.environment}`, async (signal) => {
            const created = await octokit.rest.repos.createDeployment({
                owner,
                repo,
                ref: sha,
                environment: options.environment ?? '',
                auto_merge: false,
                required_contexts: [],
                transient_environment: target.pullRequest !== undefined,
                ...(options.releasePolicy && {
                    payload: {
                        'release-policy': {
                            path: options.redact(options.releasePolicy.path),
                            digest: options.releasePolicy.digest,
                            entry: options.releasePolicy.entry === null
                                ? null
                                : options.redact(options.releasePolicy.entry)
                        }
                    }
                }),
                description: md.plain(`${options.verb ?? 'Deploy'} ${options.deploymentName}`, _report_status_text__WEBPACK_IMPORTED_MODULE_2__/* .MAX_DESCRIPTION */ .o),
                request: { signal }
            });
            return 'id' in created.data ? created.data.id : undefined;
        }))
        : Promise.resolve(undefined);
    if (options.commit !== 'served')
        begin(target.sha);
    // Who the token writes as: read once, when a comment is first written.
    const ownIdentity = (0,_pr_comment__WEBPACK_IMPORTED_MODULE_6__/* .identityOnce */ .Mw)(octokit, target.graphqlUrl, options.warn);
    // The comment this run wrote: with an unknown identity, the only one it may edit.
    const thisRun = {};
    let inProgress = deploymentId;
    // The comment while waiting; the final one goes after it, or the two could race to create it.
    let waitingComment = Promise.resolve();
    const comment = (body) => {
        const issue = target.pullRequest;
        return bounded(`the comment on pull request #${issue}`, (signal) => (0,_pr_comment__WEBPACK_IMPORTED_MODULE_6__/* .upsertComment */ .lB)(octokit, {
            owner,
            repo,
            issue,
            body: (previousBody) => (0,_report_markdown__WEBPACK_IMPORTED_MODULE_1__/* .capComment */ .W2)(body(previousBody)),
            signal,
            identity: ownIdentity,
            thisRun
        }));
    };
    const markInProgress = async (id, description) => {
        if (id === undefined)
            return;
        await bounded('The in_progress status of the GitHub deployment', (signal) => octokit.rest.repos.createDeploymentStatus({
            owner,
            repo,
            deployment_id: id,
            state: 'in_progress',
            log_url: target.runUrl,
            description,
            request: { signal }
        }));
    };
    return {
        redeploying(commit) {
            begin(commit);
        },
        waitStarting(expected, servingUrl) {
            const description = md.plain((0,_wait_progress_text__WEBPACK_IMPORTED_MODULE_4__/* .expectedEndDescription */ .ot)(expected, options.now()), _report_status_text__WEBPACK_IMPORTED_MODULE_2__/* .MAX_DESCRIPTION */ .o);
            const building = options.buildingComment;
            if (building && options.prComment && target.pullRequest !== undefined) {
                waitingComment = comment((previousBody) => building(expected, previousBody, servingUrl));
            }
            inProgress = deploymentId.then((id) => markInProgress(id, description));
        },
        stepProgress(progress) {
            const description = md.plain(progress.text, _report_status_text__WEBPACK_IMPORTED_MODULE_2__/* .MAX_DESCRIPTION */ .o);
            const progressing = options.progressComment;
            if (progressing && options.prComment && target.pullRequest !== undefined) {
                // After the one before, so that an older text never lands last.
                waitingComment = waitingComment.then(() => comment((previousBody) => progressing(progress, previousBody)));
            }
            inProgress = Promise.all([inProgress, deploymentId]).then(([, id]) => markInProgress(id, description));
        },
        async finish(record) {
            begin(undefined);
            const jobs = [];
            const finalStatus = async () => {
                // The final status must come after in_progress, or GitHub would show the run as going on.
                await inProgress;
                const id = await deploymentId;
                if (id === undefined)
                    return;
                const state = _outcomes__WEBPACK_IMPORTED_MODULE_0__/* .OUTCOMES */ .i[record.outcome].githubState;
                const url = record.deploymentUrl ? (0,_lib_url__WEBPACK_IMPORTED_MODULE_3__/* .checkHttpUrl */ .O)(record.deploymentUrl) : undefined;
                const environmentUrl = url && 'url' in url && options.redact(url.url) === url.url ? url.url : undefined;
                await bounded(`the final status of the GitHub deployment for ${options.environment}`, (signal) => octokit.rest.repos.createDeploymentStatus({
                    owner,
                    repo,
                    deployment_id: id,
                    state,
                    environment_url: environmentUrl,
                    log_url: target.runUrl,
                    // Only a success replaces what served: with a failure the earlier deployment of
                    // the environment still serves, and must not be marked inactive.
                    ...(state === 'success' ? { auto_inactive: true } : {}),
                    description: md.plain(record.description, _report_status_text__WEBPACK_IMPORTED_MODULE_2__/* .MAX_DESCRIPTION */ .o),
                    request: { signal }
                }));
            };
            // The comment does not wait for the deployment's statuses: both run at once.
            jobs.push(finalStatus());
            if (options.prComment) {
                if (target.pullRequest === undefined) {
                    options.info('pr-comment: this run is not for a pull request, so there is no comment to write.');
                }
                else {
                    jobs.push(waitingComment.then(() => comment(record.comment)));
                }
            }
            await Promise.all(jobs);
        }
    };
}
/** A full commit id: a GitHub deployment is made for it; anything else falls back to the workflow's. */
const FULL_SHA = /^[0-9a-f]{40}$/;


/***/ })

};

//# sourceMappingURL=326.index.js.map