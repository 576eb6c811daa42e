export const id = 856;
export const ids = [856];
export const modules = {

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

/***/ 7856:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   openGitHubRecords: () => (/* binding */ openGitHubRecords)
/* harmony export */ });
/* unused harmony export commentBody */
/* harmony import */ var _report_suite__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(2758);
/* harmony import */ var _report_rollback_text__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(6846);
/* harmony import */ var _lib_duration__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(2543);
/* harmony import */ var _report_markdown__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(4285);
/* harmony import */ var _lib_url__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(5194);
/* harmony import */ var _wait_progress_text__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(8432);
/* harmony import */ var _github_client__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(4403);
/* harmony import */ var _pr_comment__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(4878);








/** GitHub's limit for a deployment status description. */
const MAX_DESCRIPTION = 140;
const STATES = {
    deployed: 'success',
    'revision-created': 'in_progress',
    failed: 'failure',
    'checks-failed': 'failure',
    superseded: 'failure',
    timeout: 'failure',
    cancelled: 'error',
    error: 'error',
    'dry-run': 'in_progress',
    deleted: 'success',
    absent: 'success',
    pruned: 'success'
};
/** The GitHub deployment's description: what the run does to the deployment. */
const VERBS = {
    deploy: 'Deploy',
    rollback: 'Roll back',
    promote: 'Promote to',
    delete: 'Delete',
    prune: 'Prune'
};
/**
 * The GitHub side of a deploy, all best effort and beside it: a GitHub deployment for the commit
 * (created at once without being awaited, in_progress when the wait starts, its final state at
 * the end) when `environment` is given, and one pull-request comment kept up to date. Each call
 * has its own short budget, never past the run's deadline and a grace; any failure, refusal or
 * silence of the GitHub API is a warning that says what was not recorded.
 */
function openGitHubRecords(options, target = (0,_github_client__WEBPACK_IMPORTED_MODULE_4__/* .workflowTarget */ .bl)()) {
    const { octokit, owner, repo, md, bounded } = (0,_github_client__WEBPACK_IMPORTED_MODULE_4__/* .openGitHub */ .o6)(options, target);
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
                description: md.plain(`${VERBS[options.operation ?? 'deploy']} ${options.deploymentName}`, MAX_DESCRIPTION),
                request: { signal }
            });
            return 'id' in created.data ? created.data.id : undefined;
        }))
        : Promise.resolve(undefined);
    if (options.operation !== 'rollback' && options.operation !== 'promote')
        begin(target.sha);
    // Who the token writes as: read once, when a comment is first written.
    let identity;
    const ownIdentity = (signal) => (identity ??= (0,_pr_comment__WEBPACK_IMPORTED_MODULE_5__/* .tokenIdentity */ .sX)(octokit, signal));
    let inProgress = deploymentId;
    // The comment while waiting; the final one goes after it, or the two could race to create it.
    let waitingComment = Promise.resolve();
    const comment = (body) => {
        const issue = target.pullRequest;
        return bounded(`the comment on pull request #${issue}`, (signal) => (0,_pr_comment__WEBPACK_IMPORTED_MODULE_5__/* .upsertComment */ .lB)(octokit, {
            owner,
            repo,
            issue,
            body: (0,_report_markdown__WEBPACK_IMPORTED_MODULE_2__/* .capComment */ .W2)(body),
            signal,
            identity: ownIdentity(signal)
        }));
    };
    return {
        redeploying(commit) {
            begin(commit);
        },
        waitStarting(expected) {
            const description = md.plain((0,_wait_progress_text__WEBPACK_IMPORTED_MODULE_3__/* .expectedEndDescription */ .ot)(expected, options.now()), MAX_DESCRIPTION);
            if (expected && options.prComment && target.pullRequest !== undefined) {
                waitingComment = comment(waitingCommentBody(options.deploymentName, description, md));
            }
            inProgress = deploymentId.then((id) => id !== undefined &&
                bounded('The in_progress status of the GitHub deployment', (signal) => octokit.rest.repos.createDeploymentStatus({
                    owner,
                    repo,
                    deployment_id: id,
                    state: 'in_progress',
                    log_url: target.runUrl,
                    description,
                    request: { signal }
                })));
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
                const state = STATES[record.outcome];
                const url = record.deploymentUrl ? (0,_lib_url__WEBPACK_IMPORTED_MODULE_6__/* .checkHttpUrl */ .O)(record.deploymentUrl) : undefined;
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
                    description: md.plain(statusDescription(record), MAX_DESCRIPTION),
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
                    const body = commentBody(record, target.sha, md);
                    jobs.push(waitingComment.then(() => comment(body)));
                }
            }
            await Promise.all(jobs);
        }
    };
}
/** A full commit id: a GitHub deployment is made for it; anything else falls back to the workflow's. */
const FULL_SHA = /^[0-9a-f]{40}$/;
/** The final status's description: the status, and what a rollback brought back. */
function statusDescription(record) {
    const rolled = record.rollback
        ? `; ${(0,_report_rollback_text__WEBPACK_IMPORTED_MODULE_0__/* .rollbackHeadline */ .p)(record.rollback)}`
        : record.redeployOf
            ? `; rolled back to ${record.redeployOf}`
            : '';
    const suite = record.suite ? `; ${(0,_report_suite__WEBPACK_IMPORTED_MODULE_7__/* .passCount */ .L)(record.suite)}` : '';
    return `${record.deploymentName}: ${record.revisionStatus ?? record.outcome}${suite}${rolled}`;
}
const HEADLINES = {
    success: '✅',
    failure: '❌',
    error: '❌',
    in_progress: '⏳'
};
/**
 * The pull-request comment: a marker no name can close, then everything from the service
 * redacted and escaped (../report/markdown.ts).
 */
function commentBody(record, sha, md) {
    const rows = [
        ['Status', md.cell(record.revisionStatus ?? record.outcome)],
        ['URL', record.deploymentUrl ? md.link(record.deploymentUrl) : '—'],
        ['Revision', md.cell(record.revisionId ?? '—')],
        ['Commit', md.cell(sha.slice(0, 12))],
        ['Time', (0,_lib_duration__WEBPACK_IMPORTED_MODULE_1__/* .formatDuration */ .a)(record.elapsedMs)]
    ];
    if (record.checksPassed.length > 0)
        rows.push(['Checks passed', md.cell(record.checksPassed.join(', '))]);
    if (record.suite)
        rows.push(['Smoke suite', md.cell((0,_report_suite__WEBPACK_IMPORTED_MODULE_7__/* .passCount */ .L)(record.suite))]);
    if (record.redeployOf) {
        rows.push(['Rolled back to', md.cell(`revision ${record.redeployOf}`)], [
            'Serving now',
            md.cell(record.outcome === 'deployed' ? (record.revisionId ?? '—') : 'see the deployment')
        ]);
    }
    if (record.rollback) {
        const { failedRevisionId, revisionId, elapsedMs } = record.rollback;
        rows.push(['Failed revision', md.cell(failedRevisionId)], ['Rollback', md.cell((0,_report_rollback_text__WEBPACK_IMPORTED_MODULE_0__/* .rollbackHeadline */ .p)(record.rollback))], ['Serving now', md.cell(revisionId ?? '—')], ['Rollback took', (0,_lib_duration__WEBPACK_IMPORTED_MODULE_1__/* .formatDuration */ .a)(elapsedMs)]);
    }
    return [
        md.marker(record.deploymentName),
        `### ${HEADLINES[STATES[record.outcome]]} ${md.cell(record.deploymentName)}`,
        '',
        '| | |',
        '|---|---|',
        ...rows.map(([label, value]) => `| ${label} | ${value} |`),
        ''
    ].join('\n');
}
/** The pull-request comment while the wait goes on: when the history expects it to end. */
function waitingCommentBody(deploymentName, description, md) {
    return [
        md.marker(deploymentName),
        `### ${HEADLINES.in_progress} ${md.cell(deploymentName)}`,
        '',
        md.paragraph(description),
        ''
    ].join('\n');
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

//# sourceMappingURL=856.index.js.map