export const id = 663;
export const ids = [663];
export const modules = {

/***/ 663:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   openGitHubRecords: () => (/* binding */ openGitHubRecords)
/* harmony export */ });
/* unused harmony exports commentMarker, commentBody */
/* harmony import */ var _actions_github__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(2413);
/* harmony import */ var _duration__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(7607);
/* harmony import */ var _summary__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(8855);



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
    absent: 'success'
};
/** The hidden line that finds this action's comment for this deployment on the pull request. */
function commentMarker(deploymentName) {
    return `<!-- deploy-agent-action:deployment=${deploymentName} -->`;
}
/**
 * The GitHub side of a deploy, all best effort: a GitHub deployment for the commit (created now,
 * in_progress when the wait starts, its final state at the end) when `environment` is given, and one pull-request comment
 * kept up to date. Any failure of the GitHub API is a warning that says what was not recorded.
 */
async function openGitHubRecords(options) {
    const octokit = (0,_actions_github__WEBPACK_IMPORTED_MODULE_0__/* .getOctokit */ .Q)(options.token);
    const { owner, repo } = _actions_github__WEBPACK_IMPORTED_MODULE_0__/* .context */ ._.repo;
    const pullRequest = _actions_github__WEBPACK_IMPORTED_MODULE_0__/* .context */ ._.payload.pull_request;
    const sha = pullRequest?.head?.sha ?? _actions_github__WEBPACK_IMPORTED_MODULE_0__/* .context */ ._.sha;
    const runUrl = `${_actions_github__WEBPACK_IMPORTED_MODULE_0__/* .context */ ._.serverUrl}/${owner}/${repo}/actions/runs/${_actions_github__WEBPACK_IMPORTED_MODULE_0__/* .context */ ._.runId}`;
    let deploymentId;
    if (options.environment) {
        try {
            const created = await octokit.rest.repos.createDeployment({
                owner,
                repo,
                ref: sha,
                environment: options.environment,
                auto_merge: false,
                required_contexts: [],
                transient_environment: pullRequest !== undefined,
                description: `Deploy ${options.deploymentName}`
            });
            deploymentId = 'id' in created.data ? created.data.id : undefined;
        }
        catch (error) {
            options.warn(`The GitHub deployment for ${options.environment} was not recorded: ${reason(error)}`);
        }
    }
    let inProgress = Promise.resolve();
    return {
        waitStarting() {
            if (deploymentId === undefined)
                return;
            inProgress = octokit.rest.repos
                .createDeploymentStatus({
                owner,
                repo,
                deployment_id: deploymentId,
                state: 'in_progress',
                log_url: runUrl
            })
                .then(() => undefined, (error) => options.warn(`The in_progress status of the GitHub deployment was not recorded: ${reason(error)}`));
        },
        async finish(record) {
            // The final status must come after in_progress, or GitHub would show the run as going on.
            await inProgress;
            const jobs = [];
            if (deploymentId !== undefined) {
                jobs.push([
                    `the final status of the GitHub deployment for ${options.environment}`,
                    octokit.rest.repos.createDeploymentStatus({
                        owner,
                        repo,
                        deployment_id: deploymentId,
                        state: STATES[record.outcome],
                        environment_url: record.deploymentUrl || undefined,
                        log_url: runUrl,
                        auto_inactive: true,
                        description: `${record.deploymentName}: ${record.revisionStatus ?? record.outcome}`.slice(0, 140)
                    })
                ]);
            }
            if (options.prComment) {
                if (pullRequest === undefined) {
                    options.info('pr-comment: this run is not for a pull request, so there is no comment to write.');
                }
                else {
                    jobs.push([
                        `the comment on pull request #${pullRequest.number}`,
                        upsertComment(octokit, owner, repo, pullRequest.number, commentBody(record, sha))
                    ]);
                }
            }
            const settled = await Promise.allSettled(jobs.map(([, job]) => job));
            settled.forEach((result, index) => {
                if (result.status === 'rejected')
                    options.warn(`${jobs[index]?.[0]} was not recorded: ${reason(result.reason)}`);
            });
        }
    };
}
async function upsertComment(octokit, owner, repo, issue, body) {
    const marker = body.split('\n')[0] ?? '';
    const comments = await octokit.paginate(octokit.rest.issues.listComments, {
        owner,
        repo,
        issue_number: issue,
        per_page: 100
    });
    const ours = comments.find((comment) => comment.body?.startsWith(marker));
    if (ours)
        await octokit.rest.issues.updateComment({ owner, repo, comment_id: ours.id, body });
    else
        await octokit.rest.issues.createComment({ owner, repo, issue_number: issue, body });
}
const HEADLINES = {
    success: '✅',
    failure: '❌',
    error: '❌',
    in_progress: '⏳'
};
/** The pull-request comment: everything from the service is escaped for the table. */
function commentBody(record, sha) {
    const rows = [
        ['Status', record.revisionStatus ?? record.outcome],
        ['URL', record.deploymentUrl || '—'],
        ['Revision', record.revisionId ?? '—'],
        ['Commit', sha.slice(0, 12)],
        ['Time', (0,_duration__WEBPACK_IMPORTED_MODULE_1__/* .formatDuration */ .a)(record.elapsedMs)]
    ];
    if (record.checksPassed.length > 0)
        rows.push(['Checks passed', record.checksPassed.join(', ')]);
    return [
        commentMarker(record.deploymentName),
        `### ${HEADLINES[STATES[record.outcome]]} ${(0,_summary__WEBPACK_IMPORTED_MODULE_2__/* .escapeCell */ .kq)(record.deploymentName)}`,
        '',
        '| | |',
        '|---|---|',
        ...rows.map(([label, value]) => `| ${label} | ${(0,_summary__WEBPACK_IMPORTED_MODULE_2__/* .escapeCell */ .kq)(value)} |`),
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
