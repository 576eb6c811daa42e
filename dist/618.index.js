export const id = 618;
export const ids = [618];
export const modules = {

/***/ 8618:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  mu: () => (/* reexport */ RUNS_PER_BATCH),
  ed: () => (/* binding */ TracingClient)
});

// UNUSED EXPORTS: FEEDBACK_RUNS_PER_READ, PAGE_LIMIT, tracingPaths

// EXTERNAL MODULE: ./src/control-plane/errors.ts
var errors = __webpack_require__(4007);
// EXTERNAL MODULE: ./src/control-plane/paging.ts
var paging = __webpack_require__(9696);
// EXTERNAL MODULE: ./src/control-plane/retry.ts
var retry = __webpack_require__(7224);
// EXTERNAL MODULE: ./src/control-plane/request.ts
var request = __webpack_require__(4899);
// EXTERNAL MODULE: ./src/control-plane/transport.ts
var transport = __webpack_require__(9747);
// EXTERNAL MODULE: ./src/lib/ids.ts
var ids = __webpack_require__(829);
;// CONCATENATED MODULE: ./src/tracing/batches.ts
// Runs as the gate records them, split into the batches the service takes.
/** Runs per batch write, at most (the service's limit is 100 runs and 20 MiB). */
const RUNS_PER_BATCH = 100;
/** Bytes of JSON per batch write, at most: under the service's 20 MiB with room to spare. */
const MAX_BATCH_BYTES = 16 * 1024 * 1024;
/** Runs split so that no batch holds more than 100 runs or 16 MiB of JSON. */
function* batches(runs) {
    let batch = [];
    let bytes = 0;
    for (const run of runs) {
        const size = Buffer.byteLength(JSON.stringify(run));
        if (batch.length > 0 && (batch.length >= RUNS_PER_BATCH || bytes + size > MAX_BATCH_BYTES)) {
            yield batch;
            batch = [];
            bytes = 0;
        }
        batch.push(run);
        bytes += size;
    }
    if (batch.length > 0)
        yield batch;
}

;// CONCATENATED MODULE: ./src/tracing/hold.ts

/**
 * A 429's or a 503's `Retry-After` asks the caller, not one request, to wait: every call of the
 * client waits until the latest time one asked for before it is sent. A wait that would pass the call's
 * deadline is not begun: the call fails at once with a DeadlineError.
 */
class RetryAfterHold {
    now;
    sleep;
    #until = 0;
    constructor(now, sleep) {
        this.now = now;
        this.sleep = sleep;
    }
    /** Epoch milliseconds before which no call is sent (0 when nothing holds). */
    get until() {
        return this.#until;
    }
    /** A 429 or a 503 asked for `delayMs` now. */
    extend(delayMs) {
        this.#until = Math.max(this.#until, this.now() + delayMs);
    }
    /** Waits until the hold ends; throws a DeadlineError naming the call when it ends too late. */
    async wait(method, path, call) {
        for (;;) {
            const wait = this.#until - this.now();
            if (wait <= 0)
                return;
            if (call.deadline !== undefined && this.#until >= call.deadline)
                throw new errors/* DeadlineError */.j3(method, path);
            await this.sleep(wait, call.signal);
        }
    }
}

// EXTERNAL MODULE: ./src/tracing/run-stats.ts
var run_stats = __webpack_require__(7229);
// EXTERNAL MODULE: ./node_modules/zod/v4/classic/schemas.js + 11 modules
var schemas = __webpack_require__(2857);
;// CONCATENATED MODULE: ./src/tracing/schemas.ts
/**
 * The tracing service's answers as the gate reads them (reference/tracing-api.md). Every answer is
 * parsed, never trusted: ids must be UUIDs (they go into paths and outputs), free text stays text.
 */


const id = schemas/* string */.YjP().regex(ids/* UUID */.k, 'is not a UUID');
const metadata = schemas/* record */.g1P(schemas/* string */.YjP(), schemas/* unknown */.L5J());
/** A time as the service writes it; judged where it is used, never put into a path. */
const time = schemas/* string */.YjP();
const datasetSchema = schemas/* object */.Ikc({
    id,
    name: schemas/* string */.YjP(),
    example_count: schemas/* number */.aig().nullish(),
    modified_at: time.nullish(),
    baseline_experiment_id: id.nullish()
})
    .loose();
const exampleSchema = schemas/* object */.Ikc({
    id,
    dataset_id: id.optional(),
    inputs: schemas/* record */.g1P(schemas/* string */.YjP(), schemas/* unknown */.L5J()),
    outputs: schemas/* record */.g1P(schemas/* string */.YjP(), schemas/* unknown */.L5J()).nullish(),
    metadata: schemas/* object */.Ikc({ dataset_split: schemas/* array */.YOg(schemas/* string */.YjP()).nullish() })
        .loose()
        .nullish(),
    created_at: time.nullish(),
    modified_at: time.nullish()
})
    .loose();
const ruleSchema = schemas/* object */.Ikc({
    id,
    display_name: schemas/* string */.YjP().nullish(),
    dataset_id: id.nullish(),
    is_enabled: schemas/* boolean */.zMY(),
    sampling_rate: schemas/* number */.aig(),
    // A filter's form is the service's own; any non-empty one means some runs go unscored.
    filter: schemas/* unknown */.L5J().optional()
})
    .loose();
const feedbackStat = schemas/* object */.Ikc({ n: schemas/* number */.aig().nullish(), avg: schemas/* number */.aig().nullish() }).loose();
const sessionSchema = schemas/* object */.Ikc({
    id,
    name: schemas/* string */.YjP(),
    tenant_id: schemas/* string */.YjP().nullish(),
    start_time: time.nullish(),
    end_time: time.nullish(),
    reference_dataset_id: id.nullish(),
    extra: schemas/* object */.Ikc({ metadata: metadata.nullish() }).loose().nullish(),
    run_count: schemas/* number */.aig().nullish(),
    error_rate: schemas/* number */.aig().nullish(),
    feedback_stats: schemas/* record */.g1P(schemas/* string */.YjP(), feedbackStat.nullish()).nullish()
})
    .loose();
const feedbackSchema = schemas/* object */.Ikc({
    id: schemas/* string */.YjP(),
    run_id: id,
    key: schemas/* string */.YjP(),
    // A categorical value or a comment is never read: scores only.
    score: schemas/* union */.KCZ([schemas/* number */.aig(), schemas/* boolean */.zMY()]).nullish(),
    created_at: time.nullish()
})
    .loose();
const datasetsSchema = schemas/* array */.YOg(datasetSchema);
const examplesSchema = schemas/* array */.YOg(exampleSchema);
const rulesSchema = schemas/* array */.YOg(ruleSchema);
const sessionsSchema = schemas/* array */.YOg(sessionSchema);
const feedbacksSchema = schemas/* array */.YOg(feedbackSchema);

;// CONCATENATED MODULE: ./src/tracing/client.ts
/**
 * The tracing service's client (reference/tracing-api.md): one typed method per call, each through
 * the control plane's request chokepoint (auth headers, timeout, body cap, retries on 408, 425,
 * 429 with Retry-After and 5xx within the caller's deadline, parsing with the call's schema).
 * Writes carry ids made by the action, so a write sent again is the same write and is retried.
 * A 429's or a 503's Retry-After holds back every call of the client (hold.ts), not only the one
 * refused.
 * The bake window's reads (the project, run stats) are in stats-read.ts, on top of this client.
 */











/** Lists page by at most this many. */
const PAGE_LIMIT = 100;
/** Run ids per feedback read: the service's advice (a long query string is refused by proxies). */
const FEEDBACK_RUNS_PER_READ = 50;
/** The page limit: no list the gate reads is longer (10,000 items); past it the list is refused. */
const MAX_PAGES = 100;
const segment = (id) => {
    if (!ids/* UUID */.k.test(id))
        throw new errors/* ServiceIdError */.z1(id);
    return id;
};
const tracingPaths = {
    datasets: () => '/datasets',
    dataset: (id) => `/datasets/${segment(id)}`,
    examples: () => '/examples',
    rules: () => '/runs/rules',
    sessions: () => '/sessions',
    session: (id) => `/sessions/${segment(id)}`,
    runsBatch: () => '/runs/batch',
    runsStats: () => '/runs/stats',
    feedback: () => '/feedback'
};
class TracingClient {
    #requester;
    #hold;
    #now;
    #sleep;
    constructor(options) {
        this.#now = options.now ?? Date.now;
        this.#sleep = options.sleep ?? retry/* sleep */.yy;
        this.#hold = new RetryAfterHold(this.#now, this.#sleep);
        this.#requester = new request/* ControlPlaneRequester */.K({
            ...options,
            onRetryAfter: (delayMs) => {
                this.#hold.extend(delayMs);
                options.onRetryAfter?.(delayMs);
            }
        });
    }
    /** Epoch milliseconds before which no call is sent: the latest `Retry-After` of a 429. */
    get heldUntil() {
        return this.#hold.until;
    }
    /** The pause before retry `retryNumber` (0 for the first): the client's backoff. */
    retryDelay(retryNumber) {
        return this.#requester.retryDelay(retryNumber);
    }
    /** The clock the client's deadlines are read on. */
    now() {
        return this.#now();
    }
    /** A sleep on that clock. */
    sleep(ms, signal) {
        return this.#sleep(ms, signal);
    }
    /** A project (a session) by exact name; undefined when there is none. */
    async findSessionByName(name, call) {
        const found = await this.#get(tracingPaths.sessions(), { name, limit: 1 }, sessionsSchema, call);
        // `name` is exact on the service; a service that matches otherwise is not followed.
        return found.find((session) => session.name === name);
    }
    /**
     * One attempt at the stats of the project's root runs started in the window (no retry: the
     * caller decides how long to keep trying, see stats-read.ts). An answer that is not numbers in
     * range, a 408/425/429/5xx, no answer, or a `Retry-After` hold past the deadline is
     * `unanswered`; any other refusal is thrown.
     */
    async runStatsAttempt(projectId, window, call) {
        try {
            const stats = await this.#request({
                ...call,
                maxAttempts: 1,
                method: 'POST',
                path: tracingPaths.runsStats(),
                body: (0,run_stats/* runStatsBody */.$H)(segment(projectId), window),
                schema: run_stats/* runStatsSchema */.YQ,
                maxBodyBytes: transport/* BODY_CAPS */.V9.tracingJson,
                idempotent: true
            });
            return { kind: 'answered', stats: (0,run_stats/* toRunStats */.gN)(stats) };
        }
        catch (error) {
            return (0,run_stats/* unansweredOrThrow */.E1)(error);
        }
    }
    /** A dataset by id (a UUID), else by exact name; undefined when there is none. */
    async findDataset(nameOrId, call) {
        if (ids/* UUID */.k.test(nameOrId)) {
            try {
                return await this.#get(tracingPaths.dataset(nameOrId), {}, datasetSchema, call);
            }
            catch (error) {
                if (!(error instanceof errors/* HttpStatusError */.F9 && error.status === 404))
                    throw error;
            }
        }
        const found = await this.#get(tracingPaths.datasets(), { name: nameOrId, limit: 1 }, datasetsSchema, call);
        // `name` is exact on the service; a service that matches otherwise is not followed.
        return found.find((dataset) => dataset.name === nameOrId);
    }
    /**
     * Every example of the dataset (every page), in the service's order; reading stops as soon as
     * more than `cap` were read (`capped`: there may be more).
     */
    async listExamples(datasetId, filter, call) {
        const { items, capped } = await this.#pages(`the examples of dataset ${datasetId}`, tracingPaths.examples(), { dataset: datasetId, splits: filter.splits, as_of: filter.asOf }, examplesSchema, call, filter.cap);
        return { examples: items, capped };
    }
    /** The evaluator rules bound to the dataset. */
    async listRules(datasetId, call) {
        return this.#get(tracingPaths.rules(), { dataset_id: datasetId }, rulesSchema, call);
    }
    /**
     * The dataset's experiments, newest first, a page at a time: `visit` returns true to stop. A
     * session of another dataset in the answer is skipped (the filter is checked here too).
     */
    async eachSession(datasetId, visit, call) {
        const path = tracingPaths.sessions();
        const seen = new paging/* SeenPages */.i(`the experiments of dataset ${datasetId}`, 'GET', path);
        let offset = 0;
        // Past the page limit the search ends: the caller takes it as not found.
        for (let page = 0; page < MAX_PAGES; page++) {
            const sessions = await this.#get(path, {
                reference_dataset: datasetId,
                sort_by: 'start_time',
                sort_by_desc: 'true',
                offset,
                limit: PAGE_LIMIT
            }, sessionsSchema, call);
            seen.check(sessions.map((session) => session.id));
            for (const session of sessions) {
                if (session.reference_dataset_id && session.reference_dataset_id !== datasetId)
                    continue;
                if (visit(session))
                    return;
            }
            if (sessions.length < PAGE_LIMIT)
                return;
            offset += sessions.length;
        }
    }
    /** An experiment with its stats; undefined when there is none of that id. */
    getSession(id, call) {
        return this.#session(id, { include_stats: 'true' }, call);
    }
    /** A project (a session) without its stats, which a deployment's project has many runs to count for. */
    getProject(id, call) {
        return this.#session(id, {}, call);
    }
    async #session(id, query, call) {
        try {
            const session = await this.#get(tracingPaths.session(id), query, sessionSchema, call);
            if (session.id.toLowerCase() !== id.toLowerCase())
                throw new errors/* ServiceIdError */.z1(session.id);
            return session;
        }
        catch (error) {
            if (error instanceof errors/* HttpStatusError */.F9 && error.status === 404)
                return undefined;
            throw error;
        }
    }
    /**
     * Creates the experiment with the action's id. A 409 is either this same write answered before
     * (the id exists: done) or the name taken by another experiment (the caller picks another).
     */
    async createSession(session, call) {
        try {
            await this.#request({
                ...call,
                method: 'POST',
                path: tracingPaths.sessions(),
                body: session,
                schema: undefined,
                maxBodyBytes: transport/* BODY_CAPS */.V9.tracingJson,
                idempotent: true
            });
            return 'created';
        }
        catch (error) {
            if (!(error instanceof errors/* HttpStatusError */.F9 && error.status === 409))
                throw error;
            return (await this.getSession(session.id, call)) ? 'created' : 'name-taken';
        }
    }
    /** Ends the experiment and replaces its `extra` (the whole of it is sent). */
    async patchSession(id, patch, call) {
        await this.#request({
            ...call,
            method: 'PATCH',
            path: tracingPaths.session(id),
            body: patch,
            schema: undefined,
            maxBodyBytes: transport/* BODY_CAPS */.V9.tracingJson,
            idempotent: true
        });
    }
    /** Records runs, in batches of at most 100 runs and 16 MiB. */
    async postRuns(runs, call) {
        for (const batch of batches(runs)) {
            await this.#request({
                ...call,
                method: 'POST',
                path: tracingPaths.runsBatch(),
                body: { post: batch, patch: [] },
                schema: undefined,
                maxBodyBytes: transport/* BODY_CAPS */.V9.tracingJson,
                idempotent: true
            });
        }
    }
    /** The feedback of `key` on these runs (at most 50 at a time), every page. */
    async listFeedback(runIds, key, call) {
        const feedback = [];
        for (let start = 0; start < runIds.length; start += FEEDBACK_RUNS_PER_READ) {
            const runs = runIds.slice(start, start + FEEDBACK_RUNS_PER_READ).map(segment);
            const { items } = await this.#pages(`the ${key} feedback of ${runs.length} runs`, tracingPaths.feedback(), { run: runs, key }, feedbacksSchema, call);
            feedback.push(...items);
        }
        return feedback;
    }
    /**
     * Every page of a list, the offset moved by what each page held. It ends at a short (or empty)
     * page, or as soon as more than `cap` items were read (`capped`: more may follow); a page with the ids of an
     * earlier one, or more pages than the page limit, is a PagingError naming `list`.
     */
    async #pages(list, path, query, schema, call, cap = Number.POSITIVE_INFINITY) {
        const seen = new paging/* SeenPages */.i(list, 'GET', path);
        const all = [];
        let offset = 0;
        for (let page = 0; page < MAX_PAGES; page++) {
            const items = await this.#get(path, { ...query, offset, limit: PAGE_LIMIT }, schema, call);
            seen.check(items.map((item) => item.id));
            all.push(...items);
            if (items.length < PAGE_LIMIT)
                return { items: all, capped: false };
            if (all.length > cap)
                return { items: all, capped: true };
            offset += items.length;
        }
        throw seen.endless(MAX_PAGES);
    }
    /** Every call of the client: held back while a 429's `Retry-After` lasts, then sent. */
    async #request(spec) {
        await this.#hold.wait(spec.method, spec.path, spec);
        return this.#requester.request(spec);
    }
    #get(path, query, schema, call) {
        return this.#request({
            ...call,
            method: 'GET',
            path,
            query,
            schema,
            maxBodyBytes: transport/* BODY_CAPS */.V9.tracingJson
        });
    }
}


/***/ }),

/***/ 7229:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   $H: () => (/* binding */ runStatsBody),
/* harmony export */   E1: () => (/* binding */ unansweredOrThrow),
/* harmony export */   Ic: () => (/* binding */ revisionFilter),
/* harmony export */   YQ: () => (/* binding */ runStatsSchema),
/* harmony export */   gN: () => (/* binding */ toRunStats)
/* harmony export */ });
/* unused harmony exports RUN_STATS_SELECT, METADATA_KEY, MetadataKeyError */
/* harmony import */ var zod__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(2857);
/* harmony import */ var _control_plane_errors__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(4007);
/* harmony import */ var _control_plane_status_policy__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(3233);
/* harmony import */ var _lib_ids__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(829);
/**
 * Run stats (reference/tracing-api.md, "Run stats"): the shape of `POST /runs/stats` as the bake
 * window reads it, the metadata filter it sends, and what one attempt at a read comes to.
 * An answer is numbers in range or no answer at all: a hostile or broken service must never make
 * a window look healthy, so anything else is an unanswered attempt, retried like a 5xx.
 */




/** The four numbers a read asks for, in the order the service is asked. */
const RUN_STATS_SELECT = ['run_count', 'error_rate', 'latency_p50', 'latency_p99'];
/** A metadata key the filter may name: it is written into the service's filter grammar. */
const METADATA_KEY = /^[A-Za-z0-9_.-]{1,64}$/;
const rate = zod__WEBPACK_IMPORTED_MODULE_2__/* .number */ .aig().min(0).max(1).nullable();
// zod's number refuses NaN and ±Infinity: a latency is finite or the answer is refused.
const seconds = zod__WEBPACK_IMPORTED_MODULE_2__/* .number */ .aig().min(0).nullable();
/** The answer, checked: extra keys are dropped; `null` only in a window without runs. */
const runStatsSchema = zod__WEBPACK_IMPORTED_MODULE_2__/* .object */ .Ikc({
    run_count: zod__WEBPACK_IMPORTED_MODULE_2__/* .number */ .aig().int().min(0),
    error_rate: rate,
    latency_p50: seconds,
    latency_p99: seconds
})
    .superRefine((stats, context) => {
    if (stats.run_count === 0)
        return;
    for (const key of ['error_rate', 'latency_p50', 'latency_p99']) {
        if (stats[key] === null)
            context.addIssue({
                code: 'custom',
                path: [key],
                message: `is null although run_count is ${stats.run_count}`
            });
    }
});
/** A metadata key that does not fit the filter grammar; the caller names its setting. */
class MetadataKeyError extends Error {
    key;
    constructor(key) {
        super(`The metadata key ${JSON.stringify(key.slice(0, 80))} cannot go into a run filter: it must match ${String(METADATA_KEY)}.`);
        this.key = key;
        this.name = 'MetadataKeyError';
    }
}
/**
 * The filter that scopes a read to the runs whose metadata holds `key` with the revision's id:
 * `and(eq(metadata_key, "K"), eq(metadata_value, "V"))`. Both values are checked first, since
 * each is written inside quotes of the service's grammar.
 */
function revisionFilter(key, revisionId) {
    if (!METADATA_KEY.test(key))
        throw new MetadataKeyError(key);
    if (!_lib_ids__WEBPACK_IMPORTED_MODULE_3__/* .UUID */ .k.test(revisionId))
        throw new Error(`The revision id ${JSON.stringify(revisionId)} is not a UUID`);
    return `and(eq(metadata_key, "${key}"), eq(metadata_value, "${revisionId}"))`;
}
/** The body of `POST /runs/stats` for a window of the project's root runs. */
function runStatsBody(projectId, window) {
    return {
        session: [projectId],
        is_root: true,
        start_time: new Date(window.start).toISOString(),
        end_time: new Date(window.end).toISOString(),
        ...(window.filter === undefined ? {} : { filter: window.filter }),
        select: [...RUN_STATS_SELECT]
    };
}
/** The checked answer in the action's names. */
function toRunStats(stats) {
    return {
        runCount: stats.run_count,
        errorRate: stats.error_rate,
        latencyP50: stats.latency_p50,
        latencyP99: stats.latency_p99
    };
}
/**
 * What a failed attempt comes to: worth another try (a 408, 425, 429 or 5xx, no answer, an answer
 * that is not numbers in range or is too large, the deadline reached while held back or waiting),
 * or thrown when the refusal will not change by asking again (401, 403, 404, a 400 on the filter).
 */
function unansweredOrThrow(error) {
    if (error instanceof _control_plane_errors__WEBPACK_IMPORTED_MODULE_0__/* .DeadlineError */ .j3 ||
        error instanceof _control_plane_errors__WEBPACK_IMPORTED_MODULE_0__/* .ResponseShapeError */ .RD ||
        error instanceof _control_plane_errors__WEBPACK_IMPORTED_MODULE_0__/* .BodyTooLargeError */ .Au)
        return { kind: 'unanswered', reason: error.message };
    const failure = (0,_control_plane_status_policy__WEBPACK_IMPORTED_MODULE_1__/* .failureOf */ .g5)(error);
    if (failure && (0,_control_plane_status_policy__WEBPACK_IMPORTED_MODULE_1__/* .meaningOf */ .Pr)(failure).retry !== 'never' && error instanceof Error)
        return { kind: 'unanswered', reason: error.message };
    throw error;
}


/***/ })

};

//# sourceMappingURL=618.index.js.map