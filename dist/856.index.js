export const id = 856;
export const ids = [856];
export const modules = {

/***/ 7856:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   PD: () => (/* binding */ budgetedCall),
/* harmony export */   bl: () => (/* binding */ workflowTarget),
/* harmony export */   h1: () => (/* binding */ findComment),
/* harmony export */   o6: () => (/* binding */ openGitHub),
/* harmony export */   openGitHubRecords: () => (/* binding */ openGitHubRecords)
/* harmony export */ });
/* unused harmony exports GITHUB_CALL_MS, GITHUB_GRACE_MS, boundedCalls, commentBody */
/* harmony import */ var _actions_github__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(2413);
/* harmony import */ var _report_rollback_text__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(6846);
/* harmony import */ var _lib_duration__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(2543);
/* harmony import */ var _report_markdown__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(4285);
/* harmony import */ var _lib_url__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(5194);
/* harmony import */ var _wait_progress_text__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(8432);






/** Time one GitHub call may take; GitHub records never hold the deploy back. */
const GITHUB_CALL_MS = 10_000;
/** Time past the run's deadline the final records may still take (a timed-out run reports too). */
const GITHUB_GRACE_MS = 5_000;
/** Pages of 100 comments read to find this action's comment on a pull request. */
const MAX_COMMENT_PAGES = 10;
/** GitHub's limit for a deployment status description. */
const MAX_DESCRIPTION = 140;
const STATES = {
    deployed: 'success',
    'revision-created': 'in_progress',
    failed: 'failure',
    superseded: 'failure',
    timeout: 'failure',
    cancelled: 'error',
    error: 'error',
    'dry-run': 'in_progress',
    deleted: 'success',
    absent: 'success',
    pruned: 'success'
};
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
/**
 * What every GitHub call of a run shares: the client for the workflow's repository, the markdown
 * its texts go through, and the budget of each call.
 */
function openGitHub(options, target) {
    return {
        octokit: (0,_actions_github__WEBPACK_IMPORTED_MODULE_0__/* .getOctokit */ .Q)(options.token, target.apiUrl === undefined ? {} : { baseUrl: target.apiUrl }),
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
        throw new Error(`GitHub did not answer within ${(0,_lib_duration__WEBPACK_IMPORTED_MODULE_2__/* .formatDuration */ .a)(budget)}.`, { cause: error });
    }
}
/**
 * The GitHub side of a deploy, all best effort and beside it: a GitHub deployment for the commit
 * (created at once without being awaited, in_progress when the wait starts, its final state at
 * the end) when `environment` is given, and one pull-request comment kept up to date. Each call
 * has its own short budget, never past the run's deadline and a grace; any failure, refusal or
 * silence of the GitHub API is a warning that says what was not recorded.
 */
function openGitHubRecords(options, target = workflowTarget()) {
    const { octokit, owner, repo, md, bounded } = openGitHub(options, target);
    const deploymentId = options.environment
        ? bounded(`The GitHub deployment for ${options.environment}`, async (signal) => {
            const created = await octokit.rest.repos.createDeployment({
                owner,
                repo,
                ref: target.sha,
                environment: options.environment ?? '',
                auto_merge: false,
                required_contexts: [],
                transient_environment: target.pullRequest !== undefined,
                description: md.plain(`Deploy ${options.deploymentName}`, MAX_DESCRIPTION),
                request: { signal }
            });
            return 'id' in created.data ? created.data.id : undefined;
        })
        : Promise.resolve(undefined);
    let inProgress = deploymentId;
    // The comment while waiting; the final one goes after it, or the two could race to create it.
    let waitingComment = Promise.resolve();
    const comment = (body) => {
        const issue = target.pullRequest;
        return bounded(`the comment on pull request #${issue}`, (signal) => upsertComment(octokit, { owner, repo, issue, body, signal }));
    };
    return {
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
            const jobs = [];
            const finalStatus = async () => {
                // The final status must come after in_progress, or GitHub would show the run as going on.
                await inProgress;
                const id = await deploymentId;
                if (id === undefined)
                    return;
                const url = record.deploymentUrl ? (0,_lib_url__WEBPACK_IMPORTED_MODULE_5__/* .checkHttpUrl */ .O)(record.deploymentUrl) : undefined;
                const environmentUrl = url && 'url' in url && options.redact(url.url) === url.url ? url.url : undefined;
                await bounded(`the final status of the GitHub deployment for ${options.environment}`, (signal) => octokit.rest.repos.createDeploymentStatus({
                    owner,
                    repo,
                    deployment_id: id,
                    state: STATES[record.outcome],
                    environment_url: environmentUrl,
                    log_url: target.runUrl,
                    auto_inactive: true,
                    description: md.plain(`${record.deploymentName}: ${record.revisionStatus ?? record.outcome}${record.rollback ? `; ${(0,_report_rollback_text__WEBPACK_IMPORTED_MODULE_1__/* .rollbackHeadline */ .p)(record.rollback)}` : ''}`, MAX_DESCRIPTION),
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
/** This action's comment on a pull request: the first whose body starts with `marker`. */
async function findComment(octokit, where) {
    const { owner, repo, issue, marker, signal } = where;
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
        const ours = data.find((comment) => comment.body?.startsWith(marker));
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
    const ours = await findComment(octokit, { owner, repo, issue, marker, signal });
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
        ['Time', (0,_lib_duration__WEBPACK_IMPORTED_MODULE_2__/* .formatDuration */ .a)(record.elapsedMs)]
    ];
    if (record.checksPassed.length > 0)
        rows.push(['Checks passed', md.cell(record.checksPassed.join(', '))]);
    if (record.rollback) {
        const { failedRevisionId, revisionId, elapsedMs } = record.rollback;
        rows.push(['Failed revision', md.cell(failedRevisionId)], ['Rollback', md.cell((0,_report_rollback_text__WEBPACK_IMPORTED_MODULE_1__/* .rollbackHeadline */ .p)(record.rollback))], ['Serving now', md.cell(revisionId ?? '—')], ['Rollback took', (0,_lib_duration__WEBPACK_IMPORTED_MODULE_2__/* .formatDuration */ .a)(elapsedMs)]);
    }
    return [
        (0,_report_markdown__WEBPACK_IMPORTED_MODULE_4__/* .commentMarker */ .Ql)(record.deploymentName),
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
        (0,_report_markdown__WEBPACK_IMPORTED_MODULE_4__/* .commentMarker */ .Ql)(deploymentName),
        `### ${HEADLINES.in_progress} ${md.cell(deploymentName)}`,
        '',
        md.paragraph(description),
        ''
    ].join('\n');
}
function reason(error) {
    const status = error.status;
    const message = error instanceof Error ? error.message : String(error);
    return typeof status === 'number' ? `HTTP ${status}: ${message}` : message;
}


/***/ })

};

//# sourceMappingURL=856.index.js.map