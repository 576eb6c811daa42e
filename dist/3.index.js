export const id = 3;
export const ids = [3,584];
export const modules = {

/***/ 8003:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   openGitHubPreviews: () => (/* binding */ openGitHubPreviews)
/* harmony export */ });
/* harmony import */ var _report_pr_comment_text__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(7299);
/* harmony import */ var _client__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(6584);
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


/***/ })

};

//# sourceMappingURL=3.index.js.map