export const id = 902;
export const ids = [902];
export const modules = {

/***/ 3902:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  bakeClient: () => (/* reexport */ bakeClient),
  describeBakePlan: () => (/* reexport */ describeBakePlan),
  prepareBake: () => (/* reexport */ prepareBake),
  runBake: () => (/* reexport */ runBake)
});

// EXTERNAL MODULE: ./src/tracing/client.ts + 3 modules
var client = __webpack_require__(8618);
// EXTERNAL MODULE: ./src/version.ts
var version = __webpack_require__(311);
;// CONCATENATED MODULE: ./src/bake/client.ts


function bakeClient(options) {
    const { clock, info } = options;
    return new client/* TracingClient */.ed({
        baseUrl: options.tracingUrl,
        apiKey: options.apiKey,
        tenantId: options.tenantId,
        userAgent: `deploy-agent-action/${version/* ACTION_VERSION */.Y}`,
        dispatcher: options.dispatcher,
        now: clock.now,
        sleep: clock.sleep,
        onRetryAfter: (delayMs) => info(`Tracing service: Retry-After on a 429 or 503, every call waits ${(delayMs / 1000).toFixed(1)} s`)
    });
}

// EXTERNAL MODULE: ./src/bake/windows.ts
var windows = __webpack_require__(9740);
// EXTERNAL MODULE: ./src/bake/words.ts
var words = __webpack_require__(1576);
;// CONCATENATED MODULE: ./src/bake/plan.ts


function describeBakePlan(prepared) {
    const { settings, previous, project } = prepared;
    const schedule = (0,windows/* bakeSchedule */.lA)(0, settings.durationMs, settings.intervalMs);
    const first = schedule.reads[0];
    const last = schedule.reads[schedule.reads.length - 1];
    const at = (ms) => `+${(0,words/* lengthWords */.up)(ms)}`;
    const lines = [
        `Bake window: after the checks, the ${(0,words/* lengthWords */.up)(settings.durationMs)} from the last check's end, read ${schedule.reads.length} times (every ${(0,words/* lengthWords */.up)(settings.intervalMs)}, ${(0,words/* lengthWords */.up)(schedule.settlingMs)} behind, cumulative)${project ? ` in the tracing project ${project.name}` : ', in the project the create makes'}.`
    ];
    if (first && last)
        lines.push(`Bake window: the first read at ${at(first.due)} covers [start, ${at(first.to)}); the last at ${at(last.due)} covers [start, ${at(last.to)}); at most ${(0,words/* lengthWords */.up)(schedule.end)} after the checks.`);
    if (settings.revisionKey !== undefined)
        lines.push(`Bake window: only runs whose metadata ${settings.revisionKey} holds the revision's id count.`);
    if (previous.kind === 'read')
        lines.push(`Bake window: the previous revision's window (the ${(0,words/* lengthWords */.up)(settings.durationMs)} before this run began): ${(0,words/* statsWords */.DZ)(previous.stats)}.`);
    if (previous.kind === 'none')
        lines.push(`Bake window: ${previous.why}.`);
    return lines;
}

// EXTERNAL MODULE: ./src/tracing/run-stats.ts
var run_stats = __webpack_require__(7229);
// EXTERNAL MODULE: ./src/lib/ids.ts
var ids = __webpack_require__(829);
;// CONCATENATED MODULE: ./src/tracing/stats-read.ts

/**
 * The deployment's tracing project: its `tracer_session_id` when that is a UUID of a project the
 * service has, else the project of the deployment's exact name; `not-found` when neither exists.
 */
async function findProject(client, deployment, call) {
    const id = deployment.tracerSessionId;
    if (typeof id === 'string' && ids/* UUID */.k.test(id)) {
        const session = await client.getProject(id, call);
        if (session)
            return found(session, 'tracer-session-id');
    }
    const session = await client.findSessionByName(deployment.name, call);
    return session ? found(session, 'name') : { kind: 'not-found', name: deployment.name };
}
const found = (session, foundBy) => ({
    kind: 'found',
    project: { id: session.id, name: session.name, tenantId: session.tenant_id ?? null, foundBy }
});
/**
 * A window's stats, tried until an attempt is answered or `deadline` comes (the next read's
 * time): each unanswered attempt waits the client's backoff, and any `Retry-After` hold, before
 * the next; no attempt starts, and none is waited for, past the deadline. A refusal that will not
 * change (401, 403, a 400 on the filter) is thrown at once.
 */
async function readRunStats(client, projectId, window, call) {
    let reason = 'the deadline came before any attempt';
    for (let attempts = 0;;) {
        if (client.now() >= call.deadline)
            return { kind: 'unanswered', reason, attempts };
        const attempt = await client.runStatsAttempt(projectId, window, call);
        attempts += 1;
        if (attempt.kind === 'answered')
            return { ...attempt, attempts };
        reason = attempt.reason;
        const now = client.now();
        const next = Math.max(now + client.retryDelay(attempts - 1), client.heldUntil);
        if (next >= call.deadline)
            return { kind: 'unanswered', reason, attempts };
        await client.sleep(next - now, call.signal);
    }
}

;// CONCATENATED MODULE: ./src/bake/stats.ts
function statsOf(stats) {
    return {
        runs: stats.runCount,
        errorRate: stats.errorRate,
        p50: stats.latencyP50,
        p99: stats.latencyP99
    };
}

;// CONCATENATED MODULE: ./src/bake/prepare.ts




/** `deadline`: the phase's, for the project's lookup and the previous window's read. */
async function prepareBake(settings, target, deps, run) {
    const read = await readBeforeWrite(settings, target, deps, run);
    return 'refused' in read ? read : { prepared: read };
}
async function readBeforeWrite(settings, target, deps, run) {
    const call = { deadline: run.deadline, signal: deps.signal };
    const prepared = { settings, deploymentName: target.deploymentName };
    if (target.deploymentId === undefined)
        return {
            ...prepared,
            previous: {
                kind: 'none',
                why: 'this run creates the deployment: there is no previous window'
            }
        };
    const lookup = await findProject(deps.client, { name: target.deploymentName, tracerSessionId: target.tracerSessionId }, call);
    if (lookup.kind === 'not-found')
        return {
            refused: {
                message: `bake.duration: the deployment ${target.deploymentName} has no tracing project (none by its tracer_session_id, none named ${JSON.stringify(lookup.name)}), so its traffic cannot be watched; nothing was written.`,
                refused: 'the bake window refused bake.duration: the deployment has no tracing project'
            }
        };
    const project = lookup.project;
    const wanted = Object.keys(settings.maxRegression).length > 0;
    if (!wanted)
        return { ...prepared, project, previous: { kind: 'not-read' } };
    const previousId = target.previousRevisionId;
    if (previousId === undefined)
        return {
            ...prepared,
            project,
            previous: {
                kind: 'none',
                why: 'no revision served before this run: there is no previous window'
            }
        };
    const window = (0,windows/* previousWindow */.gz)(run.startedAt, settings.durationMs, settings.intervalMs);
    // Runs are ingested a little after they end: the window is read once it settled.
    const wait = window.due - deps.clock.now();
    if (wait > 0)
        await deps.clock.sleep(wait, deps.signal);
    const filter = settings.revisionKey === undefined
        ? undefined
        : (0,run_stats/* revisionFilter */.Ic)(settings.revisionKey, previousId);
    const read = await readRunStats(deps.client, project.id, { start: window.from, end: window.to, ...(filter !== undefined && { filter }) }, {
        deadline: Math.min(run.deadline, deps.clock.now() + Math.max(settings.intervalMs, windows/* MIN_GRACE_MS */.Hh)),
        signal: deps.signal
    });
    if (read.kind === 'unanswered')
        return {
            refused: {
                message: `The bake could not read the previous revision's window from the tracing service (${read.reason}); nothing was written. Run the step again once the tracing service answers.`,
                refused: "the bake window could not read the previous revision's window"
            }
        };
    return {
        ...prepared,
        project,
        previous: { kind: 'read', stats: statsOf(read.stats), revisionId: previousId }
    };
}

;// CONCATENATED MODULE: ./src/bake/verdict.ts


/** z of the 95 % interval. */
const Z = 1.96;
/** p99 is judged only on this many runs or more: below it a window's p99 is its slowest run. */
const P99_MIN_RUNS = 100;
/** Failed reads in a row that end the bake early: could not conclude. */
const FAILED_READS_LIMIT = 4;
/**
 * The lower end of the 95 % Wilson score interval of `errors` among `runs` (no continuity
 * correction): how low the error rate may be, given what was seen. 0 without runs.
 */
function wilsonLower(errors, runs) {
    if (runs <= 0)
        return 0;
    const p = errors / runs;
    const z2 = Z * Z;
    const centre = p + z2 / (2 * runs);
    const spread = Z * Math.sqrt((p * (1 - p)) / runs + z2 / (4 * runs * runs));
    return Math.max(0, (centre - spread) / (1 + z2 / runs));
}
/** The errors a read stands for: round(error_rate × run_count). */
function errorsOf(stats) {
    return Math.round((stats.errorRate ?? 0) * stats.runs);
}
const percent = (share) => `${Number((share * 100).toFixed(2))}%`;
const seconds = (ms) => (0,words/* secondsWords */.dB)(ms / 1000);
/**
 * Every bound of `bounds` on one read. `interim`: the error rate by the lower end of its
 * interval (evidence enough to stop early); `final`: by the rate itself.
 */
function judgeRead(stats, previous, bounds, as) {
    const rows = [];
    const { minRuns } = bounds;
    const enough = (runs, floor) => runs >= Math.max(floor, minRuns, 1);
    const tooFew = (need) => `${stats.runs} run${stats.runs === 1 ? '' : 's'} in the window, ${Math.max(need, minRuns, 1)} needed`;
    const errorRate = as === 'final' ? (stats.errorRate ?? 0) : wilsonLower(errorsOf(stats), stats.runs);
    const value = (metric) => metric === 'error-rate' ? stats.errorRate : metric === 'p50' ? stats.p50 : stats.p99;
    const absolute = (metric, bound, floor, shown) => {
        const limit = metric === 'error-rate' ? bound : bound / 1000;
        const row = {
            metric,
            relative: false,
            bound: shown,
            limit,
            value: value(metric),
            previous: null
        };
        if (!enough(stats.runs, floor))
            return rows.push({ ...row, verdict: 'inconclusive', why: tooFew(floor) });
        const measured = metric === 'error-rate' ? errorRate : (value(metric) ?? 0) * 1000;
        rows.push({ ...row, verdict: measured > bound ? 'fail' : 'pass' });
    };
    if (bounds.maxErrorRate !== undefined)
        absolute('error-rate', bounds.maxErrorRate, 1, `≤ ${percent(bounds.maxErrorRate)}`);
    if (bounds.maxLatencyMs.p50 !== undefined)
        absolute('p50', bounds.maxLatencyMs.p50, 1, `≤ ${seconds(bounds.maxLatencyMs.p50)}`);
    if (bounds.maxLatencyMs.p99 !== undefined)
        absolute('p99', bounds.maxLatencyMs.p99, P99_MIN_RUNS, `≤ ${seconds(bounds.maxLatencyMs.p99)}`);
    for (const metric of ['error-rate', 'p50', 'p99']) {
        const bound = bounds.maxRegression[metric];
        if (bound === undefined)
            continue;
        const shown = metric === 'error-rate' ? `previous + ${percent(bound)}` : `previous + ${percent(bound)}`;
        const row = { metric, relative: true, bound: shown, value: value(metric) };
        if (previous.kind !== 'read') {
            const why = previous.kind === 'none' ? previous.why : 'the previous window was not read';
            rows.push({ ...row, previous: null, verdict: 'skipped', why });
            continue;
        }
        const before = previous.stats;
        const was = metric === 'error-rate' ? before.errorRate : metric === 'p50' ? before.p50 : before.p99;
        const floor = metric === 'p99' ? P99_MIN_RUNS : 1;
        if (before.runs === 0 && minRuns === 0) {
            rows.push({
                ...row,
                previous: null,
                verdict: 'skipped',
                why: 'the previous window holds no runs (bake.min-runs is 0)'
            });
            continue;
        }
        if (!enough(before.runs, floor) || was === null) {
            rows.push({
                ...row,
                previous: was,
                verdict: 'inconclusive',
                why: `${before.runs} run${before.runs === 1 ? '' : 's'} in the previous window, ${Math.max(floor, minRuns, 1)} needed`
            });
            continue;
        }
        if (!enough(stats.runs, floor)) {
            rows.push({ ...row, previous: was, verdict: 'inconclusive', why: tooFew(floor) });
            continue;
        }
        const missed = metric === 'error-rate' ? errorRate - was > bound : (value(metric) ?? 0) > was * (1 + bound);
        rows.push({ ...row, previous: was, verdict: missed ? 'fail' : 'pass' });
    }
    return rows;
}
/** Whether an interim read breaches: a bound it could judge was missed. */
function breaches(rows) {
    return rows.some((row) => row.verdict === 'fail');
}
/**
 * The tally after one read, and whether it ends the bake early: `failure-limit` breaching reads
 * in a row fail it; four failed reads in a row leave it unconcluded. An answered read that does
 * not breach resets the breaches (one with too few runs included); a failed read leaves them.
 */
function countRead(tally, outcome, failureLimit) {
    const next = outcome === 'failed'
        ? { breaches: tally.breaches, failedReads: tally.failedReads + 1 }
        : { breaches: outcome === 'breach' ? tally.breaches + 1 : 0, failedReads: 0 };
    if (next.breaches >= failureLimit)
        return { tally: next, ends: 'fail' };
    if (next.failedReads >= FAILED_READS_LIMIT)
        return { tally: next, ends: 'inconclusive' };
    return { tally: next };
}
/**
 * The verdict at the last read, which covers the whole window: a missed bound fails (evidence,
 * even beside a bound that cannot be judged); a window with no runs never passes; a bound that
 * could not be judged leaves it unconcluded; otherwise it passes.
 */
function finalVerdict(stats, rows) {
    const missed = rows.find((row) => row.verdict === 'fail');
    if (missed)
        return { verdict: 'fail', decided: missed, why: missedWhy(missed, stats) };
    if (stats.runs === 0)
        return {
            verdict: 'inconclusive',
            why: 'the window holds no runs: a bake never passes without traffic'
        };
    const open = rows.find((row) => row.verdict === 'inconclusive');
    if (open)
        return {
            verdict: 'inconclusive',
            decided: open,
            why: `${(0,words/* metricWords */.yh)(open)} could not be judged: ${open.why ?? 'no value'}`
        };
    // Every bound skipped: nothing was judged, and a bake never passes on nothing.
    if (!rows.some((row) => row.verdict === 'pass'))
        return { verdict: 'inconclusive', why: 'no bound could be judged' };
    return { verdict: 'pass' };
}
/**
 * "error rate 7.5% > 5% allowed (120 runs)": the value and the bound it went over, joined by a
 * sign that cannot read as met.
 */
function missedWhy(row, stats) {
    const shown = row.value === null
        ? 'none'
        : row.metric === 'error-rate'
            ? percent(row.value)
            : (0,words/* secondsWords */.dB)(row.value);
    return `${(0,words/* metricWords */.yh)(row)} ${shown} > ${row.bound.replace(/^≤ /, '')} allowed (${stats.runs} run${stats.runs === 1 ? '' : 's'})`;
}

;// CONCATENATED MODULE: ./src/bake/run.ts
/**
 * The bake after the checks (spec: Bake window): the cumulative window read every
 * `bake.interval`, a settling time behind, on the run's clock; each read retried until the next
 * is due; breaching and failed reads counted in a row; the verdict at the last read. Never
 * throws for what the tracing service does: a verdict, and the report of what it saw.
 */






/** How often a first deploy's project is looked for, within the first interval. */
const LOOKUP_EVERY_MS = 5_000;
/** The log is never silent longer than this while the bake waits for its next read. */
const QUIET_MS = 60_000;
function boundsOf(settings) {
    return {
        minRuns: settings.minRuns,
        ...(settings.maxErrorRate !== undefined && { maxErrorRate: settings.maxErrorRate }),
        maxLatencyMs: settings.maxLatencyMs,
        maxRegression: settings.maxRegression,
        failureLimit: settings.failureLimit
    };
}
/** The bake of `revisionId`, from now: its reads, its verdict. */
async function runBake(prepared, revisionId, deps) {
    const startedAt = deps.clock.now();
    const cut = {};
    try {
        return await bake(prepared, revisionId, deps, cut);
    }
    catch (error) {
        // A cancel is no verdict on the revision: what was read is kept, and said to be cut short.
        if (!deps.signal?.aborted || cut.report === undefined)
            throw error;
        const report = cut.report;
        report.cutShort = true;
        report.verdict = 'inconclusive';
        report.watchedMs = deps.clock.now() - startedAt;
        report.why = `the bake was cut short by a cancel after ${(0,words/* lengthWords */.up)(report.watchedMs)} of ${(0,words/* lengthWords */.up)(report.durationMs)}`;
        return { kind: 'baked', report };
    }
}
async function bake(prepared, revisionId, deps, cut) {
    const { settings, previous } = prepared;
    const bounds = boundsOf(settings);
    const absolute = settings.maxErrorRate !== undefined ||
        settings.maxLatencyMs.p50 !== undefined ||
        settings.maxLatencyMs.p99 !== undefined;
    if (!absolute && previous.kind !== 'read')
        return {
            kind: 'skipped',
            why: `the bake has only bounds relative to the previous window, and ${previous.kind === 'none' ? previous.why : 'none was read'}`
        };
    // With min-runs 0 an empty previous window skips the relative bounds: none would be judged.
    if (!absolute && previous.kind === 'read' && previous.stats.runs === 0 && settings.minRuns === 0)
        return {
            kind: 'skipped',
            why: 'the bake has only bounds relative to the previous window, and the previous window holds no runs (bake.min-runs is 0), so no bound could be judged'
        };
    const start = deps.clock.now();
    const schedule = (0,windows/* bakeSchedule */.lA)(start, settings.durationMs, settings.intervalMs);
    const report = {
        verdict: 'inconclusive',
        rows: [],
        window: null,
        previous: previous.kind === 'read' ? previous.stats : null,
        reads: [],
        answered: 0,
        durationMs: settings.durationMs,
        intervalMs: settings.intervalMs,
        startedAt: start,
        watchedMs: 0
    };
    cut.report = report;
    const done = (verdict, why, decided) => {
        report.verdict = verdict;
        if (why !== undefined)
            report.why = why;
        if (decided !== undefined)
            report.decided = decided;
        report.watchedMs = deps.clock.now() - start;
        return { kind: 'baked', report };
    };
    if (previous.kind === 'none' && Object.keys(settings.maxRegression).length > 0)
        deps.notice(`Bake window: the relative bounds are skipped: ${previous.why}.`);
    const project = prepared.project ?? (await projectAfterCreate(prepared, start + settings.intervalMs, deps));
    if (project === undefined)
        return done('inconclusive', `no tracing project named ${JSON.stringify(prepared.deploymentName)} was found within ${(0,words/* lengthWords */.up)(settings.intervalMs)} of the create, so its traffic could not be watched`);
    report.project = {
        id: project.id,
        tenantId: project.tenantId,
        ...(settings.tracingWebUrl !== undefined && { webUrl: settings.tracingWebUrl })
    };
    const filter = settings.revisionKey === undefined
        ? undefined
        : (0,run_stats/* revisionFilter */.Ic)(settings.revisionKey, revisionId);
    let tally = { breaches: 0, failedReads: 0 };
    let lastReason = '';
    for (const [position, read] of schedule.reads.entries()) {
        await waitUntil(read.due, start, settings.durationMs, deps);
        const until = Math.min(schedule.reads[position + 1]?.due ?? schedule.end, deps.deadline);
        const answer = await readWindow(project, read, filter, until, deps);
        const point = {
            index: read.index,
            elapsedMs: read.to - start,
            stats: answer.kind === 'answered' ? answer.stats : null
        };
        report.reads.push(point);
        deps.progress((0,words/* bakingWords */.cZ)(read.to - start, settings.durationMs));
        if (answer.kind === 'refused')
            return done('inconclusive', answer.why);
        if (answer.kind === 'unanswered') {
            lastReason = answer.reason;
            deps.info(`Bake read ${read.index} of ${schedule.reads.length}: no answer (${answer.reason}); ${(0,words/* lengthWords */.up)(Math.max(0, start + settings.durationMs - deps.clock.now()))} left`);
            if (read.last)
                return done('inconclusive', `the tracing service did not answer the last read of the ${(0,words/* lengthWords */.up)(settings.durationMs)} window (${answer.reason})`);
            const counted = countRead(tally, 'failed', settings.failureLimit);
            tally = counted.tally;
            if (counted.ends) {
                report.endedEarly = 'failed-reads';
                return done('inconclusive', `${tally.failedReads} reads in a row got no answer from the tracing service (${lastReason}), ${(0,words/* lengthWords */.up)(read.to - start)} into the ${(0,words/* lengthWords */.up)(settings.durationMs)} window`);
            }
            continue;
        }
        const stats = answer.stats;
        report.window = stats;
        report.answered += 1;
        const rows = judgeRead(stats, previous, bounds, read.last ? 'final' : 'interim');
        report.rows = rows;
        deps.info(readLine(read, schedule.reads.length, stats, report.previous, start + settings.durationMs - deps.clock.now()));
        if (read.last)
            return finish(report, stats, rows, project, filter, read, deps, done, Math.min(schedule.end, deps.deadline));
        const counted = countRead(tally, breaches(rows) ? 'breach' : 'clear', settings.failureLimit);
        tally = counted.tally;
        if (counted.ends) {
            report.endedEarly = 'breach';
            const missed = rows.find((row) => row.verdict === 'fail');
            return done('fail', `${missed ? missedWhy(missed, stats) : 'a bound was missed'}, ${tally.breaches} reads in a row, ${(0,words/* lengthWords */.up)(read.to - start)} into the ${(0,words/* lengthWords */.up)(settings.durationMs)} window`, missed);
        }
    }
    return done('inconclusive', 'the bake made no read');
}
/** The last read: the verdict on the values, and whether a revision key was missing. */
async function finish(report, stats, rows, project, filter, read, deps, done, 
/** The bake's bound: the unfiltered read too ends by then. */
until) {
    const window = (0,words/* lengthWords */.up)(report.durationMs);
    for (const row of rows.filter((row) => row.verdict === 'skipped'))
        deps.notice(`Bake window: ${(0,words/* metricWords */.yh)(row)} was not judged: ${row.why ?? 'no value'}.`);
    const verdict = finalVerdict(stats, rows);
    if (verdict.verdict === 'fail')
        return done('fail', `${verdict.why ?? ''}, over the ${window} window`, verdict.decided);
    if (verdict.verdict === 'pass')
        return done('pass');
    if (filter !== undefined && stats.runs === 0) {
        // Whether the runs are there without the key: one read of the same window, unfiltered.
        const unfiltered = await readWindow(project, read, undefined, until, deps);
        if (unfiltered.kind === 'answered' && unfiltered.stats.runs > 0)
            return done('inconclusive', `no run of the ${window} window carries the revision's id in the metadata key named by bake.revision-key (${unfiltered.stats.runs} runs without it)`);
    }
    return done('inconclusive', `${verdict.why ?? 'it could not be judged'}, over the ${window} window`, verdict.decided);
}
/** One read, retried until `until`; a refusal that will not change ends the bake. */
async function readWindow(project, read, filter, until, deps) {
    try {
        const answer = await readRunStats(deps.client, project.id, { start: read.from, end: read.to, ...(filter !== undefined && { filter }) }, { deadline: until, signal: deps.signal });
        return answer.kind === 'answered'
            ? { kind: 'answered', stats: statsOf(answer.stats) }
            : { kind: 'unanswered', reason: answer.reason };
    }
    catch (error) {
        if (deps.signal?.aborted)
            throw error;
        return {
            kind: 'refused',
            why: `the tracing service refused read ${read.index}: ${error instanceof Error ? error.message : String(error)}`
        };
    }
}
/** Sleeps until `at`, saying how far the bake is at least once a minute. */
async function waitUntil(at, start, durationMs, deps) {
    for (let now = deps.clock.now(); now < at; now = deps.clock.now()) {
        await deps.clock.sleep(Math.min(at - now, QUIET_MS), deps.signal);
        deps.progress((0,words/* bakingWords */.cZ)(deps.clock.now() - start, durationMs));
    }
}
/** A first deploy's project, looked for until `until` (one interval after the bake began). */
async function projectAfterCreate(prepared, until, deps) {
    for (;;) {
        try {
            const lookup = await findProject(deps.client, { name: prepared.deploymentName }, { deadline: until, signal: deps.signal });
            if (lookup.kind === 'found')
                return lookup.project;
        }
        catch (error) {
            if (deps.signal?.aborted)
                throw error;
        }
        const now = deps.clock.now();
        if (now + LOOKUP_EVERY_MS >= until)
            return undefined;
        await deps.clock.sleep(LOOKUP_EVERY_MS, deps.signal);
    }
}
/** "Bake read 6 of 15: 120 runs, errors 0.8%, … (previous: …); 9 min left". */
function readLine(read, of, stats, previous, leftMs) {
    const before = previous === null ? '' : ` (previous window: ${(0,words/* statsWords */.DZ)(previous)})`;
    return `Bake read ${read.index} of ${of}: ${(0,words/* statsWords */.DZ)(stats)}${before}; ${(0,words/* lengthWords */.up)(Math.max(0, leftMs))} left`;
}

;// CONCATENATED MODULE: ./src/bake/index.ts
/**
 * The bake window (`bake.duration`), in the order a deploy uses it: `prepareBake` before the
 * write (the project, the previous window), `describeBakePlan` for the log and `dry-run`,
 * `runBake` after every check passed. Loaded on first use: a run without a bake never loads it,
 * nor the tracing client.
 */






/***/ })

};

//# sourceMappingURL=902.index.js.map