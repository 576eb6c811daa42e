export const id = 325;
export const ids = [325];
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

/***/ 4007:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   $N: () => (/* binding */ formatErrorDetail),
/* harmony export */   Au: () => (/* binding */ BodyTooLargeError),
/* harmony export */   B_: () => (/* binding */ PagingError),
/* harmony export */   Cj: () => (/* binding */ ControlPlaneError),
/* harmony export */   Dr: () => (/* binding */ NetworkError),
/* harmony export */   F9: () => (/* binding */ HttpStatusError),
/* harmony export */   I2: () => (/* binding */ UploadRefusedError),
/* harmony export */   RD: () => (/* binding */ ResponseShapeError),
/* harmony export */   j3: () => (/* binding */ DeadlineError),
/* harmony export */   z1: () => (/* binding */ ServiceIdError)
/* harmony export */ });
/* harmony import */ var _schemas__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(8526);

/** Base of every error the client throws; `method` and `path` say which call it was. */
class ControlPlaneError extends Error {
    method;
    path;
    constructor(message, method, path) {
        super(message);
        this.method = method;
        this.path = path;
        this.name = 'ControlPlaneError';
    }
}
/** The service answered with a status that is not a success. */
class HttpStatusError extends ControlPlaneError {
    status;
    detail;
    constructor(method, path, status, detail) {
        super(`${method} ${path} failed with HTTP ${status}${detail ? `:\n${detail}` : ''}`, method, path);
        this.status = status;
        this.detail = detail;
        this.name = 'HttpStatusError';
    }
}
/** No answer: connection refused or reset, DNS failure, or the request's timeout. */
class NetworkError extends ControlPlaneError {
    reason;
    constructor(method, path, reason) {
        super(`${method} ${path} got no answer: ${reason}`, method, path);
        this.reason = reason;
        this.name = 'NetworkError';
    }
}
/** A success status with a body that is not the JSON it should be. */
class ResponseShapeError extends ControlPlaneError {
    notJson;
    constructor(method, path, problem, 
    /** The body was not JSON at all (often cut short), rather than JSON of another shape. */
    notJson = false) {
        super(`${method} ${path} answered with an unexpected body: ${problem}`, method, path);
        this.notJson = notJson;
        this.name = 'ResponseShapeError';
    }
}
/** An answer over the body cap: read no further, and not asked for again. */
class BodyTooLargeError extends ControlPlaneError {
    status;
    cap;
    constructor(method, path, status, 
    /** What was read of it, at most: `10.0 MB`. */
    cap) {
        super(`${method} ${path} answered a body over ${cap}${status === undefined ? '' : ` (HTTP ${status})`}, more than any answer it should give: the action stopped reading it and does not send the request again. Check that api-url points at the control plane.`, method, path);
        this.status = status;
        this.cap = cap;
        this.name = 'BodyTooLargeError';
    }
}
/** The caller's deadline came before the call could be made or finished. */
class DeadlineError extends ControlPlaneError {
    constructor(method, path) {
        super(`${method} ${path} was not attempted: the time allowed has run out`, method, path);
        this.name = 'DeadlineError';
    }
}
/**
 * Renders the service's `detail` for a person: a string as is, a 422 list as `loc: msg` lines.
 * The body is the service's own text; it never holds what we sent unless the service echoes it,
 * which the action's redaction covers.
 */
function formatErrorDetail(bodyText) {
    let json;
    try {
        json = JSON.parse(bodyText);
    }
    catch {
        return bodyText.trim().slice(0, 500);
    }
    const parsed = _schemas__WEBPACK_IMPORTED_MODULE_0__/* .errorBodySchema */ .ut.safeParse(json);
    if (!parsed.success)
        return bodyText.trim().slice(0, 500);
    const { detail } = parsed.data;
    if (typeof detail === 'string')
        return detail;
    if (Array.isArray(detail)) {
        return detail
            .map((item) => item.loc && item.loc.length > 0 ? `  ${item.loc.join('.')}: ${item.msg}` : `  ${item.msg}`)
            .join('\n');
    }
    return JSON.stringify(detail).slice(0, 500);
}
/** An id from the service that is not a UUID: it is never put into a request path. */
class ServiceIdError extends Error {
    id;
    constructor(id) {
        super(`The service sent the id ${JSON.stringify(id.length > 100 ? `${id.slice(0, 100)}…` : id)} where a UUID belongs: the run stops rather than put it into a request.`);
        this.id = id;
        this.name = 'ServiceIdError';
    }
}
/**
 * The storage refused a source upload. The signed URL carries its own authority (no API key goes
 * with it), so the message points at the URL, never at api-key.
 */
class UploadRefusedError extends ControlPlaneError {
    status;
    detail;
    constructor(
    /** The upload URL without its signed query. */
    path, status, detail) {
        super(`PUT ${path} (the source upload) failed with HTTP ${status}${detail ? `:\n${detail}` : ''}\nThe storage refused the signed upload URL the control plane gave (no API key is sent with it): it may have expired; run the step again.`, 'PUT', path);
        this.status = status;
        this.detail = detail;
        this.name = 'UploadRefusedError';
    }
}
/**
 * A list that would not end: the service answered a page it had answered before (it ignores the
 * offset or the page asked for), or more pages than any real list holds.
 */
class PagingError extends ControlPlaneError {
    constructor(method, path, problem) {
        super(`${method} ${path}: ${problem}; the list was not read further`, method, path);
        this.name = 'PagingError';
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

/***/ 8526:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Sr: () => (/* binding */ uploadUrlSchema),
/* harmony export */   UY: () => (/* binding */ revisionsListSchema),
/* harmony export */   Uj: () => (/* binding */ revisionLogsSchema),
/* harmony export */   X8: () => (/* binding */ revisionSchema),
/* harmony export */   ai: () => (/* binding */ deploymentsListSchema),
/* harmony export */   fP: () => (/* binding */ deploymentSchema),
/* harmony export */   ut: () => (/* binding */ errorBodySchema)
/* harmony export */ });
/* unused harmony exports sourceConfigSchema, sourceRevisionConfigSchema, logEntrySchema */
/* harmony import */ var zod__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(2857);

/**
 * Shapes of the control plane's answers, parsed rather than trusted. Only the fields the action
 * reads are kept; `secrets` in particular is dropped so that no secret value travels further.
 * Enumerations the service may grow (statuses, sources) are plain strings here: an unknown value
 * must not break a deploy (an unknown revision status means "keep waiting").
 */
const sourceConfigSchema = zod__WEBPACK_IMPORTED_MODULE_0__/* .object */ .Ikc({
    integration_id: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().nullish(),
    repo_url: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().nullish(),
    deployment_type: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().nullish(),
    build_on_push: zod__WEBPACK_IMPORTED_MODULE_0__/* .boolean */ .zMY().nullish(),
    custom_url: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().nullish(),
    listener_id: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().nullish()
});
const sourceRevisionConfigSchema = zod__WEBPACK_IMPORTED_MODULE_0__/* .object */ .Ikc({
    repo_ref: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().nullish(),
    graph_config_path: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().nullish(),
    image_uri: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().nullish(),
    source_tarball_path: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().nullish(),
    repo_commit_sha: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().nullish()
});
const deploymentSchema = zod__WEBPACK_IMPORTED_MODULE_0__/* .object */ .Ikc({
    id: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().min(1),
    name: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP(),
    source: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP(),
    status: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP(),
    source_config: sourceConfigSchema.nullish().transform((value) => value ?? {}),
    source_revision_config: sourceRevisionConfigSchema.nullish().transform((value) => value ?? {}),
    latest_revision_id: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().nullable(),
    active_revision_id: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().nullish(),
    /** When the deployment last changed; operation prune judges staleness by it. */
    updated_at: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().nullish()
});
const deploymentsListSchema = zod__WEBPACK_IMPORTED_MODULE_0__/* .object */ .Ikc({
    resources: zod__WEBPACK_IMPORTED_MODULE_0__/* .array */ .YOg(deploymentSchema),
    offset: zod__WEBPACK_IMPORTED_MODULE_0__/* .number */ .aig().int().nullish()
});
const revisionSchema = zod__WEBPACK_IMPORTED_MODULE_0__/* .object */ .Ikc({
    id: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().min(1),
    status: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().min(1),
    created_at: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().nullish(),
    updated_at: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().nullish(),
    source: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().nullish(),
    source_revision_config: sourceRevisionConfigSchema.nullish()
});
const revisionsListSchema = zod__WEBPACK_IMPORTED_MODULE_0__/* .object */ .Ikc({
    resources: zod__WEBPACK_IMPORTED_MODULE_0__/* .array */ .YOg(revisionSchema),
    offset: zod__WEBPACK_IMPORTED_MODULE_0__/* .number */ .aig().int().nullish()
});
const uploadUrlSchema = zod__WEBPACK_IMPORTED_MODULE_0__/* .object */ .Ikc({
    upload_url: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().url(),
    object_path: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().min(1)
});
/** `{"detail": "..."}`, or for 422 `{"detail": [{loc, msg, type}]}`. */
const errorBodySchema = zod__WEBPACK_IMPORTED_MODULE_0__/* .object */ .Ikc({
    detail: zod__WEBPACK_IMPORTED_MODULE_0__/* .union */ .KCZ([
        zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP(),
        zod__WEBPACK_IMPORTED_MODULE_0__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_0__/* .object */ .Ikc({
            loc: zod__WEBPACK_IMPORTED_MODULE_0__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_0__/* .union */ .KCZ([zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP(), zod__WEBPACK_IMPORTED_MODULE_0__/* .number */ .aig()])).optional(),
            msg: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP(),
            type: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().optional()
        })),
        zod__WEBPACK_IMPORTED_MODULE_0__/* .unknown */ .L5J()
    ])
});
/** One log object: its fields are not documented, so it is kept whole and read defensively. */
const logEntrySchema = zod__WEBPACK_IMPORTED_MODULE_0__/* .record */ .g1P(zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP(), zod__WEBPACK_IMPORTED_MODULE_0__/* .unknown */ .L5J());
const revisionLogsSchema = zod__WEBPACK_IMPORTED_MODULE_0__/* .object */ .Ikc({
    logs: zod__WEBPACK_IMPORTED_MODULE_0__/* .array */ .YOg(logEntrySchema),
    next_offset: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().nullish()
});


/***/ }),

/***/ 3233:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Ru: () => (/* binding */ meaningOfError),
/* harmony export */   g5: () => (/* binding */ failureOf),
/* harmony export */   r3: () => (/* binding */ isRetryable)
/* harmony export */ });
/* unused harmony export meaningOf */
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

//# sourceMappingURL=325.index.js.map