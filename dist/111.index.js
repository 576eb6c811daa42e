export const id = 111;
export const ids = [111];
export const modules = {

/***/ 6894:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   n: () => (/* binding */ readAgain)
/* harmony export */ });
/**
 * Reads again until the reading is seen or final, or the deadline passes. The verdict is then:
 * seen; not seen (the last answer read said so, even when later reads got no answer: it is the
 * last thing known); or could not tell (no read got a usable answer). A caller must never treat
 * `could-not-tell` as `seen`: a check that cannot conclude does not pass.
 */
async function readAgain(options) {
    let reading = options.first ?? (await options.read());
    let lastNotSeen;
    for (;;) {
        if (reading.kind === 'seen' || reading.kind === 'final')
            return reading;
        if (reading.kind === 'not-seen')
            lastNotSeen = reading;
        const left = options.deadline - options.now();
        if (left <= 0)
            return lastNotSeen ?? reading;
        await options.sleep(Math.min(options.gapMs, left), options.signal);
        // The gap reached the deadline: no time for a read, the last one is the verdict.
        if (options.now() >= options.deadline)
            return lastNotSeen ?? reading;
        reading = await options.read();
    }
}


/***/ }),

/***/ 7995:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   j: () => (/* binding */ DeployRun)
/* harmony export */ });
/* harmony import */ var _target__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(9325);

/** One run of the deploy operation (or a rollback's or promote's wait): what its steps share. */
class DeployRun {
    config;
    deps;
    known = { created: false, statusesSeen: [] };
    deadline;
    call;
    constructor(config, deps) {
        this.config = config;
        this.deps = deps;
        this.deadline = deps.deadline.at;
        this.call = { deadline: this.deadline, signal: deps.signal };
    }
    elapsed() {
        return this.deps.clock.now() - this.deps.deadline.startedAt;
    }
    /** "deployment NAME (ID)", as far as it is known. */
    get target() {
        return (0,_target__WEBPACK_IMPORTED_MODULE_0__/* .describe */ .q0)(this.known);
    }
    finish(outcome, message) {
        return { ...this.known, outcome, message, elapsedMs: this.elapsed() };
    }
    /** The deployment this run works on is known: reported at once. */
    found(deployment) {
        this.known.deploymentId = deployment.id;
        this.known.deploymentName = deployment.name;
        this.deps.io.known({ deploymentId: deployment.id });
    }
    /** What served before this run's write is known: reported at once. */
    servedBefore(revisionId) {
        this.known.previousRevisionId = revisionId;
        this.deps.io.known({ previousRevisionId: revisionId });
    }
    writeDeps() {
        const { client, io } = this.deps;
        const { sleep, now } = this.deps.clock;
        return {
            client,
            call: this.call,
            sleep,
            now,
            notice: (message) => io.notice(message),
            settleMs: client.requestTimeoutMs
        };
    }
}


/***/ }),

/***/ 453:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   $: () => (/* binding */ configDifferences)
/* harmony export */ });
/**
 * Whether a revision the service shows was made from `sent`: every field that was sent with a
 * value must be the revision's. Returns the fields that differ (empty: it matches), or undefined
 * when nothing was sent to compare (a PATCH of secrets or resources only).
 */
function configDifferences(sent, seen) {
    const fields = Object.keys(sent ?? {}).filter((field) => sent?.[field] != null);
    if (fields.length === 0)
        return undefined;
    return fields.filter((field) => seen?.[field] !== sent[field]);
}


/***/ }),

/***/ 5140:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  Qr: () => (/* binding */ endedByError),
  yo: () => (/* binding */ statusSeen),
  rf: () => (/* binding */ waitForOutcome)
});

// EXTERNAL MODULE: ./src/control-plane/errors.ts
var errors = __webpack_require__(4007);
// EXTERNAL MODULE: ./src/lib/duration.ts
var duration = __webpack_require__(2543);
// EXTERNAL MODULE: ./src/lib/url.ts
var url = __webpack_require__(5194);
// EXTERNAL MODULE: ./src/wait/revision-status.ts
var revision_status = __webpack_require__(6123);
;// CONCATENATED MODULE: ./src/wait/progress.ts

/** While the status stays the same, a line at least this often: a person sees the wait is alive. */
const HEARTBEAT_MS = 60_000;
/**
 * The wait as a person sees it: records each status from the polls (the phase timeline of the
 * summary), and says when nothing else has been said for a while, when the end is expected, and
 * when the build runs past it. It only reads what the polls already brought and the clock.
 */
class WaitProgress {
    #now;
    #report;
    #heartbeatMs;
    #waitStartedAt;
    #spans = [];
    #lastPollAt;
    #nextBeatAt;
    #started = false;
    #late = false;
    #basis;
    #earlier;
    #historyRead = false;
    constructor(options) {
        this.#now = options.now;
        this.#report = options.report;
        this.#heartbeatMs = options.heartbeatMs ?? HEARTBEAT_MS;
        this.#waitStartedAt = this.#now();
        this.#nextBeatAt = this.#waitStartedAt + this.#heartbeatMs;
    }
    /** A poll answered `status`. A new status is a line of its own (the caller's): no beat is due. */
    polled(status) {
        const at = this.#now();
        const last = this.#spans.at(-1);
        if (last?.status === status) {
            last.lastSeenAt = at;
        }
        else {
            if (last)
                last.endedAt = at;
            this.#spans.push({
                status,
                firstSeenAt: at,
                lastSeenAt: at,
                uncertainMs: at - (this.#lastPollAt ?? this.#waitStartedAt)
            });
            this.#nextBeatAt = at + this.#heartbeatMs;
        }
        this.#lastPollAt = at;
        this.#checkLate(at);
    }
    /** The history was read (or not) at the first status: the summary compares with it. */
    compared(history) {
        this.#historyRead = history.read;
        this.#earlier = history.prediction?.basis;
    }
    /** The first status was judged; `basis` when the history predicts when the revision ends. */
    predicted(basis) {
        if (this.#started)
            return;
        this.#started = true;
        this.#basis = basis;
        this.#say({ kind: 'started', at: this.#now(), basis });
    }
    /**
     * Sleeps `ms` in pieces that end when a heartbeat is due, and gives it: the polling schedule
     * (and so the requests) stays what it was.
     */
    async pause(ms, sleep, signal) {
        let left = ms;
        while (left > 0) {
            // At least 1 ms a piece: a clock that does not move cannot make this loop spin.
            const piece = Math.min(left, Math.max(1, this.#nextBeatAt - this.#now()));
            await sleep(piece, signal);
            left -= piece;
            this.#beatIfDue();
        }
    }
    /** The statuses seen, for the summary; undefined before any poll answered. */
    timeline() {
        if (this.#spans.length === 0 || this.#lastPollAt === undefined)
            return undefined;
        const basis = this.#earlier ?? this.#basis;
        return {
            historyRead: this.#historyRead || basis !== undefined,
            waitStartedAt: this.#waitStartedAt,
            lastPollAt: this.#lastPollAt,
            phases: this.#spans.map((span) => ({ ...span })),
            ...(basis && {
                earlier: {
                    count: basis.count,
                    medianMs: basis.medianMs,
                    shortestMs: basis.shortestMs,
                    longestMs: basis.longestMs
                }
            })
        };
    }
    #beatIfDue() {
        const at = this.#now();
        if (at < this.#nextBeatAt)
            return;
        this.#checkLate(at);
        if (at < this.#nextBeatAt)
            return; // the late notice was the line
        const last = this.#spans.at(-1);
        this.#say({
            kind: 'heartbeat',
            at,
            status: last?.status,
            inStatusMs: at - (last?.firstSeenAt ?? this.#waitStartedAt),
            basis: this.#basis
        });
    }
    #checkLate(at) {
        const basis = this.#basis;
        const status = this.#spans.at(-1)?.status;
        if (this.#late || !basis || status === undefined || (0,revision_status/* judgeStatus */.Gh)(status) !== 'waiting')
            return;
        if (at <= basis.startedAt + basis.longestMs)
            return;
        this.#late = true;
        this.#say({ kind: 'late', at, status, basis });
    }
    #say(event) {
        this.#nextBeatAt = event.at + this.#heartbeatMs;
        this.#report(event);
    }
}

// EXTERNAL MODULE: ./src/wait/progress-text.ts
var progress_text = __webpack_require__(8432);
// EXTERNAL MODULE: ./src/control-plane/status-policy.ts
var status_policy = __webpack_require__(3233);
;// CONCATENATED MODULE: ./src/wait/poll-schedule.ts
/** Earlier revisions read for the prediction, and the most of them used. */
const HISTORY_LIMIT = 10;
const HISTORY_USED = 5;
/** A poll lands this long after the predicted end, so that the end has been recorded by then. */
const AFTER_END_MS = 250;
/** The window is at least ±1 s, or ±1 % of the build, or half the spread of the history. */
const MIN_HALF_WIDTH_MS = 1_000;
const HALF_WIDTH_SHARE = 0.01;
/** At most about this many polls fall inside the window: a wide window gets wider gaps. */
const POLLS_PER_HALF_WIDTH = 5;
/**
 * Predicts the end of a revision that started at `startedAt` (local epoch ms) from the newest
 * DEPLOYED revisions in `history` (other than `revisionId`), each taking `updated_at - created_at`.
 * Undefined when there is nothing to learn from.
 */
function predictFinish(history, revisionId, startedAt, denseGapMs) {
    const durations = history
        .filter((revision) => revision.id !== revisionId && revision.status === 'DEPLOYED')
        .map((revision) => Date.parse(revision.updated_at ?? '') - Date.parse(revision.created_at ?? ''))
        .filter((duration) => Number.isFinite(duration) && duration > 0)
        .slice(0, HISTORY_USED)
        .sort((a, b) => a - b);
    if (durations.length === 0)
        return undefined;
    const middle = Math.floor(durations.length / 2);
    const median = durations.length % 2 === 1
        ? durations[middle]
        : (durations[middle - 1] + durations[middle]) / 2;
    const spread = durations[durations.length - 1] - durations[0];
    const halfWidth = Math.max(MIN_HALF_WIDTH_MS, median * HALF_WIDTH_SHARE, spread / 2);
    return {
        anchor: startedAt + median + AFTER_END_MS,
        halfWidth,
        denseGap: Math.max(denseGapMs, halfWidth / POLLS_PER_HALF_WIDTH),
        basis: {
            startedAt,
            count: durations.length,
            shortestMs: durations[0],
            medianMs: median,
            longestMs: durations[durations.length - 1]
        }
    };
}
/**
 * The gap before the next poll under a prediction, or undefined once the window is behind (the
 * caller then backs off as without one). Before the window, gaps of at most `pollIntervalMs` are
 * evened out so that a poll lands on the window's first grid point; inside it, polls follow a
 * grid of `denseGap` that passes through the anchor. Never more than `pollIntervalMs`.
 */
function predictedGap(prediction, now, pollIntervalMs) {
    const { anchor, halfWidth, denseGap } = prediction;
    // Grid points before the anchor only where the window reaches them (a tight history aims the
    // sparse polls at the anchor itself); after it, until the window is covered.
    const windowStart = anchor - Math.floor(halfWidth / denseGap) * denseGap;
    const windowEnd = anchor + Math.ceil(halfWidth / denseGap) * denseGap;
    if (now >= windowEnd)
        return undefined;
    if (now < windowStart) {
        const remaining = windowStart - now;
        return remaining / Math.ceil(remaining / pollIntervalMs);
    }
    // The next grid point strictly after now (a poll exactly on one moves to the next).
    let next = anchor + (Math.floor((now - anchor) / denseGap) + 1) * denseGap;
    if (next - now < 1)
        next += denseGap; // rounding put now just short of a grid point
    return Math.min(next - now, pollIntervalMs);
}

;// CONCATENATED MODULE: ./src/wait/wait.ts




/**
 * Status checks in a row that may fail (each after its own quick retries, below) before the wait
 * gives up: a service that is down for longer than that is not coming back within the run. Which
 * failures a poll may ride out is status-policy.ts's `pollTolerates`.
 */
const FAILED_POLL_BUDGET = 5;
/**
 * Attempts of one status check, the first included. The next poll is itself a retry, so a poll
 * retries less than other reads: a dead service costs at most 5 × 3 = 15 GETs (not 5 × 5), spread
 * over the growing gaps, while a blip of a few failed GETs is ridden out within one poll.
 */
const POLL_ATTEMPTS = 3;
/** The first gap between polls; gaps then grow by half each poll up to the poll interval. */
const FIRST_GAP_MS = 2_000;
const GAP_GROWTH = 1.5;
/**
 * Once the predicted end has passed, the build is running late but likely ends soon: gaps grow
 * more slowly from the dense gap (a 15-min build 10 % over its history is noticed in about 2 s
 * rather than 6.5 s, for two more polls; BENCHMARKS.md).
 */
const LATE_GAP_GROWTH = 1.2;
/**
 * Polls a revision until its status is final or the deadline passes. Gaps start short and grow
 * while nothing changes (a build takes minutes; a status change often comes with the next one
 * soon after), and never exceed `pollIntervalMs`. When the deployment's earlier revisions tell how
 * long a build takes, the wait instead polls sparsely until just before the predicted end and
 * densely around it (see poll-schedule.ts). Aborting the signal rejects with its reason.
 */
async function waitForRevision(options) {
    const { deadline, pollIntervalMs, signal, now, progress } = options;
    const pause = (ms) => progress ? progress.pause(ms, options.sleep, signal) : options.sleep(ms, signal);
    const firstGap = Math.min(FIRST_GAP_MS, pollIntervalMs);
    let gap = firstGap;
    let lastStatus;
    let failedPolls = 0;
    let prediction;
    let growth = GAP_GROWTH;
    // Read once, at the first status, whether or not it steers the polls: the summary compares
    // this revision with the earlier ones. With a poll interval no longer than the first gap there
    // is nothing to save, so the prediction does not steer the polls then.
    let historyRead = options.getHistory === undefined;
    const steers = pollIntervalMs > FIRST_GAP_MS;
    const startedAt = now();
    for (;;) {
        let revision;
        try {
            revision = await options.getRevision({ deadline, signal, maxAttempts: POLL_ATTEMPTS });
            failedPolls = 0;
        }
        catch (error) {
            if (error instanceof errors/* DeadlineError */.j3)
                return { kind: 'timeout', status: lastStatus };
            failedPolls += 1;
            if (!(0,status_policy/* meaningOfError */.Ru)(error).pollTolerates || failedPolls >= FAILED_POLL_BUDGET) {
                if (failedPolls > 1 && error instanceof Error) {
                    error.message = `${failedPolls} status checks in a row failed; the last: ${error.message}`;
                }
                throw error;
            }
            const remaining = deadline - now();
            if (remaining <= 0)
                return { kind: 'timeout', status: lastStatus };
            await pause(Math.min(gap, remaining));
            continue;
        }
        progress?.polled(revision.status);
        if (revision.status !== lastStatus) {
            lastStatus = revision.status;
            options.onStatus(revision.status);
            gap = firstGap;
        }
        else {
            gap = Math.min(pollIntervalMs, gap * growth);
        }
        const verdict = (0,revision_status/* judgeStatus */.Gh)(revision.status);
        if (!historyRead) {
            historyRead = true;
            const history = await readPrediction(options, revision, startedAt);
            progress?.compared(history);
            prediction = history.read && steers ? history.prediction : undefined;
            if (verdict === 'waiting')
                progress?.predicted(history.prediction?.basis);
        }
        if (verdict !== 'waiting') {
            progress?.predicted(undefined);
            return { kind: 'final', verdict, status: revision.status };
        }
        progress?.predicted(undefined);
        const predicted = prediction && predictedGap(prediction, now(), pollIntervalMs);
        if (prediction && predicted === undefined) {
            // The predicted end has passed: back off from the dense gap, slowly.
            gap = prediction.denseGap;
            growth = LATE_GAP_GROWTH;
            prediction = undefined;
        }
        const remaining = deadline - now();
        if (remaining <= 0)
            return { kind: 'timeout', status: lastStatus };
        await pause(Math.min(predicted ?? gap, remaining));
    }
}
/**
 * The revision started when it was created, or when the wait started if the service's clock says
 * later (clocks can differ; the run created the revision just before waiting).
 */
async function readPrediction(options, revision, waitStartedAt) {
    if (!options.getHistory)
        return { read: false };
    try {
        const history = await options.getHistory(HISTORY_LIMIT, {
            deadline: options.deadline,
            signal: options.signal
        });
        const createdAt = Date.parse(revision.created_at ?? '');
        const startedAt = Number.isFinite(createdAt)
            ? Math.min(createdAt, waitStartedAt)
            : waitStartedAt;
        return { read: true, prediction: predictFinish(history, revision.id, startedAt, FIRST_GAP_MS) };
    }
    catch {
        return { read: false };
    }
}

;// CONCATENATED MODULE: ./src/operations/sibling-history.ts
/** Pages of 100 deployments read to find the siblings of a new one. */
const MAX_LIST_PAGES = 5;
/** Siblings whose revisions are read, at the most, newest update first. */
const MAX_SIBLINGS = 3;
/**
 * What makes two deployments siblings: the same source and the same repository (git_host) or
 * image repository (tag and digest dropped). Undefined when there is nothing to compare by.
 */
function siblingKey(deployment) {
    if (deployment.source === 'git_host') {
        const repo = deployment.source_config.repo_url;
        if (!repo)
            return undefined;
        return `git_host ${repo
            .trim()
            .toLowerCase()
            .replace(/\/+$/, '')
            .replace(/\.git$/, '')}`;
    }
    const image = deployment.source_revision_config.image_uri;
    if (!image)
        return undefined;
    // `registry:5000/team/agent:1.2@sha256:…` → `registry:5000/team/agent`
    const withoutDigest = image.trim().split('@')[0] ?? '';
    const lastSlash = withoutDigest.lastIndexOf('/');
    const colon = withoutDigest.indexOf(':', lastSlash + 1);
    return `${deployment.source} ${colon < 0 ? withoutDigest : withoutDigest.slice(0, colon)}`;
}
/**
 * The history a first deploy learns its timing from: the revisions of the deployments of the same
 * repository or image, since every new preview has none of its own. Reads the deployments list,
 * then the revisions of the most recently updated sibling, or of the next (three at the most) when
 * that one has no DEPLOYED revision: one read is the cost of an update's history. An empty history
 * when there are no siblings: the wait then backs off plainly.
 */
function siblingHistory(client, deployment) {
    return async (limit, call) => {
        const key = siblingKey(deployment);
        if (key === undefined)
            return [];
        const listed = await client.listDeployments('', call, MAX_LIST_PAGES);
        const updated = (sibling) => Date.parse(sibling.updated_at ?? '') || 0;
        const siblings = listed
            .filter((sibling) => sibling.id !== deployment.id && siblingKey(sibling) === key)
            .sort((a, b) => updated(b) - updated(a))
            .slice(0, MAX_SIBLINGS);
        const history = [];
        for (const sibling of siblings) {
            history.push(...(await client.listRevisions(sibling.id, limit, call)));
            if (history.some((revision) => revision.status === 'DEPLOYED'))
                break;
        }
        return history;
    };
}

// EXTERNAL MODULE: ./src/operations/target.ts
var target = __webpack_require__(9325);
;// CONCATENATED MODULE: ./src/operations/revision-outcome.ts
/**
 * Waiting for a revision and judging how it ended, for every operation that waits (deploy,
 * rollback, promote): the statuses seen, the URL read after DEPLOYED, and the words of each
 * ending, errors and cancels included.
 */









/** Records a status of the revision: the log, and the statuses seen. */
function statusSeen(run, revisionId, status) {
    run.known.revisionStatus = status;
    run.known.statusesSeen.push(status);
    run.deps.io.info(`Revision ${revisionId}: ${status} (${(0,duration/* formatDuration */.a)(run.elapsed())})`);
}
/**
 * Waits for the revision and judges how it ended. Also hands back the revision as the last poll
 * read it (its DEPLOYED state, when it got there), so that a caller needs no second read of it.
 */
async function waitForOutcome(run, deployment, revisionId) {
    const { client, signal } = run.deps;
    const { now, sleep } = run.deps.clock;
    const deploymentId = deployment.id;
    let lastRead;
    const progress = new WaitProgress({
        now,
        report: (event) => progressSeen(run, revisionId, event)
    });
    let waited;
    try {
        waited = await waitForRevision({
            getRevision: async (call) => (lastRead = await client.getRevision(deploymentId, revisionId, call)),
            // A first deploy has no history of its own: it learns from its repository's or image's.
            getHistory: run.known.created
                ? siblingHistory(client, deployment)
                : (limit, call) => client.listRevisions(deploymentId, limit, call),
            deadline: run.deadline,
            pollIntervalMs: run.config.pollIntervalMs,
            signal,
            now,
            sleep,
            onStatus: (status) => statusSeen(run, revisionId, status),
            progress
        });
    }
    finally {
        // Every ending (errors and cancels too) shows the phases seen until then.
        run.known.phases = progress.timeline();
    }
    return { result: await judgeWait(run, deploymentId, revisionId, waited), lastRead };
}
/** What the wait tells a person beside the status changes: a line in the log, GitHub's record. */
function progressSeen(run, revisionId, event) {
    if (event.kind === 'started')
        run.deps.io.waitStarting?.(revisionId, event.basis);
    const line = (0,progress_text/* progressLine */.oz)(event, run.elapsed());
    if (line !== undefined)
        run.deps.io.info(line);
}
async function judgeWait(run, deploymentId, revisionId, waited) {
    const took = (0,duration/* formatDuration */.a)(run.elapsed());
    if (waited.kind === 'timeout') {
        const blocker = waited.status === 'QUEUED' ? await failedRevisionBefore(run, deploymentId, revisionId) : '';
        return run.finish('timeout', `Timed out after ${took} waiting for revision ${revisionId} of ${run.target}; its last status was ${waited.status ?? 'not read'}.${blocker} The deployment goes on on the service: check it there, or raise timeout (now ${(0,duration/* formatDuration */.a)(run.config.timeoutMs)}).`);
    }
    switch (waited.verdict) {
        case 'failed':
            return run.finish('failed', `Revision ${revisionId} of ${run.target} ended ${waited.status} after ${took}. See the revision's ${(0,revision_status/* phaseOf */.hU)(run.known.statusesSeen)} logs on the service.`);
        case 'superseded': {
            const newer = await run.deps.client.getDeployment(deploymentId, run.call).then((current) => current.latest_revision_id ?? 'unknown', () => 'unknown');
            return run.finish('superseded', `Revision ${revisionId} of ${run.target} was SKIPPED: a newer revision (${newer}) superseded it. Another run or a push deployed after this one; serialise runs with a concurrency group per deployment.`);
        }
        case 'deployed':
            return deployed(run, deploymentId, revisionId);
    }
}
/** DEPLOYED: the URL is read again now, since it can be empty until provisioning ends. */
async function deployed(run, deploymentId, revisionId) {
    const { client, io, signal } = run.deps;
    const current = await client.getDeployment(deploymentId, run.call).catch((error) => {
        if (signal?.aborted)
            throw error;
        // The revision is DEPLOYED all the same: the serving check reads again and says what it saw.
        io.warning(`Revision ${revisionId} is DEPLOYED, but ${run.target} could not be read after it (${error instanceof Error ? error.message : String(error)}): deployment-url stays empty.`);
        return undefined;
    });
    if (!current) {
        return run.finish('deployed', `Revision ${revisionId} of ${run.target} is DEPLOYED after ${(0,duration/* formatDuration */.a)(run.elapsed())}.`);
    }
    run.known.deploymentUrl = usableUrl(run, current.source_config.custom_url ?? '');
    // Whether it serves is the serving check's to say (after-deploy/serving-check.ts), starting
    // from this read.
    run.known.activeRevisionId = current.active_revision_id;
    const at = run.known.deploymentUrl ? ` at ${run.known.deploymentUrl}` : '';
    return run.finish('deployed', `Deployed ${run.target}: revision ${revisionId} is DEPLOYED${at} after ${(0,duration/* formatDuration */.a)(run.elapsed())}.`);
}
/**
 * The deployment's URL as this run reports and checks it: the service's `custom_url` when it is
 * an http(s) URL without credentials or control characters, else '' with a warning that does not
 * repeat it (it may carry someone's credentials).
 */
function usableUrl(run, customUrl) {
    if (customUrl === '')
        return '';
    const checked = (0,url/* checkHttpUrl */.O)(customUrl);
    if ('url' in checked)
        return checked.url;
    run.deps.io.warning(`The service's custom_url for ${run.target} is not a usable URL (${checked.problem}): deployment-url is left empty, and nothing is sent to it.`);
    return '';
}
function endedByError(run, error) {
    const took = (0,duration/* formatDuration */.a)(run.elapsed());
    const { revisionId, revisionStatus, deploymentId } = run.known;
    if (run.deps.signal?.aborted) {
        const during = revisionStatus ? ` while revision ${revisionId} was ${revisionStatus}` : '';
        const of = deploymentId ? ` (${run.target})` : '';
        return run.finish('cancelled', `Cancelled after ${took}${during}${of}. What this run already sent goes on on the service: check the deployment there.`);
    }
    if (error instanceof errors/* DeadlineError */.j3) {
        const goesOn = revisionId
            ? `; revision ${revisionId} of ${run.target} goes on on the service`
            : '';
        return run.finish('timeout', `Timed out after ${took} before ${error.method} ${error.path} could finish${goesOn}. Raise timeout (now ${(0,duration/* formatDuration */.a)(run.deps.deadline.budgetMs)}) or check the service.`);
    }
    return run.finish('error', (0,target/* withHint */.mu)(error));
}
/** A look at the revisions after the wait's deadline gets a few seconds of its own. */
const AFTER_DEADLINE_LOOK_MS = 5_000;
/**
 * Why a revision may sit in QUEUED: the service holds later revisions behind a failed one. Best
 * effort, for the timeout message; '' when there is no such revision or it cannot be read.
 */
async function failedRevisionBefore(run, deploymentId, revisionId) {
    try {
        const revisions = await run.deps.client.listRevisions(deploymentId, 20, {
            deadline: run.deps.clock.now() + AFTER_DEADLINE_LOOK_MS,
            signal: run.deps.signal
        });
        const ours = revisions.findIndex((revision) => revision.id === revisionId);
        const blocker = revisions
            .slice(ours + 1)
            .find((revision) => (0,revision_status/* judgeStatus */.Gh)(revision.status) === 'failed');
        if (ours < 0 || !blocker)
            return '';
        return ` It is queued behind revision ${blocker.id}, which ended ${blocker.status}: the service holds later revisions while a failed one blocks the queue. Fix what made it fail (see its logs), or redeploy.`;
    }
    catch {
        return '';
    }
}


/***/ }),

/***/ 582:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   KQ: () => (/* binding */ patchOnce),
/* harmony export */   Ur: () => (/* binding */ createOnce),
/* harmony export */   _T: () => (/* binding */ settleWindow),
/* harmony export */   vd: () => (/* binding */ isLostAnswer)
/* harmony export */ });
/* harmony import */ var _control_plane_client__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(5319);
/* harmony import */ var _control_plane_errors__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(4007);
/* harmony import */ var _control_plane_status_policy__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(3233);
/* harmony import */ var _lib_read_again__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(6894);
/* harmony import */ var _revision_match__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(453);





/** Attempts of a create or an update whose answers got lost, the first included. */
const MAX_WRITE_ATTEMPTS = 4;
/**
 * An error after which the service may or may not have acted (status-policy.ts's table): the
 * request went out and no (readable) answer came back, or a gateway answered for the service.
 */
function isLostAnswer(error) {
    return (0,_control_plane_status_policy__WEBPACK_IMPORTED_MODULE_2__/* .meaningOfError */ .Ru)(error).lostAnswer;
}
/**
 * Creates the deployment exactly once. When an answer is lost, the deployment is looked up by its
 * exact name before anything is sent again, and adopted if the lost request did create it. A 409
 * on a later attempt means the same: an earlier attempt created it.
 */
async function createOnce(body, deps) {
    let lost;
    for (let attempt = 1; attempt <= MAX_WRITE_ATTEMPTS; attempt++) {
        try {
            return { deployment: await deps.client.createDeployment(body, deps.call), adopted: false };
        }
        catch (error) {
            const conflictAfterLoss = lost !== undefined && error instanceof _control_plane_errors__WEBPACK_IMPORTED_MODULE_1__/* .HttpStatusError */ .F9 && error.status === 409;
            if (!conflictAfterLoss && !isLostAnswer(error))
                throw error;
            lost = conflictAfterLoss ? lost : error;
        }
        const found = await deps.client.findDeploymentByName(body.name, deps.call);
        if (found) {
            deps.notice(`The answer to POST ${_control_plane_client__WEBPACK_IMPORTED_MODULE_0__/* .controlPlanePaths */ .oH.deployments()} was lost (${reasonOf(lost)}), but the deployment ${found.name} (${found.id}) exists: this run created it, and goes on with it instead of creating it again.`);
            return { deployment: found, adopted: true };
        }
        if (attempt < MAX_WRITE_ATTEMPTS)
            await pause(attempt, deps, lost);
    }
    throw lost;
}
/**
 * Patches the deployment so that at most one revision comes of it. When an answer is lost, the
 * deployment's latest revision is compared with the one before the PATCH: a new one is adopted
 * (the lost PATCH created it), otherwise the PATCH is sent again.
 */
async function patchOnce(deploymentId, body, revisionBefore, deps) {
    let lost;
    for (let attempt = 1; attempt <= MAX_WRITE_ATTEMPTS; attempt++) {
        try {
            return {
                deployment: await deps.client.patchDeployment(deploymentId, body, deps.call),
                adopted: false
            };
        }
        catch (error) {
            if (!isLostAnswer(error))
                throw error;
            lost = error;
        }
        const settled = await (0,_lib_read_again__WEBPACK_IMPORTED_MODULE_3__/* .readAgain */ .n)({
            read: async () => {
                const current = await deps.client.getDeployment(deploymentId, deps.call);
                if (!current.latest_revision_id || current.latest_revision_id === revisionBefore) {
                    return { kind: 'not-seen', value: null };
                }
                const differs = (0,_revision_match__WEBPACK_IMPORTED_MODULE_4__/* .configDifferences */ .$)(body.source_revision_config, current.source_revision_config);
                if (differs && differs.length > 0) {
                    // Another run's revision: not ours to wait for. Ours, if it comes, will be newer.
                    deps.notice(`The answer to PATCH ${_control_plane_client__WEBPACK_IMPORTED_MODULE_0__/* .controlPlanePaths */ .oH.deployment(deploymentId)} was lost (${reasonOf(lost)}); the deployment has a new revision ${current.latest_revision_id}, but its ${differs.join(', ')} is not what this run sent: another run or a push created it, so it is not adopted.`);
                    revisionBefore = current.latest_revision_id;
                    return { kind: 'not-seen', value: null };
                }
                const unverified = differs ? '' : ' (nothing sent names the revision, so this is assumed)';
                deps.notice(`The answer to PATCH ${_control_plane_client__WEBPACK_IMPORTED_MODULE_0__/* .controlPlanePaths */ .oH.deployment(deploymentId)} was lost (${reasonOf(lost)}), but the deployment has a new revision ${current.latest_revision_id}: this run created it${unverified}, and waits for it instead of patching again.`);
                return { kind: 'seen', value: current };
            },
            ...settleWindow(deps)
        });
        if (settled.kind === 'seen')
            return { deployment: settled.value, adopted: true };
        if (attempt < MAX_WRITE_ATTEMPTS)
            await pause(attempt, deps, lost);
    }
    throw lost;
}
/**
 * How long a lost write is given to show its effect: a request the client gave up on may still be
 * carried out, as late as one request timeout after; read about five times in that window.
 */
function settleWindow(deps) {
    return {
        deadline: Math.min(deps.now() + deps.settleMs, deps.call.deadline ?? Infinity),
        gapMs: Math.max(50, deps.settleMs / 5),
        signal: deps.call.signal,
        now: deps.now,
        sleep: deps.sleep
    };
}
async function pause(attempt, deps, lost) {
    // The client's backoff and random source: one retry policy for the whole run.
    const delay = deps.client.retryDelay(attempt - 1);
    const deadline = deps.call.deadline;
    if (deadline !== undefined && deps.now() + delay >= deadline) {
        throw lost;
    }
    await deps.sleep(delay, deps.call.signal);
}
function reasonOf(error) {
    if (error instanceof _control_plane_errors__WEBPACK_IMPORTED_MODULE_1__/* .NetworkError */ .Dr)
        return error.reason;
    if (error instanceof _control_plane_errors__WEBPACK_IMPORTED_MODULE_1__/* .HttpStatusError */ .F9)
        return `HTTP ${error.status}`;
    if (error instanceof _control_plane_errors__WEBPACK_IMPORTED_MODULE_1__/* .ResponseShapeError */ .RD)
        return 'the body was cut short';
    return String(error);
}


/***/ })

};

//# sourceMappingURL=111.index.js.map