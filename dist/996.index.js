export const id = 996;
export const ids = [996];
export const modules = {

/***/ 5319:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  zU: () => (/* binding */ ControlPlaneClient),
  oH: () => (/* binding */ controlPlanePaths),
  YJ: () => (/* binding */ describeDeleteRequest)
});

// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __webpack_require__(3024);
// EXTERNAL MODULE: ./src/control-plane/transport.ts
var transport = __webpack_require__(9747);
// EXTERNAL MODULE: ./src/control-plane/errors.ts
var errors = __webpack_require__(4007);
// EXTERNAL MODULE: ./src/lib/ids.ts
var ids = __webpack_require__(829);
;// CONCATENATED MODULE: ./src/control-plane/signed-url.ts
/**
 * A text without the signed URL's query: the query whole and each of its values (8 characters
 * or more) in the forms a storage's error body may quote them in (raw, decoded, percent-encoded
 * in either case, XML-escaped).
 */
function withoutQuery(text, url) {
    const raw = url.search.slice(1);
    const values = [raw, ...raw.split('&').map((pair) => pair.slice(pair.indexOf('=') + 1))];
    const forms = new Set();
    for (const value of values) {
        let decoded = value;
        try {
            decoded = decodeURIComponent(value.replace(/\+/g, ' '));
        }
        catch {
            // Not valid percent-encoding: the raw form is enough.
        }
        for (const form of [value, decoded, encodeURIComponent(decoded)]) {
            forms.add(form);
            forms.add(form.replace(/%[0-9A-F]{2}/g, (code) => code.toLowerCase()));
            forms.add(form.replace(/&/g, '&amp;'));
        }
    }
    return [...forms]
        .filter((form) => form.length >= 8)
        .sort((a, b) => b.length - a.length)
        .reduce((result, form) => result.split(form).join('…'), text);
}

// EXTERNAL MODULE: ./src/control-plane/paging.ts
var paging = __webpack_require__(9696);
// EXTERNAL MODULE: ./src/control-plane/request.ts
var request = __webpack_require__(4899);
// EXTERNAL MODULE: ./src/control-plane/schemas.ts
var schemas = __webpack_require__(8526);
;// CONCATENATED MODULE: ./src/control-plane/client.ts








/**
 * An id as a path segment. Ids come from the service (or from inputs checked as UUIDs): one of
 * another shape is never put into a request, the run stops naming it.
 */
const segment = (id) => {
    if (!ids/* UUID */.k.test(id))
        throw new errors/* ServiceIdError */.z1(id);
    return id;
};
/** The control plane's paths: the one place they are spelled. Ids are UUIDs. */
const controlPlanePaths = {
    deployments: () => '/v2/deployments',
    deployment: (id) => `/v2/deployments/${segment(id)}`,
    /** For messages about a deployment not created yet (dry run). */
    newDeployment: () => '/v2/deployments/{new id}',
    uploadUrl: (id) => `${controlPlanePaths.deployment(id)}/upload-url`,
    newDeploymentUploadUrl: () => `${controlPlanePaths.newDeployment()}/upload-url`,
    revisions: (id) => `${controlPlanePaths.deployment(id)}/revisions`,
    revision: (id, revisionId) => `${controlPlanePaths.revisions(id)}/${segment(revisionId)}`,
    revisionLogs: (id, revisionId) => `${controlPlanePaths.revision(id, revisionId)}/logs`,
    redeploy: (id, revisionId) => `${controlPlanePaths.revision(id, revisionId)}/redeploy`
};
function deleteQuery(options) {
    return { delete_tracing_project: options.deleteTracingProject ? 'true' : undefined };
}
/** The DELETE a delete operation sends, for messages: `DELETE /v2/deployments/{id}?…`. */
function describeDeleteRequest(id, options) {
    return `DELETE ${controlPlanePaths.deployment(id)}${(0,request/* queryString */._)(deleteQuery(options))}`;
}
const PAGE_LIMIT = 100;
/** A guard against a service whose offsets never end; 1,000 pages are 100,000 deployments. */
const MAX_PAGES = 1000;
/**
 * The control plane's client: one typed method per call, each going through request.ts's one
 * chokepoint (auth headers, timeout, retries, error mapping, parsing with the call's schema). It
 * imports nothing from @actions/* so it can be used on its own.
 */
class ControlPlaneClient {
    #requester;
    #maxPages;
    constructor(options) {
        this.#requester = new request/* ControlPlaneRequester */.K(options);
        this.#maxPages = options.maxListPages ?? MAX_PAGES;
    }
    /** The longest time one request may take. */
    get requestTimeoutMs() {
        return this.#requester.requestTimeoutMs;
    }
    /** The deployment whose name is exactly `name`, paging through the substring filter's results. */
    async findDeploymentByName(name, call = {}) {
        // Pages that never end are an error, not "no such deployment": that would create a second one.
        for await (const page of this.#deploymentPages(name, call, this.#maxPages, 'fail')) {
            const match = page.find((deployment) => deployment.name === name);
            if (match)
                return match;
        }
        return undefined;
    }
    getDeployment(id, call = {}) {
        return this.#requester.request({
            ...call,
            method: 'GET',
            path: controlPlanePaths.deployment(id),
            schema: schemas/* deploymentSchema */.fP,
            maxBodyBytes: transport/* BODY_CAPS */.V9.controlPlaneJson
        });
    }
    createDeployment(body, call = {}) {
        return this.#requester.request({
            ...call,
            method: 'POST',
            path: controlPlanePaths.deployments(),
            body,
            schema: schemas/* deploymentSchema */.fP,
            maxBodyBytes: transport/* BODY_CAPS */.V9.controlPlaneJson
        });
    }
    patchDeployment(id, body, call = {}) {
        return this.#requester.request({
            ...call,
            method: 'PATCH',
            path: controlPlanePaths.deployment(id),
            body,
            schema: schemas/* deploymentSchema */.fP,
            maxBodyBytes: transport/* BODY_CAPS */.V9.controlPlaneJson
        });
    }
    /**
     * The revision of this id. One that comes back under another id is refused: a rollback must
     * never redeploy a revision the service substituted.
     */
    async getRevision(deploymentId, revisionId, call = {}) {
        const path = controlPlanePaths.revision(deploymentId, revisionId);
        const revision = await this.#requester.request({
            ...call,
            method: 'GET',
            path,
            schema: schemas/* revisionSchema */.X8,
            maxBodyBytes: transport/* BODY_CAPS */.V9.controlPlaneJson
        });
        if (revision.id !== revisionId) {
            const shown = revision.id.length > 100 ? `${revision.id.slice(0, 100)}…` : revision.id;
            throw new errors/* ResponseShapeError */.RD('GET', path, `it is the revision ${JSON.stringify(shown)}, not ${revisionId} that was asked for`);
        }
        return revision;
    }
    deleteDeployment(id, options, call = {}) {
        return this.#requester.request({
            ...call,
            method: 'DELETE',
            path: controlPlanePaths.deployment(id),
            query: deleteQuery(options),
            schema: undefined,
            maxBodyBytes: transport/* BODY_CAPS */.V9.controlPlaneJson
        });
    }
    /** A signed URL to PUT a source tarball to, and the object path the PATCH names it by. */
    createUploadUrl(deploymentId, call = {}) {
        return this.#requester.request({
            ...call,
            method: 'POST',
            path: controlPlanePaths.uploadUrl(deploymentId),
            schema: schemas/* uploadUrlSchema */.Sr,
            maxBodyBytes: transport/* BODY_CAPS */.V9.controlPlaneJson
        });
    }
    /**
     * PUTs a file to a signed upload URL, streamed from disk. The URL carries its own authority:
     * no API key goes with it. Sending the same file again is harmless, so failures are retried.
     */
    async uploadFile(uploadUrl, file, call = {}) {
        const target = new URL(uploadUrl);
        // The signed query string is a credential: messages name the host and path only.
        const shown = `${target.origin}${target.pathname}`;
        try {
            await this.#requester.request({
                ...call,
                method: 'PUT',
                path: shown,
                absoluteUrl: uploadUrl,
                headers: { 'content-type': 'application/gzip', 'content-length': String(file.bytes) },
                rawBody: () => (0,external_node_fs_.createReadStream)(file.path),
                schema: undefined,
                maxBodyBytes: transport/* BODY_CAPS */.V9.uploadAnswer
            });
        }
        catch (error) {
            if (!(error instanceof errors/* HttpStatusError */.F9))
                throw error;
            // The storage's error body often quotes the request, signature included.
            throw new errors/* UploadRefusedError */.I2(shown, error.status, withoutQuery(error.detail, target));
        }
    }
    /** The newest revisions of a deployment, newest first (one page), of `statuses` when given. */
    async listRevisions(deploymentId, limit, call = {}, statuses) {
        const page = await this.#requester.request({
            ...call,
            method: 'GET',
            path: controlPlanePaths.revisions(deploymentId),
            query: { limit, status: statuses?.join(',') },
            schema: schemas/* revisionsListSchema */.UY,
            maxBodyBytes: transport/* BODY_CAPS */.V9.controlPlaneJson
        });
        return page.resources;
    }
    /** One page of a revision's build or deploy logs (newer than the published schema). */
    getRevisionLogs(deploymentId, revisionId, type, query, call = {}) {
        return this.#requester.request({
            ...call,
            method: 'GET',
            path: controlPlanePaths.revisionLogs(deploymentId, revisionId),
            query: { type, ...query },
            schema: schemas/* revisionLogsSchema */.Uj,
            maxBodyBytes: transport/* BODY_CAPS */.V9.logPage
        });
    }
    /** The pause before retry `retryNumber` (0 for the first): the client's backoff and random. */
    retryDelay(retryNumber) {
        return this.#requester.retryDelay(retryNumber);
    }
    /**
     * Starts a new revision built from `revisionId`'s configuration; the answer is the Deployment,
     * whose `latest_revision_id` is that new revision. Not retried: a lost answer is settled by
     * the caller (operations/redeploy-once.ts), never by sending it again.
     */
    redeployRevision(deploymentId, revisionId, call = {}) {
        return this.#requester.request({
            ...call,
            method: 'POST',
            path: controlPlanePaths.redeploy(deploymentId, revisionId),
            schema: schemas/* deploymentSchema */.fP,
            maxBodyBytes: transport/* BODY_CAPS */.V9.controlPlaneJson
        });
    }
    /**
     * Every deployment whose name contains `nameContains` ('' for all), over every page; at most
     * `maxPages` pages (the client's guard unless given).
     */
    async listDeployments(nameContains, call = {}, maxPages = this.#maxPages) {
        const found = [];
        for await (const page of this.#deploymentPages(nameContains, call, maxPages)) {
            found.push(...page);
        }
        return found;
    }
    /**
     * The pages of the substring filter `name_contains`, in order. Paging stops at a short page or
     * an offset that does not advance (the last page's offset is undocumented); a page with the ids
     * of an earlier one is a PagingError (else a deployment past it would be taken for missing).
     */
    async *#deploymentPages(nameContains, call, maxPages, whenCut = 'stop') {
        const path = controlPlanePaths.deployments();
        const seen = new paging/* SeenPages */.i(`the deployments named like ${JSON.stringify(nameContains)}`, 'GET', path);
        let offset = 0;
        for (let page = 0; page < maxPages; page++) {
            const list = await this.#requester.request({
                ...call,
                method: 'GET',
                path,
                query: { name_contains: nameContains || undefined, limit: PAGE_LIMIT, offset },
                schema: schemas/* deploymentsListSchema */.ai,
                maxBodyBytes: transport/* BODY_CAPS */.V9.controlPlaneJson
            });
            seen.check(list.resources.map((deployment) => deployment.id));
            yield list.resources;
            const next = list.offset ?? offset + list.resources.length;
            if (list.resources.length < PAGE_LIMIT || next <= offset)
                return;
            offset = next;
        }
        if (whenCut === 'fail') {
            throw new errors/* PagingError */.B_('GET', path, `the deployments named like ${JSON.stringify(nameContains)} did not end within ${maxPages} pages`);
        }
    }
}


/***/ }),

/***/ 9696:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   i: () => (/* binding */ SeenPages)
/* harmony export */ });
/* harmony import */ var _errors__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(4007);

/**
 * The pages a list has answered, by their ids: a page whose ids equal an earlier page's means
 * the service ignores the offset (or the page number) asked for, and reading on would never end.
 */
class SeenPages {
    list;
    method;
    path;
    #seen = new Set();
    constructor(
    /** The list in words, for the error: `the examples of dataset …`. */
    list, method, path) {
        this.list = list;
        this.method = method;
        this.path = path;
    }
    /** Throws a PagingError naming the list when `ids` are those of an earlier page. */
    check(ids) {
        if (ids.length === 0)
            return;
        const key = JSON.stringify([...ids].sort());
        if (this.#seen.has(key))
            throw new _errors__WEBPACK_IMPORTED_MODULE_0__/* .PagingError */ .B_(this.method, this.path, `${this.list}: page ${this.#seen.size + 1} holds the same ids as an earlier page (the service ignores the offset or page asked for)`);
        this.#seen.add(key);
    }
    /** The list went past `pages` pages without ending. */
    endless(pages) {
        return new _errors__WEBPACK_IMPORTED_MODULE_0__/* .PagingError */ .B_(this.method, this.path, `${this.list} did not end after ${pages} pages`);
    }
}


/***/ }),

/***/ 4899:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   K: () => (/* binding */ ControlPlaneRequester),
/* harmony export */   _: () => (/* binding */ queryString)
/* harmony export */ });
/* harmony import */ var _lib_bytes__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(9792);
/* harmony import */ var _transport__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(9747);
/* harmony import */ var _errors__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(4007);
/* harmony import */ var _retry__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(7224);
/* harmony import */ var _status_policy__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(3233);





/** `?a=1&b=2` of the values that are set, encoded as the request sends them; '' when none. */
function queryString(query = {}) {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(query)) {
        if (Array.isArray(value))
            for (const item of value)
                params.append(key, String(item));
        else if (value !== undefined)
            params.set(key, String(value));
    }
    const text = params.toString();
    return text ? `?${text}` : '';
}
/**
 * The client's one request chokepoint: adds the auth headers and a timeout, retries what is safe
 * to retry, turns failures into errors that name the call, and parses every answer with its schema.
 */
class ControlPlaneRequester {
    #options;
    constructor(options) {
        this.#options = {
            requestTimeoutMs: 30_000,
            maxAttempts: 5,
            backoff: { baseMs: 1_000, maxMs: 20_000 },
            now: Date.now,
            random: Math.random,
            ...options,
            baseUrl: options.baseUrl.replace(/\/+$/, '')
        };
    }
    /** The longest time one request may take. */
    get requestTimeoutMs() {
        return this.#options.requestTimeoutMs;
    }
    /** The pause before retry `retryNumber` (0 for the first): the client's backoff and random. */
    retryDelay(retryNumber) {
        return (0,_retry__WEBPACK_IMPORTED_MODULE_3__/* .backoffDelay */ .EY)(retryNumber, this.#options.backoff, this.#options.random);
    }
    async request(spec) {
        const { method, path } = spec;
        const { now } = this.#options;
        const maxAttempts = Math.min(spec.maxAttempts ?? Infinity, this.#options.maxAttempts);
        for (let attempt = 1;; attempt++) {
            const outcome = await this.#send(spec);
            // A 503's Retry-After asks the same as a 429's: hold back (the spec's bake window).
            if (outcome.kind === 'answer' && (outcome.status === 429 || outcome.status === 503)) {
                const asked = (0,_retry__WEBPACK_IMPORTED_MODULE_3__/* .parseRetryAfter */ .mu)(outcome.retryAfter, now());
                if (asked !== undefined)
                    this.#options.onRetryAfter?.(asked);
            }
            let error;
            if (outcome.kind === 'answer' && outcome.status >= 200 && outcome.status < 300) {
                try {
                    return this.#parse(spec, outcome.bodyText);
                }
                catch (parseError) {
                    if (!(parseError instanceof _errors__WEBPACK_IMPORTED_MODULE_1__/* .ResponseShapeError */ .RD))
                        throw parseError;
                    error = parseError;
                }
            }
            else {
                error =
                    outcome.kind === 'answer'
                        ? new _errors__WEBPACK_IMPORTED_MODULE_1__/* .HttpStatusError */ .F9(method, path, outcome.status, (0,_errors__WEBPACK_IMPORTED_MODULE_1__/* .formatErrorDetail */ .$N)(outcome.bodyText))
                        : outcome.error;
            }
            // What a failure means (retry? for which methods?) is status-policy.ts's table.
            const failure = (0,_status_policy__WEBPACK_IMPORTED_MODULE_2__/* .failureOf */ .g5)(error);
            const retryable = failure && (0,_status_policy__WEBPACK_IMPORTED_MODULE_2__/* .isRetryable */ .r3)(failure, spec.idempotent ? 'PUT' : method);
            if (!retryable || attempt >= maxAttempts)
                throw error;
            const retryAfter = outcome.kind === 'answer' ? (0,_retry__WEBPACK_IMPORTED_MODULE_3__/* .parseRetryAfter */ .mu)(outcome.retryAfter, now()) : undefined;
            const delayMs = retryAfter ?? this.retryDelay(attempt - 1);
            if (spec.deadline !== undefined && now() + delayMs >= spec.deadline)
                throw error;
            this.#options.onRetry?.({
                method,
                path,
                attempt,
                delayMs,
                reason: failure.kind === 'status'
                    ? `HTTP ${failure.status}`
                    : error instanceof _errors__WEBPACK_IMPORTED_MODULE_1__/* .NetworkError */ .Dr
                        ? error.reason
                        : failure.kind === 'too-large'
                            ? 'body too large'
                            : 'body cut short'
            });
            await (this.#options.sleep ?? _retry__WEBPACK_IMPORTED_MODULE_3__/* .sleep */ .yy)(delayMs, spec.signal);
        }
    }
    async #send(spec) {
        const { method, path } = spec;
        const { now, requestTimeoutMs } = this.#options;
        spec.signal?.throwIfAborted();
        const bound = (0,_transport__WEBPACK_IMPORTED_MODULE_0__/* .attemptTimeout */ .JS)(requestTimeoutMs, spec.deadline, now());
        if (!bound)
            throw new _errors__WEBPACK_IMPORTED_MODULE_1__/* .DeadlineError */ .j3(method, path);
        const started = now();
        try {
            const answer = await (0,_transport__WEBPACK_IMPORTED_MODULE_0__/* .send */ .tN)({
                url: this.#url(spec),
                method,
                headers: spec.absoluteUrl
                    ? (spec.headers ?? {})
                    : { ...this.#headers(spec.body !== undefined), ...spec.headers },
                body: spec.rawBody
                    ? spec.rawBody()
                    : spec.body === undefined
                        ? undefined
                        : JSON.stringify(spec.body),
                signal: spec.signal,
                timeoutMs: bound.timeoutMs,
                maxBodyBytes: spec.maxBodyBytes,
                dispatcher: this.#options.dispatcher,
                sleep: this.#options.sleep
            });
            this.#options.onDebug?.(() => `${method} ${path} → ${answer.status} in ${now() - started} ms`);
            const retryAfter = answer.headers['retry-after'];
            return {
                kind: 'answer',
                status: answer.status,
                bodyText: answer.bodyText,
                retryAfter: Array.isArray(retryAfter) ? retryAfter[0] : retryAfter
            };
        }
        catch (error) {
            if (!(error instanceof _transport__WEBPACK_IMPORTED_MODULE_0__/* .TransportError */ .wX))
                throw error;
            this.#options.onDebug?.(() => `${method} ${path} → ${error.reason} after ${now() - started} ms`);
            if (error.kind === 'timeout' && bound.cutByDeadline)
                throw new _errors__WEBPACK_IMPORTED_MODULE_1__/* .DeadlineError */ .j3(method, path);
            return {
                kind: 'failure',
                error: error.kind === 'too-large'
                    ? new _errors__WEBPACK_IMPORTED_MODULE_1__/* .BodyTooLargeError */ .Au(method, path, error.status, (0,_lib_bytes__WEBPACK_IMPORTED_MODULE_4__/* .formatBytes */ .z)(spec.maxBodyBytes))
                    : new _errors__WEBPACK_IMPORTED_MODULE_1__/* .NetworkError */ .Dr(method, path, error.reason)
            };
        }
    }
    #parse(spec, bodyText) {
        if (spec.schema === undefined)
            return undefined;
        let json;
        try {
            json = JSON.parse(bodyText);
        }
        catch {
            throw new _errors__WEBPACK_IMPORTED_MODULE_1__/* .ResponseShapeError */ .RD(spec.method, spec.path, 'the body is not JSON', true);
        }
        const parsed = spec.schema.safeParse(json);
        if (!parsed.success) {
            const problems = parsed.error.issues
                .slice(0, 3)
                .map((issue) => `${issue.path.join('.') || '(body)'}: ${issue.message}`);
            throw new _errors__WEBPACK_IMPORTED_MODULE_1__/* .ResponseShapeError */ .RD(spec.method, spec.path, problems.join('; '));
        }
        return parsed.data;
    }
    #url(spec) {
        if (spec.absoluteUrl)
            return spec.absoluteUrl;
        return new URL(this.#options.baseUrl + spec.path + queryString(spec.query)).toString();
    }
    #headers(hasBody) {
        const headers = {
            accept: 'application/json',
            'user-agent': this.#options.userAgent,
            'x-api-key': this.#options.apiKey
        };
        if (this.#options.tenantId)
            headers['x-tenant-id'] = this.#options.tenantId;
        if (hasBody)
            headers['content-type'] = 'application/json';
        return headers;
    }
}


/***/ }),

/***/ 3233:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Pr: () => (/* binding */ meaningOf),
/* harmony export */   Ru: () => (/* binding */ meaningOfError),
/* harmony export */   g5: () => (/* binding */ failureOf),
/* harmony export */   r3: () => (/* binding */ isRetryable)
/* harmony export */ });
/* harmony import */ var _errors__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(4007);

const TRANSIENT_REFUSAL = {
    retry: 'idempotent',
    lostAnswer: false,
    pollTolerates: true
};
/** 502/503/504 may come from a proxy in front of a service that did act. */
const GATEWAY = { retry: 'idempotent', lostAnswer: true, pollTolerates: true };
/** Every other status: an answer about a request the service did not carry out, final. */
const FINAL = { retry: 'never', lostAnswer: false, pollTolerates: false };
/** What each HTTP status means; a status not listed is FINAL. */
const STATUS_MEANINGS = {
    408: TRANSIENT_REFUSAL,
    // Too Early: the service would not risk a replay; the official tracing clients retry it.
    425: TRANSIENT_REFUSAL,
    // Refused before the service acted: safe to send again whatever the method.
    429: { retry: 'always', lostAnswer: false, pollTolerates: true },
    500: TRANSIENT_REFUSAL,
    502: GATEWAY,
    503: GATEWAY,
    504: GATEWAY
};
const OTHER_MEANINGS = {
    network: { retry: 'idempotent', lostAnswer: true, pollTolerates: true },
    'cut-short': { retry: 'idempotent', lostAnswer: true, pollTolerates: true },
    // The service answered with success, so it acted; the same request gets the same body.
    'wrong-shape': { retry: 'never', lostAnswer: true, pollTolerates: false },
    // Read once, refused: sending again would download it again.
    'too-large': FINAL
};
/** What a failure means: the one table the client, the writes and the wait loop read. */
function meaningOf(failure) {
    if (failure.kind === 'status')
        return STATUS_MEANINGS[failure.status] ?? FINAL;
    return OTHER_MEANINGS[failure.kind];
}
/** The failure a client error stands for; undefined for anything else (a deadline, a bug). */
function failureOf(error) {
    if (error instanceof _errors__WEBPACK_IMPORTED_MODULE_0__/* .HttpStatusError */ .F9)
        return { kind: 'status', status: error.status };
    if (error instanceof _errors__WEBPACK_IMPORTED_MODULE_0__/* .NetworkError */ .Dr)
        return { kind: 'network' };
    if (error instanceof _errors__WEBPACK_IMPORTED_MODULE_0__/* .BodyTooLargeError */ .Au)
        return { kind: 'too-large' };
    if (error instanceof _errors__WEBPACK_IMPORTED_MODULE_0__/* .ResponseShapeError */ .RD) {
        return { kind: error.notJson ? 'cut-short' : 'wrong-shape' };
    }
    return undefined;
}
/** The meaning of an error the client threw; anything that is not a failure above is final. */
function meaningOfError(error) {
    const failure = failureOf(error);
    return failure ? meaningOf(failure) : FINAL;
}
/** Whether the client sends `method` again after this failure. */
function isRetryable(failure, method) {
    const { retry } = meaningOf(failure);
    return retry === 'always' || (retry === 'idempotent' && IDEMPOTENT.has(method));
}
/** Methods whose repetition changes nothing more than the first attempt did. */
const IDEMPOTENT = new Set(['GET', 'PUT', 'DELETE']);


/***/ }),

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
/* harmony import */ var _deps__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(5498);
/* harmony import */ var _target__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(9325);


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
        return (0,_target__WEBPACK_IMPORTED_MODULE_1__/* .describe */ .q0)(this.known);
    }
    finish(outcome, message) {
        return { ...this.known, outcome, message, elapsedMs: this.elapsed() };
    }
    /**
     * The before-write phase (every step's reads and refusals): the steps' plan in lines. A step's
     * refusal is kept in the result (nothing was deployed), then ends the run like any error.
     */
    async beforeWrite(read) {
        try {
            return (await this.deps.beforeWrite?.(read)) ?? [];
        }
        catch (error) {
            if (error instanceof _deps__WEBPACK_IMPORTED_MODULE_0__/* .StoppedBeforeWrite */ .L)
                this.known.refusedBeforeWrite = error.refused;
            throw error;
        }
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
    if (event.kind === 'started') {
        // Only where a revision served before does its URL still serve while this one builds.
        const { previousRevisionId, servedBeforeUrl } = run.known;
        const servingUrl = previousRevisionId === undefined ? undefined : servedBeforeUrl;
        run.deps.io.waitStarting?.(revisionId, event.basis, servingUrl);
    }
    const line = (0,progress_text/* progressLine */.oz)(event, run.elapsed());
    if (line !== undefined)
        run.deps.io.info(line);
}
async function judgeWait(run, deploymentId, revisionId, waited) {
    const took = (0,duration/* formatDuration */.a)(run.elapsed());
    if (waited.kind === 'timeout') {
        const blocker = waited.status === 'QUEUED' ? await failedRevisionBefore(run, deploymentId, revisionId) : '';
        return run.finish('timeout', `Timed out after ${took} waiting for revision ${revisionId} of ${run.target}; its last status was ${waited.status ?? 'not read'}.${blocker} The deployment goes on on the service: check it there, or raise ${run.deps.deadline.input} (now ${(0,duration/* formatDuration */.a)(run.deps.deadline.budgetMs)}).`);
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
        return run.finish('timeout', `Timed out after ${took} before ${error.method} ${error.path} could finish${goesOn}. Raise ${run.deps.deadline.input} (now ${(0,duration/* formatDuration */.a)(run.deps.deadline.budgetMs)}) or check the service.`);
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

/***/ 1996:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  n: () => (/* binding */ rollBackAfterFailure),
  g: () => (/* binding */ rollbackOperation)
});

// EXTERNAL MODULE: ./src/control-plane/client.ts + 1 modules
var client = __webpack_require__(5319);
// EXTERNAL MODULE: ./src/control-plane/errors.ts
var errors = __webpack_require__(4007);
// EXTERNAL MODULE: ./src/lib/duration.ts
var duration = __webpack_require__(2543);
// EXTERNAL MODULE: ./src/operations/deploy-run.ts
var deploy_run = __webpack_require__(7995);
// EXTERNAL MODULE: ./src/operations/revision-outcome.ts + 4 modules
var revision_outcome = __webpack_require__(5140);
// EXTERNAL MODULE: ./src/operations/revision-match.ts
var revision_match = __webpack_require__(453);
// EXTERNAL MODULE: ./src/lib/read-again.ts
var read_again = __webpack_require__(6894);
// EXTERNAL MODULE: ./src/operations/safe-writes.ts
var safe_writes = __webpack_require__(582);
;// CONCATENATED MODULE: ./src/operations/redeploy-once.ts





/**
 * Redeploys `source` (an earlier revision) exactly once. A lost answer is settled as a lost PATCH
 * is: the deployment is read until its newest revision is a new one made from `source`'s
 * configuration (adopted), for as long as a request the client gave up on may still be carried
 * out. The POST is never sent again: two redeploys would start two revisions.
 */
async function redeployOnce(deploymentId, source, revisionBefore, deps) {
    const path = `POST ${client/* controlPlanePaths */.oH.redeploy(deploymentId, source.id)}`;
    try {
        const deployment = await deps.client.redeployRevision(deploymentId, source.id, deps.call);
        const revisionId = await newRevisionOf(deployment, revisionBefore, deps);
        if (revisionId)
            return { deployment, revisionId, adopted: false };
        throw new Error(`The service accepted ${path} but shows no new revision (latest revision: ${deployment.latest_revision_id ?? 'none'}). It is not sent again; check the deployment on the service.`);
    }
    catch (error) {
        if (!(0,safe_writes/* isLostAnswer */.vd)(error))
            throw error;
        const found = await settle(deploymentId, source, revisionBefore, deps);
        if (found) {
            deps.notice(`The answer to ${path} was lost (${error instanceof Error ? error.message : String(error)}), but the deployment has a new revision ${found.revisionId} made from revision ${source.id}: this run created it, and waits for it instead of redeploying again.`);
            return found;
        }
        throw new Error(`The answer to ${path} was lost and no new revision made from ${source.id} appeared within ${(0,duration/* formatDuration */.a)(deps.settleMs)}. It is not sent again (a second redeploy could start two revisions): check the deployment on the service.`, { cause: error });
    }
}
/** The redeploy's revision: the answer's latest revision, or the newest listed when unchanged. */
async function newRevisionOf(deployment, revisionBefore, deps) {
    const latest = deployment.latest_revision_id;
    if (latest && latest !== revisionBefore)
        return latest;
    const [newest] = await deps.client.listRevisions(deployment.id, 1, deps.call);
    return newest && newest.id !== revisionBefore ? newest.id : undefined;
}
async function settle(deploymentId, source, revisionBefore, deps) {
    const settled = await (0,read_again/* readAgain */.n)({
        read: async () => {
            const current = await deps.client.getDeployment(deploymentId, deps.call);
            const latest = current.latest_revision_id;
            if (!latest || latest === revisionBefore)
                return { kind: 'not-seen', value: null };
            // The commit is left out: the service may rebuild the ref rather than the commit.
            const sourceConfig = { ...source.source_revision_config, repo_commit_sha: undefined };
            const differs = (0,revision_match/* configDifferences */.$)(sourceConfig, current.source_revision_config);
            if (differs && differs.length > 0)
                return { kind: 'not-seen', value: null };
            return { kind: 'seen', value: { deployment: current, revisionId: latest, adopted: true } };
        },
        ...(0,safe_writes/* settleWindow */._T)(deps)
    });
    return settled.kind === 'seen' ? settled.value : undefined;
}

// EXTERNAL MODULE: ./src/operations/target.ts
var target = __webpack_require__(9325);
;// CONCATENATED MODULE: ./src/operations/rollback.ts







/**
 * A redeploy created `revisionId` from `source`: the log says so at once.
 */
function redeployedNow(run, revisionId, source) {
    const { io } = run.deps;
    run.known.revisionId = revisionId;
    io.info(`Revision ${revisionId} created by the redeploy of ${source.id}.`);
}
/** DEPLOYED revisions read to find the one older than the active revision. */
const DEPLOYED_HISTORY = 100;
/**
 * `operation: rollback`: redeploys `to-revision`, or the newest DEPLOYED revision older than the
 * active one, exactly once, then waits for the revision that creates like a deploy (under
 * `timeout`). Ends in a result, never throws.
 */
async function rollbackOperation(config, deps) {
    const run = new deploy_run/* DeployRun */.j(config, deps);
    try {
        const existing = await (0,target/* findTarget */.FB)(config, deps.client, run.call);
        if (!existing) {
            throw new Error(`name: there is no deployment ${(0,target/* named */.KT)(config)} to roll back. Check name (or give deployment-id).`);
        }
        run.found(existing);
        const active = existing.active_revision_id ?? undefined;
        if (active)
            run.servedBefore(active);
        const source = await chooseRevision(run, existing.id, active);
        if (source.id === active) {
            return run.finish('deployed', `Revision ${source.id} already serves ${run.target}; nothing to roll back, nothing was sent.`);
        }
        // The steps that judge what the rollback brings back read the deployment before the write.
        const stepsPlan = await run.beforeWrite({ deployment: existing, name: existing.name });
        if (config.dryRun) {
            const request = `POST ${client/* controlPlanePaths */.oH.redeploy(existing.id, source.id)}`;
            return {
                ...run.finish('dry-run', `Dry run: ${run.target} would be rolled back to revision ${source.id} (${request}). Nothing was sent that changes state.`),
                planLines: [request, ...stepsPlan]
            };
        }
        run.known.redeployOf = source.id;
        run.known.redeployCommit = source.source_revision_config?.repo_commit_sha ?? undefined;
        deps.io.redeploying?.(source.id, run.known.redeployCommit);
        deps.io.info(`Rolling ${run.target} back to revision ${source.id}…`);
        const redeployed = await redeployOnce(existing.id, source, existing.latest_revision_id, run.writeDeps());
        redeployedNow(run, redeployed.revisionId, source);
        if (!config.wait) {
            return run.finish('revision-created', `Revision ${redeployed.revisionId} (a redeploy of ${source.id}) of ${run.target} exists; not waiting for it (wait: false).`);
        }
        return (await (0,revision_outcome/* waitForOutcome */.rf)(run, existing, redeployed.revisionId)).result;
    }
    catch (error) {
        return (0,revision_outcome/* endedByError */.Qr)(run, error);
    }
}
/** `to-revision`, which must have been DEPLOYED; else the newest DEPLOYED one older than active. */
async function chooseRevision(run, deploymentId, active) {
    const { client } = run.deps;
    const wanted = run.config.toRevision;
    if (wanted) {
        const revision = await client
            .getRevision(deploymentId, wanted, run.call)
            .catch((error) => {
            if (error instanceof errors/* HttpStatusError */.F9 && error.status === 404)
                return undefined;
            throw error;
        });
        if (revision?.status === 'DEPLOYED')
            return revision;
        const what = revision === undefined
            ? `to-revision: revision ${wanted} is not a revision of ${run.target}`
            : `to-revision: revision ${wanted} of ${run.target} never reached DEPLOYED (it is ${revision.status}), so it cannot be redeployed`;
        run.known.refusedBeforeWrite = 'to-revision cannot be redeployed';
        throw new Error(`${what}; ${await insteadWords(run, deploymentId, active)}`);
    }
    const deployed = await client.listRevisions(deploymentId, DEPLOYED_HISTORY, run.call, [
        'DEPLOYED'
    ]);
    const activeAt = deployed.findIndex((revision) => revision.id === active);
    const older = activeAt < 0 ? undefined : deployed[activeAt + 1];
    if (!older) {
        throw new Error(active === undefined
            ? `${run.target} reports no active revision, so "older than the active one" means nothing: give to-revision.`
            : `${run.target} has no DEPLOYED revision older than the active one (${active}) among its newest ${DEPLOYED_HISTORY}: give to-revision.`);
    }
    return older;
}
/** The DEPLOYED revisions a refused to-revision could name instead, at the most. */
const INSTEAD = 5;
/**
 * What to-revision could name instead (the newest DEPLOYED revisions but the one serving, full
 * ids in backticks, as the input takes them, with their age) and what serves now.
 */
async function insteadWords(run, deploymentId, active) {
    const serving = active === undefined
        ? 'the deployment reports no active revision.'
        : `revision ${active} serves now.`;
    const deployed = await run.deps.client
        .listRevisions(deploymentId, INSTEAD + 1, run.call, ['DEPLOYED'])
        .catch(() => undefined);
    if (deployed === undefined)
        return `${serving} Its DEPLOYED revisions could not be read.`;
    const instead = deployed
        .filter((revision) => revision.status === 'DEPLOYED' && revision.id !== active)
        .slice(0, INSTEAD);
    if (instead.length === 0)
        return `${serving} It has no other DEPLOYED revision to roll back to.`;
    const now = run.deps.clock.now();
    const lines = instead.map((revision) => {
        const at = Date.parse(revision.created_at ?? '');
        const age = Number.isFinite(at) ? ` (created ${(0,duration/* formatDuration */.a)(now - at)} ago)` : '';
        return `  - \`${revision.id}\`${age}`;
    });
    return `${serving} It can name one of these DEPLOYED revisions instead (newest first).\n${lines.join('\n')}`;
}
/**
 * rollback.on-failure: decides whether a rollback is due (the deployment must no longer serve the
 * previous revision, and must not serve another run's), redeploys the previous revision exactly
 * once and waits for it under `rollback.timeout`, which starts now. Its report holds the
 * revision the redeploy created; `skipped` says why nothing was sent.
 */
async function rollBackAfterFailure(config, deps, request) {
    const { failedRevisionId, previousRevisionId, deploymentId } = request;
    const startedAt = deps.deadline.startedAt;
    const io = {
        ...deps.io,
        // The records are the failed deploy's: they say how the rollback ended, at the end.
        waitStarting: undefined,
        redeploying: undefined
    };
    const run = new deploy_run/* DeployRun */.j(config, { ...deps, io });
    const report = (outcome, message, revisionId, seen = { statusesSeen: [] }) => ({
        report: {
            failedRevisionId,
            toRevisionId: previousRevisionId,
            revisionId,
            outcome,
            ...(seen.revisionStatus !== undefined && { revisionStatus: seen.revisionStatus }),
            statusesSeen: seen.statusesSeen,
            elapsedMs: deps.clock.now() - startedAt,
            message,
            // Settled once its checks ran and what serves was read (../safe-delivery.ts).
            restored: false
        }
    });
    try {
        const current = await deps.client.getDeployment(deploymentId, run.call);
        run.found(current);
        const active = current.active_revision_id ?? null;
        if (active === previousRevisionId) {
            return { skipped: `Revision ${previousRevisionId} still serves; nothing to roll back.` };
        }
        if (active !== null && active !== failedRevisionId) {
            return {
                skipped: `Revision ${active} serves now, neither this run's (${failedRevisionId}) nor the one before (${previousRevisionId}): another run or a push deployed it, and a rollback would undo it. Nothing was sent.`
            };
        }
        const source = await deps.client.getRevision(deploymentId, previousRevisionId, run.call);
        deps.io.info(`Rolling back: revision ${failedRevisionId} ${request.reason}; redeploying revision ${previousRevisionId} (${deps.deadline.input} ${(0,duration/* formatDuration */.a)(deps.deadline.budgetMs)})…`);
        const redeployed = await redeployOnce(deploymentId, source, current.latest_revision_id, run.writeDeps());
        redeployedNow(run, redeployed.revisionId, source);
        const { result: waited } = await (0,revision_outcome/* waitForOutcome */.rf)(run, redeployed.deployment, redeployed.revisionId);
        return {
            ...report(waited.outcome, waited.message, redeployed.revisionId, waited),
            result: waited
        };
    }
    catch (error) {
        const ended = (0,revision_outcome/* endedByError */.Qr)(run, error);
        return report(ended.outcome, ended.message, run.known.revisionId, ended);
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


/***/ }),

/***/ 9325:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   FB: () => (/* binding */ findTarget),
/* harmony export */   KT: () => (/* binding */ named),
/* harmony export */   mu: () => (/* binding */ withHint),
/* harmony export */   q0: () => (/* binding */ describe)
/* harmony export */ });
/* harmony import */ var _control_plane_client__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(5319);
/* harmony import */ var _control_plane_errors__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(4007);


/**
 * The deployment the inputs name: by id, else by exact name. Undefined when there is none by
 * that name, or none by that id when `missingIdIsAbsent` (delete wants it gone anyway).
 */
async function findTarget(config, client, call, missingIdIsAbsent = false) {
    if (config.deploymentId !== undefined) {
        const found = await client.getDeployment(config.deploymentId, call).catch((error) => {
            if (error instanceof _control_plane_errors__WEBPACK_IMPORTED_MODULE_1__/* .HttpStatusError */ .F9 && error.status === 404) {
                if (missingIdIsAbsent)
                    return undefined;
                throw new Error(`deployment-id: no deployment ${config.deploymentId} exists (GET ${error.path} answered 404). Check the id, or give name instead to create the deployment.`);
            }
            throw error;
        });
        if (found && config.name && found.name !== config.name) {
            throw new Error(`deployment-id ${config.deploymentId} is the deployment ${found.name}, not ${config.name}: give one of name and deployment-id, or make them agree.`);
        }
        return found;
    }
    return client.findDeploymentByName(config.name, call);
}
/** The deployment as the step names it: its name, else its id. */
function named(target) {
    return target.deploymentId === undefined ? target.name : (target.name ?? target.deploymentId);
}
/** The error's message, with what to do where the status says it. */
function withHint(error) {
    const message = error instanceof Error ? error.message : String(error);
    if (!(error instanceof _control_plane_errors__WEBPACK_IMPORTED_MODULE_1__/* .HttpStatusError */ .F9))
        return message;
    if (error.status === 409 &&
        error.method === 'POST' &&
        error.path === _control_plane_client__WEBPACK_IMPORTED_MODULE_0__/* .controlPlanePaths */ .oH.deployments()) {
        return `${message}\nThe name is taken: by another deployment this key cannot see, or by the tracing project a deleted deployment of that name left behind. Delete that tracing project (operation: delete with delete-tracing-project: true deletes it with its deployment), or choose another name.`;
    }
    if (error.status === 401) {
        return `${message}\nThe control plane refused the API key: check api-key (and that it belongs to this control plane's api-url).`;
    }
    if (error.status === 403) {
        return /workspace|tenant/i.test(error.detail)
            ? `${message}\nThis key is organisation-scoped: set tenant-id to the workspace id.`
            : `${message}\nThe key is not allowed to do this: check its permissions and tenant-id.`;
    }
    return message;
}
function describe(state) {
    return `deployment ${state.deploymentName ?? '?'} (${state.deploymentId ?? '?'})`;
}


/***/ })

};

//# sourceMappingURL=996.index.js.map