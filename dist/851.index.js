export const id = 851;
export const ids = [851];
export const modules = {

/***/ 4007:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   $N: () => (/* binding */ formatErrorDetail),
/* harmony export */   Au: () => (/* binding */ BodyTooLargeError),
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

/***/ 9851:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  execute: () => (/* binding */ execute)
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

// EXTERNAL MODULE: ./src/lib/bytes.ts
var bytes = __webpack_require__(9792);
// EXTERNAL MODULE: ./src/control-plane/retry.ts
var retry = __webpack_require__(7224);
;// CONCATENATED MODULE: ./src/control-plane/status-policy.ts

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
    if (error instanceof errors/* HttpStatusError */.F9)
        return { kind: 'status', status: error.status };
    if (error instanceof errors/* NetworkError */.Dr)
        return { kind: 'network' };
    if (error instanceof errors/* BodyTooLargeError */.Au)
        return { kind: 'too-large' };
    if (error instanceof errors/* ResponseShapeError */.RD) {
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

;// CONCATENATED MODULE: ./src/control-plane/request.ts





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
        return (0,retry/* backoffDelay */.EY)(retryNumber, this.#options.backoff, this.#options.random);
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
                    if (!(parseError instanceof errors/* ResponseShapeError */.RD))
                        throw parseError;
                    error = parseError;
                }
            }
            else {
                error =
                    outcome.kind === 'answer'
                        ? new errors/* HttpStatusError */.F9(method, path, outcome.status, (0,errors/* formatErrorDetail */.$N)(outcome.bodyText))
                        : outcome.error;
            }
            // What a failure means (retry? for which methods?) is status-policy.ts's table.
            const failure = failureOf(error);
            const retryable = failure && isRetryable(failure, spec.idempotent ? 'PUT' : method);
            if (!retryable || attempt >= maxAttempts)
                throw error;
            const retryAfter = outcome.kind === 'answer' ? (0,retry/* parseRetryAfter */.mu)(outcome.retryAfter, now()) : undefined;
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
                    : error instanceof errors/* NetworkError */.Dr
                        ? error.reason
                        : failure.kind === 'too-large'
                            ? 'body too large'
                            : 'body cut short'
            });
            await (this.#options.sleep ?? retry/* sleep */.yy)(delayMs, spec.signal);
        }
    }
    async #send(spec) {
        const { method, path } = spec;
        const { now, requestTimeoutMs } = this.#options;
        spec.signal?.throwIfAborted();
        const bound = (0,transport/* attemptTimeout */.JS)(requestTimeoutMs, spec.deadline, now());
        if (!bound)
            throw new errors/* DeadlineError */.j3(method, path);
        const started = now();
        try {
            const answer = await (0,transport/* send */.tN)({
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
            if (!(error instanceof transport/* TransportError */.wX))
                throw error;
            this.#options.onDebug?.(() => `${method} ${path} → ${error.reason} after ${now() - started} ms`);
            if (error.kind === 'timeout' && bound.cutByDeadline)
                throw new errors/* DeadlineError */.j3(method, path);
            return {
                kind: 'failure',
                error: error.kind === 'too-large'
                    ? new errors/* BodyTooLargeError */.Au(method, path, error.status, (0,bytes/* formatBytes */.z)(spec.maxBodyBytes))
                    : new errors/* NetworkError */.Dr(method, path, error.reason)
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
            throw new errors/* ResponseShapeError */.RD(spec.method, spec.path, 'the body is not JSON', true);
        }
        const parsed = spec.schema.safeParse(json);
        if (!parsed.success) {
            const problems = parsed.error.issues
                .slice(0, 3)
                .map((issue) => `${issue.path.join('.') || '(body)'}: ${issue.message}`);
            throw new errors/* ResponseShapeError */.RD(spec.method, spec.path, problems.join('; '));
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
    return `DELETE ${controlPlanePaths.deployment(id)}${queryString(deleteQuery(options))}`;
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
    constructor(options) {
        this.#requester = new ControlPlaneRequester(options);
    }
    /** The longest time one request may take. */
    get requestTimeoutMs() {
        return this.#requester.requestTimeoutMs;
    }
    /** The deployment whose name is exactly `name`, paging through the substring filter's results. */
    async findDeploymentByName(name, call = {}) {
        for await (const page of this.#deploymentPages(name, call, MAX_PAGES)) {
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
     * `maxPages` pages (MAX_PAGES unless given).
     */
    async listDeployments(nameContains, call = {}, maxPages = MAX_PAGES) {
        const found = [];
        for await (const page of this.#deploymentPages(nameContains, call, maxPages)) {
            found.push(...page);
        }
        return found;
    }
    /**
     * The pages of the substring filter `name_contains`, in order. Paging stops at a short page or
     * an offset that does not advance (the last page's offset is undocumented).
     */
    async *#deploymentPages(nameContains, call, maxPages) {
        let offset = 0;
        for (let page = 0; page < maxPages; page++) {
            const list = await this.#requester.request({
                ...call,
                method: 'GET',
                path: controlPlanePaths.deployments(),
                query: { name_contains: nameContains || undefined, limit: PAGE_LIMIT, offset },
                schema: schemas/* deploymentsListSchema */.ai,
                maxBodyBytes: transport/* BODY_CAPS */.V9.controlPlaneJson
            });
            yield list.resources;
            const next = list.offset ?? offset + list.resources.length;
            if (list.resources.length < PAGE_LIMIT || next <= offset)
                return;
            offset = next;
        }
    }
}

// EXTERNAL MODULE: ./src/operations/deps.ts
var operations_deps = __webpack_require__(5498);
// EXTERNAL MODULE: ./src/outcomes.ts
var outcomes = __webpack_require__(3558);
;// CONCATENATED MODULE: ./src/operations/target.ts


/**
 * The deployment the inputs name: by id, else by exact name. Undefined when there is none by
 * that name, or none by that id when `missingIdIsAbsent` (delete wants it gone anyway).
 */
async function findTarget(config, client, call, missingIdIsAbsent = false) {
    if (config.deploymentId !== undefined) {
        const found = await client.getDeployment(config.deploymentId, call).catch((error) => {
            if (error instanceof errors/* HttpStatusError */.F9 && error.status === 404) {
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
    if (!(error instanceof errors/* HttpStatusError */.F9))
        return message;
    if (error.status === 409 &&
        error.method === 'POST' &&
        error.path === controlPlanePaths.deployments()) {
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

;// CONCATENATED MODULE: ./src/operations/delete.ts



/**
 * operation: delete, for pull-request previews: find the deployment (exact name, or id) and
 * delete it, with its tracing project when asked. Already absent is a success. Dry run looks up
 * and says what it would delete.
 */
async function deleteDeployment(config, deps) {
    const { client, io, signal, now } = deps;
    const call = { deadline: deps.startedAt + config.timeoutMs, signal };
    const state = {
        created: false,
        statusesSeen: []
    };
    const finish = (outcome, message) => ({
        ...state,
        outcome,
        message,
        elapsedMs: now() - deps.startedAt
    });
    const wanted = named(config);
    try {
        const existing = await findTarget(config, client, call, true);
        if (!existing) {
            io.notice(`No deployment ${wanted} exists: nothing to delete.`);
            return finish('absent', `No deployment ${wanted} exists; nothing was deleted.`);
        }
        state.deploymentId = existing.id;
        state.deploymentName = existing.name;
        const request = describeDeleteRequest(existing.id, {
            deleteTracingProject: config.deleteTracingProject
        });
        if (config.dryRun) {
            const planLines = [`Would delete ${describe(state)}: ${request}`];
            planLines.forEach((line) => io.info(line));
            return {
                ...finish('dry-run', `Dry run: ${describe(state)} would be deleted. Nothing was sent that changes state.`),
                planLines
            };
        }
        try {
            await client.deleteDeployment(existing.id, { deleteTracingProject: config.deleteTracingProject }, call);
        }
        catch (error) {
            // Deleted meanwhile, by another run: the wanted end state.
            if (!(error instanceof errors/* HttpStatusError */.F9 && error.status === 404))
                throw error;
        }
        const tracing = config.deleteTracingProject
            ? ' and its tracing project'
            : `; its tracing project is kept, so the name ${existing.name} stays taken until that is deleted (delete-tracing-project: true)`;
        return finish('deleted', `Deleted ${describe(state)}${tracing}.`);
    }
    catch (error) {
        if (signal?.aborted)
            return finish('cancelled', `Cancelled before the delete of ${wanted} was confirmed; check the service.`);
        return finish('error', withHint(error));
    }
}

// EXTERNAL MODULE: ./src/lib/duration.ts
var duration = __webpack_require__(2543);
// EXTERNAL MODULE: ./src/lib/url.ts
var lib_url = __webpack_require__(5194);
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
            if (!meaningOfError(error).pollTolerates || failedPolls >= FAILED_POLL_BUDGET) {
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

// EXTERNAL MODULE: ./src/inputs/git-ref.ts
var git_ref = __webpack_require__(6905);
// EXTERNAL MODULE: ./src/inputs/parse.ts + 4 modules
var parse = __webpack_require__(5035);
;// CONCATENATED MODULE: ./src/operations/plan.ts


/**
 * Decides what to send: the whole create body when the deployment does not exist, or a PATCH that
 * carries only what PATCH may change. This is the one place request bodies are built. Inputs that
 * only now turn out to be missing (a create needs more than an update) throw an InputError before
 * anything that changes state is sent.
 */
function planDeployment(config, existing) {
    return existing === undefined ? planCreate(config) : planUpdate(config, existing);
}
function planCreate(config) {
    const name = config.name;
    if (name === undefined) {
        throw new parse/* InputError */.dz([
            {
                input: 'name',
                message: 'is required to create a deployment (no deployment has the given deployment-id)'
            }
        ]);
    }
    const problems = [];
    const required = (value, input) => {
        if (value === undefined || value === '') {
            problems.push({
                input,
                message: `is required to create a ${config.source} deployment (${name} does not exist yet)`
            });
        }
        return value ?? '';
    };
    let sourceConfig = {};
    const revisionConfig = {};
    if (config.source === 'git_host') {
        sourceConfig.integration_id = required(config.integrationId, 'integration-id');
        sourceConfig.repo_url = required(config.repoUrl, 'repo-url');
        if (config.deploymentType)
            sourceConfig.deployment_type = config.deploymentType;
        // A tag is never pushed again, and the service refuses build_on_push with a tag.
        const buildOnPush = config.buildOnPush ?? ((0,git_ref/* isTagRef */.kN)(config.repoRef) ? false : undefined);
        if (buildOnPush !== undefined)
            sourceConfig.build_on_push = buildOnPush;
        sourceConfig = { ...sourceConfig, ...buildCommands(config) };
        revisionConfig.repo_ref = required(config.repoRef, 'repo-ref');
        revisionConfig.graph_config_path = required(config.graphConfigPath, 'graph-config-path');
    }
    else if (config.source === 'internal_source') {
        // The official client's flow: create with the config path only; the upload's PATCH follows.
        revisionConfig.graph_config_path = required(config.graphConfigPath, 'graph-config-path');
    }
    else {
        revisionConfig.image_uri = required(config.imageUri, 'image-uri');
        if (config.source === 'external_image') {
            if (config.listenerId)
                sourceConfig.listener_id = config.listenerId;
            if (config.k8sNamespace)
                sourceConfig.listener_config = { k8s_namespace: config.k8sNamespace };
            if (config.customUrl)
                sourceConfig.custom_url = config.customUrl;
            if (config.resourceSpec)
                sourceConfig.resource_spec = config.resourceSpec;
        }
    }
    if (problems.length > 0)
        throw new parse/* InputError */.dz(problems);
    const internalSource = config.source === 'internal_source';
    return {
        kind: 'create',
        body: {
            name,
            source: config.source,
            source_config: sourceConfig,
            source_revision_config: revisionConfig,
            secrets: internalSource ? [] : (config.secrets ?? [])
        },
        notices: [],
        sourcePatch: internalSource ? (objectPath) => sourcePatch(config, objectPath) : undefined
    };
}
function planUpdate(config, existing) {
    if (existing.source !== config.source) {
        throw new parse/* InputError */.dz([
            {
                input: 'source',
                message: `is ${config.source}, but the deployment ${existing.name} (${existing.id}) has source ${existing.source}, which cannot change; use source: ${existing.source}, or another name`
            }
        ]);
    }
    const notices = createOnlyNotices(config, existing);
    if (config.source === 'internal_source') {
        return {
            kind: 'update',
            deploymentId: existing.id,
            notices,
            sourcePatch: (objectPath) => sourcePatch(config, objectPath)
        };
    }
    let sourceConfig = {};
    const revisionConfig = {};
    if (config.source === 'git_host') {
        if (config.repoRef)
            revisionConfig.repo_ref = config.repoRef;
        if (config.graphConfigPath)
            revisionConfig.graph_config_path = config.graphConfigPath;
        if (config.buildOnPush !== undefined) {
            sourceConfig.build_on_push = config.buildOnPush;
        }
        else if ((0,git_ref/* isTagRef */.kN)(config.repoRef) && existing.source_config.build_on_push === true) {
            // The service refuses a tag while build_on_push is on; a tag is never pushed again anyway.
            sourceConfig.build_on_push = false;
            notices.push(`build_on_push of ${existing.name} is turned off: it cannot stay on while the deployment follows the tag ${config.repoRef}.`);
        }
        sourceConfig = { ...sourceConfig, ...buildCommands(config) };
    }
    else {
        if (config.imageUri)
            revisionConfig.image_uri = config.imageUri;
        if (config.source === 'external_image') {
            if (config.customUrl)
                sourceConfig.custom_url = config.customUrl;
            if (config.resourceSpec)
                sourceConfig.resource_spec = config.resourceSpec;
        }
    }
    const body = {};
    if (Object.keys(sourceConfig).length > 0)
        body.source_config = sourceConfig;
    if (Object.keys(revisionConfig).length > 0)
        body.source_revision_config = revisionConfig;
    if (config.secrets !== undefined)
        body.secrets = config.secrets;
    if (!createsRevision(body)) {
        const gitHost = config.source === 'git_host';
        throw new parse/* InputError */.dz([
            {
                input: gitHost ? 'repo-ref' : 'image-uri',
                message: `nothing to deploy: an update of ${existing.name} needs ${gitHost ? 'repo-ref or graph-config-path' : 'image-uri (or secrets or resource-spec)'} to create a new revision`
            }
        ]);
    }
    return { kind: 'update', deploymentId: existing.id, body, notices };
}
/**
 * operation promote: the PATCH that makes `target` build or run exactly what `from` serves, its
 * active `revision`: the same image, the same tarball, or the same ref (whose commit is checked
 * after DEPLOYED, so the source's commit must be known). Anything that keeps this from being
 * the same build is refused by name before anything is written.
 */
function planPromotion(config, target, from, revision) {
    const refuse = (message) => {
        throw new parse/* InputError */.dz([{ input: 'from-deployment', message }]);
    };
    const fromName = `${from.name} (${from.id})`;
    if (from.source !== target.source) {
        refuse(`${fromName} has source ${from.source}, but ${target.name} (${target.id}) has source ${target.source}: a promote deploys the same build, so both must have the same source`);
    }
    const seen = revision.source_revision_config ?? {};
    const missing = (field, why) => refuse(`the revision ${revision.id} that ${fromName} serves shows no ${field}: ${why}`);
    const revisionConfig = {};
    const sourceConfig = {};
    const notices = [];
    let promoted;
    let fromCommit;
    switch (from.source) {
        case 'external_image':
        case 'internal_image':
            promoted = seen.image_uri || missing('image_uri', 'there is no image to promote');
            revisionConfig.image_uri = promoted;
            break;
        case 'internal_source':
            promoted =
                seen.source_tarball_path ||
                    missing('source_tarball_path', 'the source it was built from cannot be reused, so internal_source cannot be promoted from it (deploy the folder instead)');
            revisionConfig.source_tarball_path = promoted;
            if (seen.graph_config_path)
                revisionConfig.graph_config_path = seen.graph_config_path;
            break;
        case 'git_host':
            promoted = seen.repo_ref || missing('repo_ref', 'there is no ref to promote');
            fromCommit =
                seen.repo_commit_sha ||
                    missing('repo_commit_sha', `the commit it was built from is unknown, so nothing could check that ${target.name} builds the same one`);
            revisionConfig.repo_ref = promoted;
            if (seen.graph_config_path)
                revisionConfig.graph_config_path = seen.graph_config_path;
            if (target.source_config.build_on_push === true) {
                if ((0,git_ref/* isTagRef */.kN)(promoted)) {
                    // The service refuses a tag while build_on_push is on; a tag is never pushed again anyway.
                    sourceConfig.build_on_push = false;
                    notices.push(`build_on_push of ${target.name} is turned off: it cannot stay on while the deployment follows the tag ${promoted}.`);
                }
                else {
                    notices.push(`build_on_push is on for ${target.name}: every push to ${promoted} will build it again, a commit no promote checked. Promote a tag, or turn build_on_push off.`);
                }
            }
            break;
        default:
            return refuse(`${fromName} has source ${from.source}, which this action cannot promote (it promotes git_host, external_image, internal_image and internal_source)`);
    }
    const body = { source_revision_config: revisionConfig };
    if (Object.keys(sourceConfig).length > 0)
        body.source_config = sourceConfig;
    if (config.secrets !== undefined)
        body.secrets = config.secrets;
    return {
        plan: { kind: 'update', deploymentId: target.id, body, notices },
        promoted,
        fromCommit
    };
}
/** The PATCH that turns an uploaded tarball into a revision (service-notes, internal_source). */
function sourcePatch(config, objectPath) {
    const body = {
        source_revision_config: {
            source_tarball_path: objectPath,
            graph_config_path: config.graphConfigPath ?? undefined
        }
    };
    const commands = buildCommands(config);
    if (Object.keys(commands).length > 0)
        body.source_config = commands;
    if (config.secrets !== undefined)
        body.secrets = config.secrets;
    return body;
}
function buildCommands(config) {
    const commands = {};
    if (config.installCommand)
        commands.install_command = config.installCommand;
    if (config.buildCommand)
        commands.build_command = config.buildCommand;
    return commands;
}
/** api.md §3: the body fields whose non-null value in a PATCH creates a revision. */
const REVISION_FIELDS = [
    'source_revision_config.repo_ref',
    'source_revision_config.graph_config_path',
    'source_revision_config.image_uri',
    'source_revision_config.source_tarball_path',
    'source_config.resource_spec',
    'secrets'
];
function createsRevision(body) {
    return REVISION_FIELDS.some((field) => valueAt(body, field) != null);
}
function valueAt(body, field) {
    let value = body;
    for (const key of field.split('.')) {
        if (typeof value !== 'object' || value === null)
            return undefined;
        value = value[key];
    }
    return value;
}
/** Create-only inputs that ask for something the existing deployment does not have. */
function createOnlyNotices(config, existing) {
    const current = existing.source_config;
    const asked = config.source === 'git_host'
        ? [
            ['integration-id', config.integrationId, current.integration_id],
            ['deployment-type', config.deploymentType, current.deployment_type]
        ]
        : [['listener-id', config.listenerId, current.listener_id]];
    const differing = asked
        .filter(([, wanted, actual]) => wanted !== undefined && actual != null && wanted !== actual)
        .map(([input]) => input);
    if (differing.length === 0)
        return [];
    return [
        `${differing.join(', ')} of ${existing.name} can only be set when the deployment is created; the deployment keeps its current value. To change it, delete the deployment or deploy under another name.`
    ];
}

;// CONCATENATED MODULE: ./src/operations/plan-description.ts



/**
 * The plan for people (dry-run): the requests, each field that would be sent, and which fields
 * create a revision. Secret values are shown as `***`.
 */
function describePlan(plan, target, archive) {
    const lines = [];
    if (plan.kind === 'create') {
        lines.push(`Would create deployment ${target.name} (source ${plan.body.source}): POST ${controlPlanePaths.deployments()}`);
        lines.push(...fieldLines(plan.body, false));
        lines.push(plan.sourcePatch
            ? '  (creates the deployment without a revision)'
            : '  (creates the deployment and its first revision)');
    }
    const deploymentPath = plan.kind === 'update'
        ? controlPlanePaths.deployment(plan.deploymentId)
        : controlPlanePaths.newDeployment();
    const uploadPath = plan.kind === 'update'
        ? controlPlanePaths.uploadUrl(plan.deploymentId)
        : controlPlanePaths.newDeploymentUploadUrl();
    if (plan.sourcePatch) {
        const packed = archive
            ? ` (${archive.files.length} files, ${(0,bytes/* formatBytes */.z)(archive.bytes)} packed)`
            : '';
        lines.push(`Would upload the source folder${packed}: POST ${uploadPath}, then PUT the tarball`);
        lines.push(`Would update deployment ${target.name}: PATCH ${deploymentPath}`);
        lines.push(...fieldLines(plan.sourcePatch('{object path from upload-url}'), true));
    }
    else if (plan.kind === 'update' && plan.body) {
        lines.push(`Would update deployment ${target.name} (${plan.deploymentId}): PATCH ${deploymentPath}`);
        lines.push(...fieldLines(plan.body, true));
    }
    lines.push(...plan.notices.map((notice) => `Note: ${notice}`));
    return lines;
}
function fieldLines(body, markRevisions) {
    return flatten(body, '').map(([field, value]) => {
        const creates = markRevisions && REVISION_FIELDS.includes(field)
            ? '   ← creates a revision'
            : '';
        return `  ${field} = ${value}${creates}`;
    });
}
function flatten(value, prefix) {
    const rows = [];
    for (const [key, item] of Object.entries(value)) {
        const field = prefix ? `${prefix}.${key}` : key;
        if (field === 'secrets' && Array.isArray(item)) {
            const names = item.map((secret) => `${secret.name}=***`);
            rows.push([field, names.length > 0 ? names.join(', ') : '[] (none)']);
        }
        else if (field === 'source_config.resource_spec' ||
            typeof item !== 'object' ||
            item === null) {
            rows.push([field, typeof item === 'string' ? item : JSON.stringify(item)]);
        }
        else {
            rows.push(...flatten(item, field));
        }
    }
    return rows;
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

;// CONCATENATED MODULE: ./src/lib/read-again.ts
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

;// CONCATENATED MODULE: ./src/operations/revision-match.ts
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

;// CONCATENATED MODULE: ./src/operations/safe-writes.ts





/** Attempts of a create or an update whose answers got lost, the first included. */
const MAX_WRITE_ATTEMPTS = 4;
/**
 * An error after which the service may or may not have acted (status-policy.ts's table): the
 * request went out and no (readable) answer came back, or a gateway answered for the service.
 */
function isLostAnswer(error) {
    return meaningOfError(error).lostAnswer;
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
            const conflictAfterLoss = lost !== undefined && error instanceof errors/* HttpStatusError */.F9 && error.status === 409;
            if (!conflictAfterLoss && !isLostAnswer(error))
                throw error;
            lost = conflictAfterLoss ? lost : error;
        }
        const found = await deps.client.findDeploymentByName(body.name, deps.call);
        if (found) {
            deps.notice(`The answer to POST ${controlPlanePaths.deployments()} was lost (${reasonOf(lost)}), but the deployment ${found.name} (${found.id}) exists: this run created it, and goes on with it instead of creating it again.`);
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
        const settled = await readAgain({
            read: async () => {
                const current = await deps.client.getDeployment(deploymentId, deps.call);
                if (!current.latest_revision_id || current.latest_revision_id === revisionBefore) {
                    return { kind: 'not-seen', value: null };
                }
                const differs = configDifferences(body.source_revision_config, current.source_revision_config);
                if (differs && differs.length > 0) {
                    // Another run's revision: not ours to wait for. Ours, if it comes, will be newer.
                    deps.notice(`The answer to PATCH ${controlPlanePaths.deployment(deploymentId)} was lost (${reasonOf(lost)}); the deployment has a new revision ${current.latest_revision_id}, but its ${differs.join(', ')} is not what this run sent: another run or a push created it, so it is not adopted.`);
                    revisionBefore = current.latest_revision_id;
                    return { kind: 'not-seen', value: null };
                }
                const unverified = differs ? '' : ' (nothing sent names the revision, so this is assumed)';
                deps.notice(`The answer to PATCH ${controlPlanePaths.deployment(deploymentId)} was lost (${reasonOf(lost)}), but the deployment has a new revision ${current.latest_revision_id}: this run created it${unverified}, and waits for it instead of patching again.`);
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
    if (error instanceof errors/* NetworkError */.Dr)
        return error.reason;
    if (error instanceof errors/* HttpStatusError */.F9)
        return `HTTP ${error.status}`;
    if (error instanceof errors/* ResponseShapeError */.RD)
        return 'the body was cut short';
    return String(error);
}

;// CONCATENATED MODULE: ./src/operations/deploy.ts













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
        this.deadline = deps.startedAt + config.timeoutMs;
        this.call = { deadline: this.deadline, signal: deps.signal };
    }
    elapsed() {
        return this.deps.now() - this.deps.startedAt;
    }
    /** "deployment NAME (ID)", as far as it is known. */
    get target() {
        return describe(this.known);
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
        const { client, sleep, now, io } = this.deps;
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
/**
 * The deploy operation: look the deployment up, create or patch it, wait for the revision this
 * run created, read the URL. What must be said at once is reported as soon as it is known. Expected endings (failed,
 * superseded, timeout, cancelled) and errors (HTTP, inputs a create needs) all end in a result that
 * holds what was known when it ended; nothing is thrown.
 */
async function deploy(config, deps) {
    const run = new DeployRun(config, deps);
    let archive;
    try {
        archive = await packSourceDir(run);
        const existing = await findTarget(config, deps.client, run.call);
        if (existing)
            run.found(existing);
        if (existing?.active_revision_id)
            run.servedBefore(existing.active_revision_id);
        const urlBefore = (0,lib_url/* checkHttpUrl */.O)(existing?.source_config.custom_url ?? '');
        if ('url' in urlBefore)
            run.known.servedBeforeUrl = urlBefore.url;
        const plan = planDeployment(config, existing);
        plan.notices.forEach((notice) => deps.io.notice(notice));
        await deps.beforeWrite?.({
            deploymentId: existing?.id,
            deploymentName: existing?.name ?? config.name ?? '',
            previousRevisionId: existing?.active_revision_id ?? undefined,
            deploymentUrl: existing?.source_config.custom_url ?? undefined
        });
        if (config.dryRun)
            return dryRun(run, plan, existing, archive);
        const { deployment, revisionId } = await writeRevision(run, plan, existing, archive);
        if (!config.wait)
            return await notWaiting(run, deployment.id, revisionId);
        return (await waitForOutcome(run, deployment, revisionId)).result;
    }
    catch (error) {
        return endedByError(run, error);
    }
    finally {
        await archive?.dispose();
    }
}
/**
 * internal_source: everything about the folder is checked and packed before the first request.
 * tar and ignore are loaded only for this source.
 */
async function packSourceDir(run) {
    if (run.config.source !== 'internal_source')
        return undefined;
    const { io } = run.deps;
    const sourceArchive = await Promise.all(/* import() */[__webpack_require__.e(812), __webpack_require__.e(10)]).then(__webpack_require__.bind(__webpack_require__, 2010));
    await sourceArchive.checkSourceDir(run.config);
    const archive = await sourceArchive.packSource(run.config.sourceDir, undefined, {
        deadline: run.deadline,
        now: run.deps.now,
        signal: run.deps.signal
    });
    io.info(`Packed ${archive.files.length} files into ${(0,bytes/* formatBytes */.z)(archive.bytes)}.`);
    if (archive.skipped.length > 0) {
        const more = archive.skipped.length > 10 ? ` and ${archive.skipped.length - 10} more` : '';
        io.notice(`Left out of the source tarball (links, or paths outside source-dir): ${archive.skipped.slice(0, 10).join(', ')}${more}`);
    }
    if (archive.bytes > sourceArchive.WARN_ARCHIVE_BYTES) {
        io.notice(`The source tarball is ${(0,bytes/* formatBytes */.z)(archive.bytes)}; above ${(0,bytes/* formatBytes */.z)(sourceArchive.WARN_ARCHIVE_BYTES)} uploads and builds get slow. Leave build output and data out with .gitignore.`);
    }
    return archive;
}
function dryRun(run, plan, existing, archive) {
    const planLines = describePlan(plan, { name: existing?.name ?? named(run.config) }, archive);
    planLines.forEach((line) => run.deps.io.info(line));
    const what = plan.kind === 'create'
        ? `${plan.body.name} does not exist and would be created`
        : `${run.target} would be updated`;
    return {
        ...run.finish('dry-run', `Dry run: ${what}. Nothing was sent that changes state.`),
        planLines
    };
}
/**
 * Sends the create, the upload and the PATCH the plan asks for, each at most once, and returns
 * the revision the last of them created: the one this run waits for.
 */
async function writeRevision(run, plan, existing, archive) {
    const { io } = run.deps;
    let deployment;
    if (plan.kind === 'create') {
        io.info(`Creating deployment ${plan.body.name} (source ${plan.body.source})…`);
        deployment = (await createOnce(plan.body, run.writeDeps())).deployment;
        run.known.created = true;
    }
    else {
        deployment = existing;
    }
    run.found(deployment);
    let revisionBefore = plan.kind === 'create' ? null : deployment.latest_revision_id;
    if (plan.sourcePatch && archive) {
        revisionBefore = deployment.latest_revision_id;
        deployment = await uploadAndPatch(run, deployment, plan.sourcePatch, archive);
    }
    else if (plan.kind === 'update' && plan.body) {
        io.info(`Updating deployment ${deployment.name} (${deployment.id})…`);
        deployment = (await patchOnce(deployment.id, plan.body, revisionBefore, run.writeDeps()))
            .deployment;
    }
    const revisionId = deployment.latest_revision_id;
    if (!revisionId || revisionId === revisionBefore) {
        throw new Error(`The service accepted the ${plan.kind} of ${deployment.name} (${deployment.id}) but reports no new revision (latest revision: ${revisionId ?? 'none'}). Check the deployment on the service before running again.`);
    }
    run.known.revisionId = revisionId;
    const createdWith = plan.kind === 'create' && !plan.sourcePatch;
    io.info(`Revision ${revisionId} ${createdWith ? 'created with the deployment' : 'created by the update'}.`);
    return { deployment, revisionId };
}
async function uploadAndPatch(run, deployment, sourcePatch, archive) {
    const { client, io } = run.deps;
    const upload = await client.createUploadUrl(deployment.id, run.call);
    io.info(`Uploading the source tarball (${(0,bytes/* formatBytes */.z)(archive.bytes)})…`);
    await client.uploadFile(upload.upload_url, archive, run.call);
    io.info(`Updating deployment ${deployment.name} (${deployment.id}) with the uploaded source…`);
    const patch = sourcePatch(upload.object_path);
    return (await patchOnce(deployment.id, patch, deployment.latest_revision_id, run.writeDeps()))
        .deployment;
}
/** Records a status of the revision: the log, and the statuses seen. */
function statusSeen(run, revisionId, status) {
    run.known.revisionStatus = status;
    run.known.statusesSeen.push(status);
    run.deps.io.info(`Revision ${revisionId}: ${status} (${(0,duration/* formatDuration */.a)(run.elapsed())})`);
}
async function notWaiting(run, deploymentId, revisionId) {
    const revision = await run.deps.client.getRevision(deploymentId, revisionId, run.call);
    statusSeen(run, revisionId, revision.status);
    return run.finish('revision-created', `Revision ${revisionId} of ${run.target} exists (status ${revision.status}); not waiting for it (wait: false).`);
}
/**
 * Waits for the revision and judges how it ended. Also hands back the revision as the last poll
 * read it (its DEPLOYED state, when it got there), so that a caller needs no second read of it.
 */
async function waitForOutcome(run, deployment, revisionId) {
    const { client, signal, now, sleep } = run.deps;
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
    const checked = (0,lib_url/* checkHttpUrl */.O)(customUrl);
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
        return run.finish('timeout', `Timed out after ${took} before ${error.method} ${error.path} could finish${goesOn}. Raise timeout (now ${(0,duration/* formatDuration */.a)(run.config.timeoutMs)}) or check the service.`);
    }
    return run.finish('error', withHint(error));
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
            deadline: run.deps.now() + AFTER_DEADLINE_LOOK_MS,
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

// EXTERNAL MODULE: ./src/inputs/problems.ts
var problems = __webpack_require__(8925);
;// CONCATENATED MODULE: ./src/operations/promote.ts








/**
 * `operation: promote`: deploys to the target exactly what `from-deployment` serves now. Both
 * deployments and the source's active revision are read before anything is written; the PATCH
 * (sent at most once) carries that revision's image, tarball or ref; then the run waits like a
 * deploy. For git_host the commit the new revision was built from is read from the wait's last
 * read of it (DEPLOYED); the commit check after DEPLOYED (../after-deploy/commit-check.ts) judges
 * it. Ends in a result, never throws.
 */
async function promote(config, deps) {
    const run = new DeployRun(config, deps);
    try {
        const target = await readTarget(run);
        const from = await readSource(run, target);
        const planned = planPromotion(config, target, from.deployment, from.revision);
        const promotion = {
            fromDeploymentId: from.deployment.id,
            fromDeploymentName: from.deployment.name,
            fromRevisionId: from.revision.id,
            source: from.deployment.source,
            promoted: planned.promoted,
            fromCommit: planned.fromCommit
        };
        run.known.promotion = promotion;
        planned.plan.notices.forEach((notice) => deps.io.notice(notice));
        const byTag = imageByTag(promotion, run.target);
        if (byTag)
            deps.io.warning(byTag);
        await deps.beforeWrite?.({
            deploymentId: target.id,
            deploymentName: target.name,
            previousRevisionId: target.active_revision_id ?? undefined,
            deploymentUrl: target.source_config.custom_url ?? undefined
        });
        if (config.dryRun)
            return promote_dryRun(run, planned, target);
        deps.io.redeploying?.(from.revision.id, planned.fromCommit);
        const revisionId = await patchTarget(run, planned, target);
        const { result: waited, lastRead } = await waitForOutcome(run, target, revisionId);
        if (waited.outcome !== 'deployed')
            return waited;
        // What the new revision was built from; the commit check after DEPLOYED judges it.
        promotion.commit = lastRead?.source_revision_config?.repo_commit_sha ?? undefined;
        const runs = promotion.fromCommit !== undefined && promotion.commit !== promotion.fromCommit
            ? ''
            : ` It runs ${what(promotion)}, promoted from revision ${promotion.fromRevisionId} of ${promotion.fromDeploymentName}.`;
        return { ...waited, promotion, message: `${waited.message}${runs}` };
    }
    catch (error) {
        return endedByError(run, error);
    }
}
/**
 * The deployment promoted to, which must exist: a promote copies what serves, not how a
 * deployment is set up (its type, listener, integration), so it never creates one.
 */
async function readTarget(run) {
    const { config, deps } = run;
    const target = await findTarget(config, deps.client, run.call, true);
    if (!target) {
        const input = config.deploymentId === undefined ? 'name' : 'deployment-id';
        throw new problems/* InputError */.d([
            {
                input,
                message: `there is no deployment ${config.deploymentId ?? named(config)} to promote to. A promote never creates one (it copies what serves, not how a deployment is set up): create it first with operation deploy.`
            }
        ]);
    }
    run.found(target);
    if (target.active_revision_id)
        run.servedBefore(target.active_revision_id);
    return target;
}
/** `from-deployment` (by id when it is a UUID, else or then by name) and the revision it serves. */
async function readSource(run, target) {
    const { client } = run.deps;
    const wanted = run.config.fromDeployment;
    const refuse = (message) => {
        throw new problems/* InputError */.d([{ input: 'from-deployment', message }]);
    };
    const deployment = (ids/* UUID */.k.test(wanted) ? await byIdOrAbsent(run, wanted) : undefined) ??
        (await client.findDeploymentByName(wanted, run.call)) ??
        refuse(`there is no deployment ${wanted} (by id or by name) to promote from`);
    const fromName = `${deployment.name} (${deployment.id})`;
    if (deployment.id === target.id) {
        refuse(`${fromName} is the deployment promoted to: a promote goes from one deployment to another`);
    }
    const active = deployment.active_revision_id ||
        refuse(`${fromName} serves no revision (no active_revision_id): there is nothing to promote`);
    const revision = await client.getRevision(deployment.id, active, run.call);
    if (revision.status !== 'DEPLOYED') {
        refuse(`the revision ${active} that ${fromName} names as active is ${revision.status}, not DEPLOYED: only what serves is promoted`);
    }
    run.deps.io.info(`Promoting revision ${revision.id} of ${fromName} to ${run.target} (source ${deployment.source}).`);
    return { deployment, revision };
}
async function byIdOrAbsent(run, id) {
    return run.deps.client.getDeployment(id, run.call).catch((error) => {
        if (error instanceof errors/* HttpStatusError */.F9 && error.status === 404)
            return undefined;
        throw error;
    });
}
function promote_dryRun(run, planned, target) {
    const planLines = describePlan(planned.plan, { name: target.name, id: target.id });
    planLines.forEach((line) => run.deps.io.info(line));
    const promotion = run.known.promotion;
    return {
        ...run.finish('dry-run', `Dry run: ${run.target} would get ${what(promotion)} from revision ${promotion.fromRevisionId} of ${promotion.fromDeploymentName}. Nothing was sent that changes state.`),
        planLines
    };
}
/** Sends the PATCH at most once (safe-writes.ts); returns the revision it created. */
async function patchTarget(run, planned, target) {
    const { io } = run.deps;
    const body = planned.plan.body ?? {};
    io.info(`Updating deployment ${target.name} (${target.id}) with ${what(run.known.promotion)}…`);
    const revisionBefore = target.latest_revision_id;
    const { deployment } = await patchOnce(target.id, body, revisionBefore, run.writeDeps());
    const revisionId = deployment.latest_revision_id;
    if (!revisionId || revisionId === revisionBefore) {
        throw new Error(`The service accepted the update of ${target.name} (${target.id}) but reports no new revision (latest revision: ${revisionId ?? 'none'}). Check the deployment on the service before running again.`);
    }
    run.known.revisionId = revisionId;
    io.info(`Revision ${revisionId} created by the promote.`);
    return revisionId;
}
/** An image named by its digest (`@sha256:…`): exactly one build, wherever it is pulled. */
const DIGEST = /@sha256:[0-9a-f]{64}$/i;
/**
 * The warning for an image promoted by tag: a tag may move (pushed again, or retagged by the
 * registry), so the target may not run the build that was verified. A digest is exact.
 */
function imageByTag(promotion, target) {
    if (promotion.source !== 'external_image' && promotion.source !== 'internal_image')
        return;
    if (DIGEST.test(promotion.promoted))
        return;
    return `${promotion.fromDeploymentName} serves image ${promotion.promoted}, named by a tag: the tag may have moved since that image was verified, or move later, so ${target} may not run the same build. Deploy images by digest (image@sha256:…) to promote exactly what was verified.`;
}
/** "image X", "ref R (commit C)" or "tarball T", for people. */
function what(promotion) {
    if (!promotion)
        return 'what the source serves';
    switch (promotion.source) {
        case 'git_host':
            return `ref ${promotion.promoted} (commit ${promotion.fromCommit ?? '?'})`;
        case 'internal_source':
            return `source tarball ${promotion.promoted}`;
        default:
            return `image ${promotion.promoted}`;
    }
}

;// CONCATENATED MODULE: ./src/operations/prune.ts



/**
 * operation prune: every deployment whose name starts with `prune-prefix` (all pages of the
 * name filter) that is stale by a criterion is deleted, one by one; a table says which and why.
 * A deployment gone meanwhile is no error; a failed delete fails the step once every other delete
 * was tried. Never touches a name that does not start with the prefix.
 */
async function prunePreviews(config, deps) {
    const { io, signal, now } = deps;
    const call = { deadline: deps.startedAt + config.timeoutMs, signal };
    const finish = (outcome, message, rows) => ({
        outcome,
        message,
        created: false,
        statusesSeen: [],
        elapsedMs: now() - deps.startedAt,
        pruneRows: rows
    });
    const criteria = config.prune;
    let rows = [];
    // Previews kept because GitHub could not say whether their pull request is closed: said at the
    // end, so "could not tell" never reads as "not stale".
    const undecided = [];
    try {
        const named = await deps.client.listDeployments(criteria.prefix, call);
        // The service's filter is a substring match: only names that start with the prefix count.
        const candidates = named.filter((deployment) => deployment.name.startsWith(criteria.prefix));
        rows = await staleRows(candidates, criteria, deps, undecided);
        io.info(`${candidates.length} deployment${candidates.length === 1 ? '' : 's'} named ${criteria.prefix}…; ${rows.length} stale.`);
        pruneTable(rows).forEach((line) => io.info(line));
        if (config.dryRun) {
            return finish('dry-run', `Dry run: ${rows.length} deployment${rows.length === 1 ? '' : 's'} would be deleted. Nothing was sent that changes state.`, rows);
        }
        for (const row of rows) {
            if (signal?.aborted)
                break;
            row.result = await deleteOne(row, config.deleteTracingProject, deps, call);
            io.info(`${row.name} (${row.id}): ${row.failure ? `failed: ${row.failure}` : row.result}`);
        }
    }
    catch (error) {
        if (signal?.aborted)
            return finish('cancelled', cancelledMessage(rows), rows);
        return finish('error', withHint(error), rows);
    }
    if (signal?.aborted)
        return finish('cancelled', cancelledMessage(rows), rows);
    const failed = rows.filter((row) => row.result === 'failed');
    const kept = undecided.length > 0
        ? ` Kept, since the state of their pull request could not be read: ${undecided.join(', ')}.`
        : '';
    const summary = `${pruneSummary(rows, config.deleteTracingProject)}${kept}`;
    if (failed.length > 0) {
        const each = failed.map((row) => `\n  - ${row.name} (${row.id}): ${row.failure ?? ''}`);
        return finish('error', `${failed.length} of ${rows.length} deletes failed; every other one was tried. ${summary}${each.join('')}`, rows);
    }
    return finish('pruned', summary, rows);
}
/** The stale ones among the candidates, each with its reason; oldest update first. */
async function staleRows(candidates, criteria, deps, undecided) {
    const rows = [];
    for (const deployment of candidates) {
        const pullRequest = pullRequestOf(deployment.name, criteria.prefix);
        const reason = staleByAge(deployment, criteria, deps.now()) ??
            (criteria.closedPullRequests && pullRequest !== undefined
                ? await staleByPullRequest(pullRequest, deps, () => undecided.push(deployment.name))
                : undefined);
        if (reason === undefined)
            continue;
        rows.push({
            name: deployment.name,
            id: deployment.id,
            updatedAt: deployment.updated_at ?? undefined,
            reason,
            pullRequest,
            result: 'would delete'
        });
    }
    const updated = (row) => Date.parse(row.updatedAt ?? '') || 0;
    return rows.sort((a, b) => updated(a) - updated(b) || a.name.localeCompare(b.name));
}
/** The number that ends a name made of the prefix and a pull request's number. */
function pullRequestOf(name, prefix) {
    const rest = name.slice(prefix.length);
    return name.startsWith(prefix) && /^[1-9]\d{0,9}$/.test(rest) ? Number(rest) : undefined;
}
function staleByAge(deployment, criteria, now) {
    if (criteria.olderThanMs === undefined)
        return undefined;
    const updatedAt = Date.parse(deployment.updated_at ?? '');
    // A deployment without a readable update time is never judged old.
    if (!Number.isFinite(updatedAt))
        return undefined;
    const age = now - updatedAt;
    return age > criteria.olderThanMs
        ? `not updated for ${(0,duration/* formatDuration */.a)(age)} (prune-older-than ${(0,duration/* formatDuration */.a)(criteria.olderThanMs)})`
        : undefined;
}
async function staleByPullRequest(pullRequest, deps, couldNotTell) {
    if (!deps.pullRequestState)
        return undefined;
    try {
        const state = await deps.pullRequestState(pullRequest);
        return state === 'closed' ? `pull request #${pullRequest} is closed` : undefined;
    }
    catch (error) {
        couldNotTell();
        deps.io.warning(`Pull request #${pullRequest} could not be read, so its preview is kept: ${error instanceof Error ? error.message : String(error)}`);
        return undefined;
    }
}
async function deleteOne(row, deleteTracingProject, deps, call) {
    try {
        await deps.client.deleteDeployment(row.id, { deleteTracingProject }, call);
        return 'deleted';
    }
    catch (error) {
        // Deleted meanwhile (another run, a person): the wanted end state.
        if (error instanceof errors/* HttpStatusError */.F9 && error.status === 404)
            return 'already gone';
        if (deps.signal?.aborted)
            throw error;
        row.failure = withHint(error);
        return 'failed';
    }
}
function deletedNames(rows) {
    return rows.filter((row) => row.result === 'deleted').map((row) => row.name);
}
function pruneSummary(rows, deleteTracingProject) {
    const deleted = rows.filter((row) => row.result === 'deleted').length;
    const gone = rows.filter((row) => row.result === 'already gone').length;
    if (rows.length === 0)
        return 'No stale deployment: nothing was deleted.';
    const tracing = deleteTracingProject
        ? ', with their tracing projects'
        : '; their tracing projects are kept (delete-tracing-project: true deletes them too)';
    const goneText = gone > 0 ? ` ${gone} had already gone.` : '';
    return `Deleted ${deleted} stale deployment${deleted === 1 ? '' : 's'}${tracing}.${goneText}`;
}
function cancelledMessage(rows) {
    return `Cancelled after deleting ${deletedNames(rows).length} of ${rows.length} stale deployments; the rest were not tried.`;
}
/** The table of the log: name, last update, why, and what became of it. */
function pruneTable(rows) {
    if (rows.length === 0)
        return [];
    const table = [
        ['name', 'last update', 'why', 'result'],
        ...rows.map((row) => [
            row.name,
            row.updatedAt ?? '?',
            row.reason,
            row.failure ? `${row.result}: ${row.failure.split('\n')[0] ?? ''}` : row.result
        ])
    ];
    const widths = [0, 1, 2].map((column) => Math.max(...table.map((cells) => (cells[column] ?? '').length)));
    return table.map((cells) => cells
        .map((cell, column) => cell.padEnd(widths[column] ?? 0))
        .join('  ')
        .trimEnd());
}

;// CONCATENATED MODULE: ./src/operations/redeploy-once.ts





/**
 * Redeploys `source` (an earlier revision) exactly once. A lost answer is settled as a lost PATCH
 * is: the deployment is read until its newest revision is a new one made from `source`'s
 * configuration (adopted), for as long as a request the client gave up on may still be carried
 * out. The POST is never sent again: two redeploys would start two revisions.
 */
async function redeployOnce(deploymentId, source, revisionBefore, deps) {
    const path = `POST ${controlPlanePaths.redeploy(deploymentId, source.id)}`;
    try {
        const deployment = await deps.client.redeployRevision(deploymentId, source.id, deps.call);
        const revisionId = await newRevisionOf(deployment, revisionBefore, deps);
        if (revisionId)
            return { deployment, revisionId, adopted: false };
        throw new Error(`The service accepted ${path} but shows no new revision (latest revision: ${deployment.latest_revision_id ?? 'none'}). It is not sent again; check the deployment on the service.`);
    }
    catch (error) {
        if (!isLostAnswer(error))
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
    const settled = await readAgain({
        read: async () => {
            const current = await deps.client.getDeployment(deploymentId, deps.call);
            const latest = current.latest_revision_id;
            if (!latest || latest === revisionBefore)
                return { kind: 'not-seen', value: null };
            // The commit is left out: the service may rebuild the ref rather than the commit.
            const sourceConfig = { ...source.source_revision_config, repo_commit_sha: undefined };
            const differs = configDifferences(sourceConfig, current.source_revision_config);
            if (differs && differs.length > 0)
                return { kind: 'not-seen', value: null };
            return { kind: 'seen', value: { deployment: current, revisionId: latest, adopted: true } };
        },
        ...settleWindow(deps)
    });
    return settled.kind === 'seen' ? settled.value : undefined;
}

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
    const run = new DeployRun(config, deps);
    try {
        const existing = await findTarget(config, deps.client, run.call);
        if (!existing) {
            throw new Error(`name: there is no deployment ${named(config)} to roll back. Check name (or give deployment-id).`);
        }
        run.found(existing);
        const active = existing.active_revision_id ?? undefined;
        if (active)
            run.servedBefore(active);
        const source = await chooseRevision(run, existing.id, active);
        if (source.id === active) {
            return run.finish('deployed', `Revision ${source.id} already serves ${run.target}; nothing to roll back, nothing was sent.`);
        }
        if (config.dryRun) {
            const request = `POST ${controlPlanePaths.redeploy(existing.id, source.id)}`;
            return {
                ...run.finish('dry-run', `Dry run: ${run.target} would be rolled back to revision ${source.id} (${request}). Nothing was sent that changes state.`),
                planLines: [request]
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
        return (await waitForOutcome(run, existing, redeployed.revisionId)).result;
    }
    catch (error) {
        return endedByError(run, error);
    }
}
/** `to-revision`, which must have been DEPLOYED; else the newest DEPLOYED one older than active. */
async function chooseRevision(run, deploymentId, active) {
    const { client } = run.deps;
    const wanted = run.config.toRevision;
    if (wanted) {
        const revision = await client.getRevision(deploymentId, wanted, run.call);
        if (revision.status !== 'DEPLOYED') {
            throw new Error(`to-revision: revision ${wanted} of ${run.target} is ${revision.status}; only a revision that was DEPLOYED can be redeployed.`);
        }
        return revision;
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
/**
 * rollback-on-failure: decides whether a rollback is due (the deployment must no longer serve the
 * previous revision, and must not serve another run's), redeploys the previous revision exactly
 * once and waits for it under `rollback-timeout`, which starts now. Its report holds the
 * revision the redeploy created; `skipped` says why nothing was sent.
 */
async function rollBackAfterFailure(config, deps, request) {
    const { failedRevisionId, previousRevisionId, deploymentId } = request;
    const startedAt = deps.now();
    const io = {
        ...deps.io,
        // The records are the failed deploy's: they say how the rollback ended, at the end.
        waitStarting: undefined,
        redeploying: undefined
    };
    const run = new DeployRun({ ...config, timeoutMs: config.rollbackTimeoutMs }, { ...deps, io, startedAt });
    const report = (outcome, message, revisionId) => ({
        report: {
            failedRevisionId,
            toRevisionId: previousRevisionId,
            revisionId,
            outcome,
            elapsedMs: deps.now() - startedAt,
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
        deps.io.info(`Rolling back: revision ${failedRevisionId} ${request.reason}; redeploying revision ${previousRevisionId} (rollback-timeout ${(0,duration/* formatDuration */.a)(config.rollbackTimeoutMs)})…`);
        const redeployed = await redeployOnce(deploymentId, source, current.latest_revision_id, run.writeDeps());
        redeployedNow(run, redeployed.revisionId, source);
        const { result: waited } = await waitForOutcome(run, redeployed.deployment, redeployed.revisionId);
        return { ...report(waited.outcome, waited.message, redeployed.revisionId), result: waited };
    }
    catch (error) {
        const ended = endedByError(run, error);
        return report(ended.outcome, ended.message, run.known.revisionId);
    }
}

;// CONCATENATED MODULE: ./src/operations/operations.ts





const OPERATIONS = {
    deploy: {
        run: deploy,
        checked: true,
        rollsBack: true,
        bringsBack: false,
        gated: true,
        github: 'records',
        verb: 'Deploy',
        waiting: 'building',
        commit: 'workflow'
    },
    // Itself the rollback: there is nothing earlier to bring back when it fails.
    rollback: {
        run: rollbackOperation,
        checked: true,
        rollsBack: false,
        bringsBack: true,
        gated: false,
        github: 'records',
        verb: 'Roll back',
        waiting: 'redeploying an earlier revision',
        commit: 'served'
    },
    promote: {
        run: promote,
        checked: true,
        rollsBack: true,
        bringsBack: false,
        gated: true,
        github: 'records',
        verb: 'Promote to',
        waiting: 'promoting',
        commit: 'served'
    },
    delete: {
        run: deleteDeployment,
        checked: false,
        rollsBack: false,
        bringsBack: false,
        gated: false,
        github: 'previews',
        verb: 'Delete',
        waiting: 'deleting',
        commit: 'workflow'
    },
    prune: {
        run: prunePreviews,
        checked: false,
        rollsBack: false,
        bringsBack: false,
        gated: false,
        github: 'previews',
        verb: 'Prune',
        waiting: 'pruning',
        commit: 'workflow'
    }
};
/** Runs the operation the config names: its row's run, given its own variant of the config. */
function runOperation(config, deps) {
    const kind = OPERATIONS[config.operation];
    return kind.run(config, deps);
}

// EXTERNAL MODULE: ./src/result.ts
var src_result = __webpack_require__(1666);
;// CONCATENATED MODULE: ./src/after-deploy/check-runner.ts

/**
 * Runs the checks of `list` that are asked for, in its order, until one's verdict stops the
 * rest. The only place a cancellation passes through: an aborted signal is never a verdict (not
 * even one a check made of the abort); it rejects with the CancelledError the signal carries.
 * A check that throws anything else could not conclude.
 */
async function runChecks(list, context) {
    const checks = { verdicts: [] };
    for (const entry of list) {
        if (!entry.asked(context))
            continue;
        throwIfCancelled(context.signal);
        let outcome;
        try {
            outcome = await entry.run(context);
        }
        catch (error) {
            throwIfCancelled(context.signal);
            const message = error instanceof Error ? error.message : String(error);
            outcome = {
                verdict: 'inconclusive',
                why: `The ${entry.check} check could not be made: ${message}`
            };
        }
        throwIfCancelled(context.signal);
        const verdict = { check: entry.check, verdict: outcome.verdict };
        if (outcome.why !== undefined)
            verdict.why = outcome.why;
        if (outcome.saw !== undefined)
            verdict.saw = outcome.saw;
        checks.verdicts.push(verdict);
        if (outcome.reply !== undefined)
            checks.reply = outcome.reply;
        if (outcome.a2aReply !== undefined)
            checks.a2aReply = outcome.a2aReply;
        if (outcome.suite !== undefined)
            checks.suite = outcome.suite;
        if (outcome.gate !== undefined)
            checks.gate = outcome.gate;
        if (entry.stopsLaterOn.includes(outcome.verdict))
            break;
    }
    return checks;
}
/**
 * Whether the verdicts are ground for a rollback: a check failed, or one could not conclude
 * whose row of `list` says it rolls back.
 */
function checksRollBack(list, checks) {
    return (checks?.verdicts ?? []).some(({ check, verdict }) => verdict === 'failed' ||
        (verdict === 'inconclusive' &&
            list.find((entry) => entry.check === check)?.inconclusiveRollsBack === true));
}
/** Rejects with the signal's CancelledError once the run is cancelled. */
function throwIfCancelled(signal) {
    if (!signal?.aborted)
        return;
    throw signal.reason instanceof operations_deps/* CancelledError */.c ? signal.reason : new operations_deps/* CancelledError */.c('abort');
}

// EXTERNAL MODULE: external "node:crypto"
var external_node_crypto_ = __webpack_require__(7598);
;// CONCATENATED MODULE: ./src/after-deploy/agent-server.ts

/** The longest one exchange with the agent server may take, before the deadline cuts it. */
const AGENT_REQUEST_TIMEOUT_MS = 60_000;
/**
 * One exchange with the agent server: its key and auth scheme sent, bounded by the request
 * timeout and the deadline, the answer read up to the agent reply cap. Throws the transport's
 * error (no answer, none in time, too large).
 */
async function agentExchange(server, request) {
    const bound = (0,transport/* attemptTimeout */.JS)(request.timeoutMs ?? AGENT_REQUEST_TIMEOUT_MS, server.deadline, server.now());
    if (!bound)
        throw new transport/* TransportError */.wX('timeout', 'the time allowed ran out before it was sent');
    const headers = {
        'content-type': 'application/json',
        'x-api-key': server.apiKey,
        ...request.headers
    };
    if (server.authScheme)
        headers['x-auth-scheme'] = server.authScheme;
    const answer = await (0,transport/* send */.tN)({
        url: `${server.baseUrl.replace(/\/+$/, '')}${request.path}`,
        method: request.method,
        headers,
        body: request.body === undefined ? undefined : JSON.stringify(request.body),
        signal: server.signal,
        timeoutMs: bound.timeoutMs,
        maxBodyBytes: transport/* BODY_CAPS */.V9.agentReply,
        dispatcher: server.dispatcher,
        sleep: server.sleep
    });
    return { status: answer.status, text: answer.bodyText };
}
/** An answer body read as JSON whatever its content type (the server answers JSON as text/plain). */
function parseJson(text) {
    try {
        return JSON.parse(text);
    }
    catch {
        return undefined;
    }
}

// EXTERNAL MODULE: ./node_modules/zod/v4/classic/schemas.js + 11 modules
var classic_schemas = __webpack_require__(2857);
;// CONCATENATED MODULE: ./src/after-deploy/agent-reply.ts

// The one reading of a stateless run's answer (`POST /runs/wait`): the agent checks, the smoke
// suite and the evaluation gate judge what it finds here, and nothing else. An agent that
// answered nothing of its own (its input state handed back, an empty list) has not answered.
/** The reason given when an answer holds nothing the agent said. */
const NO_REPLY = 'the answer holds no reply from the agent';
const textPart = classic_schemas/* union */.KCZ([
    classic_schemas/* string */.YjP(),
    classic_schemas/* object */.Ikc({ type: classic_schemas/* string */.YjP().optional(), text: classic_schemas/* string */.YjP().optional() }).loose()
]);
const content = classic_schemas/* union */.KCZ([classic_schemas/* string */.YjP(), classic_schemas/* array */.YOg(textPart)]);
/** A message as the server serialises it (`type`), as a client writes it (`role`), or as
 * LangChain serialises an object: `{lc, type: "constructor", id: [..., "AIMessage"], kwargs}`
 * or `{type: "ai", data: {content}}`. */
const messageSchema = classic_schemas/* object */.Ikc({
    type: classic_schemas/* unknown */.L5J().optional(),
    role: classic_schemas/* unknown */.L5J().optional(),
    id: classic_schemas/* unknown */.L5J().optional(),
    content: classic_schemas/* unknown */.L5J().optional(),
    kwargs: classic_schemas/* object */.Ikc({ content: classic_schemas/* unknown */.L5J().optional() }).loose().optional(),
    data: classic_schemas/* object */.Ikc({ content: classic_schemas/* unknown */.L5J().optional() }).loose().optional()
})
    .loose();
const AGENT_TYPES = new Set(['ai', 'AIMessage', 'AIMessageChunk']);
const AGENT_ROLES = new Set(['assistant', 'ai']);
/**
 * How many messages a run's input sends: the answer's `messages` list begins with them, so the
 * agent's reply stands after that many. A single message (not a list) counts one.
 */
function sentMessageCount(input) {
    const messages = input?.messages;
    if (messages === undefined || messages === null)
        return 0;
    return Array.isArray(messages) ? messages.length : 1;
}
/**
 * Reads the reply from a run's answer body. `sent`: how many messages the run's input sent (see
 * sentMessageCount). Pure; never throws.
 */
function readAgentReply(body, sent) {
    let answer;
    try {
        answer = JSON.parse(body);
    }
    catch {
        return { kind: 'no-reply', reason: `${NO_REPLY} (the answer is not JSON)`, answer: undefined };
    }
    if (isRecord(answer) && answer.__error__ !== undefined && answer.__error__ !== null)
        return {
            kind: 'error-state',
            reason: `the graph failed: ${graphErrorMessage(answer.__error__)}`,
            answer
        };
    if (isRecord(answer) && Array.isArray(answer.messages)) {
        const text = agentText(answer.messages.slice(sent));
        return text === undefined || text.trim() === ''
            ? { kind: 'no-reply', reason: NO_REPLY, answer }
            : { kind: 'reply', text, answer };
    }
    // A graph whose output is structured answers with it: the whole answer is the reply.
    if (isEmpty(answer))
        return { kind: 'no-reply', reason: NO_REPLY, answer };
    return { kind: 'reply', text: JSON.stringify(answer), answer };
}
/** The text of the last message from the agent among `messages`; undefined when none is. */
function agentText(messages) {
    for (let index = messages.length - 1; index >= 0; index--) {
        const parsed = messageSchema.safeParse(messages[index]);
        if (!parsed.success || !fromAgent(parsed.data))
            continue;
        const { data } = parsed;
        return textOf(data.kwargs?.content ?? data.data?.content ?? data.content);
    }
    return undefined;
}
function fromAgent(message) {
    if (message.type === 'constructor' && Array.isArray(message.id))
        return AGENT_TYPES.has(String(message.id.at(-1)));
    return ((typeof message.type === 'string' && AGENT_TYPES.has(message.type)) ||
        (typeof message.role === 'string' && AGENT_ROLES.has(message.role)));
}
/** A message's content as text: a string, or the text parts of a list joined. */
function textOf(value) {
    const parsed = content.safeParse(value);
    if (!parsed.success)
        return '';
    if (typeof parsed.data === 'string')
        return parsed.data;
    return parsed.data.map((part) => (typeof part === 'string' ? part : (part.text ?? ''))).join('');
}
function graphErrorMessage(error) {
    const message = error.message;
    return typeof message === 'string' ? message : JSON.stringify(error);
}
function isRecord(value) {
    return typeof value === 'object' && value !== null && !Array.isArray(value);
}
function isEmpty(value) {
    if (value === null || value === '')
        return true;
    if (Array.isArray(value))
        return value.length === 0;
    return isRecord(value) && Object.keys(value).length === 0;
}

;// CONCATENATED MODULE: ./src/after-deploy/agent-status.ts
const MEANINGS = {
    200: 'answered',
    401: 'refused',
    403: 'refused',
    404: 'missing',
    408: 'not-ready',
    429: 'not-ready'
};
function agentStatusMeaning(status) {
    return MEANINGS[status] ?? (status >= 500 ? 'not-ready' : 'rejected');
}
/** What to do about a refused key, said wherever a check is refused. */
const REFUSED_HINT = 'Check agent-api-key and agent-auth-scheme.';

// EXTERNAL MODULE: ./src/inputs/expectation.ts
var expectation = __webpack_require__(7403);
;// CONCATENATED MODULE: ./src/after-deploy/agent-checks.ts








/** A check that failed: which, where, and what the server said. */
class AgentCheckError extends Error {
    check;
    path;
    status;
    constructor(check, path, status, detail) {
        const saw = `${path} ${status === undefined ? 'got no answer' : `answered ${status}`}: ${detail}`;
        super(`Agent check "${check}" failed: ${saw}`);
        this.check = check;
        this.path = path;
        this.status = status;
        this.name = 'AgentCheckError';
        this.saw = saw;
    }
    /** What the check saw, without its name: the report names the check beside it. */
    saw;
    /** The checks that passed before this one failed. */
    passed = [];
}
/** Gap between two tries of the assistant while the new server comes up. */
const RETRY_GAP_MS = 2_000;
const MAX_TEXT = 2_000;
const assistantSchema = classic_schemas/* object */.Ikc({ assistant_id: classic_schemas/* string */.YjP(), graph_id: classic_schemas/* string */.YjP().optional() });
const agentCardSchema = classic_schemas/* object */.Ikc({ url: classic_schemas/* string */.YjP().url(), name: classic_schemas/* string */.YjP().optional() }).loose();
const partSchema = classic_schemas/* object */.Ikc({ kind: classic_schemas/* string */.YjP().optional(), text: classic_schemas/* string */.YjP().optional() }).loose();
const jsonRpcErrorSchema = classic_schemas/* object */.Ikc({ error: classic_schemas/* object */.Ikc({ code: classic_schemas/* number */.aig(), message: classic_schemas/* string */.YjP() }) });
const jsonRpcResultSchema = classic_schemas/* object */.Ikc({
    result: classic_schemas/* object */.Ikc({
        artifacts: classic_schemas/* array */.YOg(classic_schemas/* object */.Ikc({ parts: classic_schemas/* array */.YOg(partSchema) }).loose()).optional(),
        status: classic_schemas/* object */.Ikc({
            message: classic_schemas/* object */.Ikc({ parts: classic_schemas/* array */.YOg(partSchema) })
                .loose()
                .optional()
        })
            .loose()
            .optional()
    })
        .loose()
});
/**
 * After DEPLOYED, proves the agent answers: the assistant exists (retried while the server comes
 * up, until the deadline), a stateless run answers the message, and the A2A endpoint answers.
 * Throws an AgentCheckError for the first check that fails. (The check runner runs the three as
 * checks of their own: ./checks.ts.)
 */
async function checkAgent(options) {
    const report = { passed: [] };
    try {
        await checkAssistant(options);
        report.passed.push('assistant');
        if (options.message !== undefined) {
            report.reply = await checkRun({ ...options, message: options.message });
            report.passed.push('run');
        }
        if (options.a2a) {
            report.a2aReply = await checkA2a(options);
            report.passed.push('a2a');
        }
        return report;
    }
    catch (error) {
        if (error instanceof AgentCheckError)
            error.passed = [...report.passed];
        throw error;
    }
}
/** The assistant answers (retried while the server comes up); else an AgentCheckError. */
async function checkAssistant(options) {
    const id = encodeURIComponent(options.assistantId);
    await waitForAssistant(options, `/assistants/${id}`);
    options.onProgress(`Agent check: assistant ${options.assistantId} answers.`);
}
/** A stateless run answers `message` (and meets `verify-expect`): its reply, as shown. */
async function checkRun(options) {
    const path = '/runs/wait';
    const answer = await send(options, 'POST', path, {
        assistant_id: options.assistantId,
        input: { messages: [{ role: 'human', content: options.message }] }
    });
    if (answer.status !== 200)
        throw new AgentCheckError('run', path, answer.status, serverMessage(answer.text));
    // One human message sent: the agent's reply stands after it.
    const run = readAgentReply(answer.text, 1);
    if (run.kind !== 'reply')
        throw new AgentCheckError('run', path, 200, run.reason);
    const replyText = run.text;
    const shown = truncate(replyText);
    if (options.expect && !(0,expectation/* meetsExpectation */.$u)(options.expect, replyText))
        throw new AgentCheckError('run', path, 200, `the reply does not ${(0,expectation/* describeExpectation */.uN)(options.expect)} (verify-expect): ${truncate(replyText, 300)}`);
    options.onProgress(`Agent check: the run answered: ${shown}`);
    return shown;
}
/** The A2A endpoint answers the message (or "ping"): the text of its answer, as shown. */
async function checkA2a(options) {
    const id = encodeURIComponent(options.assistantId);
    const cardPath = `/.well-known/agent-card.json?assistant_id=${id}`;
    const cardAnswer = await send(options, 'GET', cardPath);
    if (cardAnswer.status !== 200)
        throw new AgentCheckError('a2a', cardPath, cardAnswer.status, serverMessage(cardAnswer.text));
    const card = agentCardSchema.safeParse(parseJson(cardAnswer.text));
    if (!card.success)
        throw new AgentCheckError('a2a', cardPath, 200, 'the agent card names no endpoint url');
    const path = `/a2a/${id}`;
    const answer = await send(options, 'POST', path, {
        jsonrpc: '2.0',
        id: (0,external_node_crypto_.randomUUID)(),
        method: 'message/send',
        params: {
            message: {
                role: 'user',
                messageId: (0,external_node_crypto_.randomUUID)(),
                parts: [{ kind: 'text', text: options.message ?? 'ping' }]
            }
        }
    }, { accept: 'application/json' });
    if (answer.status !== 200)
        throw new AgentCheckError('a2a', path, answer.status, serverMessage(answer.text));
    const reply = parseJson(answer.text);
    const rpcError = jsonRpcErrorSchema.safeParse(reply);
    if (rpcError.success) {
        const { code, message } = rpcError.data.error;
        throw new AgentCheckError('a2a', path, 200, `JSON-RPC error ${code}: ${message}`);
    }
    const rpc = jsonRpcResultSchema.safeParse(reply);
    if (!rpc.success) {
        throw new AgentCheckError('a2a', path, 200, 'the answer is not a JSON-RPC result');
    }
    const result = rpc.data.result;
    const parts = result.artifacts?.flatMap((artifact) => artifact.parts) ?? result.status?.message?.parts ?? [];
    const text = parts
        .filter((part) => part.text !== undefined)
        .map((part) => part.text)
        .join('\n');
    const shown = truncate(text);
    options.onProgress(`Agent check: A2A answered: ${shown || '(no text)'}`);
    return shown;
}
/**
 * The assistant must answer 200 with an assistant. Asked again while the server is not ready or
 * has no such assistant yet (the new revision may bring it), until the deadline; a refused key
 * or a rejected request ends it at once.
 */
async function waitForAssistant(options, path) {
    const verdict = await readAgain({
        read: () => readAssistant(options, path),
        deadline: options.deadline,
        gapMs: RETRY_GAP_MS,
        signal: options.signal,
        now: options.now,
        sleep: options.sleep
    });
    switch (verdict.kind) {
        case 'seen':
            return;
        case 'final':
            throw verdict.value;
        case 'not-seen':
            throw new AgentCheckError('assistant', path, verdict.value.status, verdict.value.detail);
        case 'could-not-tell':
            throw new AgentCheckError('assistant', path, undefined, verdict.why);
    }
}
async function readAssistant(options, path) {
    let answer;
    try {
        answer = await agentExchange(options, { method: 'GET', path });
    }
    catch (error) {
        if (!(error instanceof transport/* TransportError */.wX))
            throw error;
        // A body over the cap is read once: asking again would download it again.
        if (error.kind === 'too-large')
            return { kind: 'final', value: tooLargeError('assistant', path, error) };
        return { kind: 'could-not-tell', why: error.reason };
    }
    switch (agentStatusMeaning(answer.status)) {
        case 'answered':
            return assistantSchema.safeParse(parseJson(answer.text)).success
                ? { kind: 'seen', value: true }
                : { kind: 'not-seen', value: { status: 200, detail: 'the answer is not an assistant' } };
        case 'missing':
            return {
                kind: 'not-seen',
                value: {
                    status: answer.status,
                    detail: `${serverMessage(answer.text)}. A 404 also comes when the key is not tied to the agent's owner: check agent-api-key (and agent-auth-scheme for builder agents), and that verify-assistant names an assistant id or graph name.`
                }
            };
        case 'refused':
            return {
                kind: 'final',
                value: new AgentCheckError('assistant', path, answer.status, `${serverMessage(answer.text)}. ${REFUSED_HINT}`)
            };
        case 'rejected':
            return {
                kind: 'final',
                value: new AgentCheckError('assistant', path, answer.status, serverMessage(answer.text))
            };
        case 'not-ready':
            return {
                kind: 'not-seen',
                value: { status: answer.status, detail: serverMessage(answer.text) }
            };
    }
}
/** An exchange of the run or A2A check: any failure of it fails the check. */
async function send(options, method, path, body, extraHeaders = {}) {
    try {
        return await agentExchange(options, { method, path, body, headers: extraHeaders });
    }
    catch (error) {
        if (!(error instanceof transport/* TransportError */.wX))
            throw error;
        const check = path.startsWith('/runs') ? 'run' : 'a2a';
        const shown = path.split('?')[0] ?? path;
        if (error.kind === 'too-large')
            throw tooLargeError(check, shown, error);
        throw new AgentCheckError(check, shown, undefined, error.kind === 'timeout' ? 'no answer in time' : error.reason);
    }
}
function tooLargeError(check, path, error) {
    return new AgentCheckError(check, path, error.status, `${error.reason}, more than any answer of an agent server: the check stopped reading it and does not ask again.`);
}
/** The server's own message from an error body, or the start of the body. */
function serverMessage(text) {
    const body = parseJson(text);
    const message = body?.detail ?? body?.message;
    return truncate(typeof message === 'string' ? message : text.trim() || '(empty body)', 300);
}
function truncate(text, max = MAX_TEXT) {
    return text.length > max ? `${text.slice(0, max)}…` : text;
}

;// CONCATENATED MODULE: ./src/after-deploy/commit-check.ts
/**
 * operation promote, git_host: the new revision must have been built from the commit the
 * source's revision was. A ref that moved between the two builds fails; a revision that shows no
 * commit could not be checked, which never counts as passed.
 */
function checkPromotedCommit(promotion, revisionId, target) {
    const { commit, fromCommit, fromRevisionId, fromDeploymentName } = promotion;
    if (!commit) {
        return {
            verdict: 'inconclusive',
            why: `The commit check could not be made: revision ${revisionId} shows no repo_commit_sha, so it is unknown whether it was built from commit ${fromCommit} as revision ${fromRevisionId} of ${fromDeploymentName} was.`
        };
    }
    if (commit !== fromCommit) {
        return {
            verdict: 'failed',
            why: `Revision ${revisionId} was built from commit ${commit}, but revision ${fromRevisionId} of ${fromDeploymentName} was built from commit ${fromCommit}: ${promotion.promoted} moved between the two builds, so ${target} does not run what ${fromDeploymentName} serves.`
        };
    }
    return {
        verdict: 'passed',
        why: `Commit check: revision ${revisionId} was built from commit ${commit}, as revision ${fromRevisionId} of ${fromDeploymentName} was.`
    };
}

// EXTERNAL MODULE: ./src/inputs/eval.ts
var inputs_eval = __webpack_require__(7647);
;// CONCATENATED MODULE: ./src/evaluation/ids.ts


/**
 * UUID version 5 (RFC 9562 §5.5): the SHA-1 of a namespace UUID and a name, as a UUID. The same
 * inputs give the same id, so a write sent again (a retry, a rerun of the step) is the same write.
 */
function uuidV5(name, namespace) {
    if (!ids/* UUID */.k.test(namespace))
        throw new Error(`uuidV5: the namespace ${namespace} is not a UUID`);
    const namespaceBytes = Buffer.from(namespace.replace(/-/g, ''), 'hex');
    const hash = (0,external_node_crypto_.createHash)('sha1').update(namespaceBytes).update(name, 'utf8').digest();
    const bytes = hash.subarray(0, 16);
    bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x50;
    bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
    const hex = bytes.toString('hex');
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
/** The id of the run of `example`'s repetition `repetition` (1-based) in `experiment`. */
function runIdOf(experimentId, exampleId, repetition) {
    return uuidV5(`${exampleId.toLowerCase()}/${repetition}`, experimentId.toLowerCase());
}
/**
 * What makes two experiments comparable run by run: the ids of the examples read and the
 * dataset's version then (the newest `modified_at`), so that an edited example counts as another.
 */
function examplesDigest(exampleIds, datasetVersion) {
    const ids = [...new Set(exampleIds.map((id) => id.toLowerCase()))].sort();
    return (0,external_node_crypto_.createHash)('sha256')
        .update(JSON.stringify({ examples: ids, version: datasetVersion }))
        .digest('hex');
}

;// CONCATENATED MODULE: ./src/evaluation/metadata.ts
/** Marks the experiments this action made. */
const MADE_BY = 'deploy-agent-action';
const metadataOf = (session) => (session.extra?.metadata ?? {});
/** The digest of an experiment's examples, when this action made it. */
function digestOf(session) {
    const metadata = metadataOf(session);
    return metadata.made_by === MADE_BY && typeof metadata.examples_digest === 'string'
        ? metadata.examples_digest
        : undefined;
}
/** The repetitions of an experiment this action made (1–5), else undefined. */
function repetitionsOf(session) {
    const repetitions = metadataOf(session).repetitions;
    return digestOf(session) !== undefined &&
        typeof repetitions === 'number' &&
        Number.isInteger(repetitions) &&
        repetitions >= 1 &&
        repetitions <= 5
        ? repetitions
        : undefined;
}
/**
 * Whether `session` can be `previous`'s baseline: made by this action for the same deployment
 * and the revision that served before, on the same examples, and either its gate reached a
 * verdict or it was run as a baseline and is complete.
 */
function isPreviousBaseline(session, wanted) {
    const metadata = metadataOf(session);
    if (digestOf(session) !== wanted.digest)
        return false;
    if (metadata.deployment_id !== wanted.deploymentId)
        return false;
    if (metadata.revision_id !== wanted.revisionId)
        return false;
    const verdictReached = metadata.gate_verdict === 'pass' || metadata.gate_verdict === 'fail';
    const completeBaseline = metadata.role === 'baseline' && metadata.complete === true;
    return verdictReached || completeBaseline;
}
/** The metadata of `session` with the end's fields added (PATCH sends the whole `extra`). */
function withEnding(metadata, ending) {
    return { ...metadata, ...ending };
}

;// CONCATENATED MODULE: ./src/evaluation/types.ts
const callOf = (deps, deadline = deps.deadline) => ({
    deadline,
    signal: deps.signal
});

;// CONCATENATED MODULE: ./src/evaluation/plan.ts
/**
 * Read before write: the dataset, every example page, the rules bound to it and the baseline are
 * read, and the thresholds checked against them, before the deployment is touched. Every refusal
 * names its input; nothing is written here.
 */





const FIRST_LINE = 200;
/**
 * Reads what the gate needs and judges it. On a first deploy with relative thresholds only, the
 * gate is skipped (no experiment runs); relative thresholds beside absolute ones are dropped with
 * a notice. The tracing service failing past its retries is `unreadable`; a cancellation throws.
 */
async function planGate(settings, target, deps) {
    try {
        return await readAndJudge(settings, target, deps);
    }
    catch (error) {
        if (deps.signal?.aborted)
            throw deps.signal.reason;
        if (!(error instanceof errors/* ControlPlaneError */.Cj))
            throw error;
        return { kind: 'unreadable', why: unreadable(error) };
    }
}
/** Why the reads failed, with what to check when the service refused the key. */
function unreadable(error) {
    const status = error instanceof errors/* HttpStatusError */.F9 ? error.status : undefined;
    const hint = status === 401
        ? ' Check that api-key is a key of the tracing service at tracing-url.'
        : status === 403
            ? ' An organisation-scoped key needs tenant-id (the workspace).'
            : status === 404
                ? ' Check tracing-url: it should be the base of the API (often ending in /api/v1).'
                : '';
    return `The evaluation gate could not read the tracing service (tracing-url); nothing was written: ${error.message}${hint}`;
}
async function readAndJudge(settings, target, deps) {
    const call = callOf(deps);
    const refuse = (input, message) => ({
        kind: 'refused',
        problems: [{ input, message }]
    });
    const dataset = await deps.client.findDataset(settings.dataset, call);
    if (!dataset)
        return refuse('eval-dataset', `names no dataset of the tracing service (by exact name or id): ${JSON.stringify(settings.dataset)}`);
    let examples;
    try {
        examples = await deps.client.listExamples(dataset.id, { splits: settings.splits, asOf: settings.datasetVersion }, call);
    }
    catch (error) {
        if (settings.datasetVersion !== undefined &&
            error instanceof errors/* HttpStatusError */.F9 &&
            error.status === 404)
            return refuse('eval-dataset-version', 'is not a version of the dataset (a tag or an ISO time)');
        throw error;
    }
    const rules = await deps.client.listRules(dataset.id, call);
    const problems = [...exampleProblems(settings, examples), ...ruleProblems(rules, dataset.id)];
    if (problems.length > 0)
        return { kind: 'refused', problems };
    const datasetVersion = newestModified(examples);
    const digest = examplesDigest(examples.map((example) => example.id), datasetVersion);
    const firstDeploy = target.previousRevisionId === undefined;
    const relative = settings.keys.some((key) => (0,inputs_eval/* regressionBound */.oF)(settings.maxRegression, key) !== undefined);
    let keys = settings.keys;
    if (firstDeploy && relative && settings.baseline.kind === 'previous') {
        keys = settings.keys.filter((key) => settings.minScores.has(key));
        if (keys.length === 0)
            return {
                kind: 'skipped',
                why: 'a first deploy leaves nothing to compare with and eval-min-scores names no key: no experiment runs'
            };
        deps.notice('Evaluation gate: a first deploy has no earlier revision to compare with; eval-max-regression is skipped, eval-min-scores still applies.');
    }
    const baseline = relative
        ? await findBaseline(settings, target, { id: dataset.id, baselineId: dataset.baseline_experiment_id }, {
            digest,
            runsExpected: examples.length * settings.repetitions,
            firstDeploy
        }, deps)
        : { kind: 'none' };
    return {
        kind: 'planned',
        plan: {
            settings,
            target,
            dataset: { id: dataset.id, name: dataset.name },
            examples: examples.map(planned),
            datasetVersion,
            digest,
            keys,
            baseline
        }
    };
}
function exampleProblems(settings, examples) {
    if (examples.length === 0) {
        const input = settings.splits
            ? 'eval-splits'
            : settings.datasetVersion
                ? 'eval-dataset-version'
                : 'eval-dataset';
        return [{ input, message: 'selects no example of the dataset: there is nothing to evaluate' }];
    }
    const runs = examples.length * settings.repetitions;
    return runs > settings.maxExamples
        ? [
            {
                input: 'eval-max-examples',
                message: `is ${settings.maxExamples}, and the gate would make ${runs} runs (${examples.length} examples × eval-repetitions ${settings.repetitions}); raise it or narrow eval-splits`
            }
        ]
        : [];
}
/** Rules that would leave runs unscored make the gate wait for scores that never come. */
function ruleProblems(rules, datasetId) {
    const bound = rules.filter((rule) => !rule.dataset_id || rule.dataset_id === datasetId);
    const enabled = bound.filter((rule) => rule.is_enabled);
    if (enabled.length === 0)
        return [
            {
                input: 'eval-dataset',
                message: 'has no enabled evaluator rule bound to it: nothing would score the runs'
            }
        ];
    return enabled.flatMap((rule) => {
        const name = JSON.stringify((rule.display_name ?? rule.id).slice(0, 80));
        const partial = [];
        if (rule.sampling_rate < 1)
            partial.push(`a sampling rate of ${rule.sampling_rate}`);
        if (rule.filter !== undefined && rule.filter !== null && rule.filter !== '')
            partial.push('a filter');
        return partial.length === 0
            ? []
            : [
                {
                    input: 'eval-dataset',
                    message: `has the evaluator rule ${name} with ${partial.join(' and ')}: some runs would never be scored (set its sampling rate to 1 and remove its filter)`
                }
            ];
    });
}
/** The dataset's version as read: the newest `modified_at` of its examples. */
function newestModified(examples) {
    let newest = Number.NEGATIVE_INFINITY;
    for (const example of examples) {
        const time = Date.parse(example.modified_at ?? example.created_at ?? '');
        if (Number.isFinite(time) && time > newest)
            newest = time;
    }
    return Number.isFinite(newest) ? new Date(newest).toISOString() : 'unknown';
}
function planned(example) {
    return {
        id: example.id.toLowerCase(),
        inputs: example.inputs,
        firstLine: firstLineOf(example.inputs)
    };
}
/** The example's question as people know it: its last message's text, else its inputs as JSON. */
function firstLineOf(inputs) {
    const messages = inputs.messages;
    const last = Array.isArray(messages)
        ? messages.at(-1)
        : undefined;
    const text = typeof last?.content === 'string' ? last.content : JSON.stringify(inputs);
    const line = text.trim().split(/\r?\n|\r|\u2028|\u2029/)[0] ?? '';
    return line.length > FIRST_LINE ? `${line.slice(0, FIRST_LINE)}…` : line;
}
async function findBaseline(settings, target, dataset, wanted, deps) {
    const choice = settings.baseline;
    const call = callOf(deps);
    if (choice.kind === 'none')
        return { kind: 'none' };
    if (choice.kind === 'previous') {
        if (wanted.firstDeploy ||
            target.deploymentId === undefined ||
            target.previousRevisionId === undefined)
            return { kind: 'first-deploy' };
        const { deploymentId, previousRevisionId } = target;
        let found;
        await deps.client.eachSession(dataset.id, (session) => {
            if (!isPreviousBaseline(session, {
                deploymentId,
                revisionId: previousRevisionId,
                digest: wanted.digest
            }))
                return false;
            found = session;
            return true;
        }, call);
        if (found)
            return { kind: 'experiment', session: found, repetitions: repetitionsOf(found) };
        if (!target.deploymentUrl)
            return {
                kind: 'missing',
                why: `no experiment of revision ${previousRevisionId} on these examples, and the deployment has no URL to evaluate it at`
            };
        return {
            kind: 'serving-first',
            revisionId: previousRevisionId,
            deploymentUrl: target.deploymentUrl
        };
    }
    const id = choice.kind === 'dataset' ? dataset.baselineId : choice.id;
    if (!id)
        return {
            kind: 'missing',
            why: 'the dataset pins no baseline experiment (eval-baseline: dataset)'
        };
    const session = await deps.client.getSession(id, call);
    if (!session)
        return { kind: 'missing', why: `the tracing service has no experiment ${id}` };
    return comparable(session, wanted);
}
/**
 * An experiment named by the dataset or the input: one this action made must have the same
 * digest (run by run); another is compared on its means when its run count is that of these
 * examples.
 */
function comparable(session, wanted) {
    const digest = digestOf(session);
    if (digest !== undefined)
        return digest === wanted.digest
            ? { kind: 'experiment', session, repetitions: repetitionsOf(session) }
            : {
                kind: 'missing',
                why: `experiment ${session.id} ran other examples (or another version of them)`
            };
    return session.run_count === wanted.runsExpected
        ? { kind: 'experiment', session }
        : {
            kind: 'missing',
            why: `experiment ${session.id} has ${session.run_count ?? 'no'} runs, not the ${wanted.runsExpected} of these examples: it is not on the same examples`
        };
}
/** The plan in lines for the log (and `dry-run`): what would be run, compared and awaited. */
function describeGatePlan(plan) {
    const { settings, examples } = plan;
    const runs = examples.length * settings.repetitions;
    const baseline = plan.baseline;
    const comparedWith = baseline.kind === 'none'
        ? 'no baseline (no eval-max-regression)'
        : baseline.kind === 'first-deploy'
            ? 'nothing: a first deploy (eval-max-regression skipped)'
            : baseline.kind === 'missing'
                ? `no baseline: ${baseline.why} (relative thresholds cannot conclude)`
                : baseline.kind === 'experiment'
                    ? `experiment ${baseline.session.id}${baseline.repetitions === undefined ? ' (on its means)' : ' (run by run)'}`
                    : `the serving revision ${baseline.revisionId}, evaluated first, before anything is written (${runs} more agent calls)`;
    return [
        `Evaluation gate: dataset ${plan.dataset.id} (${examples.length} examples, version ${plan.datasetVersion}${settings.splits ? `, splits ${settings.splits.join(', ')}` : ''})`,
        `  ${runs} runs (${examples.length} × eval-repetitions ${settings.repetitions}), ${settings.concurrency} at a time, against assistant ${settings.assistantId}`,
        `  keys awaited: ${plan.keys.join(', ')}; feedback awaited up to ${Math.round(settings.timeoutMs / 1000)} s after the last run`,
        `  compared with ${comparedWith}`
    ];
}

;// CONCATENATED MODULE: ./src/evaluation/coverage.ts
/**
 * Completion by coverage: nothing says when the evaluators are done, so the gate polls, with
 * backoff and within its deadline, until every run sent is ingested and every run without an
 * error has a numeric or boolean score for every gated key. Scores still missing at the deadline
 * are what they are: the verdict cannot conclude on them.
 */



/** First pause between polls; it grows by half each poll up to the longest. */
const FIRST_POLL_GAP_MS = 5_000;
const LONGEST_POLL_GAP_MS = 60_000;
const coverage_GAP_GROWTH = 1.5;
const LAST_LOOK_MARGIN_MS = 1_000;
/** Polls in a row that may fail (each after the client's retries) before the gate gives up. */
const coverage_FAILED_POLL_BUDGET = 3;
async function awaitCoverage(targets, keys, deadline, deps) {
    const scores = new Map(targets.map((target) => [
        target.experimentId,
        new Map(keys.map((key) => [key, new Map()]))
    ]));
    const ingested = new Set();
    let reads = 0;
    let failedPolls = 0;
    let gap = FIRST_POLL_GAP_MS;
    let serviceFailure;
    const startedAt = deps.now();
    for (;;) {
        try {
            reads += await poll(targets, keys, scores, ingested, { ...deps, deadline });
            failedPolls = 0;
        }
        catch (error) {
            if (deps.signal?.aborted)
                throw deps.signal.reason;
            if (error instanceof errors/* DeadlineError */.j3)
                break;
            failedPolls += 1;
            serviceFailure = error instanceof Error ? error.message : String(error);
            if (failedPolls >= coverage_FAILED_POLL_BUDGET)
                break;
        }
        const complete = isComplete(targets, keys, scores, ingested);
        deps.info(progressLine(targets, keys, scores, ingested, deps.now() - startedAt, deadline - startedAt));
        if (complete)
            return { scores, notIngested: [], complete: true, reads };
        // The last look is a little before the deadline: a read at the deadline is not sent.
        const left = deadline - LAST_LOOK_MARGIN_MS - deps.now();
        if (left <= 0)
            break;
        await deps.sleep(Math.min(gap, left), deps.signal);
        gap = Math.min(LONGEST_POLL_GAP_MS, gap * coverage_GAP_GROWTH);
    }
    return {
        scores,
        notIngested: targets.filter((t) => !ingested.has(t.experimentId)).map((t) => t.experimentId),
        complete: false,
        ...(failedPolls >= coverage_FAILED_POLL_BUDGET && serviceFailure !== undefined && { serviceFailure }),
        reads
    };
}
/** One round: each experiment's run count until ingested, and the scores still missing. */
async function poll(targets, keys, scores, ingested, deps) {
    let reads = 0;
    for (const target of targets) {
        if (!ingested.has(target.experimentId)) {
            const session = await deps.client.getSession(target.experimentId, callOf(deps));
            reads += 1;
            if ((session?.run_count ?? 0) >= target.runs.length)
                ingested.add(target.experimentId);
        }
        for (const key of keys) {
            const byRun = scores.get(target.experimentId)?.get(key);
            if (!byRun)
                continue;
            const missing = target.runs
                .filter((run) => run.error === undefined && !byRun.has(run.runId))
                .map((run) => run.runId);
            if (missing.length === 0)
                continue;
            const feedback = await deps.client.listFeedback(missing, key, callOf(deps));
            reads += Math.ceil(missing.length / 50);
            for (const [runId, score] of newestScores(feedback, key))
                byRun.set(runId, score);
        }
    }
    return reads;
}
/** One line per poll (polls are at most a minute apart): what is in, and for how long it waited. */
function progressLine(targets, keys, scores, ingested, waitedMs, allowedMs) {
    let expected = 0;
    let seen = 0;
    for (const target of targets) {
        const answered = target.runs.filter((run) => run.error === undefined);
        for (const key of keys) {
            const byRun = scores.get(target.experimentId)?.get(key);
            expected += answered.length;
            seen += answered.filter((run) => byRun?.has(run.runId)).length;
        }
    }
    const notIngested = targets.filter((target) => !ingested.has(target.experimentId)).length;
    return `Evaluation gate: ${seen} of ${expected} scores in${notIngested > 0 ? ', runs still being ingested' : ''}; waited ${(0,duration/* formatDuration */.a)(waitedMs)} of ${(0,duration/* formatDuration */.a)(allowedMs)} (eval-timeout).`;
}
function isComplete(targets, keys, scores, ingested) {
    return targets.every((target) => ingested.has(target.experimentId) &&
        keys.every((key) => {
            const byRun = scores.get(target.experimentId)?.get(key);
            return target.runs.every((run) => run.error !== undefined || byRun?.has(run.runId));
        }));
}
/**
 * Each run's score for `key`: its newest feedback whose score is a number or a boolean (1 or 0).
 * A null score is no score; comments and values are never read.
 */
function newestScores(feedback, key) {
    const newest = new Map();
    for (const item of feedback) {
        if (item.key !== key)
            continue;
        const score = typeof item.score === 'boolean'
            ? item.score
                ? 1
                : 0
            : typeof item.score === 'number' && Number.isFinite(item.score)
                ? item.score
                : undefined;
        if (score === undefined)
            continue;
        const at = Date.parse(item.created_at ?? '') || 0;
        const seen = newest.get(item.run_id.toLowerCase());
        if (!seen || at >= seen.at)
            newest.set(item.run_id.toLowerCase(), { at, score });
    }
    return new Map([...newest].map(([runId, { score }]) => [runId, score]));
}
/**
 * The scores of an earlier experiment made by this action, read run by run: its run ids are
 * derived from its id, the examples and its repetitions. Returns key → run id → score.
 */
async function readScores(runIds, keys, deps) {
    const table = new Map();
    for (const key of keys) {
        const feedback = await deps.client.listFeedback(runIds, key, callOf(deps));
        table.set(key, newestScores(feedback, key));
    }
    return table;
}

;// CONCATENATED MODULE: ./src/evaluation/tracing-schemas.ts
/**
 * The tracing service's answers as the gate reads them (reference/tracing-api.md). Every answer is
 * parsed, never trusted: ids must be UUIDs (they go into paths and outputs), free text stays text.
 */


const id = classic_schemas/* string */.YjP().regex(ids/* UUID */.k, 'is not a UUID');
const metadata = classic_schemas/* record */.g1P(classic_schemas/* string */.YjP(), classic_schemas/* unknown */.L5J());
/** A time as the service writes it; judged where it is used, never put into a path. */
const time = classic_schemas/* string */.YjP();
const datasetSchema = classic_schemas/* object */.Ikc({
    id,
    name: classic_schemas/* string */.YjP(),
    example_count: classic_schemas/* number */.aig().nullish(),
    modified_at: time.nullish(),
    baseline_experiment_id: id.nullish()
})
    .loose();
const exampleSchema = classic_schemas/* object */.Ikc({
    id,
    dataset_id: id.optional(),
    inputs: classic_schemas/* record */.g1P(classic_schemas/* string */.YjP(), classic_schemas/* unknown */.L5J()),
    outputs: classic_schemas/* record */.g1P(classic_schemas/* string */.YjP(), classic_schemas/* unknown */.L5J()).nullish(),
    metadata: classic_schemas/* object */.Ikc({ dataset_split: classic_schemas/* array */.YOg(classic_schemas/* string */.YjP()).nullish() })
        .loose()
        .nullish(),
    created_at: time.nullish(),
    modified_at: time.nullish()
})
    .loose();
const ruleSchema = classic_schemas/* object */.Ikc({
    id,
    display_name: classic_schemas/* string */.YjP().nullish(),
    dataset_id: id.nullish(),
    is_enabled: classic_schemas/* boolean */.zMY(),
    sampling_rate: classic_schemas/* number */.aig(),
    // A filter's form is the service's own; any non-empty one means some runs go unscored.
    filter: classic_schemas/* unknown */.L5J().optional()
})
    .loose();
const feedbackStat = classic_schemas/* object */.Ikc({ n: classic_schemas/* number */.aig().nullish(), avg: classic_schemas/* number */.aig().nullish() }).loose();
const sessionSchema = classic_schemas/* object */.Ikc({
    id,
    name: classic_schemas/* string */.YjP(),
    tenant_id: classic_schemas/* string */.YjP().nullish(),
    start_time: time.nullish(),
    end_time: time.nullish(),
    reference_dataset_id: id.nullish(),
    extra: classic_schemas/* object */.Ikc({ metadata: metadata.nullish() }).loose().nullish(),
    run_count: classic_schemas/* number */.aig().nullish(),
    error_rate: classic_schemas/* number */.aig().nullish(),
    feedback_stats: classic_schemas/* record */.g1P(classic_schemas/* string */.YjP(), feedbackStat.nullish()).nullish()
})
    .loose();
const feedbackSchema = classic_schemas/* object */.Ikc({
    id: classic_schemas/* string */.YjP(),
    run_id: id,
    key: classic_schemas/* string */.YjP(),
    // A categorical value or a comment is never read: scores only.
    score: classic_schemas/* union */.KCZ([classic_schemas/* number */.aig(), classic_schemas/* boolean */.zMY()]).nullish(),
    created_at: time.nullish()
})
    .loose();
const datasetsSchema = classic_schemas/* array */.YOg(datasetSchema);
const examplesSchema = classic_schemas/* array */.YOg(exampleSchema);
const rulesSchema = classic_schemas/* array */.YOg(ruleSchema);
const sessionsSchema = classic_schemas/* array */.YOg(sessionSchema);
const feedbacksSchema = classic_schemas/* array */.YOg(feedbackSchema);

;// CONCATENATED MODULE: ./src/evaluation/tracing-client.ts
/**
 * The tracing service's client (reference/tracing-api.md): one typed method per call, each through
 * the control plane's request chokepoint (auth headers, timeout, body cap, retries on 408, 425,
 * 429 with Retry-After and 5xx within the caller's deadline, parsing with the call's schema).
 * Writes carry ids made by the action, so a write sent again is the same write and is retried.
 */





/** Lists page by at most this many. */
const tracing_client_PAGE_LIMIT = 100;
/** Run ids per feedback read: the service's advice (a long query string is refused by proxies). */
const FEEDBACK_RUNS_PER_READ = 50;
/** Runs per batch write, at most (the service's limit is 100 runs and 20 MiB). */
const RUNS_PER_BATCH = 100;
const MAX_BATCH_BYTES = 16 * 1024 * 1024;
/** A guard against a service whose pages never end. */
const tracing_client_MAX_PAGES = 1_000;
const tracing_client_segment = (id) => {
    if (!ids/* UUID */.k.test(id))
        throw new errors/* ServiceIdError */.z1(id);
    return id;
};
const tracingPaths = {
    datasets: () => '/datasets',
    dataset: (id) => `/datasets/${tracing_client_segment(id)}`,
    examples: () => '/examples',
    rules: () => '/runs/rules',
    sessions: () => '/sessions',
    session: (id) => `/sessions/${tracing_client_segment(id)}`,
    runsBatch: () => '/runs/batch',
    feedback: () => '/feedback'
};
class TracingClient {
    #requester;
    constructor(options) {
        this.#requester = new ControlPlaneRequester(options);
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
    /** Every example of the dataset (every page), in the service's order. */
    async listExamples(datasetId, filter, call) {
        return this.#pages(tracingPaths.examples(), { dataset: datasetId, splits: filter.splits, as_of: filter.asOf }, examplesSchema, call);
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
        for (let page = 0; page < tracing_client_MAX_PAGES; page++) {
            const sessions = await this.#get(tracingPaths.sessions(), {
                reference_dataset: datasetId,
                sort_by: 'start_time',
                sort_by_desc: 'true',
                offset: page * tracing_client_PAGE_LIMIT,
                limit: tracing_client_PAGE_LIMIT
            }, sessionsSchema, call);
            for (const session of sessions) {
                if (session.reference_dataset_id && session.reference_dataset_id !== datasetId)
                    continue;
                if (visit(session))
                    return;
            }
            if (sessions.length < tracing_client_PAGE_LIMIT)
                return;
        }
    }
    /** An experiment with its stats; undefined when there is none of that id. */
    async getSession(id, call) {
        try {
            const session = await this.#get(tracingPaths.session(id), { include_stats: 'true' }, sessionSchema, call);
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
            await this.#requester.request({
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
        await this.#requester.request({
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
            await this.#requester.request({
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
            const runs = runIds.slice(start, start + FEEDBACK_RUNS_PER_READ).map(tracing_client_segment);
            feedback.push(...(await this.#pages(tracingPaths.feedback(), { run: runs, key }, feedbacksSchema, call)));
        }
        return feedback;
    }
    async #pages(path, query, schema, call) {
        const all = [];
        for (let page = 0; page < tracing_client_MAX_PAGES; page++) {
            const items = await this.#get(path, { ...query, offset: page * tracing_client_PAGE_LIMIT, limit: tracing_client_PAGE_LIMIT }, schema, call);
            all.push(...items);
            if (items.length < tracing_client_PAGE_LIMIT)
                return all;
        }
        throw new Error(`GET ${path} did not end after ${tracing_client_MAX_PAGES} pages of ${tracing_client_PAGE_LIMIT}`);
    }
    #get(path, query, schema, call) {
        return this.#requester.request({
            ...call,
            method: 'GET',
            path,
            query,
            schema,
            maxBodyBytes: transport/* BODY_CAPS */.V9.tracingJson
        });
    }
}
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

;// CONCATENATED MODULE: ./src/evaluation/experiment.ts
/**
 * One experiment: created with the action's id and metadata, then each example run
 * `eval-repetitions` times as one stateless `POST /runs/wait` on a revision's URL, a pool of
 * `eval-concurrency`, never retried (a failure is data), each recorded as a root run of the
 * experiment with its example as reference. Run ids are UUID v5 of (experiment, example,
 * repetition), so a write sent again is the same write.
 */








const PATH = '/runs/wait';
const PROGRESS_EVERY_MS = 30_000;
/** Attempts to find a free name before giving up (the id stays the same). */
const NAME_ATTEMPTS = 3;
async function runExperiment(plan, spec, agent, deps) {
    const experimentId = (deps.randomUUID ?? external_node_crypto_.randomUUID)();
    const metadata = {
        made_by: MADE_BY,
        role: spec.role,
        deployment_id: spec.deploymentId ?? null,
        deployment_name: plan.target.deploymentName,
        revision_id: spec.revisionId,
        previous_revision_id: spec.previousRevisionId ?? null,
        commit: spec.commit ?? null,
        workflow_run: spec.workflowRun ?? null,
        dataset_id: plan.dataset.id,
        dataset_version: plan.datasetVersion,
        examples_digest: plan.digest,
        example_count: plan.examples.length,
        repetitions: plan.settings.repetitions,
        gated_keys: plan.keys
    };
    await createExperiment(plan, spec, experimentId, metadata, deps);
    deps.info(`Evaluation gate: experiment ${experimentId} (${spec.role === 'baseline' ? 'the serving revision' : 'the new revision'} ${spec.revisionId}): ${plan.examples.length} examples × ${plan.settings.repetitions}, ${plan.settings.concurrency} at a time.`);
    const jobs = plan.examples.flatMap((example) => Array.from({ length: plan.settings.repetitions }, (_, index) => ({
        example,
        repetition: index + 1
    })));
    const runs = new Array(jobs.length);
    let pending = [];
    let unsent = 0;
    let next = 0;
    let done = 0;
    let failed = 0;
    let lastLine = deps.now();
    const flush = async () => {
        const batch = pending;
        pending = [];
        if (batch.length > 0)
            await deps.client.postRuns(batch, callOf(deps));
    };
    const worker = async () => {
        while (next < jobs.length) {
            const index = next++;
            const job = jobs[index];
            if (job === undefined)
                break;
            const runId = runIdOf(experimentId, job.example.id, job.repetition);
            if (deps.now() >= deps.deadline) {
                unsent += 1;
                continue;
            }
            const { record, outcome } = await runOne(job, runId, experimentId, spec, agent, plan, deps);
            runs[index] = outcome;
            done += 1;
            if (outcome.error !== undefined)
                failed += 1;
            // A line at least every half minute, so that a long experiment never looks hung.
            if (deps.now() - lastLine >= PROGRESS_EVERY_MS || done === jobs.length) {
                lastLine = deps.now();
                deps.info(`Evaluation gate: ${done} of ${jobs.length} runs done (${failed} failed).`);
            }
            pending.push(record);
            // Records are written as they come, so memory holds at most a batch of answers.
            if (pending.length >= RUNS_PER_BATCH)
                await flush();
        }
    };
    const workers = Math.max(1, Math.min(plan.settings.concurrency, jobs.length));
    await Promise.all(Array.from({ length: workers }, worker));
    await flush();
    const sent = runs.filter((run) => run !== undefined);
    const errors = sent.filter((run) => run.error !== undefined).length;
    deps.info(`Evaluation gate: ${sent.length} runs recorded in experiment ${experimentId} (${errors} failed${unsent > 0 ? `, ${unsent} not sent: the time ran out` : ''}).`);
    return { experimentId, metadata, runs: sent, unsent };
}
async function createExperiment(plan, spec, experimentId, metadata, deps) {
    const base = `${plan.target.deploymentName} ${spec.role} ${spec.revisionId.slice(0, 8)}`;
    for (let attempt = 0; attempt < NAME_ATTEMPTS; attempt++) {
        const suffix = attempt === 0 ? experimentId.slice(0, 8) : `${experimentId.slice(0, 8)}-${attempt + 1}`;
        const created = await deps.client.createSession({
            id: experimentId,
            name: `${base} ${suffix}`,
            description: `Evaluation gate of ${plan.target.deploymentName}: revision ${spec.revisionId} on ${plan.dataset.name}`,
            reference_dataset_id: plan.dataset.id,
            start_time: new Date(deps.now()).toISOString(),
            extra: { metadata: { ...metadata } }
        }, callOf(deps));
        if (created === 'created')
            return;
    }
    throw new Error(`The tracing service refused the experiment's name ${NAME_ATTEMPTS} times (taken); run the step again.`);
}
async function runOne(job, runId, experimentId, spec, agent, plan, deps) {
    const startedAt = deps.now();
    let outputs = null;
    let error;
    try {
        const answer = await agentExchange({
            ...agent,
            deadline: deps.deadline,
            signal: deps.signal,
            dispatcher: deps.dispatcher,
            now: deps.now
        }, {
            method: 'POST',
            path: PATH,
            body: { assistant_id: plan.settings.assistantId, input: job.example.inputs }
        });
        const judged = judgeAnswer(answer.status, answer.text, job.example.inputs);
        outputs = judged.outputs;
        error = judged.error;
    }
    catch (failure) {
        if (!(failure instanceof transport/* TransportError */.wX))
            throw failure;
        error =
            failure.kind === 'timeout'
                ? 'no answer in time'
                : failure.kind === 'too-large'
                    ? `the answer was ${failure.reason}`
                    : `no answer: ${failure.reason}`;
    }
    const endedAt = Math.max(deps.now(), startedAt);
    const record = {
        id: runId,
        trace_id: runId,
        dotted_order: `${dottedTime(startedAt)}${runId}`,
        name: 'evaluation gate',
        run_type: 'chain',
        start_time: new Date(startedAt).toISOString(),
        end_time: new Date(endedAt).toISOString(),
        inputs: job.example.inputs,
        outputs,
        error: error ?? null,
        session_id: experimentId,
        reference_example_id: job.example.id,
        extra: { metadata: { repetition: job.repetition, revision_id: spec.revisionId } }
    };
    return {
        record,
        outcome: {
            runId,
            exampleId: job.example.id,
            repetition: job.repetition,
            ...(error !== undefined && { error })
        }
    };
}
/**
 * A `/runs/wait` answer as a run's record, read by the one reader of the agent's reply: the whole
 * answer as `outputs` (evaluators read it), and an error when the agent gave no reply, the graph
 * failed or the server answered another status.
 */
function judgeAnswer(status, text, input) {
    const read = readAgentReply(text, sentMessageCount(input));
    const { answer } = read;
    const outputs = answer !== null && typeof answer === 'object' && !Array.isArray(answer)
        ? answer
        : answer === undefined || answer === null
            ? null
            : { output: answer };
    if (status !== 200)
        return { outputs, error: `${PATH} answered HTTP ${status}` };
    return read.kind === 'reply' ? { outputs } : { outputs, error: read.reason };
}
/** A root run's `dotted_order` time: `YYYYMMDDTHHMMSSffffffZ` (microseconds). */
function dottedTime(epochMs) {
    const iso = new Date(epochMs).toISOString(); // 2026-01-02T03:04:05.678Z
    const digits = iso.replace(/[-:]/g, '').replace(/\.(\d{3})Z$/, '$1000Z');
    return digits;
}

;// CONCATENATED MODULE: ./src/evaluation/verdict.ts
/**
 * The gate's verdict from what was read: pure arithmetic, no I/O. Pass: every gated key covered,
 * every threshold met, errors within bound. Fail: a threshold missed by a covered key, or too many
 * errors. Otherwise it could not conclude, which is never a pass.
 */

/** Equal within this is equal: 0.7 − 0.8 is not a drop of more than 0.1. */
const EPSILON = 1e-9;
const MAX_EXAMPLES_SHOWN = 10;
const mean = (values) => values.length === 0 ? undefined : values.reduce((sum, value) => sum + value, 0) / values.length;
/** key → example id → the mean of its scored repetitions. */
function exampleMeans(runs, scores, keys) {
    const perKey = new Map();
    for (const key of keys) {
        const byRun = scores.get(key);
        const byExample = new Map();
        for (const run of runs) {
            const score = byRun?.get(run.runId);
            if (run.error !== undefined || score === undefined)
                continue;
            byExample.set(run.exampleId, [...(byExample.get(run.exampleId) ?? []), score]);
        }
        perKey.set(key, new Map([...byExample].map(([example, values]) => [example, mean(values) ?? 0])));
    }
    return perKey;
}
function judgeGate(input) {
    const { runs, keys, baseline } = input;
    const answered = runs.filter((run) => run.error === undefined);
    const errors = runs.length - answered.length;
    const errorRate = runs.length === 0 ? 0 : errors / runs.length;
    const perExample = exampleMeans(runs, input.scores, keys);
    const rows = keys.map((key) => keyRow(key, input, answered, perExample.get(key)));
    const why = [];
    const tooManyErrors = errorRate > input.maxErrorRate + EPSILON;
    if (errors === runs.length && runs.length > 0)
        why.push(`every run failed (${errors} of ${runs.length}): the agent gave no answer to judge`);
    else if (tooManyErrors)
        why.push(`${errors} of ${runs.length} runs failed (${percent(errorRate)}), over eval-max-error-rate ${percent(input.maxErrorRate)}`);
    for (const row of rows)
        if (row.why)
            why.push(`${row.key}: ${row.why}`);
    const verdict = tooManyErrors || rows.some((row) => row.verdict === 'fail')
        ? 'fail'
        : rows.some((row) => row.verdict === 'inconclusive')
            ? 'inconclusive'
            : 'pass';
    return {
        verdict,
        rows,
        runs: runs.length,
        errors,
        errorRate,
        why,
        examples: shownExamples(perExample, baseline)
    };
}
function keyRow(key, input, answered, perExample) {
    const byRun = input.scores.get(key);
    const n = answered.filter((run) => byRun?.has(run.runId)).length;
    const mean_ = perExample && perExample.size > 0 ? (mean([...perExample.values()]) ?? null) : null;
    const minScore = input.minScores.get(key);
    const firstDeploy = input.baseline.kind === 'first-deploy';
    const maxRegression = firstDeploy ? undefined : (0,inputs_eval/* regressionBound */.oF)(input.maxRegression, key);
    const baseline = baselineMean(input.baseline, key);
    const delta = mean_ !== null && baseline !== null ? mean_ - baseline : null;
    const row = {
        key,
        mean: mean_,
        n,
        expected: answered.length,
        baseline,
        delta,
        ...(minScore !== undefined && { minScore }),
        ...(maxRegression !== undefined && { maxRegression })
    };
    const inconclusive = (why) => ({ ...row, verdict: 'inconclusive', why });
    if (answered.length === 0 || mean_ === null)
        return inconclusive('no run was scored for this key');
    if (n < answered.length)
        return inconclusive(`${answered.length - n} of ${answered.length} runs have no score`);
    const missed = [];
    if (minScore !== undefined && mean_ < minScore - EPSILON)
        missed.push(`mean ${fixed(mean_)} is below eval-min-scores ${minScore}`);
    if (maxRegression !== undefined) {
        if (delta === null)
            return inconclusive(input.baseline.kind === 'missing'
                ? `no baseline to compare with: ${input.baseline.why}`
                : 'the baseline has no score for this key');
        if (-delta > maxRegression + EPSILON)
            missed.push(`dropped ${fixed(-delta)} below the baseline, over eval-max-regression ${maxRegression}`);
    }
    return missed.length > 0
        ? { ...row, verdict: 'fail', why: missed.join('; ') }
        : { ...row, verdict: 'pass' };
}
function baselineMean(baseline, key) {
    if (baseline.kind === 'means')
        return baseline.means.get(key) ?? null;
    if (baseline.kind !== 'runs')
        return null;
    const examples = baseline.perExample.get(key);
    return examples && examples.size > 0 ? (mean([...examples.values()]) ?? null) : null;
}
/** The examples that regressed most (run-level baseline), else those that scored lowest. */
function shownExamples(perExample, baseline) {
    const rows = [];
    for (const [key, examples] of perExample) {
        const before = baseline.kind === 'runs' ? baseline.perExample.get(key) : undefined;
        for (const [exampleId, score] of examples) {
            const was = before?.get(exampleId);
            rows.push(was === undefined
                ? { exampleId, key, score }
                : { exampleId, key, score, baseline: was, delta: score - was });
        }
    }
    if (baseline.kind === 'runs') {
        const regressed = rows
            .filter((row) => row.delta !== undefined && row.delta < -EPSILON)
            .sort((a, b) => (a.delta ?? 0) - (b.delta ?? 0));
        return { kind: 'regressed', rows: worstPerExample(regressed) };
    }
    return { kind: 'lowest', rows: worstPerExample([...rows].sort((a, b) => a.score - b.score)) };
}
/** The first (worst) row of each example, up to the number shown. */
function worstPerExample(sorted) {
    const seen = new Set();
    const shown = [];
    for (const row of sorted) {
        if (seen.has(row.exampleId))
            continue;
        seen.add(row.exampleId);
        shown.push(row);
        if (shown.length === MAX_EXAMPLES_SHOWN)
            break;
    }
    return shown;
}
const fixed = (value) => String(Math.round(value * 1000) / 1000);
const percent = (share) => `${Math.round(share * 1000) / 10}%`;
/** `eval-scores`: for each gated key `{mean, n, baseline, delta, verdict}`, numbers rounded. */
function scoresOutput(rows) {
    const round = (value) => (value === null ? null : Math.round(value * 1e6) / 1e6);
    return JSON.stringify(Object.fromEntries(rows.map((row) => [
        row.key,
        {
            mean: round(row.mean),
            n: row.n,
            baseline: round(row.baseline),
            delta: round(row.delta),
            verdict: row.verdict
        }
    ])));
}

;// CONCATENATED MODULE: ./src/evaluation/gate.ts
/**
 * The evaluation gate after DEPLOYED (and, when no baseline exists, the serving revision's
 * experiment before the write): experiment, completion by coverage, verdict, records. A gate that
 * fails or cannot conclude fails the step like a failed agent check.
 */








/**
 * Before the write, when the plan found no baseline on the same examples: the same experiment
 * against the serving revision (its URL answers as that revision until the new one serves).
 * Undefined when the plan needs none. Its scores are awaited with the new revision's.
 */
async function runServingBaseline(plan, agent, deps) {
    if (plan.baseline.kind !== 'serving-first')
        return undefined;
    deps.info(`Evaluation gate: no experiment of the serving revision ${plan.baseline.revisionId} on these examples; it is evaluated first, before anything is written.`);
    return runExperiment(plan, {
        role: 'baseline',
        revisionId: plan.baseline.revisionId,
        deploymentId: plan.target.deploymentId
    }, { ...agent, baseUrl: plan.baseline.deploymentUrl }, deps);
}
/**
 * The gate on a DEPLOYED revision: never throws for what the tracing service or the agent does
 * (that is a verdict, or could not conclude); a cancellation goes through.
 */
async function runGate(plan, revision, agent, deps, servingBaseline) {
    let experiment;
    try {
        experiment = await runExperiment(plan, {
            role: 'gate',
            revisionId: revision.revisionId,
            deploymentId: revision.deploymentId,
            previousRevisionId: plan.target.previousRevisionId,
            commit: revision.commit,
            workflowRun: revision.workflowRun
        }, { ...agent, baseUrl: revision.deploymentUrl }, deps);
        return await judgeExperiment(plan, experiment, deps, servingBaseline);
    }
    catch (error) {
        if (deps.signal?.aborted)
            throw deps.signal.reason;
        if (!(error instanceof errors/* ControlPlaneError */.Cj))
            throw error;
        const why = error instanceof errors/* DeadlineError */.j3
            ? `timeout ran out before the gate could conclude (${error.message})`
            : `the tracing service failed: ${error.message}`;
        return couldNotConclude(plan, why, experiment);
    }
}
async function judgeExperiment(plan, experiment, deps, servingBaseline) {
    const { keys } = plan;
    const targets = [
        { experimentId: experiment.experimentId, runs: experiment.runs },
        ...(servingBaseline
            ? [{ experimentId: servingBaseline.experimentId, runs: servingBaseline.runs }]
            : [])
    ];
    const coverageDeadline = Math.min(deps.now() + plan.settings.timeoutMs, deps.deadline);
    const coverage = await awaitCoverage(targets, keys, coverageDeadline, deps);
    const scores = coverage.scores.get(experiment.experimentId) ?? new Map();
    const baseline = await baselineScores(plan, servingBaseline, coverage.scores, deps);
    const judgement = judgeGate({
        keys,
        minScores: plan.settings.minScores,
        maxRegression: plan.settings.maxRegression,
        maxErrorRate: plan.settings.maxErrorRate,
        runs: experiment.runs,
        scores,
        baseline
    });
    const reasons = [...judgement.why];
    if (experiment.unsent > 0)
        reasons.push(`${experiment.unsent} runs were not sent before timeout ran out`);
    if (coverage.notIngested.includes(experiment.experimentId))
        reasons.push('not every run was ingested by the tracing service before eval-timeout ran out');
    if (coverage.serviceFailure)
        reasons.push(`the tracing service failed: ${coverage.serviceFailure}`);
    const verdict = judgement.verdict === 'pass' && reasons.length > judgement.why.length
        ? 'inconclusive'
        : judgement.verdict;
    const notices = [];
    await recordEnding(experiment, { gate_verdict: verdict, complete: coverage.complete }, deps, notices);
    if (servingBaseline)
        await recordEnding(servingBaseline, {
            complete: isCovered(servingBaseline.runs, keys, coverage.scores.get(servingBaseline.experimentId))
        }, deps, notices);
    const baselineId = baselineExperimentId(plan, servingBaseline);
    const tenant = await tenantOf(experiment.experimentId, deps);
    const firstLines = new Map(plan.examples.map((example) => [example.id, example.firstLine]));
    const evaluatorScores = [...coverage.scores.values()].reduce((sum, byKey) => sum + [...byKey.values()].reduce((n, byRun) => n + byRun.size, 0), 0);
    return {
        verdict: {
            check: 'gate',
            verdict: verdict === 'pass' ? 'passed' : verdict === 'fail' ? 'failed' : 'inconclusive',
            ...(reasons.length > 0 && { why: reasons.join('; ') })
        },
        experimentId: experiment.experimentId,
        baselineExperimentId: baselineId,
        datasetName: plan.dataset.name,
        rows: judgement.rows,
        examples: {
            kind: judgement.examples.kind,
            rows: judgement.examples.rows.map((row) => ({
                ...row,
                firstLine: firstLines.get(row.exampleId) ?? ''
            }))
        },
        runs: judgement.runs,
        errors: judgement.errors,
        cost: {
            agentCalls: experiment.runs.length + (servingBaseline?.runs.length ?? 0),
            evaluatorScores
        },
        links: links(plan, tenant, experiment.experimentId, baselineId),
        notices,
        outputs: {
            'eval-passed': String(verdict === 'pass'),
            'experiment-id': experiment.experimentId,
            ...(baselineId !== undefined && { 'baseline-experiment-id': baselineId }),
            'eval-scores': scoresOutput(judgement.rows)
        }
    };
}
/** What the new experiment is compared with, read now (an earlier experiment) or just awaited. */
async function baselineScores(plan, servingBaseline, awaited, deps) {
    const { baseline } = plan;
    if (baseline.kind === 'none' || baseline.kind === 'first-deploy' || baseline.kind === 'missing')
        return baseline;
    if (baseline.kind === 'serving-first') {
        if (!servingBaseline)
            return { kind: 'missing', why: 'the serving revision was not evaluated before the write' };
        const scores = awaited.get(servingBaseline.experimentId) ?? new Map();
        if (!isCovered(servingBaseline.runs, plan.keys, scores))
            return {
                kind: 'missing',
                why: "the serving revision's experiment was not fully scored before eval-timeout"
            };
        return {
            kind: 'runs',
            experimentId: servingBaseline.experimentId,
            perExample: exampleMeans(servingBaseline.runs, scores, plan.keys)
        };
    }
    const { session, repetitions } = baseline;
    if (repetitions === undefined) {
        const means = new Map();
        for (const key of plan.keys) {
            const avg = session.feedback_stats?.[key]?.avg;
            if (typeof avg === 'number' && Number.isFinite(avg))
                means.set(key, avg);
        }
        return { kind: 'means', experimentId: session.id, means };
    }
    const runs = plan.examples.flatMap((example) => Array.from({ length: repetitions }, (_, index) => ({
        runId: runIdOf(session.id, example.id, index + 1),
        exampleId: example.id,
        repetition: index + 1
    })));
    const scores = await readScores(runs.map((run) => run.runId), plan.keys, deps);
    return {
        kind: 'runs',
        experimentId: session.id,
        perExample: exampleMeans(runs, scores, plan.keys)
    };
}
function isCovered(runs, keys, scores) {
    return keys.every((key) => runs.every((run) => run.error !== undefined || scores?.get(key)?.has(run.runId)));
}
function baselineExperimentId(plan, servingBaseline) {
    if (plan.baseline.kind === 'experiment')
        return plan.baseline.session.id;
    return servingBaseline?.experimentId;
}
/** The experiment's metadata gets the verdict (the whole `extra` is sent: it replaces). */
async function recordEnding(experiment, ending, deps, notices) {
    try {
        await deps.client.patchSession(experiment.experimentId, {
            end_time: new Date(deps.now()).toISOString(),
            extra: { metadata: { ...withEnding(experiment.metadata, ending) } }
        }, callOf(deps));
    }
    catch (error) {
        if (deps.signal?.aborted)
            throw deps.signal.reason;
        if (!(error instanceof errors/* ControlPlaneError */.Cj))
            throw error;
        notices.push(`The verdict could not be written to experiment ${experiment.experimentId} (${error.message}); the next deploy evaluates this revision again.`);
    }
}
async function tenantOf(experimentId, deps) {
    try {
        const session = await deps.client.getSession(experimentId, callOf(deps));
        return session?.tenant_id && ids/* UUID */.k.test(session.tenant_id) ? session.tenant_id : undefined;
    }
    catch {
        // Without the tenant there is no link; the verdict stands.
        if (deps.signal?.aborted)
            throw deps.signal.reason;
        return undefined;
    }
}
/** Links only from the input's origin and validated UUIDs (Untrusted text). */
function links(plan, tenant, experimentId, baselineId) {
    const web = plan.settings.tracingWebUrl;
    if (web === undefined || tenant === undefined)
        return {};
    const compare = `${web}/o/${tenant}/datasets/${plan.dataset.id}/compare?selectedSessions=${experimentId}`;
    return {
        experiment: compare,
        ...(baselineId !== undefined &&
            ids/* UUID */.k.test(baselineId) && { comparison: `${compare}%2C${baselineId}` })
    };
}
/** A gate that could not conclude before it had a judgement (the tracing service failed). */
function couldNotConclude(plan, why, experiment) {
    return {
        verdict: { check: 'gate', verdict: 'inconclusive', why },
        experimentId: experiment?.experimentId,
        datasetName: plan.dataset.name,
        rows: [],
        examples: { kind: 'lowest', rows: [] },
        runs: experiment?.runs.length ?? 0,
        errors: experiment?.runs.filter((run) => run.error !== undefined).length ?? 0,
        cost: { agentCalls: experiment?.runs.length ?? 0, evaluatorScores: 0 },
        links: {},
        notices: [],
        outputs: {
            'eval-passed': 'false',
            ...(experiment && { 'experiment-id': experiment.experimentId })
        }
    };
}

;// CONCATENATED MODULE: ./src/evaluation/index.ts
/**
 * The evaluation gate (`eval-dataset`), in the order a deploy uses it:
 * 1. `planGate` before the deployment is touched: reads and refusals (nothing written);
 *    `describeGatePlan` for the log and `dry-run`.
 * 2. `runServingBaseline` before the write, when the plan found no baseline on the same examples.
 * 3. `runGate` after DEPLOYED and the other checks: the experiment, the scores, the verdict.
 */




// EXTERNAL MODULE: ./src/report/gate.ts
var report_gate = __webpack_require__(8347);
;// CONCATENATED MODULE: ./src/version.ts
/** The action's version, sent in the User-Agent; a test holds it equal to package.json's. */
const ACTION_VERSION = '0.1.0';

;// CONCATENATED MODULE: ./src/after-deploy/gate-check.ts
/**
 * The evaluation gate in the delivery: planned once the deployment was read and before anything
 * is written (its reads, its refusals, the serving revision's experiment when no baseline
 * exists), then run as the last check after DEPLOYED. The gate itself is ../evaluation/.
 */





/** The gate's reads refused what the inputs ask: every problem, each naming its input. */
class GateRefusal extends Error {
    problems;
    constructor(problems) {
        super(`The evaluation gate refused ${problems.length === 1 ? 'an input' : `${problems.length} inputs`} after reading the tracing service; nothing was written:\n` +
            problems.map((problem) => `  - ${problem.input}: ${problem.message}`).join('\n'));
        this.problems = problems;
        this.name = 'GateRefusal';
    }
}
/**
 * The gate of a delivery, when `eval-dataset` asks for one and the operation is gated;
 * undefined otherwise (operation rollback says with a notice that it skips it).
 */
function openGate(config, deps, gated) {
    const settings = config.gate;
    if (!settings)
        return undefined;
    if (!gated) {
        const why = `operation ${config.operation} brings back a revision that served before, so it is not evaluated again`;
        deps.io.notice(`Evaluation gate skipped: ${why}.`);
        return { beforeWrite: async () => undefined, forCheck: () => ({ skipped: why }) };
    }
    const client = new TracingClient({
        baseUrl: settings.tracingUrl,
        apiKey: config.apiKey,
        tenantId: config.tenantId,
        userAgent: `deploy-agent-action/${ACTION_VERSION}`,
        dispatcher: deps.dispatcher,
        now: deps.now,
        sleep: deps.sleep,
        onRetry: ({ method, path, attempt, delayMs, reason }) => deps.io.info(`Tracing service: ${method} ${path}: ${reason}; retry ${attempt} in ${(delayMs / 1000).toFixed(1)} s`)
    });
    const gateDeps = {
        client,
        deadline: deps.startedAt + config.timeoutMs,
        signal: deps.signal,
        dispatcher: deps.dispatcher,
        now: deps.now,
        sleep: deps.sleep,
        info: (line) => deps.io.info(line),
        notice: (line) => deps.io.notice(line)
    };
    const agent = {
        apiKey: config.verify?.apiKey ?? config.apiKey,
        ...(config.verify?.authScheme !== undefined && { authScheme: config.verify.authScheme })
    };
    let prepared;
    return {
        forCheck: () => prepared,
        beforeWrite: async (target) => {
            const checkedUrl = target.deploymentUrl === undefined ? undefined : (0,lib_url/* checkHttpUrl */.O)(target.deploymentUrl);
            const planned = await planGate(settings, {
                ...target,
                deploymentUrl: checkedUrl && 'url' in checkedUrl ? checkedUrl.url : undefined
            }, gateDeps);
            switch (planned.kind) {
                case 'refused':
                    throw new GateRefusal(planned.problems);
                case 'unreadable':
                    throw new Error(planned.why);
                case 'skipped':
                    deps.io.notice(`Evaluation gate skipped: ${planned.why}.`);
                    prepared = { skipped: planned.why };
                    return;
                case 'planned':
                    break;
            }
            describeGatePlan(planned.plan).forEach((line) => deps.io.info(line));
            if (config.dryRun) {
                deps.io.info('Dry run: the evaluation gate read what it needs; no experiment was written.');
                return;
            }
            let servingBaseline;
            try {
                servingBaseline = await runServingBaseline(planned.plan, agent, gateDeps);
            }
            catch (error) {
                if (deps.signal?.aborted)
                    throw error;
                if (!(error instanceof errors/* ControlPlaneError */.Cj))
                    throw error;
                // A gate whose baseline cannot be made could not conclude: nothing is deployed for it.
                throw new Error(`The evaluation gate could not evaluate the serving revision before the write (the tracing service failed: ${error.message}); nothing was deployed. Run the step again once the tracing service answers.`);
            }
            prepared = { plan: planned.plan, servingBaseline, deps: gateDeps, agent };
        }
    };
}
/**
 * The check after DEPLOYED: the experiment on this run's revision, its scores, its verdict. A
 * revision brought back by a rollback is given no plan, only why (it served before).
 */
async function gateCheck(context) {
    const gate = context.gate;
    // Said by a notice when it was decided: before the write, or when the rollback began.
    if (!gate || 'skipped' in gate)
        return { verdict: 'skipped', why: gate?.skipped };
    const report = await runGate(gate.plan, {
        revisionId: context.revisionId,
        deploymentId: context.deploymentId,
        deploymentUrl: context.result.deploymentUrl ?? '',
        commit: context.result.promotion?.commit ??
            context.result.promotion?.fromCommit ??
            context.workflow?.commit,
        workflowRun: context.workflow?.runUrl
    }, gate.agent, { ...gate.deps, deadline: context.deadline }, gate.servingBaseline);
    report.notices.forEach((notice) => context.io.notice(notice));
    const { verdict, why } = report.verdict;
    (0,report_gate/* gateLogLines */.DY)(report).forEach((line) => context.io.info(line));
    return {
        verdict,
        ...(why !== undefined && {
            why: `The evaluation gate ${verdict === 'failed' ? 'failed' : 'could not conclude'}: ${why}.`,
            // The report names the gate beside what it saw.
            saw: `${why}.`
        }),
        gate: report
    };
}

;// CONCATENATED MODULE: ./src/after-deploy/serving-check.ts





/** How long `active_revision_id` may lag behind DEPLOYED before the check fails. */
const ACTIVE_REVISION_WAIT_MS = 60_000;
/** Gap between two reads of the deployment or of /info while they still name another revision. */
const READ_GAP_MS = 2_000;
const INFO_REQUEST_MS = 10_000;
const NO_ACTIVE_REVISION = 'the service returns no active_revision_id';
/**
 * After DEPLOYED: the deployment's `active_revision_id` must become this run's revision. It is
 * read again while it names another (the service moves it a little after DEPLOYED) or cannot be
 * read, until the deadline. A service that returns none cannot be checked this way.
 */
async function checkActiveRevision(check) {
    const judge = (active) => {
        if (active === undefined)
            return { kind: 'final', value: { kind: 'not-checkable', why: NO_ACTIVE_REVISION } };
        return active === check.revisionId
            ? { kind: 'seen', value: true }
            : { kind: 'not-seen', value: active };
    };
    const read = async () => {
        try {
            const current = await check.getDeployment({ deadline: check.deadline, signal: check.signal });
            return judge(current.active_revision_id);
        }
        catch (error) {
            if (check.signal?.aborted)
                throw error;
            const why = error instanceof Error ? error.message : String(error);
            return { kind: 'could-not-tell', why: `the deployment could not be read (${why})` };
        }
    };
    return readServing(check, read, check.seen === undefined ? undefined : judge(check.seen));
}
const infoSchema = classic_schemas/* object */.Ikc({
    host: classic_schemas/* object */.Ikc({ host_revision_id: classic_schemas/* string */.YjP().nullish() }).loose().nullish()
})
    .loose();
/**
 * With `verify-assistant`: the agent server's `GET /info` names the control plane's revision it
 * runs as `host.host_revision_id` (servers run by the service, newer ones). Read again while it
 * names another revision or gives no usable answer, until the deadline. A server that sends no
 * `host_revision_id`, or has no /info at all (404), cannot be checked this way; one that sends
 * it (or `host`) in another shape than a string could not confirm it, which is no skip.
 */
async function checkInfoHost(check) {
    return readServing(check, () => readInfo(check));
}
/**
 * Reads again (at most READ_GAP_MS apart) until this revision is seen, an answer ends the check,
 * or the deadline passes; a check that read no usable answer is `unconfirmed`, never a pass.
 */
async function readServing(timing, read, first) {
    const { deadline, signal, now, sleep } = timing;
    const verdict = await readAgain({ read, first, gapMs: READ_GAP_MS, deadline, signal, now, sleep });
    switch (verdict.kind) {
        case 'seen':
            return { kind: 'serving' };
        case 'not-seen':
            return { kind: 'other', servingId: verdict.value };
        case 'final':
            return verdict.value;
        case 'could-not-tell':
            return { kind: 'unconfirmed', why: verdict.why };
    }
}
async function readInfo(check) {
    let answer;
    try {
        answer = await agentExchange(check, {
            method: 'GET',
            path: '/info',
            headers: { accept: 'application/json' },
            timeoutMs: INFO_REQUEST_MS
        });
    }
    catch (error) {
        if (check.signal?.aborted)
            throw error;
        const reason = error instanceof transport/* TransportError */.wX ? error.reason : String(error);
        // A body over the cap is read once: asking again would download it again.
        if (error instanceof transport/* TransportError */.wX && error.kind === 'too-large') {
            return { kind: 'final', value: { kind: 'unconfirmed', why: `GET /info: ${reason}` } };
        }
        return { kind: 'could-not-tell', why: `GET /info got no usable answer: ${reason}` };
    }
    switch (agentStatusMeaning(answer.status)) {
        case 'missing':
            return {
                kind: 'final',
                value: {
                    kind: 'not-checkable',
                    why: `the agent server answers ${answer.status} to GET /info`
                }
            };
        case 'refused':
            return {
                kind: 'final',
                value: {
                    kind: 'unconfirmed',
                    why: `the agent server refuses GET /info (${answer.status}). ${REFUSED_HINT}`
                }
            };
        case 'rejected':
            return {
                kind: 'final',
                value: {
                    kind: 'unconfirmed',
                    why: `the agent server answers ${answer.status} to GET /info`
                }
            };
        case 'not-ready':
            return { kind: 'could-not-tell', why: `GET /info answered ${answer.status}` };
        case 'answered':
            break;
    }
    let body;
    try {
        body = JSON.parse(answer.text);
    }
    catch {
        return { kind: 'could-not-tell', why: 'GET /info answered a body that is not JSON' };
    }
    const parsed = infoSchema.safeParse(body);
    if (!parsed.success) {
        // A revision id of another shape is no answer of "none": waiting does not change it.
        const issue = parsed.error.issues[0];
        const where = issue?.path.length ? `${issue.path.join('.')}: ` : '';
        return {
            kind: 'final',
            value: {
                kind: 'unconfirmed',
                why: `GET /info answered a body of another shape (${where}${issue?.message ?? 'not an object'})`
            }
        };
    }
    const named = parsed.data.host?.host_revision_id ?? undefined;
    if (named === check.revisionId)
        return { kind: 'seen', value: true };
    if (named === undefined) {
        return {
            kind: 'final',
            value: {
                kind: 'not-checkable',
                why: "the agent server's GET /info names no host.host_revision_id (older and local servers send none)"
            }
        };
    }
    return { kind: 'not-seen', value: named };
}

// EXTERNAL MODULE: ./src/inputs/cases.ts
var cases = __webpack_require__(2948);
// EXTERNAL MODULE: ./src/report/suite.ts
var suite = __webpack_require__(2758);
;// CONCATENATED MODULE: ./src/after-deploy/smoke-suite.ts






/** Characters of a reply kept; the summary shows its first line, the log one line of it. */
const MAX_REPLY = 4_000;
const smoke_suite_PATH = '/runs/wait';
/**
 * `verify-cases`, once the other agent checks passed: the suite under its own `verify-timeout`
 * (and the run's deadline). Below `verify-min-pass` it fails, with why.
 */
async function checkSmokeSuite(verify, server, deps) {
    const { cases, concurrency, minPass } = verify.suite;
    deps.info(`Smoke suite: ${cases.length} case${cases.length === 1 ? '' : 's'} against revision ${server.revisionId}, ${concurrency} at a time.`);
    const report = await runSmokeSuite({
        ...server,
        deadline: Math.min(deps.now() + verify.timeoutMs, deps.deadline),
        cases,
        defaultAssistant: verify.assistantId,
        concurrency,
        minPass,
        onCase: deps.info
    });
    const latency = report.medianMs === undefined
        ? ''
        : `; latency median ${seconds(report.medianMs)}, 95th percentile ${seconds(report.p95Ms ?? report.medianMs)}`;
    deps.info(`Smoke suite: ${(0,suite/* passCount */.LG)(report)} (verify-min-pass asks for ${report.required})${latency}.`);
    const failure = suiteFailure(report);
    return failure ? { suite: report, failure } : { suite: report };
}
/**
 * Runs every case once (one stateless POST /runs/wait each, never retried), at most
 * `concurrency` at a time, each bounded by the deadline (and its max-latency). Never throws for
 * what the agent server does; a cancellation goes through.
 */
async function runSmokeSuite(options) {
    const results = [];
    let next = 0;
    const worker = async () => {
        while (next < options.cases.length) {
            const index = next++;
            const smokeCase = options.cases[index];
            if (smokeCase === undefined)
                break;
            const result = await runCase(options, smokeCase);
            results[index] = result;
            options.onCase(caseLine(result));
        }
    };
    const workers = Math.max(1, Math.min(options.concurrency, options.cases.length));
    await Promise.all(Array.from({ length: workers }, worker));
    const passed = results.filter((result) => result.passed).length;
    const latencies = results
        .flatMap((result) => (result.latencyMs === undefined ? [] : [result.latencyMs]))
        .sort((a, b) => a - b);
    return {
        revisionId: options.revisionId,
        cases: results,
        passed,
        failed: results.length - passed,
        required: (0,cases/* requiredPasses */.Td)(options.minPass, results.length),
        medianMs: median(latencies),
        p95Ms: latencies[Math.ceil(0.95 * latencies.length) - 1]
    };
}
/** The sentence that fails the checks when fewer cases passed than verify-min-pass asks for. */
function suiteFailure(report) {
    if (report.passed >= report.required)
        return undefined;
    return `Smoke suite: ${suiteShortfall(report)}`;
}
/** How many cases passed against how many verify-min-pass asks for, without the suite's name. */
function suiteShortfall(report) {
    return `${(0,suite/* passCount */.LG)(report)} on revision ${report.revisionId}; verify-min-pass asks for ${report.required}.`;
}
async function runCase(options, smokeCase) {
    const base = { name: smokeCase.name, reference: smokeCase.reference };
    const sentAt = options.now();
    const remaining = options.deadline - sentAt;
    if (remaining <= 0)
        return { ...base, passed: false, failure: 'not sent: verify-timeout had run out' };
    let answer;
    try {
        answer = await agentExchange(options, {
            method: 'POST',
            path: smoke_suite_PATH,
            body: {
                assistant_id: smokeCase.assistant ?? options.defaultAssistant,
                input: smokeCase.input
            },
            // Waiting past max-latency cannot make the case pass.
            timeoutMs: smokeCase.maxLatencyMs ?? remaining
        });
    }
    catch (error) {
        if (!(error instanceof transport/* TransportError */.wX))
            throw error;
        const failure = error.kind === 'timeout'
            ? smokeCase.maxLatencyMs !== undefined && options.deadline - options.now() > 0
                ? `no answer within its max-latency of ${seconds(smokeCase.maxLatencyMs)}`
                : 'no answer before verify-timeout ran out'
            : error.kind === 'too-large'
                ? `the answer was ${error.reason}, more than any reply of an agent server`
                : `no answer: ${error.reason}`;
        return { ...base, passed: false, failure };
    }
    const latencyMs = options.now() - sentAt;
    const answered = { ...base, latencyMs };
    if (answer.status !== 200)
        return {
            ...answered,
            passed: false,
            reply: cut(answer.text),
            failure: `${smoke_suite_PATH} answered ${answer.status}`
        };
    const run = readAgentReply(answer.text, sentMessageCount(smokeCase.input));
    if (run.kind !== 'reply')
        return { ...answered, passed: false, failure: run.reason };
    // Judged on the whole reply; only what is shown is cut.
    const whole = run.text;
    const reply = cut(whole);
    const failures = [
        smokeCase.expect &&
            !(0,expectation/* meetsExpectation */.$u)(smokeCase.expect, whole) &&
            `the reply does not ${(0,expectation/* describeExpectation */.uN)(smokeCase.expect)} (expect)`,
        smokeCase.expectNot &&
            (0,expectation/* meetsExpectation */.$u)(smokeCase.expectNot, whole) &&
            `the reply does ${(0,expectation/* describeExpectation */.uN)(smokeCase.expectNot)} (expect-not)`,
        smokeCase.maxLatencyMs !== undefined &&
            latencyMs > smokeCase.maxLatencyMs &&
            `took ${seconds(latencyMs)}, over its max-latency of ${seconds(smokeCase.maxLatencyMs)}`
    ].filter((failure) => typeof failure === 'string');
    return failures.length > 0
        ? { ...answered, reply, passed: false, failure: failures.join('; ') }
        : { ...answered, reply, passed: true };
}
/**
 * The case's one log line: the reply's line breaks shown as ⏎, so that no reply takes more than
 * the case's line (the log redacts it, cuts it and escapes what would act on the workflow).
 */
function caseLine(result) {
    const oneLine = (text) => text.replace(/\s*(\r\n|\r|\n|\u2028|\u2029)\s*/g, ' ⏎ ');
    const verdict = result.passed ? 'passed' : `failed (${result.failure ?? 'no verdict'})`;
    const latency = result.latencyMs === undefined ? '' : ` in ${seconds(result.latencyMs)}`;
    const reply = result.reply === undefined ? '' : `: ${result.reply}`;
    return oneLine(`Smoke case ${JSON.stringify(result.name)}: ${verdict}${latency}${reply}`);
}
function median(sorted) {
    if (sorted.length === 0)
        return undefined;
    const middle = Math.floor(sorted.length / 2);
    return sorted.length % 2 === 1
        ? sorted[middle]
        : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}
function seconds(ms) {
    return `${(ms / 1000).toFixed(ms < 10_000 ? 2 : 1)} s`;
}
function cut(text) {
    return text.length > MAX_REPLY ? `${text.slice(0, MAX_REPLY)}…` : text;
}

;// CONCATENATED MODULE: ./src/after-deploy/checks.ts







// The checks after DEPLOYED, in the order they run. Two columns hold the spec's decisions:
// - inconclusiveRollsBack: whether a check that could not conclude rolls back ("Checks that
//   cannot conclude": not when the control plane could not be read, since the same service
//   would carry the redeploy; yes when the new revision's own behaviour is unproven);
// - stopsLaterOn: the verdicts after which no later check runs (a revision that does not serve,
//   or a build nobody verified, is not worth asking; /info that could not confirm still lets
//   the agent checks give a verdict of their own).
// A new check is a function returning a CheckOutcome, and one row here.
const ENDS_THE_CHECKS = ['failed', 'inconclusive'];
const CHECKS = [
    {
        check: 'commit',
        asked: ({ result }) => result.promotion?.fromCommit !== undefined,
        run: async (context) => commitCheck(context),
        inconclusiveRollsBack: false,
        stopsLaterOn: ENDS_THE_CHECKS
    },
    {
        check: 'serving',
        asked: () => true,
        run: servingCheck,
        inconclusiveRollsBack: false,
        stopsLaterOn: ENDS_THE_CHECKS
    },
    {
        check: 'info',
        asked: ({ config }) => config.verify !== undefined,
        run: infoCheck,
        inconclusiveRollsBack: true,
        stopsLaterOn: ['failed']
    },
    {
        check: 'assistant',
        asked: ({ config }) => config.verify !== undefined,
        run: (context) => agentCheck(context, (options) => checkAssistant(options).then(() => ({}))),
        inconclusiveRollsBack: true,
        stopsLaterOn: ENDS_THE_CHECKS
    },
    {
        check: 'run',
        asked: ({ config }) => config.verify?.message !== undefined,
        run: (context) => agentCheck(context, async (options) => ({
            reply: await checkRun({ ...options, message: options.message ?? '' })
        })),
        inconclusiveRollsBack: true,
        stopsLaterOn: ENDS_THE_CHECKS
    },
    {
        check: 'a2a',
        asked: ({ config }) => config.verify?.a2a === true,
        run: (context) => agentCheck(context, async (options) => ({ a2aReply: await checkA2a(options) })),
        inconclusiveRollsBack: true,
        stopsLaterOn: ENDS_THE_CHECKS
    },
    {
        check: 'suite',
        asked: ({ config }) => config.verify?.suite !== undefined,
        run: suiteCheck,
        inconclusiveRollsBack: true,
        stopsLaterOn: ENDS_THE_CHECKS
    },
    {
        check: 'gate',
        // Planned before the write; a rollback's revision is given only why it is skipped.
        asked: ({ gate }) => gate !== undefined,
        run: gateCheck,
        inconclusiveRollsBack: true,
        stopsLaterOn: ENDS_THE_CHECKS
    }
];
/** operation promote (git_host): the new revision was built from the source revision's commit. */
function commitCheck({ result, revisionId, io }) {
    const promotion = result.promotion;
    const fromCommit = promotion?.fromCommit;
    if (!promotion || fromCommit === undefined)
        return { verdict: 'skipped' };
    const target = `deployment ${result.deploymentName ?? '?'} (${result.deploymentId ?? '?'})`;
    const found = checkPromotedCommit({ ...promotion, fromCommit }, revisionId, target);
    if (found.verdict === 'passed') {
        io.info(found.why);
        return { verdict: 'passed' };
    }
    return found;
}
/** The deployment's `active_revision_id` becomes this revision (read for up to 60 s). */
async function servingCheck(context) {
    const { client, deploymentId, revisionId, result, now, io } = context;
    const serving = await checkActiveRevision({
        getDeployment: (call) => client.getDeployment(deploymentId, call),
        revisionId,
        seen: result.activeRevisionId,
        deadline: Math.min(now() + ACTIVE_REVISION_WAIT_MS, context.deadline),
        signal: context.signal,
        now,
        sleep: context.sleep
    });
    const window = `active_revision_id, read for up to ${(0,duration/* formatDuration */.a)(ACTIVE_REVISION_WAIT_MS)} within timeout`;
    switch (serving.kind) {
        case 'other':
            return {
                verdict: 'failed',
                why: `Revision ${revisionId} is DEPLOYED but the deployment serves ${serving.servingId ?? 'no revision'} (${window}).`
            };
        case 'unconfirmed':
            return {
                verdict: 'inconclusive',
                why: `Could not confirm that revision ${revisionId} serves: ${serving.why}; the serving check could not be made (${window}).`
            };
        case 'serving':
            io.info(`Serving check: revision ${revisionId} is active.`);
            return { verdict: 'passed' };
        case 'not-checkable':
            io.notice(`Serving check skipped: ${serving.why}.`);
            return { verdict: 'skipped', why: serving.why };
    }
}
/** Where the agent server is and how to reach it, under `verify-timeout`. */
function agentServer(context) {
    const verify = context.config.verify;
    return {
        baseUrl: context.result.deploymentUrl ?? '',
        apiKey: verify?.apiKey ?? '',
        authScheme: verify?.authScheme,
        deadline: context.agentDeadline(),
        signal: context.signal,
        dispatcher: context.dispatcher,
        now: context.now,
        sleep: context.sleep
    };
}
/**
 * The agent server's GET /info names this revision (when it names one). First of the agent
 * checks: a deployment without a URL fails it, and a key sent in clear text is warned of.
 */
async function infoCheck(context) {
    const { result, revisionId, config, io } = context;
    if (!result.deploymentUrl) {
        return {
            verdict: 'failed',
            why: 'verify-assistant: the deployment has no URL (source_config.custom_url) to check.'
        };
    }
    const clearHost = (0,lib_url/* clearTextHost */.X)(result.deploymentUrl);
    if (clearHost !== undefined && config.verify?.apiKey) {
        io.warning(`The deployment URL is http:// to ${clearHost}, not this machine: the agent key travels in clear text to the agent checks. Use https://.`);
    }
    const info = await checkInfoHost({ ...agentServer(context), revisionId });
    switch (info.kind) {
        case 'other':
            return {
                verdict: 'failed',
                why: `Revision ${revisionId} is DEPLOYED but the deployment serves ${info.servingId ?? 'no revision'} (the agent server's GET /info names it as host.host_revision_id until verify-timeout).`
            };
        case 'unconfirmed':
            return {
                verdict: 'inconclusive',
                why: `Could not confirm that revision ${revisionId} serves: ${info.why} (GET /info, until verify-timeout).`
            };
        case 'serving':
            io.info(`Agent check: GET /info names revision ${revisionId}.`);
            return { verdict: 'passed' };
        case 'not-checkable':
            io.notice(`The /info check was skipped: ${info.why}.`);
            return { verdict: 'skipped', why: info.why };
    }
}
/**
 * One agent check: what it read, or its AgentCheckError as a verdict. A check that got no
 * answer because the run's `timeout` ended could not conclude; any other is a failure.
 */
async function agentCheck(context, check) {
    const verify = context.config.verify;
    if (!verify)
        return { verdict: 'skipped' };
    try {
        const read = await check({
            ...agentServer(context),
            assistantId: verify.assistantId,
            message: verify.message,
            expect: verify.expect,
            a2a: verify.a2a,
            onProgress: (line) => context.io.info(line)
        });
        return { verdict: 'passed', ...read };
    }
    catch (error) {
        if (!(error instanceof AgentCheckError))
            throw error;
        const cutByTimeout = error.status === undefined && context.now() >= context.deadline;
        return cutByTimeout
            ? {
                verdict: 'inconclusive',
                why: `${error.message} The run's timeout ended during the check, so it could not conclude; the revision is DEPLOYED; outputs are set.`,
                saw: `${error.saw.replace(/\.?$/, '.')} The run's timeout ended during the check, so it could not conclude.`
            }
            : {
                verdict: 'failed',
                why: `${error.message} The revision is DEPLOYED; outputs are set.`,
                saw: error.saw
            };
    }
}
/**
 * `verify-cases`: at least `verify-min-pass` cases pass. Too few because the run's `timeout`
 * ended before some cases were answered could not conclude.
 */
async function suiteCheck(context) {
    const verify = context.config.verify;
    if (!verify?.suite)
        return { verdict: 'skipped' };
    const { suite, failure } = await checkSmokeSuite({ ...verify, suite: verify.suite }, { ...agentServer(context), revisionId: context.revisionId }, { deadline: context.deadline, now: context.now, info: (line) => context.io.info(line) });
    if (!failure)
        return { verdict: 'passed', suite };
    const unanswered = suite.cases.some((each) => each.latencyMs === undefined);
    return unanswered && context.now() >= context.deadline
        ? {
            verdict: 'inconclusive',
            why: `${failure} The run's timeout ended before every case was answered, so the suite could not conclude.`,
            saw: `${suiteShortfall(suite)} The run's timeout ended before every case was answered.`,
            suite
        }
        : { verdict: 'failed', why: failure, saw: suiteShortfall(suite), suite };
}

;// CONCATENATED MODULE: ./src/safe-delivery.ts









/** The read of what serves once a rollback ended gets this long, whatever time is left. */
const SERVING_NOW_READ_MS = 10_000;
/**
 * Safe delivery: the operation (deploy, rollback or promote), then proof that its revision serves
 * and answers (the checks after DEPLOYED), then, with rollback-on-failure, the previous revision
 * back when this run's failed. Only the rollback may run past `timeout` (under
 * `rollback-timeout`). A cancellation during the checks ends the run `cancelled`: no verdict, no
 * rollback. Reports whether an earlier revision serves again (`rolledBack`) once, at the end.
 */
async function deliver(config, deps) {
    const operation = OPERATIONS[config.operation];
    const delivery = await checkedDelivery(config, deps);
    const restored = delivery.rollback
        ? delivery.rollback.restored
        : // operation rollback: the earlier revision it redeployed serves again.
            operation.bringsBack &&
                delivery.result.outcome === 'deployed' &&
                delivery.result.redeployOf !== undefined &&
                (0,src_result/* checksWith */.O2)(delivery.checks, 'passed').some(({ check }) => check === 'serving');
    return operation.checked ? { ...delivery, rolledBack: restored } : delivery;
}
async function checkedDelivery(config, deps) {
    const operation = OPERATIONS[config.operation];
    const gate = operation.checked ? openGate(config, deps, operation.gated) : undefined;
    const deployed = await runOperation(config, gate ? { ...deps, beforeWrite: (target) => gate.beforeWrite(target) } : deps);
    if (!operation.checked)
        return { result: deployed };
    const runDeadline = deps.startedAt + config.timeoutMs;
    let checks;
    try {
        checks = await verifyRevision(deployed, config, deps, runDeadline, gate?.forCheck());
    }
    catch (error) {
        if (!(error instanceof operations_deps/* CancelledError */.c))
            throw error;
        return { result: cancelledDuringChecks(deployed, deps) };
    }
    const result = (0,src_result/* withChecks */.cX)(deployed, checks);
    const rollsBack = operation.rollsBack && config.rollbackOnFailure;
    const grounds = groundsForRollback(result, checks);
    if (!rollsBack)
        return { result, checks };
    if (!grounds) {
        if (result.outcome === 'checks-failed') {
            deps.io.notice('rollback-on-failure: nothing is rolled back, since no check failed: one could not conclude, and that alone is no proof the revision is broken.');
        }
        return { result, checks };
    }
    const { deploymentId, revisionId, previousRevisionId } = result;
    if (!deploymentId || !revisionId)
        return { result, checks };
    if (!previousRevisionId) {
        deps.io.notice(result.created
            ? 'rollback-on-failure: this run created the deployment, so there is no earlier revision to roll back to.'
            : 'rollback-on-failure: the deployment named no active revision before this run, so there is no earlier revision to roll back to.');
        return { result, checks };
    }
    const rolled = await rollBackAfterFailure(config, deps, {
        deploymentId,
        failedRevisionId: revisionId,
        previousRevisionId,
        reason: safe_delivery_reasonOf(result, checks)
    });
    if ('skipped' in rolled) {
        deps.io.notice(rolled.skipped);
        return { result, checks };
    }
    let rollbackGate;
    if (checks?.gate) {
        const why = `revision ${previousRevisionId}, brought back, is not evaluated again: it served before, and a second experiment would double the cost while the service is degraded`;
        deps.io.notice(`Evaluation gate: ${why}.`);
        rollbackGate = { skipped: why };
    }
    return {
        result,
        checks,
        rollback: await settleRollback(rolled, deploymentId, config, deps, rollbackGate)
    };
}
/**
 * How the rollback ended: its revision's checks (when it reached DEPLOYED), and what the service
 * names active afterwards. Restored only when the earlier revision serves again.
 */
async function settleRollback(rolled, deploymentId, config, deps, gate) {
    const { report, result: redeployed } = rolled;
    const rollbackDeadline = deps.now() + config.rollbackTimeoutMs - report.elapsedMs;
    let ended;
    try {
        const checks = redeployed
            ? await verifyRevision(redeployed, config, deps, rollbackDeadline, gate)
            : undefined;
        const outcome = redeployed ? (0,src_result/* withChecks */.cX)(redeployed, checks).outcome : report.outcome;
        ended = { ...report, outcome, checks };
    }
    catch (error) {
        if (!(error instanceof operations_deps/* CancelledError */.c))
            throw error;
        ended = {
            ...report,
            outcome: 'cancelled',
            message: `${error.message} during the checks of revision ${report.revisionId ?? '?'}.`
        };
    }
    const servingNow = await readServingNow(deploymentId, deps);
    const restored = ended.outcome === 'deployed' &&
        report.revisionId !== undefined &&
        servingNow === report.revisionId;
    return { ...ended, servingNow, restored };
}
/** The deployment's `active_revision_id` now; undefined when it cannot be read (or the run is cancelled). */
async function readServingNow(deploymentId, deps) {
    if (deps.signal?.aborted)
        return undefined;
    try {
        const deployment = await deps.client.getDeployment(deploymentId, {
            deadline: deps.now() + SERVING_NOW_READ_MS,
            signal: deps.signal
        });
        return deployment.active_revision_id ?? undefined;
    }
    catch {
        return undefined;
    }
}
/**
 * Whether this run's revision is ground for a rollback: by its outcome (the outcome table), and
 * for a check that failed or could not conclude, by the check runner's list.
 */
function groundsForRollback(result, checks) {
    const grounds = outcomes/* OUTCOMES */.i[result.outcome].rollback;
    return grounds === 'yes' || (grounds === 'by-checks' && checksRollBack(CHECKS, checks));
}
/** Why this run's revision is rolled back, as a clause ("ended BUILD_FAILED"). */
function safe_delivery_reasonOf(result, checks) {
    if (result.outcome === 'failed')
        return `ended ${result.revisionStatus ?? 'failed'}`;
    return (0,src_result/* failingVerdict */.sN)(checks)?.verdict === 'failed'
        ? 'failed its checks'
        : 'did not pass its checks (one could not conclude)';
}
/** The run was cancelled while the checks after DEPLOYED ran: no verdict, and nothing rolled back. */
function cancelledDuringChecks(result, deps) {
    const took = (0,duration/* formatDuration */.a)(deps.now() - deps.startedAt);
    const of = result.deploymentName ? ` of ${result.deploymentName}` : '';
    return {
        ...result,
        outcome: 'cancelled',
        elapsedMs: deps.now() - deps.startedAt,
        message: `Cancelled after ${took}, during the checks of revision ${result.revisionId ?? '?'}${of}, which is DEPLOYED. The checks did not conclude, and nothing was rolled back.`
    };
}
/**
 * After DEPLOYED: the checks of the runner's list that the inputs ask for. Undefined when the
 * revision is not DEPLOYED. Rejects with a CancelledError when the run is cancelled.
 */
async function verifyRevision(result, config, deps, deadline, gate) {
    const { deploymentId, revisionId } = result;
    if (result.outcome !== 'deployed' || !deploymentId || !revisionId)
        return undefined;
    let agentDeadline;
    const context = {
        result,
        deploymentId,
        revisionId,
        config,
        client: deps.client,
        io: deps.io,
        dispatcher: deps.dispatcher,
        signal: deps.signal,
        now: deps.now,
        sleep: deps.sleep,
        deadline,
        agentDeadline: () => (agentDeadline ??= Math.min(deps.now() + (config.verify?.timeoutMs ?? 0), deadline)),
        gate,
        workflow: deps.workflow
    };
    return runChecks(CHECKS, context);
}

// EXTERNAL MODULE: ./src/report/log.ts
var report_log = __webpack_require__(6472);
;// CONCATENATED MODULE: ./src/report/outputs.ts



const pattern = (rule, problem) => (value) => rule.test(value) ? { value } : { problem };
const uuid = pattern(ids/* UUID */.k, 'it is not a UUID');
const flag = pattern(/^(true|false)$/, 'it is not true or false');
/** Characters a URL output may hold as they are; any other is percent-encoded. */
const URL_KEPT = /[A-Za-z0-9._~:/?#@!&+,;=%-]/;
/** Characters that are shell syntax inside or around `"…"`: a URL holding one is refused. */
const SHELL_SYNTAX = /[$`"'\\()<>|]/;
/** Each UTF-8 byte of a character as `%XX` (encodeURIComponent leaves `*` and others as they are). */
const percentEncoded = (character) => [...Buffer.from(character)]
    .map((byte) => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`)
    .join('');
/** An http(s) URL without credentials or shell syntax, every other character percent-encoded. */
const shellSafeUrl = (value) => {
    if (SHELL_SYNTAX.test(value))
        return { problem: 'it holds shell syntax ($ ` " \' \\ ( ) < > |)' };
    const checked = (0,lib_url/* checkHttpUrl */.O)(value);
    if ('problem' in checked)
        return checked;
    const encoded = [...value]
        .map((character) => (URL_KEPT.test(character) ? character : percentEncoded(character)))
        .join('');
    return { value: encoded };
};
/** A whole number: the action's own count. */
const count = pattern(/^\d+$/, 'it is not a count');
/** A JSON list of deployment names, each of the service's own name rule. */
const deploymentNames = (value) => {
    let names;
    try {
        names = JSON.parse(value);
    }
    catch {
        return { problem: 'it is not JSON' };
    }
    const valid = Array.isArray(names) &&
        names.every((name) => typeof name === 'string' && ids/* DEPLOYMENT_NAME */.c.test(name));
    return valid ? { value } : { problem: 'it holds a name that breaks the deployment name rule' };
};
const SCORE_FIELDS = ['mean', 'n', 'baseline', 'delta', 'verdict'];
const KEY_VERDICTS = ['pass', 'fail', 'inconclusive'];
const numberOrNull = (value) => value === null || (typeof value === 'number' && Number.isFinite(value));
/**
 * `eval-scores`: a JSON object keyed by feedback keys (the gate writes only the keys the inputs
 * named, which have FEEDBACK_KEY's shape), each `{mean, n, baseline, delta, verdict}` holding
 * numbers, null and the fixed words only.
 */
const evalScores = (value) => {
    let scores;
    try {
        scores = JSON.parse(value);
    }
    catch {
        return { problem: 'it is not JSON' };
    }
    if (typeof scores !== 'object' || scores === null || Array.isArray(scores))
        return { problem: 'it is not a JSON object' };
    for (const [key, row] of Object.entries(scores)) {
        if (!inputs_eval/* FEEDBACK_KEY */.Ec.test(key))
            return { problem: 'it holds a key that is not a feedback key' };
        if (typeof row !== 'object' || row === null || Array.isArray(row))
            return { problem: `its ${key} is not an object` };
        const fields = Object.keys(row);
        if (fields.length !== SCORE_FIELDS.length || !SCORE_FIELDS.every((f) => fields.includes(f)))
            return { problem: `its ${key} does not hold exactly ${SCORE_FIELDS.join(', ')}` };
        const { mean, n, baseline, delta, verdict } = row;
        if (![mean, baseline, delta].every(numberOrNull) || !Number.isInteger(n))
            return { problem: `its ${key} holds a value that is not a number or null` };
        if (!KEY_VERDICTS.includes(verdict))
            return { problem: `its ${key} has an unknown verdict` };
    }
    return { value };
};
/**
 * The shape of every output, one line each. Outputs reach `run:` steps through `${{ }}`, which
 * pastes them into a shell script: a value the service sent is set only in a shape that cannot
 * carry shell syntax (the compiler makes a new output add its line).
 */
const OUTPUT_SHAPES = {
    'deployment-id': uuid,
    'revision-id': uuid,
    'previous-revision-id': uuid,
    'rollback-revision-id': uuid,
    'promoted-from': uuid,
    'revision-status': pattern(/^[A-Z_]+$/, 'it is not a status name (A-Z and _)'),
    'deployment-url': shellSafeUrl,
    created: flag,
    'rolled-back': flag,
    pruned: deploymentNames,
    'cases-passed': count,
    'cases-failed': count,
    'eval-passed': flag,
    'experiment-id': uuid,
    'baseline-experiment-id': uuid,
    'eval-scores': evalScores
};
/**
 * The value this output is set to, or why it may not be. No output holds a secret or a control
 * character (a line break cannot add an output either way: @actions/core writes each value
 * between random delimiters), and each has its shape.
 */
function judgeOutput(name, value, redact) {
    if (value === '')
        return { value };
    if (redact(value) !== value)
        return { problem: 'it holds a secret' };
    // eslint-disable-next-line no-control-regex
    if (/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/.test(value))
        return { problem: 'it holds control characters or line breaks' };
    const shaped = OUTPUT_SHAPES[name](value);
    if ('problem' in shaped)
        return shaped;
    return redact(shaped.value) === shaped.value ? shaped : { problem: 'it holds a secret' };
}
/** Why a value may not become this output, or undefined when it may. */
function outputProblem(name, value, redact) {
    const judged = judgeOutput(name, value, redact);
    return 'problem' in judged ? judged.problem : undefined;
}
/**
 * Sets the action's outputs, the one place that does: a value the service sent that may not be an
 * output is left empty, with a warning that names the output and says why.
 */
function createOutputs(redact, log, set) {
    return (name, value) => {
        const judged = judgeOutput(name, value, redact);
        if ('value' in judged)
            return set(name, judged.value);
        set(name, '');
        log.warning(`The output ${name} is left empty: the value the service sent is not fit for it (${judged.problem}).`);
    };
}

// EXTERNAL MODULE: ./src/report/job-summary.ts
var job_summary = __webpack_require__(5236);
// EXTERNAL MODULE: ./src/lib/github-links.ts
var github_links = __webpack_require__(3676);
;// CONCATENATED MODULE: ./src/report/comment-history.ts




/** Pushes kept at the most. */
const MAX_PUSHES = 10;
/** Characters of the data line read at the most: more is someone else's text. */
const MAX_DATA = 8_000;
const PREFIX = '<!-- deploy-agent-action:history=';
const SUFFIX = ' -->';
const pushSchema = classic_schemas/* object */.Ikc({
    commit: classic_schemas/* string */.YjP().regex(github_links/* FULL_SHA */.RG),
    revision: classic_schemas/* string */.YjP().regex(ids/* UUID */.k).optional(),
    verdict: classic_schemas/* enum */.k5n(['served', 'failed', 'rolled back', 'timed out', 'cancelled']),
    at: classic_schemas/* string */.YjP().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{3})?Z$/)
});
/** The hidden data line of a comment's memory. */
function memoryLine(memory, redact) {
    const url = memory.lastGoodUrl !== undefined &&
        'url' in (0,lib_url/* checkHttpUrl */.O)(memory.lastGoodUrl) &&
        redact(memory.lastGoodUrl) === memory.lastGoodUrl
        ? memory.lastGoodUrl
        : undefined;
    const data = JSON.stringify({ pushes: memory.pushes.slice(0, MAX_PUSHES), lastGoodUrl: url });
    return `${PREFIX}${Buffer.from(data).toString('base64url')}${SUFFIX}`;
}
/**
 * The memory of a comment this action wrote before (its body as GitHub returned it); empty when
 * there is none, or its data does not hold. Read as untrusted: only well-shaped fields survive.
 */
function comment_history_readMemory(body, redact) {
    const line = body?.split('\n', 3).find((text) => text.startsWith(PREFIX));
    if (line === undefined || line.length > MAX_DATA || !line.endsWith(SUFFIX))
        return { pushes: [] };
    const encoded = line.slice(PREFIX.length, -SUFFIX.length);
    if (!/^[A-Za-z0-9_-]*$/.test(encoded))
        return { pushes: [] };
    let data;
    try {
        data = JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8'));
    }
    catch {
        return { pushes: [] };
    }
    const shape = classic_schemas/* object */.Ikc({
        pushes: classic_schemas/* array */.YOg(classic_schemas/* unknown */.L5J()).max(100),
        lastGoodUrl: classic_schemas/* string */.YjP().max(2_000).optional()
    })
        .safeParse(data);
    if (!shape.success)
        return { pushes: [] };
    const pushes = shape.data.pushes
        .flatMap((push) => {
        const parsed = pushSchema.safeParse(push);
        return parsed.success ? [parsed.data] : [];
    })
        .slice(0, MAX_PUSHES);
    const url = shape.data.lastGoodUrl;
    const lastGoodUrl = url !== undefined && 'url' in (0,lib_url/* checkHttpUrl */.O)(url) && redact(url) === url ? url : undefined;
    return { pushes, ...(lastGoodUrl ? { lastGoodUrl } : {}) };
}

// EXTERNAL MODULE: ./src/report/headline.ts
var headline = __webpack_require__(4512);
// EXTERNAL MODULE: ./src/report/checks-in-words.ts
var checks_in_words = __webpack_require__(5817);
// EXTERNAL MODULE: ./src/report/markdown.ts
var markdown = __webpack_require__(4285);
// EXTERNAL MODULE: ./src/report/report-pieces.ts
var report_pieces = __webpack_require__(1748);
// EXTERNAL MODULE: ./src/report/report-model.ts
var report_model = __webpack_require__(486);
// EXTERNAL MODULE: ./src/report/summary.ts + 1 modules
var summary = __webpack_require__(2529);
;// CONCATENATED MODULE: ./src/report/pr-comment-text.ts












/**
 * The pull-request comment, rendered from the report model: the preview link first, the reason
 * and the run link on failure, the commit linked (and compared), an "updated" time in UTC, and a
 * collapsed history of earlier pushes kept in the comment itself (./comment-history.ts).
 */
function renderComment(model, previousBody, place, redact, 
/** The name the comment is found by: the same the building comment used. */
markerName = model.deploymentName) {
    const md = (0,markdown/* markdownFor */.DY)(redact);
    const memory = comment_history_readMemory(previousBody, redact);
    const push = pushOf(model);
    const pushes = push ? [push, ...memory.pushes].slice(0, MAX_PUSHES) : memory.pushes;
    const url = model.links.deployment;
    const servesHere = model.serving.whose === 'this run' || model.serving.whose === 'previous';
    const lastGoodUrl = model.succeeded && url ? url : memory.lastGoodUrl;
    const preview = servesHere && url ? url : memory.lastGoodUrl;
    // The compare view's base: the run knew it, or the last push this comment saw served.
    const servedBefore = memory.pushes.find((earlier) => earlier.verdict === 'served')?.commit;
    const compare = model.links.compare ?? (place ? (0,github_links/* compareUrl */.XH)(place, servedBefore, model.commit) : undefined);
    const lines = [
        md.marker(markerName),
        memoryLine({ pushes, lastGoodUrl }, redact),
        `### ${(0,report_pieces/* headlineMarkdown */.Ux)(model, md)}`,
        '',
        ...(preview ? [`**Preview:** ${md.link(preview)}`, ''] : []),
        ...(model.succeeded
            ? []
            : [
                ...(0,report_pieces/* alert */.xE)(model.rollback?.restored ? 'WARNING' : 'CAUTION', [
                    model.failedCheck?.why !== undefined
                        ? `**The ${md.cell(model.failedCheck.name)} ${model.failedCheck.verdict === 'failed' ? 'failed' : 'could not conclude'}:** ${md.paragraph(model.failedCheck.why)}`
                        : md.paragraph(model.reason ?? model.message),
                    ...failedCases(model, md, redact),
                    ...(model.rollback
                        ? ['', `**The rollback:** ${md.paragraph(model.rollback.words)}`]
                        : []),
                    ...(model.logs && model.logs.errors.length > 0
                        ? ['', md.fence(model.logs.errors.slice(0, 5))]
                        : [])
                ]),
                ''
            ]),
        ...facts({ ...model, links: { ...model.links, compare } }, md),
        ...(model.gate
            ? (0,report_gate/* renderGate */.eh)(model.gate, md, { broughtBack: model.rollback?.toRevisionId })
            : []),
        ...pr_comment_text_history(pushes.slice(push ? 1 : 0), place, md)
    ];
    return (0,markdown/* capComment */.W2)(lines.join('\n'));
}
/** While the revision builds: what is building, when it is expected, and what still serves. */
function renderBuildingComment(building, previousBody, place, redact) {
    const md = (0,markdown/* markdownFor */.DY)(redact);
    const memory = comment_history_readMemory(previousBody, redact);
    const what = building.commit ? ` ${md.code((0,headline/* shortCommit */.Ax)(building.commit))}` : '';
    const when = building.expectedAt ? `, expected around ${(0,progress_text/* clockTime */.qo)(building.expectedAt)}` : '';
    const items = [
        memory.lastGoodUrl
            ? `**Still serving:** ${md.link(memory.lastGoodUrl)}`
            : '**Still serving:** no earlier preview of this pull request',
        ...(building.commit
            ? [
                `**Commit:** ${(0,report_pieces/* linkedCommit */.Tp)(building.commit, place && (0,github_links/* commitUrl */.Bg)(place, building.commit), md)}`
            ]
            : []),
        ...(building.runUrl ? [`**Run:** ${md.linkAs('this workflow run', building.runUrl)}`] : []),
        `**Updated:** ${(0,progress_text/* clockTime */.qo)(building.now)}`
    ];
    return (0,markdown/* capComment */.W2)([
        md.marker(building.deploymentName),
        memoryLine(memory, redact),
        `### 🔄 ${md.cell(building.deploymentName)}: ${md.cell(building.verb)}${what}${md.cell(when)}`,
        '',
        ...items.map((item) => `- ${item}`),
        '',
        ...pr_comment_text_history(memory.pushes, place, md)
    ].join('\n'));
}
/** The failed smoke cases by name: the comment has no suite table to find them in. */
function failedCases(model, md, redact) {
    const line = model.suite && model.failedCheck?.name === checks_in_words/* CHECK_WORDS */.D.suite
        ? (0,suite/* failedCasesLine */.by)(model.suite, md, redact)
        : undefined;
    return line ? ['', `**Failed cases:** ${line}`] : [];
}
function facts(model, md) {
    const items = [
        `**Serving now:** ${(0,summary/* servingWords */.Av)(model.serving, md)}`,
        ...(model.commit
            ? [
                `**Commit:** ${(0,report_pieces/* linkedCommit */.Tp)(model.commit, model.links.commit, md)}${model.links.compare ? ` (${md.linkAs('compare with the commit before', model.links.compare)})` : ''}`
            ]
            : []),
        `**Took:** ${(0,duration/* formatDuration */.a)(model.stepMs)}${model.rollback ? `; the rollback ${(0,duration/* formatDuration */.a)(model.rollback.elapsedMs)}` : ''}`,
        ...(model.links.run ? [`**Run:** ${md.linkAs('this workflow run', model.links.run)}`] : []),
        `**Updated:** ${(0,progress_text/* clockTime */.qo)(model.updatedAt)}`
    ];
    return [...items.map((item) => `- ${item}`), ''];
}
/** What a push ended as, for the comment's history. */
function pushOf(model) {
    if (!model.commit)
        return undefined;
    const verdict = model.succeeded
        ? 'served'
        : model.rollback?.restored
            ? 'rolled back'
            : model.outcome === 'timeout'
                ? 'timed out'
                : model.outcome === 'cancelled'
                    ? 'cancelled'
                    : 'failed';
    return {
        commit: model.commit,
        ...(model.revisionId ? { revision: model.revisionId } : {}),
        verdict,
        at: new Date(model.updatedAt).toISOString()
    };
}
const PUSH_WORDS = {
    served: '✅ served',
    failed: '❌ failed',
    'rolled back': '↩️ failed, rolled back',
    'timed out': '⏱️ timed out',
    cancelled: '🛑 cancelled'
};
/** Earlier pushes, collapsed: commit → revision → verdict. */
function pr_comment_text_history(pushes, place, md) {
    if (pushes.length === 0)
        return [];
    return [
        `<details><summary>Earlier pushes (${pushes.length})</summary>`,
        '',
        '| Commit | Revision | Verdict | Ended |',
        '|---|---|---|---|',
        ...pushes.map((push) => `| ${(0,report_pieces/* linkedCommit */.Tp)(push.commit, place && (0,github_links/* commitUrl */.Bg)(place, push.commit), md)} | ${push.revision ? md.code((0,report_model/* shortId */.m_)(push.revision)) : '—'} | ${PUSH_WORDS[push.verdict]} | ${(0,progress_text/* clockTime */.qo)(Date.parse(push.at))} |`),
        '',
        '</details>',
        ''
    ];
}
/** The commit the comment's last push recorded: the compare view's base for the next. */
function lastRecordedCommit(previousBody, redact) {
    const memory = readMemory(previousBody, redact);
    return memory.pushes.find((push) => push.verdict === 'served')?.commit;
}

// EXTERNAL MODULE: ./src/report/rollback-text.ts
var rollback_text = __webpack_require__(6846);
// EXTERNAL MODULE: ./src/report/status-text.ts
var status_text = __webpack_require__(7580);
;// CONCATENATED MODULE: ./src/report/reporter.ts







/**
 * The outputs that are set as soon as known, also when the run is cut short (the spec's
 * `deployment-id` and `previous-revision-id`): an operation reports the fact as it learns it.
 */
function knownOutputs(fact) {
    return 'deploymentId' in fact
        ? { 'deployment-id': fact.deploymentId }
        : { 'previous-revision-id': fact.previousRevisionId };
}
/**
 * Every output a run can know, from what it reports: the one mapping of facts to output names
 * and values. An output the run cannot know is absent; the value's shape is judged when it is set
 * (./outputs.ts).
 */
function outputsOf(run) {
    const { operation, result, checks, rollback } = run;
    const outputs = {
        // A prune names no deployment of its own.
        created: operation === 'prune' ? undefined : String(result.created),
        'deployment-id': result.deploymentId,
        'previous-revision-id': result.previousRevisionId,
        'revision-id': result.revisionId,
        'revision-status': result.revisionStatus,
        'deployment-url': result.deploymentUrl,
        // operation rollback: its own revision is the redeploy; after a failed deploy, the rollback's.
        'rollback-revision-id': result.redeployOf !== undefined ? result.revisionId : rollback?.revisionId,
        'rolled-back': run.rolledBack === undefined ? undefined : String(run.rolledBack),
        'promoted-from': result.promotion?.fromRevisionId,
        // The counts are this run's revision's, as revision-id is; a rollback's are in its report.
        'cases-passed': checks?.suite && String(checks.suite.passed),
        'cases-failed': checks?.suite && String(checks.suite.failed),
        ...gateOutputs(run.checks?.gate)
    };
    if (operation === 'delete') {
        // A delete says which deployment it removed, or would: none when there was none to remove.
        const removed = result.outcome === 'deleted' || result.outcome === 'dry-run';
        outputs['deployment-id'] = removed ? (result.deploymentId ?? '') : '';
    }
    if (operation === 'prune')
        outputs.pruned = JSON.stringify(prunedNames(result));
    return outputs;
}
/** `eval-passed`, `experiment-id`, `baseline-experiment-id`, `eval-scores`: the gate's own. */
function gateOutputs(gate) {
    return gate?.outputs ?? {};
}
/** operation prune: the names deleted, or on a dry run those that would be. */
function prunedNames(result) {
    const rows = result.pruneRows ?? [];
    return rows
        .filter((row) => result.outcome === 'dry-run' || row.result === 'deleted')
        .map((row) => row.name);
}
function createReporter(set) {
    const setAll = (outputs) => {
        for (const [name, value] of Object.entries(outputs)) {
            if (value !== undefined)
                set(name, value);
        }
    };
    return {
        known: (fact) => setAll(knownOutputs(fact)),
        finish: (run) => setAll(outputsOf(run))
    };
}
/** The reporter of a real run: each output redacted and judged, then set on the runner. */
function runnerReporter(redact, log, sink) {
    const outputs = createReporter(createOutputs(redact, log, (name, value) => sink.setOutput(name, value)));
    return {
        ...outputs,
        end: async ({ result, rollback, model, records, place, commentName }) => {
            await records?.finish({
                outcome: result.outcome,
                deploymentUrl: result.deploymentUrl,
                description: (0,status_text/* statusDescription */.$)(model, redact),
                comment: (previousBody) => renderComment(model, previousBody, place, redact, commentName)
            });
            await (0,job_summary/* writeSummary */.S)((0,summary/* renderSummary */.Br)(model, redact), log, sink);
            const rolledBack = rollback ? `\n${(0,rollback_text/* describeRollback */.sR)(rollback)}` : '';
            if ((0,outcomes/* succeeds */.k)(result.outcome))
                log.info(result.message);
            else
                log.fail(`${result.message}${rolledBack}`);
        }
    };
}

// EXTERNAL MODULE: ./src/inputs/fields.ts + 3 modules
var fields = __webpack_require__(8844);
;// CONCATENATED MODULE: ./src/report/log-lines.ts
/** A revision's log line as one line of text: time, level and message, where given. */
function formatLogLine(line) {
    return [line.time, line.level, line.message].filter((part) => part !== '').join(' ');
}

;// CONCATENATED MODULE: ./src/after-deploy/revision-logs.ts



/** Pages the log endpoint is read over at the most (the lines at the most: `log-lines`' bound). */
const MAX_LOG_PAGES = 3;
/** Lines of ERROR or above that also become annotations. */
const MAX_ANNOTATIONS = 10;
const ERROR_LEVELS = new Set(['ERROR', 'CRITICAL', 'FATAL']);
/** A log object of undocumented shape, as one line: known keys when present, else its JSON. */
function toLogLine(entry) {
    const pick = (...keys) => {
        for (const key of keys) {
            const value = entry[key];
            if (typeof value === 'string' || typeof value === 'number')
                return String(value);
        }
        return undefined;
    };
    const message = pick('message', 'msg', 'text', 'log');
    return {
        time: pick('timestamp', 'time', 'ts', 'created_at') ?? '',
        level: (pick('level', 'severity', 'levelname') ?? '').toUpperCase(),
        message: message ?? JSON.stringify(entry)
    };
}
/**
 * Reads the newest `maxLines` lines (newest first, over at most MAX_LOG_PAGES pages) and returns
 * them oldest first.
 */
async function readLastLogLines(readPage, maxLines, call) {
    const wanted = Math.min(maxLines, fields/* MAX_LOG_LINES */.Cm);
    const newestFirst = [];
    let offset;
    for (let page = 0; page < MAX_LOG_PAGES && newestFirst.length < wanted; page++) {
        const limit = Math.min(100, wanted - newestFirst.length);
        const answer = await readPage({ order: 'desc', limit, offset }, call);
        newestFirst.push(...answer.logs.slice(0, limit).map(toLogLine));
        if (!answer.next_offset || answer.next_offset === offset)
            break;
        offset = answer.next_offset;
    }
    return newestFirst.slice(0, wanted).reverse();
}
function isErrorLine(line) {
    return ERROR_LEVELS.has(line.level);
}
function errorAnnotations(lines) {
    return lines.filter(isErrorLine).slice(-MAX_ANNOTATIONS);
}
/** Time the logs may take after the deploy ended; a timed-out run has no deadline left of its own. */
const LOG_BUDGET_MS = 15_000;
/**
 * Fetches the logs that explain how the revision ended and shows them: oldest first in a
 * collapsed group, ERROR lines also as annotations. Best effort: any failure to read them becomes
 * one notice and `undefined`, never an error of the step.
 */
async function showRevisionLogs(readPage, options) {
    const { io, redact } = options;
    const phase = (0,revision_status/* phaseOf */.hU)(options.statusesSeen);
    let lines;
    try {
        lines = await readLastLogLines((query, call) => readPage(phase, query, call), options.maxLines, options.call);
    }
    catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        const missing = /HTTP 404/.test(reason) ? 'this service does not offer revision logs' : reason;
        io.notice(redact(`The ${phase} logs of revision ${options.revisionId} could not be shown: ${missing}`));
        return undefined;
    }
    const shown = lines.map((line) => ({ ...line, message: redact(line.message) }));
    if (shown.length === 0) {
        io.notice(`Revision ${options.revisionId} has no ${phase} log lines.`);
        return { phase, lines: shown };
    }
    io.startGroup(`Last ${shown.length} lines of the ${phase} log of revision ${options.revisionId}`);
    for (const line of shown)
        io.info(formatLogLine(line));
    io.endGroup();
    for (const line of errorAnnotations(shown))
        io.error(line.message, `${phase} log ${line.time}`.trim());
    return { phase, lines: shown };
}

;// CONCATENATED MODULE: ./src/execute.ts















/**
 * Runs the operation the config asks for, then the agent checks, records, logs and summary.
 * Everything it writes goes through ./report/, each redacting with `redact` before it escapes:
 * the log as the run goes, and one reporter (./report/reporter.ts) for what the operations report:
 * the outputs, GitHub's final records, the summary and the last line. Time, the cancel signal, the
 * network and the sink are the world's.
 */
async function execute(config, redact, startedAt, world) {
    const log = (0,report_log/* createLog */.hM)(redact, world.sink);
    const onCancel = () => {
        const reason = world.signal.reason;
        log.info(`Received ${reason instanceof operations_deps/* CancelledError */.c ? reason.signalName : 'a cancel'}: stopping.`);
    };
    world.signal.addEventListener('abort', onCancel, { once: true });
    try {
        await executeWith(config, redact, startedAt, world, log);
    }
    finally {
        world.signal.removeEventListener('abort', onCancel);
    }
}
async function executeWith(config, redact, startedAt, world, log) {
    const { clock, connections, sink } = world;
    const dispatcher = connections.dispatcher;
    // Where links point: the workflow's server, repository, run and commit.
    const place = (0,github_links/* githubPlaceFromEnv */.C8)(world.env);
    const commit = (0,github_links/* workflowCommit */.vx)(world.env, (path) => (0,external_node_fs_.readFileSync)(path, 'utf8'));
    // Beside the deploy: started now, never awaited before the first control-plane request.
    const records = await openRecords(config, redact, log, startedAt, world, { place, commit });
    const client = new ControlPlaneClient({
        baseUrl: config.apiUrl,
        apiKey: config.apiKey,
        tenantId: config.tenantId,
        userAgent: `deploy-agent-action/${ACTION_VERSION}`,
        dispatcher,
        now: clock.now,
        sleep: clock.sleep,
        onDebug: (line) => log.debug(line),
        onRetry: ({ method, path, attempt, delayMs, reason }) => log.info(`${method} ${path}: ${reason}; retry ${attempt} in ${(delayMs / 1000).toFixed(1)} s`)
    });
    const previews = await openPreviews(config, redact, log, startedAt, world);
    const reporter = runnerReporter(redact, log, sink);
    const deps = {
        client,
        io: {
            info: (message) => log.info(message),
            notice: (message) => log.notice(message),
            warning: (message) => log.warning(message),
            known: (fact) => reporter.known(fact),
            waitStarting: (_revisionId, expected) => records?.waitStarting(expected),
            redeploying: (_revisionId, commit) => records?.redeploying(commit)
        },
        signal: world.signal,
        startedAt,
        now: clock.now,
        sleep: clock.sleep,
        dispatcher,
        pullRequestState: previews && ((pullNumber) => previews.pullRequestState(pullNumber)),
        workflow: workflowFacts(world.env)
    };
    const delivery = await deliver(config, deps);
    const { result, checks, rollback } = delivery;
    reporter.finish({ operation: config.operation, ...delivery });
    await previews?.markDeleted(deletedPreviews(result, config, previews.workflowPullRequest));
    const logs = await failureLogs(result, config, client, redact, log, world);
    const model = (0,report_model/* buildReport */.FK)({
        operation: config.operation,
        result,
        checks,
        rollback,
        logs,
        // A promote's source is the deployments' own (result.promotion), never the input's default.
        source: config.operation === 'promote' ? undefined : config.source,
        target: config.operation === 'promote' ? undefined : deployTarget(config),
        workflowCommit: commit,
        place,
        now: clock.now(),
        startedAt,
        inputName: config.name ?? config.deploymentId
    });
    await reporter.end({ result, rollback, model, records, place, commentName: recordName(config) });
}
/** The workflow's commit and run URL, as the runner names them (for the gate's experiment). */
function workflowFacts(env) {
    const runId = /^\d+$/.test(env.GITHUB_RUN_ID ?? '') ? env.GITHUB_RUN_ID : undefined;
    const server = env.GITHUB_SERVER_URL || 'https://github.com';
    return {
        ...(env.GITHUB_SHA && { commit: env.GITHUB_SHA }),
        ...(runId &&
            env.GITHUB_REPOSITORY && {
            runUrl: `${server}/${env.GITHUB_REPOSITORY}/actions/runs/${runId}`
        })
    };
}
/** The ref, image or folder a deploy sends, for the summary. */
function deployTarget(config) {
    if (config.source === 'git_host')
        return config.repoRef;
    if (config.source === 'internal_source')
        return `folder ${config.sourceDir}`;
    return config.imageUri;
}
/** The GitHub deployment and PR comment, when asked for; never fails nor holds the run. */
async function openRecords(config, redact, log, startedAt, world, links) {
    const operation = OPERATIONS[config.operation];
    const deploymentName = recordName(config);
    if (!config.github || operation.github !== 'records' || config.dryRun)
        return undefined;
    if (deploymentName === undefined)
        return undefined;
    try {
        const { openGitHubRecords } = await Promise.all(/* import() */[__webpack_require__.e(351), __webpack_require__.e(856)]).then(__webpack_require__.bind(__webpack_require__, 7856));
        const { workflowTarget } = await Promise.all(/* import() */[__webpack_require__.e(351), __webpack_require__.e(403)]).then(__webpack_require__.bind(__webpack_require__, 4403));
        return openGitHubRecords({
            token: config.github.token,
            environment: config.github.environment,
            prComment: config.github.prComment,
            verb: operation.verb,
            commit: operation.commit,
            deploymentName,
            redact,
            deadline: startedAt + config.timeoutMs,
            now: world.clock.now,
            sleep: world.clock.sleep,
            warn: (message) => log.warning(message),
            info: (message) => log.info(message),
            fetch: world.connections.githubFetch,
            buildingComment: (expected, previousBody) => renderBuildingComment({
                deploymentName,
                // Only an operation that builds the workflow's commit names it; the others' commit
                // is the service's, named once known.
                commit: operation.commit === 'workflow' ? links.commit : undefined,
                expectedAt: expected && (0,progress_text/* expectedEndAt */.RP)(expected),
                runUrl: links.place && (0,github_links/* runUrl */.Vp)(links.place),
                now: world.clock.now(),
                verb: operation.waiting
            }, previousBody, links.place, redact)
        }, workflowTarget(world.env));
    }
    catch (error) {
        log.warning(`Nothing was recorded on GitHub: ${error instanceof Error ? error.message : String(error)}`);
        return undefined;
    }
}
/** GitHub's side of deleted previews, for operations delete and prune with github-token. */
async function openPreviews(config, redact, log, startedAt, world) {
    if (!config.github || OPERATIONS[config.operation].github !== 'previews')
        return undefined;
    try {
        const { openGitHubPreviews } = await Promise.all(/* import() */[__webpack_require__.e(351), __webpack_require__.e(918)]).then(__webpack_require__.bind(__webpack_require__, 9918));
        const { workflowTarget } = await Promise.all(/* import() */[__webpack_require__.e(351), __webpack_require__.e(403)]).then(__webpack_require__.bind(__webpack_require__, 4403));
        return openGitHubPreviews({
            token: config.github.token,
            redact,
            deadline: startedAt + config.timeoutMs,
            now: world.clock.now,
            sleep: world.clock.sleep,
            warn: (message) => log.warning(message),
            fetch: world.connections.githubFetch
        }, workflowTarget(world.env));
    }
    catch (error) {
        log.warning(`GitHub cannot be reached: ${error instanceof Error ? error.message : String(error)}`);
        return undefined;
    }
}
/**
 * The previews whose GitHub traces go: a deleted (or absent) deployment's `environment` and the
 * workflow's pull request; each pruned one's environment of its name and the pull request whose
 * number ends it. None on a dry run.
 */
function deletedPreviews(result, config, workflowPullRequest) {
    if (result.pruneRows) {
        return result.pruneRows
            .filter((row) => row.result === 'deleted' || row.result === 'already gone')
            .map((row) => ({
            deploymentName: row.name,
            environment: row.name,
            pullRequest: row.pullRequest
        }));
    }
    if (result.outcome !== 'deleted' && result.outcome !== 'absent')
        return [];
    const deploymentName = result.deploymentName ?? config.name;
    if (deploymentName === undefined)
        return [];
    return [
        {
            deploymentName,
            environment: config.github?.environment,
            pullRequest: workflowPullRequest
        }
    ];
}
/** The logs that explain a failed or timed-out revision, shown in the log; best effort. */
async function failureLogs(result, config, client, redact, log, world) {
    const { deploymentId, revisionId } = result;
    if (!outcomes/* OUTCOMES */.i[result.outcome].failureLogs)
        return undefined;
    if (config.logLines === 0 || !deploymentId || !revisionId)
        return undefined;
    return showRevisionLogs((phase, query, call) => client.getRevisionLogs(deploymentId, revisionId, phase, query, call), {
        revisionId,
        statusesSeen: result.statusesSeen,
        maxLines: config.logLines,
        redact,
        call: { deadline: world.clock.now() + LOG_BUDGET_MS, signal: world.signal },
        io: log
    });
}
/**
 * The name the GitHub deployment and PR comment are found by, the same while building and at the
 * end: the input's, so a deployment named by id keeps one comment whatever the service calls it.
 * None for prune, which names no deployment (its GitHub side is the previews it removed).
 */
function recordName(config) {
    return config.operation === 'prune' ? undefined : named(config);
}


/***/ }),

/***/ 7580:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   $: () => (/* binding */ statusDescription),
/* harmony export */   o: () => (/* binding */ MAX_DESCRIPTION)
/* harmony export */ });
/* harmony import */ var _gate__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(8347);
/* harmony import */ var _headline__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(4512);
/* harmony import */ var _markdown__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(4285);



/** GitHub's limit for a deployment status description. */
const MAX_DESCRIPTION = 140;
/**
 * The GitHub deployment status's description: the headline's words as plain text (GitHub shows
 * the state beside it, so no mark) and the gate's verdict, redacted, on one line, at most 140
 * characters.
 */
function statusDescription(model, redact) {
    // The gate's verdict in one line beside the headline, which names it only when it failed.
    const gate = model.gate ? `; ${(0,_gate__WEBPACK_IMPORTED_MODULE_0__/* .gateStatusLine */ .eP)(model.gate)}` : '';
    return (0,_markdown__WEBPACK_IMPORTED_MODULE_2__/* .markdownFor */ .DY)(redact).plain(`${(0,_headline__WEBPACK_IMPORTED_MODULE_1__/* .plainHeadline */ .r6)(model)}${gate}`, MAX_DESCRIPTION);
}


/***/ })

};

//# sourceMappingURL=851.index.js.map