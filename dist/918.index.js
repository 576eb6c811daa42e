export const id = 918;
export const ids = [918];
export const modules = {

/***/ 9918:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   openGitHubPreviews: () => (/* binding */ openGitHubPreviews)
/* harmony export */ });
/* unused harmony export deletedCommentBody */
/* harmony import */ var _github_client__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(4403);
/* harmony import */ var _pr_comment__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(4878);


/** Pages of 100 GitHub deployments of one environment read to mark them inactive. */
const MAX_DEPLOYMENT_PAGES = 3;
/** GitHub's side of deleted previews (operations delete and prune). */
function openGitHubPreviews(options, target = (0,_github_client__WEBPACK_IMPORTED_MODULE_0__/* .workflowTarget */ .bl)()) {
    const { octokit, owner, repo, md, bounded } = (0,_github_client__WEBPACK_IMPORTED_MODULE_0__/* .openGitHub */ .o6)(options, target);
    // Who the token writes as: only a comment of its own is corrected.
    let identity;
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
        const body = deletedCommentBody(preview.deploymentName, target.runUrl, md);
        const marker = md.marker(preview.deploymentName);
        identity ??= (0,_pr_comment__WEBPACK_IMPORTED_MODULE_1__/* .tokenIdentity */ .sX)(octokit, signal);
        const ours = await (0,_pr_comment__WEBPACK_IMPORTED_MODULE_1__/* .findComment */ .h1)(octokit, { owner, repo, issue, marker, identity, signal });
        // No comment of ours: the preview was never announced there, so nothing to correct.
        if (!ours)
            return;
        await octokit.rest.issues.updateComment({
            owner,
            repo,
            comment_id: ours.id,
            body,
            request: { signal }
        });
    });
    return {
        workflowPullRequest: target.pullRequest,
        async pullRequestState(pullNumber) {
            try {
                const { data } = await (0,_github_client__WEBPACK_IMPORTED_MODULE_0__/* .budgetedCall */ .PD)(options, (signal) => octokit.rest.pulls.get({ owner, repo, pull_number: pullNumber, request: { signal } }));
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
/** The pull-request comment once the preview is gone: the same marker, so it replaces the old. */
function deletedCommentBody(deploymentName, runUrl, md) {
    return [
        md.marker(deploymentName),
        `### 🗑️ ${md.cell(deploymentName)}`,
        '',
        `The preview was deleted (${md.link(runUrl)}); its URL no longer answers.`,
        ''
    ].join('\n');
}


/***/ }),

/***/ 4403:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   PD: () => (/* binding */ budgetedCall),
/* harmony export */   bl: () => (/* binding */ workflowTarget),
/* harmony export */   o6: () => (/* binding */ openGitHub)
/* harmony export */ });
/* unused harmony exports GITHUB_CALL_MS, GITHUB_GRACE_MS, boundedCalls */
/* harmony import */ var _actions_github__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(1351);
/* harmony import */ var _actions_github_lib_utils__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(8665);
/* harmony import */ var _control_plane_transport__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(9747);
/* harmony import */ var _lib_duration__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(2543);
/* harmony import */ var _report_markdown__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(4285);





// The connection every GitHub call of a run shares (records, cleanup, the pull-request comment):
// the client, where it points, and the budget that keeps each call from holding the run back.
/** Time one GitHub call may take; GitHub records never hold the deploy back. */
const GITHUB_CALL_MS = 10_000;
/** Time past the run's deadline the final records may still take (a timed-out run reports too). */
const GITHUB_GRACE_MS = 5_000;
/** The workflow's repository, commit, pull request and run. */
function workflowTarget() {
    const { owner, repo } = _actions_github__WEBPACK_IMPORTED_MODULE_0__/* .context */ ._.repo;
    const pullRequest = _actions_github__WEBPACK_IMPORTED_MODULE_0__/* .context */ ._.payload.pull_request;
    return {
        owner,
        repo,
        sha: pullRequest?.head?.sha ?? _actions_github__WEBPACK_IMPORTED_MODULE_0__/* .context */ ._.sha,
        pullRequest: pullRequest?.number,
        runUrl: `${_actions_github__WEBPACK_IMPORTED_MODULE_0__/* .context */ ._.serverUrl}/${owner}/${repo}/actions/runs/${_actions_github__WEBPACK_IMPORTED_MODULE_0__/* .context */ ._.runId}`
    };
}
/** The fetch @actions/github would use (through the runner's proxy settings), else Node's. */
function githubFetch() {
    const proxied = _actions_github_lib_utils__WEBPACK_IMPORTED_MODULE_1__/* .defaults */ .NT.request
        ?.fetch;
    return proxied ?? fetch;
}
/**
 * What every GitHub call of a run shares: the client for the workflow's repository, the markdown
 * its texts go through, and the budget of each call.
 */
function openGitHub(options, target) {
    return {
        octokit: (0,_actions_github__WEBPACK_IMPORTED_MODULE_0__/* .getOctokit */ .Q)(options.token, {
            ...(target.apiUrl === undefined ? {} : { baseUrl: target.apiUrl }),
            // Bodies capped like the service's (a page of comments can be made of any size).
            request: { ..._actions_github_lib_utils__WEBPACK_IMPORTED_MODULE_1__/* .defaults */ .NT.request, fetch: (0,_control_plane_transport__WEBPACK_IMPORTED_MODULE_2__/* .cappedFetch */ .Ul)(githubFetch(), _control_plane_transport__WEBPACK_IMPORTED_MODULE_2__/* .BODY_CAPS */ .V9.githubJson) }
        }),
        owner: target.owner,
        repo: target.repo,
        md: (0,_report_markdown__WEBPACK_IMPORTED_MODULE_4__/* .markdownFor */ .DY)(options.redact),
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
    const signal = AbortSignal.timeout(budget);
    try {
        return await call(signal);
    }
    catch (error) {
        if (!signal.aborted)
            throw error;
        throw new Error(`GitHub did not answer within ${(0,_lib_duration__WEBPACK_IMPORTED_MODULE_3__/* .formatDuration */ .a)(budget)}.`, { cause: error });
    }
}
/** A failed call's reason for a warning: its HTTP status, when it has one, and message. */
function reason(error) {
    const status = error.status;
    const message = error instanceof Error ? error.message : String(error);
    return typeof status === 'number' ? `HTTP ${status}: ${message}` : message;
}


/***/ }),

/***/ 4878:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   h1: () => (/* binding */ findComment),
/* harmony export */   lB: () => (/* binding */ upsertComment),
/* harmony export */   sX: () => (/* binding */ tokenIdentity)
/* harmony export */ });
// The action's pull-request comment: anyone may post its marker, so a comment is taken for the
// action's own only when the token's identity wrote it; otherwise a new one is made.
/** Pages of 100 comments read to find this action's comment on a pull request. */
const MAX_COMMENT_PAGES = 10;
async function tokenIdentity(octokit, signal) {
    try {
        const { data } = await octokit.rest.users.getAuthenticated({ request: { signal } });
        return { login: data.login };
    }
    catch (error) {
        if (error.status === 403)
            return { bot: true };
        throw error;
    }
}
function writtenBy(identity, user) {
    if (!user)
        return false;
    return 'login' in identity ? user.login === identity.login : user.type === 'Bot';
}
/**
 * This action's comment on a pull request: the first whose body starts with `marker` and that
 * the token's own identity wrote. Anyone may post the marker; only our own comment is edited.
 */
async function findComment(octokit, where) {
    const { owner, repo, issue, marker, signal } = where;
    const identity = await where.identity;
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
        const ours = data.find((comment) => comment.body?.startsWith(marker) && writtenBy(identity, comment.user));
        if (ours)
            return ours;
        if (data.length < 100)
            break;
    }
    return undefined;
}
async function upsertComment(octokit, where) {
    const { owner, repo, issue, body, signal } = where;
    const marker = body.split('\n')[0] ?? '';
    const ours = await findComment(octokit, { ...where, marker });
    if (ours)
        await octokit.rest.issues.updateComment({
            owner,
            repo,
            comment_id: ours.id,
            body,
            request: { signal }
        });
    else
        await octokit.rest.issues.createComment({
            owner,
            repo,
            issue_number: issue,
            body,
            request: { signal }
        });
}


/***/ })

};

//# sourceMappingURL=918.index.js.map